/**
 * /api/karyawan/{id}: the change and the delete of an employee — the §5 rules and derived fields, the
 * per-tab edit rights, the trustee scope and the posting items they leave. The list and the create are
 * karyawan.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawanPosting, kontrak } from '../../../server/db/schema/karyawan';
import { deleteHasVisitsMessage, type KaryawanDetail } from '../../../src/domain/karyawan/karyawan';
import type { KaryawanRow } from '../../../src/domain/karyawan/karyawan-list';
import type { ListAnswer } from '../../../src/domain/list-query';
import { createTestContext, type TestContext } from '../helpers';
import {
  accountWith,
  createKaryawanVia,
  multipart,
  newKaryawan,
  PNG_1PX,
  seededActive,
  storeOf,
} from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
let hr: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
  hr = await ctx.tokenFor('hr');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const get = (path: string, token = admin) => ctx.request('GET', path, { token });
const list = async (query: string, token = admin) => {
  const res = await get(`/api/karyawan?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListAnswer<KaryawanRow>;
};
const detail = async (nrp: string, token = admin) => {
  const res = await get(`/api/karyawan/${nrp}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { result: KaryawanDetail }).result;
};
const put = (nrp: string, fields: Record<string, unknown>, token = admin) =>
  ctx.request('PUT', `/api/karyawan/${nrp}`, { token, body: multipart(fields) });
const items = (nrp: string) => db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, nrp));

describe('PUT /api/karyawan/{id} (update)', () => {
  it('changes a tab, leaves one P2 item that gathers later changes, and keeps the rest', async () => {
    const e = await seededActive(ctx);
    expect(await items(e.nrp)).toHaveLength(0);
    const res = await put(e.nrp, { nama: 'Nama Baru Sekali', telp_hp: '0811111111' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(
      `Data karyawan ${e.nrp} - Nama Baru Sekali berhasil diubah`,
    );
    const after = await detail(e.nrp);
    expect(after).toMatchObject({
      nama: 'Nama Baru Sekali',
      telp_hp: '0811111111',
      npwp: e.npwp,
      kode_lokasi: e.kode_lokasi,
    });
    let p = await items(e.nrp);
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ jenis_trn: 'P2', keterangan: 'Personal', nama: 'Nama Baru Sekali' });

    expect((await put(e.nrp, { jobclass: '37' })).status).toBe(200);
    p = await items(e.nrp);
    expect(p).toHaveLength(1);
    expect(p[0]?.keterangan).toBe('Personal, Pegawai');

    const same = await put(e.nrp, { nama: 'Nama Baru Sekali' });
    expect(((await same.json()) as { message: string }).message).toBe('Tidak ada perubahan data');
  });

  it('a change while the P1 item is still open adds no P2 item', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    expect((await put(nrp, { telp_hp: '0819999999' })).status).toBe(200);
    expect((await items(nrp)).map((i) => i.jenis_trn)).toEqual(['P1']);
  });

  it('derives the contract end, tgl_awkerja and tgl_pph from a new start of the first contract', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    const res = await put(nrp, { mulai_kontrak: '2026-03-01', lama_kontrak: '12' });
    expect(res.status, await res.clone().text()).toBe(200);
    const e = await detail(nrp);
    expect(e).toMatchObject({
      mulai_kontrak: '2026-03-01',
      lama_kontrak: 12,
      selesai_kontrak: '2027-02-28',
      tgl_awkerja: '2026-03-01',
      tgl_pph: '2026-03-01',
    });
    expect(e.kontrak?.[0]).toMatchObject({
      mulai_kontrak: '2026-03-01',
      lama_kontrak: 12,
      selesai_kontrak: '2027-02-28',
    });
    // The end is never taken from the client.
    await put(nrp, { lama_kontrak: '3', selesai_kontrak: '2030-01-01' });
    expect((await detail(nrp)).selesai_kontrak).toBe('2026-05-31');
  });

  it('a change of client clears the store unless a store of that client comes with it', async () => {
    const nsf = await storeOf(ctx, 'NSF');
    const nrp = await createKaryawanVia(ctx, admin, { client_id: 'NSF', cust_code: nsf.cust_code });
    expect((await put(nrp, { client_id: 'BRV' })).status).toBe(200);
    expect((await detail(nrp)).cust_code).toBeNull();
    const brv = await storeOf(ctx, 'BRV');
    expect((await put(nrp, { client_id: 'NSF', cust_code: brv.cust_code })).status).toBe(400);
  });

  it('validates like create: a required field cannot be blanked (400)', async () => {
    const { nrp } = await seededActive(ctx);
    for (const [field, message] of [
      ['nama', 'Nama harus diisi'],
      ['kode_lokasi', 'Kode Lokasi harus diisi'],
      ['departemen_id', 'Departemen harus diisi'],
      ['jumlah_anak', 'Jumlah Anak harus diisi'],
      ['lama_kontrak', 'Lama Kontrak harus diisi'],
    ] as const) {
      const res = await put(nrp, { [field]: '' });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it('refuses a change to a tab without its edit permission (403), and accepts the unchanged rest', async () => {
    const personalOnly = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.update', 'karyawan.personal.edit']);
    const e = await seededActive(ctx);
    // The whole form comes back unchanged but for one personal field: allowed.
    const full = { ...newKaryawan(), ...Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v ?? ''])) };
    delete (full as Record<string, unknown>).gaji;
    const ok = await put(e.nrp, { ...full, nama: 'Hanya Personal' }, personalOnly);
    expect(ok.status, await ok.clone().text()).toBe(200);

    for (const [over, tab] of [
      [{ kode_lokasi: 'BDG' }, 'Pegawai'],
      [{ npwp: '99.999.999.9-999.999' }, 'Pajak'],
      [{ ka_bpjs_tk: '123' }, 'BPJS'],
      [{ lama_kontrak: '1' }, 'Kontrak'],
      [{ gaji: JSON.stringify({ gapok: 1 }) }, 'Gaji & Tunjangan'],
    ] as const) {
      const res = await put(e.nrp, over, personalOnly);
      expect(res.status, tab).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Anda tidak memiliki akses untuk mengubah data tab ${tab}`,
      );
    }
    const pajak = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.update', 'karyawan.pajak.edit']);
    expect((await put(e.nrp, { npwp: '99.999.999.9-999.999' }, pajak)).status).toBe(200);
    expect((await put(e.nrp, { nama: 'Lagi' }, pajak)).status).toBe(403);
    const noUpdate = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.personal.edit']);
    expect((await put(e.nrp, { nama: 'Lagi' }, noUpdate)).status).toBe(403);
  });

  it('salary is for administrators with karyawan.gaji.read; others do not even see it', async () => {
    const e = await seededActive(ctx);
    const res = await put(e.nrp, { gaji: JSON.stringify({ gapok: e.gapok + 1000 }) }, hr);
    expect(res.status).toBe(403);
    expect((await put(e.nrp, { gaji: JSON.stringify({ gapok: e.gapok + 1000 }) }, admin)).status).toBe(200);
    expect((await detail(e.nrp)).gaji?.gapok).toBe(e.gapok + 1000);

    const noGaji = await accountWith(ctx, admin, ['karyawan.read']);
    const hidden = await detail(e.nrp, noGaji);
    expect(hidden.gaji).toBeNull();
    expect(hidden.kode_umr).toBeNull();
    expect(hidden.kontrak).toBeNull();
  });

  it('replaces a photo and removes the old file', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { foto_kar: new Blob([PNG_1PX]) });
    const old = (await detail(nrp)).foto_kar!;
    expect((await put(nrp, { foto_kar: new Blob([PNG_1PX]) })).status).toBe(200);
    const now = (await detail(nrp)).foto_kar!;
    expect(now).not.toBe(old);
    expect((await get(`/uploads/photo/${now}`)).status).toBe(200);
    expect((await get(`/uploads/photo/${old}`)).status).toBe(404);
  });

  it('a resigned employee can no longer be changed (409)', async () => {
    const [resigned] = (await list('resigned=1')).result;
    const res = await put(resigned!.nrp, { telp_hp: '0800000000' });
    expect(res.status).toBe(409);
  });
});

describe('trustee scope', () => {
  it('a user of one lokasi lists only it and cannot open, change or delete anyone else (403)', async () => {
    const token = await accountWith(
      ctx,
      admin,
      ['karyawan.read', 'karyawan.update', 'karyawan.delete', 'karyawan.pegawai.edit', 'karyawan.posting'],
      { trustee: { lokasi: ['BDG'] } },
    );
    const mine = await list('per_page=1000', token);
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(new Set(mine.result.map((r) => r.kode_lokasi))).toEqual(new Set(['BDG']));
    const resigned = await list('resigned=1&per_page=1000', token);
    expect(resigned.result.every((r) => r.kode_lokasi === 'BDG')).toBe(true);

    const jkt = await seededActive(ctx, 'JKT');
    expect((await list(`q=${jkt.nrp}`, token)).totalCount).toBe(0);
    for (const res of [
      await get(`/api/karyawan/${jkt.nrp}`, token),
      await put(jkt.nrp, { jobclass: '20' }, token),
      await ctx.request('DELETE', `/api/karyawan/${jkt.nrp}`, { token }),
      await get(`/api/karyawan/${jkt.nrp}/posting/status`, token),
    ]) {
      expect(res.status).toBe(403);
    }
    const bdg = await seededActive(ctx, 'BDG');
    expect((await get(`/api/karyawan/${bdg.nrp}`, token)).status).toBe(200);
    // Moving one's own employee out of one's scope is refused too.
    expect((await put(bdg.nrp, { kode_lokasi: 'JKT' }, token)).status).toBe(403);
    expect((await put(bdg.nrp, { jobclass: '21' }, token)).status).toBe(200);
  });
});

describe('DELETE /api/karyawan/{id}', () => {
  it('refuses an employee with visits with the spec message, verbatim (409)', async () => {
    const e = await seededActive(ctx);
    const res = await ctx.request('DELETE', `/api/karyawan/${e.nrp}`, { token: admin });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(deleteHasVisitsMessage(e.nrp, e.nama));
    expect(body.message).toBe(
      `Tidak bisa menghapus karyawan ${e.nrp} - ${e.nama}. Karyawan sudah memiliki kunjungan. Mohon hapus kunjungan terlebih dahulu.`,
    );
    expect((await get(`/api/karyawan/${e.nrp}`)).status).toBe(200);
  });

  it('deletes a new employee with their contracts and open posting items; needs karyawan.delete', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    const reader = await accountWith(ctx, admin, ['karyawan.read']);
    expect((await ctx.request('DELETE', `/api/karyawan/${nrp}`, { token: reader })).status).toBe(403);
    const res = await ctx.request('DELETE', `/api/karyawan/${nrp}`, { token: admin });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(`Karyawan ${nrp} - Ani Lestari berhasil dihapus`);
    expect((await get(`/api/karyawan/${nrp}`)).status).toBe(404);
    expect(await db().select().from(kontrak).where(eq(kontrak.nrp, nrp))).toHaveLength(0);
    expect(await items(nrp)).toHaveLength(0);
    expect((await ctx.request('DELETE', `/api/karyawan/${nrp}`, { token: admin })).status).toBe(404);
  });

  it('refuses an employee whose item already went to payroll (409)', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    await db()
      .update(karyawanPosting)
      .set({ date_posting: new Date() })
      .where(and(eq(karyawanPosting.nrp, nrp), eq(karyawanPosting.jenis_trn, 'P1')));
    const res = await ctx.request('DELETE', `/api/karyawan/${nrp}`, { token: admin });
    expect(res.status).toBe(409);
  });

  it('answers 404 for an unknown or malformed NRP', async () => {
    expect((await get('/api/karyawan/99999999')).status).toBe(404);
    expect((await get(`/api/karyawan/${encodeURIComponent("1' or 1=1")}`)).status).toBe(404);
  });
});
