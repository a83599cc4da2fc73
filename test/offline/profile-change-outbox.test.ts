import 'fake-indexeddb/auto';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  changesOf,
  enqueueProfileChange,
  undeliveredProfileChanges,
} from '../../src/features/karyawan/requests/outbox';
import { rowsOf } from '../../src/lib/offline/outbox';
import { rememberToken, replayOutbox } from '../../src/lib/offline/replay';
import { fakeServer, offlineDbPerTest } from './outbox-harness';

const db = offlineDbPerTest();

const AT = dayjs('2026-11-21T07:30:00+07:00');

describe('profile.change in the outbox', () => {
  it('names its contract beside the path and sends the changed fields once under the row id', async () => {
    const id = crypto.randomUUID();
    const input = { id, userid: 'U00004', nrp: '26000004', changes: { telp_hp: '081234567890', alamat1: '' }, at: AT };
    await enqueueProfileChange(input);
    // A second tap of Send with the same form: still one row.
    await enqueueProfileChange(input);
    const [row, ...more] = await rowsOf('U00004', db());
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id,
      kind: 'profile.change',
      // The row names its endpoint contract (src/domain/karyawan/request-contracts.ts) beside the path it is sent to.
      contract: 'POST /api/request/karyawan',
      method: 'POST',
      path: '/api/request/karyawan',
      encoding: 'json',
      state: 'pending',
    });
    const [waiting] = undeliveredProfileChanges(await rowsOf('U00004', db()));
    expect(changesOf(waiting!)).toEqual([
      ['alamat1', ''],
      ['telp_hp', '081234567890'],
    ]);

    await rememberToken('U00004', 'token-spg', db());
    const { seen, fetchImpl } = fakeServer([{ status: 201, body: { message: 'Permintaan perubahan data terkirim' } }]);
    const report = await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    expect(report?.sent).toBe(1);
    expect(seen.map((r) => ({ ...r, body: JSON.parse(String(r.body)) as unknown }))).toEqual([
      {
        path: '/api/request/karyawan',
        method: 'POST',
        key: id,
        body: { telp_hp: '081234567890', alamat1: '', nrp: '26000004', captured_at: AT.format() },
      },
    ]);
    expect(undeliveredProfileChanges(await rowsOf('U00004', db()))).toEqual([]);
  });
});

describe('rows stored before profile change requests named their contract', () => {
  it('a row without `contract` replays to the same path under its row id', async () => {
    const id = crypto.randomUUID();
    await enqueueProfileChange({ id, userid: 'U00004', nrp: '26000004', changes: { email: 'a@b.id' }, at: AT });
    // As a phone stored it before: the same row without its `contract` field.
    for (const row of await rowsOf('U00004', db())) {
      const { contract: _contract, ...old } = row;
      await db().outbox.put(old);
    }
    expect((await rowsOf('U00004', db())).map((r) => 'contract' in r)).toEqual([false]);
    expect(undeliveredProfileChanges(await rowsOf('U00004', db())).map((r) => r.id)).toEqual([id]);

    await rememberToken('U00004', 'token-spg', db());
    const { seen, fetchImpl } = fakeServer([{ status: 201, body: { message: 'Permintaan perubahan data terkirim' } }]);
    const report = await replayOutbox({ db: db(), fetchImpl, now: () => Date.now() });
    expect(report?.sent).toBe(1);
    expect(seen.map((x) => [x.method, x.path, x.key])).toEqual([['POST', '/api/request/karyawan', id]]);
    expect(JSON.parse(String(seen[0]!.body))).toMatchObject({ email: 'a@b.id', nrp: '26000004' });
    expect((await rowsOf('U00004', db())).map((r) => r.state)).toEqual(['done']);
  });
});
