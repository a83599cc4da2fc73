/**
 * /api/karyawan: the list and the create of an employee — every rule of spec part 1 §5 on the server
 * and the posting item it leaves. The change and the delete are karyawan-update.test.ts.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan, karyawanPosting } from '../../../server/db/schema/karyawan';
import { contractEnd } from '../../../src/domain/dates';
import type { KaryawanDetail } from '../../../src/domain/karyawan/karyawan';
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
const items = (nrp: string) => db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, nrp));

describe('GET /api/karyawan (list)', () => {
  it('answers active employees 10 per page with the columns of the list, resigned ones apart', async () => {
    const active = await list('');
    expect(active.result).toHaveLength(10);
    const all = await db().select({ nrp: karyawan.nrp, p3: karyawan.alasan_p3 }).from(karyawan);
    expect(active.totalCount).toBe(all.filter((r) => r.p3 === null).length);
    const row = active.result[0]!;
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'nrp',
        'nama',
        'foto_kar',
        'type',
        'sales_office',
        'telp_hp',
        'per_kontrak',
        'mulai_kontrak',
        'selesai_kontrak',
      ]),
    );
    expect(row.type.type).toBeTruthy();
    expect(active.result.every((r) => r.alasan_p3 === null)).toBe(true);

    const resigned = await list('resigned=1&per_page=100');
    expect(resigned.totalCount).toBe(all.filter((r) => r.p3 !== null).length);
    expect(resigned.totalCount).toBeGreaterThan(0);
    for (const r of resigned.result) {
      expect(r.tgl_p3).toBeTruthy();
      expect(r.mst_alasan_p3?.id).toBe(r.alasan_p3);
    }
    // Newest resignation first.
    const dates = resigned.result.map((r) => r.tgl_p3!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages, searches by NRP or name and sorts by a whitelisted field', async () => {
    const p2 = await list('page=2&per_page=5');
    const p1 = await list('page=1&per_page=5');
    expect(p2.result).toHaveLength(5);
    expect(p2.result.map((r) => r.nrp)).not.toEqual(p1.result.map((r) => r.nrp));

    const someone = p1.result[1]!;
    const byNrp = await list(`q=${someone.nrp}`);
    expect(byNrp.result.map((r) => r.nrp)).toEqual([someone.nrp]);
    const word = someone.nama.split(' ')[0]!;
    const byName = await list(`q=${encodeURIComponent(word.toLowerCase())}&per_page=100`);
    expect(byName.result.some((r) => r.nrp === someone.nrp)).toBe(true);
    expect(byName.result.every((r) => r.nama.toLowerCase().includes(word.toLowerCase()) || r.nrp.includes(word))).toBe(
      true,
    );

    const desc = await list('sort=nama|desc&per_page=20');
    const names = desc.result.map((r) => r.nama);
    expect([...names].sort((a, b) => b.localeCompare(a, 'en'))).toEqual(names);
    const byEnd = await list('sort=selesai_kontrak|asc&per_page=20');
    const ends = byEnd.result.map((r) => r.selesai_kontrak!);
    expect([...ends].sort()).toEqual(ends);
  });

  it('sorts by type or sales office name over every page exactly as one ORDER BY would', async () => {
    // One active employee without a sales office: last when ascending, first when descending.
    const [loose] = await db()
      .select({ nrp: karyawan.nrp, so: karyawan.sales_office_id })
      .from(karyawan)
      .where(isNull(karyawan.alasan_p3))
      .orderBy(asc(karyawan.nrp))
      .limit(1)
      .offset(3);
    await db().update(karyawan).set({ sales_office_id: null }).where(eq(karyawan.nrp, loose!.nrp));
    try {
      for (const [field, name] of [
        ['type', sql`t.type`],
        ['sales_office', sql`s.nama`],
      ] as const)
        for (const dir of ['asc', 'desc'] as const) {
          const expected = (
            (await db().execute(sql`
              select k.nrp from karyawan k join karyawan_type t on t.id = k.type_spg_id
              left join sales_office s on s.id = k.sales_office_id
              where k.alasan_p3 is null order by ${name} ${sql.raw(dir)}, k.nrp`)) as unknown as {
              rows: { nrp: string }[];
            }
          ).rows.map((r) => r.nrp);
          const got: string[] = [];
          for (let page = 1; got.length < expected.length; page++) {
            const answer = await list(`sort=${field}|${dir}&per_page=50&page=${page}`);
            expect(answer.totalCount).toBe(expected.length);
            expect(answer.result.length).toBeGreaterThan(0);
            got.push(...answer.result.map((r) => r.nrp));
          }
          expect(got, `${field}|${dir}`).toEqual(expected);
          if (field === 'sales_office') expect(dir === 'asc' ? got.at(-1) : got[0]).toBe(loose!.nrp);
        }
      // The search narrows the sorted pages too, and reads the rows of the page in full.
      const searched = await list('sort=sales_office|asc&q=a&per_page=5&page=2');
      expect(searched.result).toHaveLength(5);
      expect(searched.result.every((r) => `${r.nrp} ${r.nama}`.toLowerCase().includes('a'))).toBe(true);
      expect(searched.result[0]!.type.type).toBeTruthy();
    } finally {
      await db().update(karyawan).set({ sales_office_id: loose!.so }).where(eq(karyawan.nrp, loose!.nrp));
    }
  });

  it('searches without regard to case and takes % and _ literally', async () => {
    const [someone] = (await list('per_page=1&page=7')).result;
    const word = someone!.nama.split(' ')[0]!;
    const lower = await list(`q=${encodeURIComponent(word.toLowerCase())}&per_page=100`);
    const upper = await list(`q=${encodeURIComponent(word.toUpperCase())}&per_page=100`);
    expect(upper.result.map((r) => r.nrp)).toEqual(lower.result.map((r) => r.nrp));
    expect(lower.result.some((r) => r.nrp === someone!.nrp)).toBe(true);
    for (const q of ['%', '_', '\\']) expect((await list(`q=${encodeURIComponent(q)}`)).totalCount, q).toBe(0);
    // NRP and name are searched apart: a fragment spanning the end of one and the start of the other finds nobody.
    expect((await list(`q=${encodeURIComponent(`${someone!.nrp.slice(-2)}${word.slice(0, 2)}`)}`)).totalCount).toBe(0);
  });

  it('refuses an unknown sort field or direction, and a bad resigned flag (400)', async () => {
    for (const q of ['sort=password|asc', 'sort=nama|sideways', 'resigned=maybe', 'per_page=0']) {
      const res = await get(`/api/karyawan?${q}`);
      expect(res.status, q).toBe(400);
    }
    const body = (await (await get('/api/karyawan?sort=gapok|desc')).json()) as { message: string };
    expect(body.message).toBe('Urutan tidak valid');
  });

  it('needs a session (401) and karyawan.read or karyawan.resign (403)', async () => {
    expect((await ctx.request('GET', '/api/karyawan')).status).toBe(401);
    const none = await accountWith(ctx, admin, ['dashboard.read']);
    expect((await get('/api/karyawan', none)).status).toBe(403);
    const resignOnly = await accountWith(ctx, admin, ['karyawan.resign']);
    expect((await get('/api/karyawan?resigned=1', resignOnly)).status).toBe(200);
    // The detail itself needs karyawan.read.
    const { nrp } = await seededActive(ctx);
    expect((await get(`/api/karyawan/${nrp}`, resignOnly)).status).toBe(403);
  });
});

describe('POST /api/karyawan (create)', () => {
  it('creates the next NRP with the §3 defaults, the derived dates, the first contract and a P1 item', async () => {
    const [top] = await db().select({ nrp: karyawan.nrp }).from(karyawan).orderBy(karyawan.nrp).limit(1).offset(0);
    expect(top).toBeDefined();
    const before = await db().select({ nrp: karyawan.nrp }).from(karyawan);
    const highest = Math.max(...before.map((r) => Number(r.nrp)).filter((n) => n >= 10_000_000));

    const nrp = await createKaryawanVia(ctx, hr, { status: '1', status_kel: '', bpjs_kes: '' });
    expect(nrp).toBe(String(highest + 1));
    const e = await detail(nrp);
    expect(e).toMatchObject({
      nama: 'Ani Lestari',
      status: 2,
      status_kel: 'T',
      bpjs_kes: 'Y',
      bopk: 'T',
      bp: 'T',
      inhealth: 'T',
      tg: 'T',
      jum_inhealth: 0,
      sts_kontrak: 'B',
      per_kontrak: 1,
      lama_kontrak: 6,
      mulai_kontrak: '2026-01-31',
      selesai_kontrak: contractEnd('2026-01-31', 6),
      tgl_awkerja: '2026-01-31',
      tgl_pph: '2026-01-31',
      npwp: '12.345.678.9-012.345',
    });
    expect(e.selesai_kontrak).toBe('2026-07-30');
    // The type fills the allowances the form left blank (REG: 25.000 / 15.000 / 0).
    expect(e.gaji).toEqual({ gapok: 5_000_000, tun_makan: 25_000, tun_bensin: 15_000, tun_lain: 0 });
    expect(e.kontrak).toHaveLength(1);
    expect(e.kontrak?.[0]).toMatchObject({ per_kontrak: 1, lama_kontrak: 6, mulai_kontrak: '2026-01-31' });
    expect(e.kontrak?.[0]?.no_kontrak).toMatch(/^PKWT\/KM\/2026\/\d{6}$/);
    expect(e.no_kontrak).toBe(e.kontrak?.[0]?.no_kontrak);

    const posting = await items(nrp);
    expect(posting).toHaveLength(1);
    expect(posting[0]).toMatchObject({ jenis_trn: 'P1', nama: 'Ani Lestari', date_posting: null });

    const second = await createKaryawanVia(ctx, hr, { nama: 'Budi Santoso', jenis_kelamin: 'L' });
    expect(Number(second)).toBe(Number(nrp) + 1);
  });

  it('keeps allowances the form sent and reads a JSON body too', async () => {
    const res = await ctx.request('POST', '/api/karyawan', {
      token: admin,
      body: { ...newKaryawan(), gaji: { gapok: '4.900.000', tun_makan: 30_000, tun_bensin: 0, tun_lain: 5000 } },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { result } = (await res.json()) as { result: { nrp: string } };
    expect((await detail(result.nrp)).gaji).toEqual({
      gapok: 4_900_000,
      tun_makan: 30_000,
      tun_bensin: 0,
      tun_lain: 5000,
    });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['Kode Perusahaan', { kode_prsh: '' }, 'Kode Perusahaan harus diisi'],
    ['Kode Lokasi', { kode_lokasi: '' }, 'Kode Lokasi harus diisi'],
    ['Nama', { nama: '  ' }, 'Nama harus diisi'],
    ['Nama max 40', { nama: 'x'.repeat(41) }, 'Nama maksimal 40 karakter'],
    ['Jenis Kelamin', { jenis_kelamin: '' }, 'Jenis Kelamin harus diisi'],
    ['Jenis Kelamin L/P', { jenis_kelamin: 'X' }, 'Jenis Kelamin harus diisi'],
    ['Jumlah Anak', { jumlah_anak: '' }, 'Jumlah Anak harus diisi'],
    ['Jumlah Anak ≥ 0', { jumlah_anak: '-1' }, 'Jumlah Anak harus angka 0 atau lebih'],
    ['Tipe', { type_spg_id: '' }, 'Tipe harus diisi'],
    ['Departemen', { departemen_id: '' }, 'Departemen harus diisi'],
    ['Kode UMR', { kode_umr: '' }, 'Kode UMR harus diisi'],
    ['Gaji Pokok', { gaji: JSON.stringify({ gapok: '' }) }, 'Gaji Pokok harus diisi'],
    ['Gaji Pokok absent', { gaji: undefined }, 'Gaji Pokok harus diisi'],
    ['gaji not JSON', { gaji: '{gapok' }, 'Format gaji tidak valid (JSON)'],
    ['Lama Kontrak', { lama_kontrak: '' }, 'Lama Kontrak harus diisi'],
    ['Lama Kontrak option', { lama_kontrak: '2' }, 'Lama Kontrak harus diisi'],
    ['Mulai Kontrak', { mulai_kontrak: '' }, 'Mulai Kontrak harus diisi'],
    ['Mulai Kontrak date', { mulai_kontrak: '2026-02-30' }, 'Tanggal harus berformat YYYY-MM-DD'],
    ['NIK max 18', { nik: '1'.repeat(19) }, 'NIK maksimal 18 karakter'],
    ['Alamat1 max 40', { alamat1: 'a'.repeat(41) }, 'Alamat maksimal 40 karakter'],
    ['Alamat2 max 40', { alamat2: 'a'.repeat(41) }, 'Alamat maksimal 40 karakter'],
    ['Kode Pos max 5', { kode_pos: '123456' }, 'Kode Pos maksimal 5 karakter'],
    ['Email max 40', { email: `${'a'.repeat(30)}@example.com` }, 'Email maksimal 40 karakter'],
    ['Email format', { email: 'bukan-email' }, 'Format email tidak valid'],
    ['HP max 15', { telp_hp: '0812345678901234' }, 'Nomor HP maksimal 15 karakter'],
    ['Rekening BCA max 12', { rek_bca: '1234567890123' }, 'Rekening BCA maksimal 12 karakter'],
    ['PIN max 20', { pin: 'p'.repeat(21) }, 'PIN maksimal 20 karakter'],
    ['Job Class < 10', { jobclass: '9' }, 'Job Class harus angka 10 sampai 38'],
    ['Job Class > 38', { jobclass: '39' }, 'Job Class harus angka 10 sampai 38'],
    ['Job Class text', { jobclass: 'abc' }, 'Job Class harus angka 10 sampai 38'],
    ['NPWP mask', { npwp: '123456789012345' }, 'NPWP harus berformat 99.999.999.9-999.999'],
    ['NPWP mask 2', { npwp: '12.345.678.9-012.34' }, 'NPWP harus berformat 99.999.999.9-999.999'],
  ];
  it.each(cases)('400 for %s, with its message on its field', async (_name, over, message) => {
    const res = await ctx.request('POST', '/api/karyawan', { token: admin, body: multipart(newKaryawan(over)) });
    const body = (await res.json()) as { message: string; error: { issues: { path: string; message: string }[] } };
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.error.issues[0]?.message).toBe(message);
  });

  it('accepts the boundaries of each limit', async () => {
    const nrp = await createKaryawanVia(ctx, admin, {
      nama: 'N'.repeat(40),
      nik: '1'.repeat(18),
      alamat1: 'a'.repeat(40),
      kode_pos: '12345',
      email: `${'a'.repeat(28)}@example.com`,
      telp_hp: '081234567890123',
      rek_bca: '123456789012',
      pin: 'p'.repeat(20),
      jobclass: '38',
      jumlah_anak: '0',
    });
    expect((await detail(nrp)).jobclass).toBe(38);
  });

  it('refuses codes that do not exist, a store of another client and a lokasi of another company', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kode_lokasi: 'NOPE' }, 'Kode Lokasi NOPE tidak ditemukan'],
      [{ type_spg_id: 'NOPE' }, 'Tipe NOPE tidak ditemukan'],
      [{ kode_umr: 'NOPE' }, 'Kode UMR NOPE tidak ditemukan'],
      [{ route_list_id: 'NOPE' }, 'Route List NOPE tidak ditemukan'],
      [{ cust_code: 'NOPE' }, 'Store NOPE tidak ditemukan'],
      [{ kode_prsh: 'SJA' }, 'Lokasi JKT bukan lokasi perusahaan SJA'],
    ];
    const other = await storeOf(ctx, 'BRV');
    cases.push([{ client_id: 'NSF', cust_code: other.cust_code }, `Store ${other.cust_code} bukan store client NSF`]);
    for (const [over, message] of cases) {
      const res = await ctx.request('POST', '/api/karyawan', { token: admin, body: multipart(newKaryawan(over)) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const own = await storeOf(ctx, 'NSF');
    const nrp = await createKaryawanVia(ctx, admin, { client_id: 'NSF', cust_code: own.cust_code });
    expect((await detail(nrp)).store).toEqual({ cust_code: own.cust_code, cust_name: own.cust_name });
  });

  it('stores photos checked by content and refuses anything else', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { foto_kar: new Blob([PNG_1PX], { type: 'image/png' }) });
    const e = await detail(nrp);
    expect(e.foto_kar).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
    const photo = await get(`/uploads/photo/${e.foto_kar}`);
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG_1PX);

    const fake = new Blob(['not an image'], { type: 'image/png' });
    const res = await ctx.request('POST', '/api/karyawan', {
      token: admin,
      body: multipart(newKaryawan({ foto_ktp: fake })),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('Foto KTP');
  });

  it('needs karyawan.create (403) and stays inside the trustee scope (403)', async () => {
    const reader = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.update']);
    const res = await ctx.request('POST', '/api/karyawan', { token: reader, body: multipart(newKaryawan()) });
    expect(res.status).toBe(403);
    const sby = await accountWith(ctx, admin, ['karyawan.create', 'karyawan.read'], { trustee: { lokasi: ['SBY'] } });
    const out = await ctx.request('POST', '/api/karyawan', { token: sby, body: multipart(newKaryawan()) });
    expect(out.status).toBe(403);
  });
});
