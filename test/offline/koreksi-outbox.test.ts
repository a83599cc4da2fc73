/**
 * Koreksi Absensi in the outbox: filing keeps the optional photo as bytes and is sent once as multipart
 * under the row id; a refusal (a posted period) turns needs-action with the server's message and stays
 * listed; a decision is JSON to the request's own path.
 */
import 'fake-indexeddb/auto';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  enqueueKoreksi,
  enqueueKoreksiDecision,
  koreksiDecisions,
  undeliveredKoreksi,
} from '../../src/features/absensi/koreksi/outbox';
import { rowsOf } from '../../src/lib/offline/outbox';
import { rememberToken, replayOutbox } from '../../src/lib/offline/replay';
import { fakeServer, offlineDbPerTest } from './outbox-harness';

const db = offlineDbPerTest();

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
/** The server's answer to a filing: its new id. */
const FILED = { status: 201, body: { message: 'ok', result: { id: 1 } } };
const AT = dayjs();
const YESTERDAY = AT.subtract(1, 'day').format('YYYY-MM-DD');

describe('absensi.koreksi in the outbox', () => {
  it('keeps the photo as bytes, leaves a blank time out, and sends it once as multipart under the row id', async () => {
    const id = crypto.randomUUID();
    const foto = new File([JPEG], 'bukti.jpg', { type: 'image/jpeg' });
    const fields = { tanggal: YESTERDAY, jam_masuk: '', jam_keluar: '17:45', alasan: '  Lupa check out ' };
    await enqueueKoreksi({ id, userid: 'U00004', fields, foto, at: AT });
    await enqueueKoreksi({ id, userid: 'U00004', fields, foto, at: AT }); // a second tap: still one row

    const [row, ...rest] = await rowsOf('U00004', db());
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id,
      kind: 'absensi.koreksi',
      // The row names its endpoint contract (src/domain/absensi/koreksi-contracts.ts) beside its path.
      contract: 'POST /api/absensi/koreksi',
      path: '/api/absensi/koreksi',
      encoding: 'multipart',
    });
    expect(row!.payload).toEqual({
      tanggal: YESTERDAY,
      jam_keluar: '17:45',
      alasan: 'Lupa check out',
      captured_at: AT.format(),
    });
    expect(undeliveredKoreksi([row!]).map((r) => r.id)).toEqual([id]);

    await rememberToken('U00004', 'token-spg', db());
    const { seen, fetchImpl } = fakeServer([], FILED);
    expect((await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() }))?.sent).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ path: '/api/absensi/koreksi', key: id });
    const form = seen[0]!.body as FormData;
    expect(form.get('jam_masuk')).toBeNull();
    expect(form.get('jam_keluar')).toBe('17:45');
    const sent = form.get('foto') as File;
    expect([...new Uint8Array(await sent.arrayBuffer())]).toEqual([...JPEG]);
    expect(undeliveredKoreksi(await rowsOf('U00004', db()))).toEqual([]);
  });

  it('turns a refusal into needs-action with the server’s message, still listed on her screen', async () => {
    const id = crypto.randomUUID();
    await enqueueKoreksi({
      id,
      userid: 'U00004',
      fields: { tanggal: YESTERDAY, jam_masuk: '08:00', jam_keluar: '', alasan: 'HP mati' },
      foto: null,
      at: AT,
    });
    await rememberToken('U00004', 'token-spg', db());
    const { fetchImpl } = fakeServer([{ status: 409, body: { message: 'Periode sudah diposting' } }], FILED);
    await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    const row = await db().outbox.get(id);
    expect(row).toMatchObject({ state: 'needs-action', lastStatus: 409, lastError: 'Periode sudah diposting' });
    expect(undeliveredKoreksi([row!])).toHaveLength(1);
  });

  it('sends a decision as JSON to the request’s own path, keyed by its row id', async () => {
    const id = crypto.randomUUID();
    await enqueueKoreksiDecision({ id, userid: 'U00003', koreksiId: 42, status: 'A', keterangan: ' ', at: AT });
    const rows = await rowsOf('U00003', db());
    expect(koreksiDecisions(rows).get(42)?.id).toBe(id);
    expect(rows[0]).toMatchObject({
      contract: 'POST /api/absensi/koreksi/:id/status',
      method: 'POST',
      path: '/api/absensi/koreksi/42/status',
    });
    await rememberToken('U00003', 'token-tl', db());
    const { seen, fetchImpl } = fakeServer([{ status: 200, body: { message: 'ok' } }], FILED);
    await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    expect(seen[0]).toMatchObject({ path: '/api/absensi/koreksi/42/status', key: id });
    expect(JSON.parse(seen[0]!.body as string)).toEqual({
      koreksi_id: 42,
      status: 'A',
      keterangan: null,
      captured_at: AT.format(),
    });
  });
});

describe('rows stored before Koreksi Absensi named its contracts', () => {
  it('a filing and a decision without `contract` replay to the same paths under their row ids', async () => {
    const filing = crypto.randomUUID();
    const decision = crypto.randomUUID();
    await enqueueKoreksi({
      id: filing,
      userid: 'U00004',
      fields: { tanggal: YESTERDAY, jam_masuk: '08:00', jam_keluar: '', alasan: 'HP mati' },
      foto: new File([JPEG], 'bukti.jpg', { type: 'image/jpeg' }),
      at: AT,
    });
    await enqueueKoreksiDecision({
      id: decision,
      userid: 'U00004',
      koreksiId: 7,
      status: 'R',
      keterangan: 'x',
      at: AT,
    });
    // As a phone stored them before: the same row without its `contract` field.
    for (const row of await rowsOf('U00004', db())) {
      const { contract: _contract, ...old } = row;
      await db().outbox.put(old);
    }
    expect((await rowsOf('U00004', db())).map((r) => 'contract' in r)).toEqual([false, false]);

    await rememberToken('U00004', 'token-spg', db());
    const { seen, fetchImpl } = fakeServer(
      [
        { status: 201, body: { message: 'ok', result: { id: 1 } } },
        { status: 200, body: { message: 'ok' } },
      ],
      FILED,
    );
    expect((await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() }))?.sent).toBe(2);
    expect(seen.map((x) => [x.path, x.key])).toEqual([
      ['/api/absensi/koreksi', filing],
      ['/api/absensi/koreksi/7/status', decision],
    ]);
    expect(((seen[0]!.body as FormData).get('foto') as File).name).toBe('bukti.jpg');
    expect(JSON.parse(String(seen[1]!.body))).toMatchObject({ koreksi_id: 7, status: 'R', keterangan: 'x' });
    expect((await rowsOf('U00004', db())).map((r) => r.state)).toEqual(['done', 'done']);
  });
});
