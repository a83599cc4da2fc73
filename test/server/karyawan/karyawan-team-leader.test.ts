/**
 * team_leader_nrp on POST/PUT /api/karyawan (docs/decisions/043-team-leader.md): set on create, changed,
 * kept and cleared on update, refused (400, nothing written) when unknown, resigned, out of scope or
 * the employee herself; the detail names the leader; and a leave filed afterwards waits for her.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan, karyawanPosting } from '../../../server/db/schema/karyawan';
import type { KaryawanDetail } from '../../../src/domain/karyawan/karyawan';
import type { LeaveRow } from '../../../src/domain/leave/leave-answers';
import { dateIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith, createKaryawanVia, multipart, newKaryawan, seededActive, STRONG } from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const detail = async (nrp: string, token = admin) => {
  const res = await ctx.request('GET', `/api/karyawan/${nrp}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { result: KaryawanDetail }).result;
};
const put = (nrp: string, fields: Record<string, unknown>, token = admin) =>
  ctx.request('PUT', `/api/karyawan/${nrp}`, { token, body: multipart(fields) });
const post = (fields: Record<string, unknown>, token = admin) =>
  ctx.request('POST', '/api/karyawan', { token, body: multipart(newKaryawan(fields)) });
const refused = async (res: Response) => {
  const body = (await res.json()) as { message: string; error: { code: string; issues?: { path: string }[] } };
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error.issues?.[0]?.path).toBe('team_leader_nrp');
  return body.message;
};
const stored = async (nrp: string) => {
  const [row] = await db().select().from(karyawan).where(eq(karyawan.nrp, nrp));
  return row!;
};
const items = (nrp: string) => db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, nrp));
const count = async () => (await db().select({ nrp: karyawan.nrp }).from(karyawan)).length;

/** Two active Jakarta employees other than the subject, and a resigned one. */
async function people(subject: string) {
  const jkt = await db().select().from(karyawan).where(eq(karyawan.kode_lokasi, 'JKT')).orderBy(karyawan.nrp);
  const active = jkt.filter((r) => r.alasan_p3 === null && r.nrp !== subject && r.nrp !== '26000002');
  const [resigned] = await db().select().from(karyawan).where(isNotNull(karyawan.alasan_p3)).limit(1);
  return { a: active[0]!, b: active[1]!, resigned: resigned! };
}

