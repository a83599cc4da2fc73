/**
 * POST /api/request/karyawan/approve (issue 29): the list's selected rows approved at once, each id
 * through the single approval's checks, each on its own — a refused one (outside the approver's scope,
 * rejected before, unknown) is listed with its reason and left as it was, the others are applied; a
 * repeat changes nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  BULK_APPROVE_MAX,
  REQUEST_MESSAGES,
  type ProfileRequestRow,
  type RequestBulkApproveAnswer,
} from '../../../src/domain/karyawan/request';
import { accountWith, seededActive } from './karyawan-fixtures';
import { requestSuite, SPG_NRP } from './request-fixtures';

const { s, call, file, decide, employee, openP2, linkedAccount } = requestSuite();

const bulk = (body: unknown, token = s.admin, headers?: Record<string, string>) =>
  call('POST', '/api/request/karyawan/approve', token, body, headers);
const idOf = (res: { body: { result?: unknown } }) => (res.body.result as ProfileRequestRow).id;
const statusOf = async (id: number) =>
  ((await call('GET', `/api/request/karyawan/${id}/approve/status`, s.admin)).body.result as { approve_status: string })
    .approve_status;

describe('POST /api/request/karyawan/approve', () => {
  it('approves two requests of two employees, applying both; an employee’s requests in filing order', async () => {
    const other = await seededActive(s.ctx, 'SBY');
    const otherToken = await linkedAccount(other.nrp);
    const first = await file({ alamat1: 'Jl. Pertama 1' });
    const second = await file({ alamat1: 'Jl. Kedua 2', kode_pos: '12960' });
    const theirs = await file({ email: 'bulk.approve@example.com' }, otherToken);
    for (const r of [first, second, theirs]) expect(r.status, JSON.stringify(r.body)).toBe(201);

    // Sent newest first: still applied oldest first, so her later request is what stands.
    const res = await bulk({ ids: [idOf(theirs), idOf(second), idOf(first)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body as unknown as RequestBulkApproveAnswer;
    expect(a.message).toBe(REQUEST_MESSAGES.bulkAll(3));
    expect(a.result).toMatchObject({ approved: 3, already: 0, failed: 0 });
    expect(a.result.items.map((i) => [i.id, i.outcome])).toEqual([
      [idOf(first), 'approved'],
      [idOf(second), 'approved'],
      [idOf(theirs), 'approved'],
    ]);
    expect(a.result.items[0]!.nomor_registrasi).toBe((first.body.result as ProfileRequestRow).nomor_registrasi);
    expect(await employee(SPG_NRP)).toMatchObject({ alamat1: 'Jl. Kedua 2', kode_pos: '12960' });
    expect((await employee(other.nrp)).email).toBe('bulk.approve@example.com');
    for (const r of [first, second, theirs]) expect(await statusOf(idOf(r))).toBe('Y');
    expect(await openP2(other.nrp)).toHaveLength(1);
  });

  it('lists a request outside the approver’s scope as failed (403’s reason) and applies only the others', async () => {
    const other = await seededActive(s.ctx, 'SBY');
    const otherToken = await linkedAccount(other.nrp);
    const spgBefore = await employee(SPG_NRP);
    const outside = await file({ alamat2: 'Blok Luar 5' });
    const inside = await file({ alamat2: 'Blok Dalam 6' }, otherToken);
    const scoped = await accountWith(s.ctx, s.admin, ['karyawan.request.edit', 'karyawan.request.approve'], {
      trustee: { lokasi: [other.kode_lokasi] },
    });
    const res = await bulk({ ids: [idOf(outside), idOf(inside)] }, scoped);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body as unknown as RequestBulkApproveAnswer;
    expect(a.message).toBe(REQUEST_MESSAGES.bulkPartial(1, 2, 1));
    expect(a.result).toMatchObject({ approved: 1, already: 0, failed: 1 });
    // Outside her scope: the reason the single approval gives, and no number (it would name the employee).
    expect(a.result.items.find((i) => i.id === idOf(outside))).toEqual({
      id: idOf(outside),
      nomor_registrasi: null,
      outcome: 'failed',
      message: 'Data karyawan ini di luar cakupan akses Anda',
    });
    expect(await statusOf(idOf(outside))).toBe('N');
    expect((await employee(SPG_NRP)).alamat2).toBe(spgBefore.alamat2);
    expect(await statusOf(idOf(inside))).toBe('Y');
    expect((await employee(other.nrp)).alamat2).toBe('Blok Dalam 6');
    // The single approval answers the same refusal.
    expect((await decide({ id: idOf(outside), status: 'Y' }, scoped)).status).toBe(403);
  });

  it('lists a rejected, an unknown and the own request as failed, each with its reason', async () => {
    const rejected = await file({ telp_hp: '081311112222' });
    expect((await decide({ id: idOf(rejected), status: 'R', keterangan: 'Nomor tidak aktif' })).status).toBe(200);
    const other = await seededActive(s.ctx, 'SBY');
    const selfApprover = await linkedAccount(other.nrp, 'ADMIN');
    const own = await file({ kode_pos: '60123' }, selfApprover);
    const res = await bulk({ ids: [idOf(rejected), 999_999, idOf(own)] }, selfApprover);
    expect(res.status).toBe(200);
    const a = res.body as unknown as RequestBulkApproveAnswer;
    expect(a.message).toBe(REQUEST_MESSAGES.bulkNone(3));
    expect(a.result).toMatchObject({ approved: 0, already: 0, failed: 3 });
    const byId = new Map(a.result.items.map((i) => [i.id, i]));
    expect(byId.get(idOf(rejected))).toMatchObject({
      outcome: 'failed',
      nomor_registrasi: (rejected.body.result as ProfileRequestRow).nomor_registrasi,
    });
    expect(byId.get(idOf(rejected))!.message).toContain('sudah ditolak oleh Administrator');
    expect(byId.get(999_999)).toEqual({
      id: 999_999,
      nomor_registrasi: null,
      outcome: 'failed',
      message: REQUEST_MESSAGES.notFound,
    });
    expect(byId.get(idOf(own))).toMatchObject({ outcome: 'failed', message: REQUEST_MESSAGES.ownRequest });
    expect(await statusOf(idOf(own))).toBe('N');
  });

  it('is harmless when repeated: approved before is "already", nothing changes twice', async () => {
    const a1 = await file({ alamat1: 'Jl. Ulang 1' });
    const a2 = await file({ rek_bca: '1234500099' });
    const ids = [idOf(a1), idOf(a2)];
    const key = crypto.randomUUID();
    const once = await bulk({ ids }, s.admin, { 'Idempotency-Key': key });
    expect(once.status).toBe(200);
    expect((once.body as unknown as RequestBulkApproveAnswer).result.approved).toBe(2);
    const after = await employee(SPG_NRP);
    const p2 = (await openP2(SPG_NRP)).length;

    // The same key: the stored answer, replayed.
    const replay = await bulk({ ids }, s.admin, { 'Idempotency-Key': key });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(once.body);
    // Sent again without a key (a second click): each one already approved, nothing written.
    const again = await bulk({ ids: [...ids, ids[0]] });
    expect(again.status).toBe(200);
    const b = again.body as unknown as RequestBulkApproveAnswer;
    expect(b.message).toBe(REQUEST_MESSAGES.bulkAlready(2));
    expect(b.result).toMatchObject({ approved: 0, already: 2, failed: 0 });
    expect(b.result.items.every((i) => i.message.startsWith(`Request ${i.nomor_registrasi} sudah disetujui`))).toBe(
      true,
    );
    expect(await employee(SPG_NRP)).toEqual(after);
    expect((await openP2(SPG_NRP)).length).toBe(p2);
  });

  it('answers 400 in Indonesian for no ids, too many or a bad one; 401 and 403 as the single approval', async () => {
    for (const [body, message] of [
      [{ ids: [] }, REQUEST_MESSAGES.bulkEmpty],
      [{ ids: Array.from({ length: BULK_APPROVE_MAX + 1 }, (_, i) => i + 1) }, REQUEST_MESSAGES.bulkTooMany(100)],
      [{ ids: [1, 'x'] }, REQUEST_MESSAGES.idInvalid],
      [{ ids: [2 ** 31] }, REQUEST_MESSAGES.idInvalid],
      [{ ids: '1,2' }, REQUEST_MESSAGES.bulkIds],
    ] as const) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const missing = await bulk({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/ids/);
    expect((await bulk({ ids: [1] }, '')).status).toBe(401);
    expect((await bulk({ ids: [1] }, s.spg)).status).toBe(403);
    const editor = await accountWith(s.ctx, s.admin, ['karyawan.request.edit']);
    expect((await bulk({ ids: [1] }, editor)).status).toBe(403);
  });
});
