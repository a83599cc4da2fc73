/**
 * Profile change requests through the API, the approvers' side: the list and its scope, a request's
 * detail and PDF, approval applying the values with a P2 posting item in one transaction, rejection,
 * a second decision, and hostile ids.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { karyawanPosting } from '../../../server/db/schema/karyawan';
import { PRIMITIVE_MESSAGES } from '../../../src/domain/primitives';
import {
  REQUEST_MESSAGES,
  type ProfileRequestDetail,
  type ProfileRequestList,
  type ProfileRequestRow,
} from '../../../src/domain/karyawan/request';
import { accountWith, seededActive } from './karyawan-fixtures';
import { requestSuite, SPG_NRP } from './request-fixtures';

const { s, db, call, file, decide, employee, openP2, linkedAccount } = requestSuite();

describe('the approvers: list, detail, permissions, scope', () => {
  let id: number;
  beforeAll(async () => {
    const res = await file({ alamat1: 'Jl. Kenanga No. 7', kode_pos: '12950' });
    expect(res.status).toBe(201);
    id = (res.body.result as ProfileRequestRow).id;
  });

  it('lists open requests with nomor, NRP, name, sales office; the filter picks the status', async () => {
    const open = await call('GET', '/api/request/karyawan/list?status=open&per_page=100', s.admin);
    expect(open.status).toBe(200);
    const rows = (open.body as unknown as ProfileRequestList).result;
    const row = rows.find((r) => r.id === id);
    expect(row).toMatchObject({ nrp: SPG_NRP, status: 'Open', approve_date: null });
    expect(row?.nama).toBeTruthy();
    expect(row?.sales_office?.id).toBeTruthy();
    const approved = await call('GET', '/api/request/karyawan/list?status=approve', s.admin);
    expect((approved.body as unknown as ProfileRequestList).result.some((r) => r.id === id)).toBe(false);
    const bad = await call('GET', '/api/request/karyawan/list?status=semua', s.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REQUEST_MESSAGES.listStatus);
  });

  it('shows each requested value beside the current one, to the approver and to the employee', async () => {
    const e = await employee(SPG_NRP);
    for (const token of [s.admin, s.spg]) {
      const res = await call('GET', `/api/request/karyawan/${id}`, token);
      expect(res.status).toBe(200);
      const d = res.body.result as ProfileRequestDetail;
      expect(d.items).toEqual([
        { field: 'alamat1', label: 'Alamat 1', current: e.alamat1, requested: 'Jl. Kenanga No. 7', previous: null },
        { field: 'kode_pos', label: 'Kode Pos', current: e.kode_pos, requested: '12950', previous: null },
      ]);
    }
    expect((await call('GET', '/api/request/karyawan/999999', s.admin)).status).toBe(404);
    const malformed = await call('GET', '/api/request/karyawan/abc', s.admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(REQUEST_MESSAGES.notFound);
  });

  it('downloads a request as a PDF', async () => {
    const res = await s.ctx.request('GET', `/api/request/karyawan/${id}/download`, { token: s.spg });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`filename="R-${SPG_NRP}-\\d+\\.pdf"`));
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('Jl. Kenanga No. 7');
  });

  it('401 without a session, 403 without the permission', async () => {
    expect((await call('GET', '/api/request/karyawan/list')).status).toBe(401);
    expect((await decide({ id, status: 'Y' }, '')).status).toBe(401);
    expect((await call('GET', '/api/request/karyawan/list', s.spg)).status).toBe(403);
    expect((await decide({ id, status: 'Y' }, s.spg)).status).toBe(403);
    const editor = await accountWith(s.ctx, s.admin, ['karyawan.request.edit']);
    expect((await call('GET', '/api/request/karyawan/list', editor)).status).toBe(200);
    expect((await decide({ id, status: 'Y' }, editor)).status).toBe(403);
    // Another employee's account (the team leader, no employee-area permission) cannot read it.
    const tl = await s.ctx.tokenFor('tl');
    expect((await call('GET', `/api/request/karyawan/${id}`, tl)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/history/${SPG_NRP}`, tl)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/${id}`, editor)).status).toBe(200);
  });

  it('limits the list, the detail, the history and the decision to the trustee scope', async () => {
    const e = await employee(SPG_NRP);
    const elsewhere = await seededActive(s.ctx, e.kode_lokasi === 'SBY' ? 'JKT' : 'SBY');
    const scoped = await accountWith(
      s.ctx,
      s.admin,
      ['karyawan.read', 'karyawan.request.edit', 'karyawan.request.approve'],
      {
        trustee: { lokasi: [elsewhere.kode_lokasi] },
      },
    );
    const list = await call('GET', '/api/request/karyawan/list?per_page=1000', scoped);
    expect(list.status).toBe(200);
    expect((list.body as unknown as ProfileRequestList).result.some((r) => r.nrp === SPG_NRP)).toBe(false);
    expect((await call('GET', `/api/request/karyawan/${id}`, scoped)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/${id}/approve/status`, scoped)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/history/${SPG_NRP}`, scoped)).status).toBe(403);
    const refused = await decide({ id, status: 'Y' }, scoped);
    expect(refused.status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/${id}/approve/status`, s.admin)).body.result).toMatchObject({
      approve_status: 'N',
    });
    // In scope, the history answers.
    const inScope = await accountWith(s.ctx, s.admin, ['karyawan.read'], { trustee: { lokasi: [e.kode_lokasi] } });
    const history = await call('GET', `/api/request/karyawan/history/${SPG_NRP}`, inScope);
    expect(history.status).toBe(200);
    expect((history.body as unknown as ProfileRequestList).result.some((r) => r.id === id)).toBe(true);
  });
});
describe('PUT /api/request/approve', () => {
  it('validates the decision: status Y or R, a note for a rejection', async () => {
    const bad = await decide({ id: 1, status: 'A' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REQUEST_MESSAGES.decisionStatus);
    const noNote = await decide({ id: 1, status: 'R', keterangan: '  ' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error?.issues).toContainEqual({
      path: 'keterangan',
      message: REQUEST_MESSAGES.keteranganRequired,
    });
    expect((await decide({ id: 'x', status: 'Y' })).status).toBe(400);
    expect((await decide({ id: 999999, status: 'Y' })).status).toBe(404);
  });

  it('approving applies the values and leaves one P2 item, in one go; a second decision is a 409', async () => {
    const filed = await file({ telp_hp: '081377778888', rek_bca: '9876543210', npwp: '01.234.567.8-901.234' });
    expect(filed.status).toBe(201);
    const id = (filed.body.result as ProfileRequestRow).id;
    const before = await employee(SPG_NRP);
    // Post whatever P2 is still open, so this approval has to make its own item.
    for (const item of await openP2(SPG_NRP)) {
      const posted = await call('PUT', '/api/karyawan/posting', s.admin, {
        nrp: item.nrp,
        jenis_trn: item.jenis_trn,
        tgl_jam_trn: item.tgl_jam_trn.toISOString(),
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    }
    const p1Open = await db()
      .select()
      .from(karyawanPosting)
      .where(and(eq(karyawanPosting.nrp, SPG_NRP), isNull(karyawanPosting.date_posting)));
    expect(p1Open).toEqual([]);

    const ok = await decide({ id, status: 'Y', keterangan: 'Sesuai dokumen' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const row = ok.body.result as ProfileRequestRow;
    expect(row).toMatchObject({
      approve_status: 'Y',
      status: 'Disetujui',
      approve_by: 'U00001',
      keterangan: 'Sesuai dokumen',
    });
    expect(row.approve_date).toBeTruthy();
    expect(ok.body.message).toBe(REQUEST_MESSAGES.approved(row.nomor_registrasi, `${SPG_NRP} - ${before.nama}`));

    const after = await employee(SPG_NRP);
    expect(after).toMatchObject({ telp_hp: '081377778888', rek_bca: '9876543210', npwp: '01.234.567.8-901.234' });
    const p2 = await openP2(SPG_NRP);
    expect(p2).toHaveLength(1);
    expect(p2[0]!.keterangan).toBe('Personal, Pegawai, Pajak');

    // The detail keeps what the values were when it was decided.
    const d = (await call('GET', `/api/request/karyawan/${id}`, s.spg)).body.result as ProfileRequestDetail;
    expect(d.items.find((i) => i.field === 'telp_hp')).toMatchObject({
      previous: before.telp_hp,
      current: '081377778888',
      requested: '081377778888',
    });
    // The employee sees it: status and the approve date.
    const status = (await call('GET', `/api/request/karyawan/${id}/approve/status`, s.spg)).body.result;
    expect(status).toMatchObject({ approve_status: 'Y', status: 'Disetujui', approve_by_nama: 'Administrator' });

    for (const again of [{ status: 'Y' }, { status: 'R', keterangan: 'terlambat' }]) {
      const second = await decide({ id, ...again });
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(
        new RegExp(
          `^Request ${row.nomor_registrasi} sudah disetujui oleh Administrator pada \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d$`,
        ),
      );
    }
    expect(await openP2(SPG_NRP)).toHaveLength(1);
  });

  it('rejecting records the note and leaves the employee as they were', async () => {
    const filed = await file({ alamat2: 'Blok Z', pendidikan_id: 5 });
    const id = (filed.body.result as ProfileRequestRow).id;
    const before = await employee(SPG_NRP);
    const p2Before = (await openP2(SPG_NRP)).length;
    const res = await decide({ id, status: 'R', keterangan: 'Lampirkan ijazah S1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      approve_status: 'R',
      status: 'Ditolak',
      keterangan: 'Lampirkan ijazah S1',
    });
    const after = await employee(SPG_NRP);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect((await openP2(SPG_NRP)).length).toBe(p2Before);
    const rejected = await call('GET', '/api/request/karyawan/list?status=reject', s.admin);
    expect((rejected.body as unknown as ProfileRequestList).result[0]?.id).toBe(id);
    const second = await decide({ id, status: 'Y' });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('sudah ditolak oleh Administrator');
  });

  it('an approval that cannot apply changes nothing at all (resigned meanwhile → 409)', async () => {
    const other = await seededActive(s.ctx);
    const token = await linkedAccount(other.nrp);
    const filed = await file({ email: 'akan.resign@example.com' }, token);
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const id = (filed.body.result as ProfileRequestRow).id;
    const resign = await call('PUT', `/api/karyawan/${other.nrp}/resign`, s.admin, {
      tgl_p3: new Date().toISOString().slice(0, 10),
      alasan_p3: 1,
      u_kebijaksanaan: 0,
      tgl_bast: new Date().toISOString().slice(0, 10),
    });
    expect(resign.status, JSON.stringify(resign.body)).toBe(200);
    const before = await employee(other.nrp);
    const p2Before = (await openP2(other.nrp)).length;
    const res = await decide({ id, status: 'Y' });
    expect(res.status).toBe(409);
    expect((await employee(other.nrp)).email).toBe(before.email);
    expect((await openP2(other.nrp)).length).toBe(p2Before);
    const status = (await call('GET', `/api/request/karyawan/${id}/approve/status`, s.admin)).body.result;
    expect(status).toMatchObject({ approve_status: 'N' });
    // It can still be rejected; a resigned employee cannot file another.
    expect((await decide({ id, status: 'R', keterangan: 'Karyawan sudah resign' })).status).toBe(200);
    const late = await file({ email: 'lagi@example.com' }, token);
    expect(late.status).toBe(409);
  });

  it('an approver cannot decide their own request', async () => {
    const other = await seededActive(s.ctx, 'SBY');
    const selfApprover = await linkedAccount(other.nrp, 'ADMIN');
    const filed = await file({ kode_pos: '60111' }, selfApprover);
    expect(filed.status).toBe(201);
    const res = await decide({ id: (filed.body.result as ProfileRequestRow).id, status: 'Y' }, selfApprover);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REQUEST_MESSAGES.ownRequest);
  });
});

describe('replays', () => {
  it('an Idempotency-Key reused for another call answers 422 and decides nothing', async () => {
    const other = await seededActive(s.ctx, 'SBY');
    const approver = await linkedAccount(other.nrp, 'ADMIN');
    const key = crypto.randomUUID();
    expect((await file({ kode_pos: '60222' }, approver, key)).status).toBe(201);
    const target = await file({ alamat1: 'Jl. Kunci 9' });
    const id = (target.body.result as ProfileRequestRow).id;
    const res = await call('PUT', '/api/request/approve', approver, { id, status: 'Y' }, { 'Idempotency-Key': key });
    expect(res.status).toBe(422);
    const status = await call('GET', `/api/request/karyawan/${id}/approve/status`, s.admin);
    expect(status.body.result).toMatchObject({ approve_status: 'N' });
  });
});

describe('hostile ids and text', () => {
  let id: number;
  beforeAll(async () => {
    const res = await file({ alamat2: 'Gang Kenari 3' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = (res.body.result as ProfileRequestRow).id;
  });

  // Written as raw JSON: JSON.stringify cannot write 9007199254740993.
  it.each(['1e308', '9007199254740993', '2147483648', '-1', '0', '1.5', '"abc"', '"1e308"', '"12a"', 'null'])(
    'a decision for id %s is a 400 with the id message',
    async (raw) => {
      const res = await decide(`{"id":${raw},"status":"Y"}`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(REQUEST_MESSAGES.idInvalid);
    },
  );

  it('an id sent as text still decides; a NUL in the note is a 400, a line break is kept', async () => {
    const nul = await decide({ id, status: 'R', keterangan: 'Tidak\u0000 sesuai' });
    expect(nul.status).toBe(400);
    expect(nul.body.error?.issues).toContainEqual({ path: 'keterangan', message: PRIMITIVE_MESSAGES.control });
    const long = await decide({ id, status: 'R', keterangan: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(REQUEST_MESSAGES.keteranganMax);
    const ok = await decide({ id: String(id), status: 'R', keterangan: 'Alamat tidak jelas.\nLampirkan KTP.' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result).toMatchObject({ id, keterangan: 'Alamat tidak jelas.\nLampirkan KTP.' });
  });

  it.each(['%00', 'a%00b', '1e308', '9007199254740993', '2147483648', '-1', 'abc'])(
    'a request id %s in the path is a 400 on each read',
    async (raw) => {
      for (const path of [
        `/api/request/karyawan/${raw}`,
        `/api/request/karyawan/${raw}/approve/status`,
        `/api/request/karyawan/${raw}/download`,
      ]) {
        const res = await call('GET', path, s.admin);
        expect(res.status, path).toBe(400);
        expect(res.body.message).toBe(REQUEST_MESSAGES.notFound);
      }
    },
  );

  it('an NRP with a NUL or over 12 characters is a 400 on the history', async () => {
    for (const nrp of ['%00', `${SPG_NRP}%00`, 'x'.repeat(13)]) {
      const res = await call('GET', `/api/request/karyawan/history/${nrp}`, s.admin);
      expect(res.status, nrp).toBe(400);
    }
    expect((await call('GET', '/api/request/karyawan/history/NOPE', s.admin)).status).toBe(404);
  });

  it('a hostile page, search or status on the list is a 400', async () => {
    for (const query of ['page=99999999999999999999', 'page=0', 'per_page=1001', 'q=%00', 'status=%00']) {
      const res = await call('GET', `/api/request/karyawan/list?${query}`, s.admin);
      expect(res.status, query).toBe(400);
    }
  });
});