describe('team_leader_nrp', () => {
  it('is set on create and named in the detail; a blank one means none', async () => {
    const { a } = await people('');
    const nrp = await createKaryawanVia(ctx, admin, { team_leader_nrp: a.nrp });
    expect(await detail(nrp)).toMatchObject({ team_leader_nrp: a.nrp, team_leader_nama: a.nama });
    const none = await createKaryawanVia(ctx, admin, { team_leader_nrp: '' });
    expect(await detail(none)).toMatchObject({ team_leader_nrp: null, team_leader_nama: null });
  });

  it('is changed, kept when left out, and cleared when sent blank on update', async () => {
    const e = await seededActive(ctx);
    const { a, b } = await people(e.nrp);
    expect((await put(e.nrp, { team_leader_nrp: a.nrp })).status).toBe(200);
    expect(await detail(e.nrp)).toMatchObject({ team_leader_nrp: a.nrp, team_leader_nama: a.nama });
    expect((await put(e.nrp, { team_leader_nrp: b.nrp })).status).toBe(200);
    expect((await put(e.nrp, { telp_hp: '0812000111' })).status).toBe(200);
    expect(await detail(e.nrp)).toMatchObject({ team_leader_nrp: b.nrp, team_leader_nama: b.nama });
    expect((await put(e.nrp, { team_leader_nrp: '' })).status).toBe(200);
    expect(await detail(e.nrp)).toMatchObject({ team_leader_nrp: null, team_leader_nama: null });
  });

  it('refuses an unknown NRP, a resigned employee and herself with 400, writing nothing', async () => {
    const e = await seededActive(ctx);
    const { a, resigned } = await people(e.nrp);
    expect((await put(e.nrp, { team_leader_nrp: a.nrp })).status).toBe(200);
    const before = await stored(e.nrp);
    const itemsBefore = (await items(e.nrp)).length;

    expect(await refused(await put(e.nrp, { team_leader_nrp: '99999999', nama: 'Tidak Tersimpan' }))).toBe(
      'Team Leader 99999999 tidak ditemukan',
    );
    expect(await refused(await put(e.nrp, { team_leader_nrp: resigned.nrp, nama: 'Tidak Tersimpan' }))).toBe(
      `Team Leader ${resigned.nrp} - ${resigned.nama} sudah resign`,
    );
    expect(await refused(await put(e.nrp, { team_leader_nrp: e.nrp, nama: 'Tidak Tersimpan' }))).toBe(
      'Team Leader tidak boleh karyawan itu sendiri',
    );
    expect(await refused(await put(e.nrp, { team_leader_nrp: 'bukan nrp!' }))).toBe('NRP Team Leader tidak valid');
    const after = await stored(e.nrp);
    expect(after.nama).toBe(before.nama);
    expect(after.team_leader_nrp).toBe(a.nrp);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await items(e.nrp)).toHaveLength(itemsBefore);

    const n = await count();
    expect(await refused(await post({ team_leader_nrp: '99999999' }))).toBe('Team Leader 99999999 tidak ditemukan');
    expect(await refused(await post({ team_leader_nrp: resigned.nrp }))).toBe(
      `Team Leader ${resigned.nrp} - ${resigned.nama} sudah resign`,
    );
    expect(await count()).toBe(n);
  });

  it('keeps to the user’s scope and edit rights: a leader she cannot see is unknown; Pegawai edit is needed', async () => {
    const e = await seededActive(ctx, 'JKT');
    const { a } = await people(e.nrp);
    const bdg = await seededActive(ctx, 'BDG');
    const jktOnly = await accountWith(
      ctx,
      admin,
      ['karyawan.read', 'karyawan.update', 'karyawan.pegawai.edit'],
      { trustee: { lokasi: ['JKT'] } },
    );
    expect(await refused(await put(e.nrp, { team_leader_nrp: bdg.nrp }, jktOnly))).toBe(
      `Team Leader ${bdg.nrp} tidak ditemukan`,
    );
    expect((await put(e.nrp, { team_leader_nrp: a.nrp }, jktOnly)).status).toBe(200);

    const personalOnly = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.update', 'karyawan.personal.edit']);
    const res = await put(e.nrp, { team_leader_nrp: '' }, personalOnly);
    expect(res.status).toBe(403);
    expect((await stored(e.nrp)).team_leader_nrp).toBe(a.nrp);
  });

  it('a leave filed after the change waits for the new leader at step 1', async () => {
    const e = await seededActive(ctx);
    const { b: leader } = await people(e.nrp);
    expect(leader.nrp).not.toBe(e.team_leader_nrp);
    // Step 1 exists when an active account linked to the leader holds leave.approve (the TL role does).
    const user = await ctx.request('POST', '/api/users', {
      token: admin,
      body: {
        userid: 'TLBARU',
        username: 'tlbaru',
        nama: leader.nama,
        password: STRONG,
        role: 'TL',
        nrp: leader.nrp,
        reset_password: false,
      },
    });
    expect(user.status, await user.clone().text()).toBe(201);
    expect((await put(e.nrp, { team_leader_nrp: leader.nrp })).status).toBe(200);

    const start = dateIn('Asia/Jakarta', new Date(Date.now() + 90 * 86_400_000));
    const form = new FormData();
    form.append('karyawan_nrp', e.nrp);
    form.append('jenis_leave', '3'); // IZIN (src/domain/leave/leave-kinds.ts SEEDED_JENIS_LEAVE)
    form.append('start_date', start);
    form.append('tanggal', dateIn('Asia/Jakarta', new Date()));
    const res = await ctx.request('POST', '/api/leave', { token: admin, body: form });
    const body = (await res.json()) as { result: LeaveRow };
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.result.approval).toMatchObject([
      { approval_num: 1, approval_role: 'TL', approval_nrp: leader.nrp, approval_status: 'N' },
      { approval_num: 2, approval_role: 'ADMIN', approval_status: 'N' },
    ]);
  });
});
