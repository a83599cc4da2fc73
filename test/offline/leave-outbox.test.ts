import 'fake-indexeddb/auto';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  decisionsByStep,
  enqueueLeaveCreate,
  enqueueLeaveDecision,
  undeliveredRequests,
} from '../../src/features/leave/outbox';
import { rowsOf } from '../../src/lib/offline/outbox';
import { rememberToken, replayOutbox } from '../../src/lib/offline/replay';
import { fakeServer, offlineDbPerTest } from './outbox-harness';

const db = offlineDbPerTest();

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
const AT = dayjs('2026-11-21T07:30:00+07:00');

describe('leave.create in the outbox', () => {
  it('keeps the attachment as bytes and sends it once as multipart under the row id', async () => {
    const id = crypto.randomUUID();
    const attachment = new File([PDF], 'surat-dokter.pdf', { type: 'application/pdf' });
    const fields = { jenis_leave: '1', start_date: '2026-11-21', end_date: '2026-11-22', keterangan: '' };
    await enqueueLeaveCreate({
      id,
      userid: 'U00004',
      fields,
      attachment,
      at: AT,
      jenisLabel: 'Surat Keterangan Dokter/Ijin Sakit',
    });
    // A second tap of Save with the same form: still one row.
    await enqueueLeaveCreate({
      id,
      userid: 'U00004',
      fields,
      attachment,
      at: AT,
      jenisLabel: 'Surat Keterangan Dokter/Ijin Sakit',
    });

    const [row, ...rest] = await rowsOf('U00004', db());
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id,
      kind: 'leave.create',
      // The row names its endpoint contract (src/domain/leave/contracts.ts) beside the path it is sent to.
      contract: 'POST /api/leave',
      method: 'POST',
      path: '/api/leave',
      encoding: 'multipart',
      state: 'pending',
    });
    expect(row!.payload).toEqual({
      jenis_leave: '1',
      start_date: '2026-11-21',
      end_date: '2026-11-22',
      tanggal: '2026-11-21',
      captured_at: AT.format(),
      jenis_label: 'Surat Keterangan Dokter/Ijin Sakit',
    });
    expect([...new Uint8Array(row!.files[0]!.data)]).toEqual([...PDF]);
    expect(undeliveredRequests([row!]).map((r) => r.id)).toEqual([id]);

    await rememberToken('U00004', 'token-spg', db());
    const { seen, fetchImpl } = fakeServer([{ status: 201, body: { message: 'Pengajuan leave berhasil disimpan' } }]);
    const report = await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    expect(report?.sent).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/api/leave');
    expect(seen[0]!.key).toBe(id);
    const form = seen[0]!.body as FormData;
    const sent = form.get('attachment') as File;
    expect(sent.name).toBe('surat-dokter.pdf');
    expect([...new Uint8Array(await sent.arrayBuffer())]).toEqual([...PDF]);
    expect(form.get('start_date')).toBe('2026-11-21');
    expect(form.get('keterangan')).toBeNull();
    expect((await db().outbox.get(id))?.state).toBe('done');
    // Delivered: nothing is sent again.
    await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    expect(seen).toHaveLength(1);
  });

  it('turns a refusal (a rule the form missed, a 409 overlap) into needs-action with the server’s message', async () => {
    const id = crypto.randomUUID();
    await enqueueLeaveCreate({
      id,
      userid: 'U00004',
      fields: { jenis_leave: '3', start_date: '2026-11-21' },
      attachment: null,
      at: AT,
      jenisLabel: 'Izin Tidak Masuk',
    });
    await rememberToken('U00004', 'token-spg', db());
    const message = 'Sudah ada pengajuan Izin Tidak Masuk (LV-202611-000001) pada tanggal tersebut';
    const { fetchImpl } = fakeServer([{ status: 409, body: { message } }]);
    await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    const row = await db().outbox.get(id);
    expect(row).toMatchObject({ state: 'needs-action', lastStatus: 409, lastError: message });
    expect(undeliveredRequests([row!])).toHaveLength(1);
  });
});

