/**
 * Profile change requests through the API: the own profile, filing (own record only, every field
 * rule, idempotent replays), the approvers' list and its scope, approval applying the values with a
 * P2 posting item in one transaction, rejection, and a second decision.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan, karyawanPosting } from '../../server/db/schema/karyawan';
import { karyawanRequest } from '../../server/db/schema/request';
import type { KaryawanDetail } from '../../src/domain/karyawan';
import type { ListAnswer } from '../../src/domain/list-query';
import {
  REQUEST_MESSAGES,
  type ProfileRequestDetail,
  type ProfileRequestRow,
  type ProfileRequestStatus,
} from '../../src/domain/request';
import { createTestContext, type TestContext } from './helpers';
import { accountWith, seededActive, STRONG } from './karyawan-fixtures';

const SPG_NRP = '26000002';

let ctx: TestContext;
let admin: string;
let spg: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
  spg = await ctx.tokenFor('spg');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Body = {
  message: string;
  result?: unknown;
  error?: { code: string; issues?: { path: string; message: string }[] };
};
const call = async (method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) => {
  const res = await ctx.request(method, path, { token, body, headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body & Record<string, unknown> };
};
const file = (body: Record<string, unknown>, token = spg, key?: string) =>
  call('POST', '/api/request/karyawan', token, body, key ? { 'Idempotency-Key': key } : undefined);
const decide = (body: Record<string, unknown>, token = admin) => call('PUT', '/api/request/approve', token, body);
const employee = async (nrp: string) => (await db().select().from(karyawan).where(eq(karyawan.nrp, nrp)))[0]!;
const openP2 = async (nrp: string) =>
  db()
    .select()
    .from(karyawanPosting)
    .where(
      and(eq(karyawanPosting.nrp, nrp), eq(karyawanPosting.jenis_trn, 'P2'), isNull(karyawanPosting.date_posting)),
    );
const requestCount = async (nrp: string) =>
  (await db().select({ n: count() }).from(karyawanRequest).where(eq(karyawanRequest.nrp, nrp)))[0]!.n;

let linkedSerial = 0;
/** An account linked to an employee (role USER unless said otherwise), logged in. */
async function linkedAccount(nrp: string, role = 'USER') {
  linkedSerial += 1;
  const userid = `R${String(linkedSerial).padStart(4, '0')}${process.pid % 10}`;
  const username = `req${userid.toLowerCase()}`;
  const res = await ctx.request('POST', '/api/users', {
    token: admin,
    body: { userid, username, nama: `Uji ${userid}`, password: STRONG, role, nrp },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ctx.tokenFor(username, STRONG);
}

describe('GET /api/profile/me', () => {
  it("answers the account's own record without karyawan.read, salary hidden, contracts shown", async () => {
    const res = await call('GET', '/api/profile/me', spg);
    expect(res.status).toBe(200);
    const me = res.body.result as KaryawanDetail;
    expect(me.nrp).toBe(SPG_NRP);
    expect(me.gaji).toBeNull();
    expect(me.kode_umr).toBeNull();
    expect(Array.isArray(me.kontrak)).toBe(true);
    expect(me.perusahaan?.nama).toBeTruthy();
    // The SPG cannot read the same record through the employee area.
    expect((await call('GET', `/api/karyawan/${SPG_NRP}`, spg)).status).toBe(403);
  });

  it('needs a session and an account linked to an employee', async () => {
    expect((await call('GET', '/api/profile/me')).status).toBe(401);
    const res = await call('GET', '/api/profile/me', admin);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(REQUEST_MESSAGES.notLinked);
  });
});

describe('POST /api/request/karyawan — validation', () => {
  const cases: [string, unknown, string][] = [
    ['alamat1', 'x'.repeat(41), 'Alamat maksimal 40 karakter'],
    ['alamat2', 'y'.repeat(41), 'Alamat maksimal 40 karakter'],
    ['kode_pos', '123456', 'Kode Pos maksimal 5 karakter'],
    ['kode_pos', '12a45', 'Kode Pos hanya boleh berisi angka'],
    ['email', 'bukan-email', 'Format email tidak valid'],
    ['email', `${'a'.repeat(35)}@example.com`, 'Email maksimal 40 karakter'],
    ['telp_hp', '0812-abc', 'Nomor HP hanya boleh berisi angka, spasi, + atau -'],
    ['telp_hp', '0812345678901234', 'Nomor HP maksimal 15 karakter'],
    ['status_kel', 'X', 'Pilihan tidak valid'],
    ['status_kel', '', REQUEST_MESSAGES.statusKelRequired],
    ['jumlah_anak', -1, 'Jumlah Anak harus angka 0 atau lebih'],
    ['jumlah_anak', 'dua', 'Jumlah Anak harus angka 0 atau lebih'],
    ['jumlah_anak', '', 'Jumlah Anak harus diisi'],
    ['agama_id', 9, 'Pilihan tidak valid'],
    ['pendidikan_id', '8', 'Pilihan tidak valid'],
    ['rek_bca', '12ab', 'Rekening BCA hanya boleh berisi angka'],
    ['rek_bca', '1234567890123', 'Rekening BCA maksimal 12 karakter'],
    ['npwp', '123456789012345', 'NPWP harus berformat 99.999.999.9-999.999'],
    ['nama', 'Nama Baru', REQUEST_MESSAGES.fieldNotAllowed('nama')],
    ['gapok', 9_000_000, REQUEST_MESSAGES.fieldNotAllowed('gapok')],
    ['captured_at', 'kemarin', REQUEST_MESSAGES.capturedAt],
  ];
  it.each(cases)('%s = %j → 400 "%s"', async (field, value, message) => {
    const before = await requestCount(SPG_NRP);
    const res = await file({ [field]: value });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error?.issues).toContainEqual({ path: field, message });
    expect(await requestCount(SPG_NRP)).toBe(before);
  });

  it('refuses a body without a change, and values equal to the record', async () => {
    const empty = await file({ captured_at: new Date().toISOString() });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(REQUEST_MESSAGES.noChanges);
    const e = await employee(SPG_NRP);
    const same = await file({ jumlah_anak: e.jumlah_anak, status_kel: e.status_kel });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(REQUEST_MESSAGES.noChanges);
  });

  it('refuses a device time from far in the past or the future', async () => {
    const old = await file({
      email: 'lama@example.com',
      captured_at: new Date(Date.now() - 60 * 86_400_000).toISOString(),
    });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(REQUEST_MESSAGES.capturedAtRange);
    const ahead = await file({
      email: 'maju@example.com',
      captured_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(ahead.status).toBe(400);
  });
});

describe('POST /api/request/karyawan — who may file', () => {
  it('needs a session', async () => {
    expect((await file({ email: 'x@example.com' }, '')).status).toBe(401);
  });

  it('an SPG files only for their own NRP; an account without an employee cannot file', async () => {
    const before = await requestCount('26000001');
    const other = await file({ nrp: '26000001', email: 'orang.lain@example.com' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(REQUEST_MESSAGES.notOwn);
    expect(await requestCount('26000001')).toBe(before);
    const unlinked = await file({ email: 'admin@example.com' }, admin);
    expect(unlinked.status).toBe(403);
    expect(unlinked.body.message).toBe(REQUEST_MESSAGES.notLinked);
  });
});

describe('filing, replays and the own list', () => {
  it('files the changed fields only, numbered per employee; a replay answers the stored 201 and files once', async () => {
    const e = await employee(SPG_NRP);
    const before = await requestCount(SPG_NRP);
    const key = crypto.randomUUID();
    const capturedAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const body = {
      nrp: SPG_NRP,
      email: 'nabila.baru@example.com',
      telp_hp: '081299990000',
      jumlah_anak: '3',
      agama_id: '2',
      status_kel: e.status_kel, // unchanged: not part of the request
      captured_at: capturedAt,
    };
    const first = await file(body, spg, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const row = first.body.result as ProfileRequestRow;
    expect(row).toMatchObject({
      nrp: SPG_NRP,
      request_nomor: before + 1,
      nomor_registrasi: `R-${SPG_NRP}-${before + 1}`,
      approve_status: 'N',
      status: 'Open',
      changes: { email: 'nabila.baru@example.com', telp_hp: '081299990000', jumlah_anak: 3, agama_id: 2 },
    });
    expect(Object.keys(row.changes)).toEqual(['email', 'telp_hp', 'jumlah_anak', 'agama_id']);
    expect(Date.parse(row.tanggal_pengajuan)).toBe(Date.parse(capturedAt));
    expect(first.body.message).toBe(REQUEST_MESSAGES.filed(row.nomor_registrasi));

    const again = await file(body, spg, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await requestCount(SPG_NRP)).toBe(before + 1);

    const own = await call('GET', '/api/request/karyawan/me', spg);
    expect(own.status).toBe(200);
    const list = own.body as unknown as ListAnswer<ProfileRequestRow>;
    expect(list.result[0]?.id).toBe(row.id);
    expect(list.totalCount).toBe(before + 1);

    const status = await call('GET', `/api/request/karyawan/${row.id}/approve/status`, spg);
    expect(status.status).toBe(200);
    expect(status.body.result as ProfileRequestStatus).toMatchObject({ approve_status: 'N', status: 'Open' });
    // Nothing changed on the record yet.
    expect((await employee(SPG_NRP)).email).toBe(e.email);
  });

  it('an account without an employee has no own list', async () => {
    expect((await call('GET', '/api/request/karyawan/me', admin)).status).toBe(403);
  });
});

describe('the approvers: list, detail, permissions, scope', () => {
  let id: number;
  beforeAll(async () => {
    const res = await file({ alamat1: 'Jl. Kenanga No. 7', kode_pos: '12950' });
    expect(res.status).toBe(201);
    id = (res.body.result as ProfileRequestRow).id;
  });

  it('lists open requests with nomor, NRP, name, sales office; the filter picks the status', async () => {
    const open = await call('GET', '/api/request/karyawan/list?status=open&per_page=100', admin);
    expect(open.status).toBe(200);
    const rows = (open.body as unknown as ListAnswer<ProfileRequestRow>).result;
    const row = rows.find((r) => r.id === id);
    expect(row).toMatchObject({ nrp: SPG_NRP, status: 'Open', approve_date: null });
    expect(row?.nama).toBeTruthy();
    expect(row?.sales_office?.id).toBeTruthy();
    const approved = await call('GET', '/api/request/karyawan/list?status=approve', admin);
    expect((approved.body as unknown as ListAnswer<ProfileRequestRow>).result.some((r) => r.id === id)).toBe(false);
    const bad = await call('GET', '/api/request/karyawan/list?status=semua', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REQUEST_MESSAGES.listStatus);
  });

  it('shows each requested value beside the current one, to the approver and to the employee', async () => {
    const e = await employee(SPG_NRP);
    for (const token of [admin, spg]) {
      const res = await call('GET', `/api/request/karyawan/${id}`, token);
      expect(res.status).toBe(200);
      const d = res.body.result as ProfileRequestDetail;
      expect(d.items).toEqual([
        { field: 'alamat1', label: 'Alamat 1', current: e.alamat1, requested: 'Jl. Kenanga No. 7', previous: null },
        { field: 'kode_pos', label: 'Kode Pos', current: e.kode_pos, requested: '12950', previous: null },
      ]);
    }
    expect((await call('GET', '/api/request/karyawan/999999', admin)).status).toBe(404);
    expect((await call('GET', '/api/request/karyawan/abc', admin)).status).toBe(404);
  });

  it('downloads a request as a PDF', async () => {
    const res = await ctx.request('GET', `/api/request/karyawan/${id}/download`, { token: spg });
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
    expect((await call('GET', '/api/request/karyawan/list', spg)).status).toBe(403);
    expect((await decide({ id, status: 'Y' }, spg)).status).toBe(403);
    const editor = await accountWith(ctx, admin, ['karyawan.request.edit']);
    expect((await call('GET', '/api/request/karyawan/list', editor)).status).toBe(200);
    expect((await decide({ id, status: 'Y' }, editor)).status).toBe(403);
    // Another employee's account (the team leader, no employee-area permission) cannot read it.
    const tl = await ctx.tokenFor('tl');
    expect((await call('GET', `/api/request/karyawan/${id}`, tl)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/history/${SPG_NRP}`, tl)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/${id}`, editor)).status).toBe(200);
  });

  it('limits the list, the detail, the history and the decision to the trustee scope', async () => {
    const e = await employee(SPG_NRP);
    const elsewhere = await seededActive(ctx, e.kode_lokasi === 'SBY' ? 'JKT' : 'SBY');
    const scoped = await accountWith(
      ctx,
      admin,
      ['karyawan.read', 'karyawan.request.edit', 'karyawan.request.approve'],
      {
        trustee: { lokasi: [elsewhere.kode_lokasi] },
      },
    );
    const list = await call('GET', '/api/request/karyawan/list?per_page=1000', scoped);
    expect(list.status).toBe(200);
    expect((list.body as unknown as ListAnswer<ProfileRequestRow>).result.some((r) => r.nrp === SPG_NRP)).toBe(false);
    expect((await call('GET', `/api/request/karyawan/${id}`, scoped)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/${id}/approve/status`, scoped)).status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/history/${SPG_NRP}`, scoped)).status).toBe(403);
    const refused = await decide({ id, status: 'Y' }, scoped);
    expect(refused.status).toBe(403);
    expect((await call('GET', `/api/request/karyawan/${id}/approve/status`, admin)).body.result).toMatchObject({
      approve_status: 'N',
    });
    // In scope, the history answers.
    const inScope = await accountWith(ctx, admin, ['karyawan.read'], { trustee: { lokasi: [e.kode_lokasi] } });
    const history = await call('GET', `/api/request/karyawan/history/${SPG_NRP}`, inScope);
    expect(history.status).toBe(200);
    expect((history.body as unknown as ListAnswer<ProfileRequestRow>).result.some((r) => r.id === id)).toBe(true);
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
      const posted = await call('PUT', '/api/karyawan/posting', admin, {
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
    const d = (await call('GET', `/api/request/karyawan/${id}`, spg)).body.result as ProfileRequestDetail;
    expect(d.items.find((i) => i.field === 'telp_hp')).toMatchObject({
      previous: before.telp_hp,
      current: '081377778888',
      requested: '081377778888',
    });
    // The employee sees it: status and the approve date.
    const status = (await call('GET', `/api/request/karyawan/${id}/approve/status`, spg)).body.result;
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
    const rejected = await call('GET', '/api/request/karyawan/list?status=reject', admin);
    expect((rejected.body as unknown as ListAnswer<ProfileRequestRow>).result[0]?.id).toBe(id);
    const second = await decide({ id, status: 'Y' });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('sudah ditolak oleh Administrator');
  });

  it('an approval that cannot apply changes nothing at all (resigned meanwhile → 409)', async () => {
    const other = await seededActive(ctx);
    const token = await linkedAccount(other.nrp);
    const filed = await file({ email: 'akan.resign@example.com' }, token);
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const id = (filed.body.result as ProfileRequestRow).id;
    const resign = await call('PUT', `/api/karyawan/${other.nrp}/resign`, admin, {
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
    const status = (await call('GET', `/api/request/karyawan/${id}/approve/status`, admin)).body.result;
    expect(status).toMatchObject({ approve_status: 'N' });
    // It can still be rejected; a resigned employee cannot file another.
    expect((await decide({ id, status: 'R', keterangan: 'Karyawan sudah resign' })).status).toBe(200);
    const late = await file({ email: 'lagi@example.com' }, token);
    expect(late.status).toBe(409);
  });

  it('an approver cannot decide their own request', async () => {
    const other = await seededActive(ctx, 'SBY');
    const selfApprover = await linkedAccount(other.nrp, 'ADMIN');
    const filed = await file({ kode_pos: '60111' }, selfApprover);
    expect(filed.status).toBe(201);
    const res = await decide({ id: (filed.body.result as ProfileRequestRow).id, status: 'Y' }, selfApprover);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REQUEST_MESSAGES.ownRequest);
  });
});