describe('leave.decide in the outbox', () => {
  it('a decision someone else already made comes back needs-action, never silently', async () => {
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await enqueueLeaveDecision({
      id: first,
      userid: 'U00003',
      approvalId: 41,
      status: 'A',
      keterangan: ' Silakan ',
      at: AT,
    });
    await enqueueLeaveDecision({
      id: second,
      userid: 'U00003',
      approvalId: 42,
      status: 'R',
      keterangan: '',
      at: AT.add(1, 'minute'),
    });
    await rememberToken('U00003', 'token-tl', db());
    const taken = 'Pengajuan ini sudah di-approve oleh Administrator pada 21/11/2026 08:00';
    const { seen, fetchImpl } = fakeServer([
      { status: 200, body: { message: 'Pengajuan leave berhasil di-approve' } },
      { status: 409, body: { message: taken } },
    ]);
    await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });

    expect(seen.map((s) => [s.path, s.key])).toEqual([
      ['/api/leave/approved/status', first],
      ['/api/leave/approved/status', second],
    ]);
    expect(JSON.parse(String(seen[0]!.body))).toEqual({
      id: 41,
      status: 'A',
      keterangan: 'Silakan',
      captured_at: AT.format(),
    });
    expect(JSON.parse(String(seen[1]!.body))).toMatchObject({ id: 42, status: 'R', keterangan: null });
    const rows = await rowsOf('U00003', db());
    const byStep = decisionsByStep(rows);
    expect(byStep.get(41)?.state).toBe('done');
    expect(byStep.get(42)).toMatchObject({ state: 'needs-action', lastError: taken });
    expect(rows.map((r) => [r.contract, r.method, r.path])).toEqual([
      ['POST /api/leave/approved/status', 'POST', '/api/leave/approved/status'],
      ['POST /api/leave/approved/status', 'POST', '/api/leave/approved/status'],
    ]);
  });
});

describe('rows stored before leave named its contracts', () => {
  it('a filing and a decision without `contract` replay to the same paths under their row ids', async () => {
    const filing = crypto.randomUUID();
    const decision = crypto.randomUUID();
    await enqueueLeaveCreate({
      id: filing,
      userid: 'U00004',
      fields: { jenis_leave: '3', start_date: '2026-11-21' },
      attachment: new File([PDF], 'surat.pdf', { type: 'application/pdf' }),
      at: AT,
      jenisLabel: 'Izin Tidak Masuk',
    });
    await enqueueLeaveDecision({
      id: decision,
      userid: 'U00004',
      approvalId: 7,
      status: 'A',
      keterangan: '',
      at: AT.add(1, 'minute'),
    });
    // As a phone stored them before: the same row without its `contract` field.
    for (const row of await rowsOf('U00004', db())) {
      const { contract: _contract, ...old } = row;
      await db().outbox.put(old);
    }
    expect((await rowsOf('U00004', db())).map((r) => 'contract' in r)).toEqual([false, false]);

    await rememberToken('U00004', 'token-spg', db());
    const { seen, fetchImpl } = fakeServer([
      { status: 201, body: { message: 'Pengajuan leave berhasil disimpan' } },
      { status: 200, body: { message: 'Pengajuan leave berhasil di-approve' } },
    ]);
    const report = await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    expect(report?.sent).toBe(2);
    expect(seen.map((x) => [x.path, x.key])).toEqual([
      ['/api/leave', filing],
      ['/api/leave/approved/status', decision],
    ]);
    expect(((seen[0]!.body as FormData).get('attachment') as File).name).toBe('surat.pdf');
    expect(JSON.parse(String(seen[1]!.body))).toMatchObject({ id: 7, status: 'A', keterangan: null });
    expect((await rowsOf('U00004', db())).map((r) => r.state)).toEqual(['done', 'done']);
  });
});
