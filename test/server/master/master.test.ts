import { DEVICE_MESSAGES } from '../../../src/domain/device/device';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
let spg: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr'), ctx.tokenFor('spg')]);
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json & { message: string; result: Json & Json[] };

/** A value some seeded row still references, read from the database so the test follows the seed. */
async function referenced(query: string): Promise<string> {
  const { rows } = (await ctx.database.db.execute(sql.raw(query))) as unknown as { rows: { v: string }[] };
  const value = rows[0]?.v;
  if (!value) throw new Error(`nothing referenced: ${query}`);
  return value;
}

interface Case {
  resource: string;
  key?: string;
  create: Json;
  /** What GET answers for the created row (defaults to `create`). */
  stored?: Json;
  update: Json;
  bad: { body: Json; message: string }[];
  inUse: () => Promise<string>;
  inUseMessage: RegExp;
  /** Has kode_prsh: an unknown company is a 400. */
  company?: boolean;
}

const CASES: Case[] = [
  {
    resource: 'perusahaan',
    key: 'kode_prsh',
    create: { kode_prsh: 'TPR', nama: 'PT Uji Coba' },
    // A new company flags unsigned check-ins (decision 032) until it says otherwise.
    stored: { kode_prsh: 'TPR', nama: 'PT Uji Coba', device_policy: 'wajib' },
    update: { nama: 'PT Uji Coba Baru', device_policy: 'dicatat' },
    bad: [
      { body: { kode_prsh: 'TP3', nama: 'PT X', device_policy: 'kadang' }, message: DEVICE_MESSAGES.policy },
      { body: { kode_prsh: '', nama: 'PT X' }, message: 'Kode harus diisi' },
      { body: { kode_prsh: 'TOOLONG', nama: 'PT X' }, message: 'Maksimal 4 karakter' },
      { body: { kode_prsh: 'TP2' }, message: 'Nama harus diisi' },
    ],
    inUse: async () => 'KM',
    inUseMessage: /^Perusahaan masih digunakan oleh data .+ dan tidak dapat dihapus$/,
  },
  {
    resource: 'sales-office',
    create: { id: 'TSO', kode_prsh: 'KM', nama: 'Sales Office Uji' },
    update: { kode_prsh: 'SJA', nama: 'Sales Office Uji 2' },
    bad: [{ body: { id: 'TSO2X', kode_prsh: 'KM', nama: 'x' }, message: 'Maksimal 4 karakter' }],
    inUse: () => referenced('select sales_office_id as v from store where sales_office_id is not null limit 1'),
    inUseMessage: /^Sales Office masih digunakan oleh data (karyawan|store) dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'lokasi',
    // The zone by the name people use (WITA) is stored as its IANA name.
    create: { id: 'TLOK', kode_prsh: 'KM', nama: 'Lokasi Uji', alamat: 'Jl. Uji No. 1', time_zone: 'WITA' },
    stored: { id: 'TLOK', kode_prsh: 'KM', nama: 'Lokasi Uji', alamat: 'Jl. Uji No. 1', time_zone: 'Asia/Makassar' },
    update: { kode_prsh: 'KM', nama: 'Lokasi Uji Baru', alamat: null, time_zone: 'Asia/Jayapura' },
    bad: [
      {
        body: { id: 'TLOK2', kode_prsh: 'KM', nama: 'Lokasi', time_zone: 'UTC' },
        message: 'Zona waktu harus WIB, WITA atau WIT',
      },
      {
        body: { id: 'TLOK2', kode_prsh: 'KM', nama: 'Lokasi', time_zone: 7 },
        message: 'Zona waktu harus WIB, WITA atau WIT',
      },
      { body: { id: 'TLOK2', kode_prsh: 'KM', nama: '' }, message: 'Nama harus diisi' },
      { body: { id: 'TLOK2', kode_prsh: 'KM', nama: 'x'.repeat(41) }, message: 'Maksimal 40 karakter' },
      { body: { id: 'TLOK2', nama: 'Lokasi' }, message: 'Kode Perusahaan harus diisi' },
    ],
    inUse: () => referenced('select kode_lokasi as v from karyawan limit 1'),
    inUseMessage: /^Lokasi masih digunakan oleh data karyawan dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'client',
    create: { id: 'TCLI', kode_prsh: 'KM', nama: 'PT Klien Uji' },
    update: { kode_prsh: 'KM', nama: 'PT Klien Uji Baru' },
    bad: [{ body: { kode_prsh: 'KM', nama: 'PT Klien' }, message: 'Kode harus diisi' }],
    inUse: () => referenced('select client_id as v from store where client_id is not null limit 1'),
    inUseMessage: /^Client masih digunakan oleh data (store|karyawan) dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'jabatan',
    create: { id: 'TJAB', kode_prsh: 'KM', nama: 'Jabatan Uji' },
    update: { kode_prsh: 'KM', nama: 'Jabatan Uji Baru' },
    bad: [
      {
        body: { id: 'T JAB', kode_prsh: 'KM', nama: 'x' },
        message: expect.stringMatching(/^Kode hanya boleh/) as never,
      },
    ],
    inUse: () => referenced('select jabatan_id as v from karyawan where jabatan_id is not null limit 1'),
    inUseMessage: /^Jabatan masih digunakan oleh data karyawan dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'departemen',
    create: { id: 'TDEP', kode_prsh: 'KM', nama: 'Departemen Uji' },
    update: { kode_prsh: 'KM', nama: 'Departemen Uji Baru' },
    bad: [{ body: { id: 'TDEP2', kode_prsh: 'KM', nama: '   ' }, message: 'Nama harus diisi' }],
    inUse: () => referenced('select departemen_id as v from karyawan limit 1'),
    inUseMessage: /^Departemen masih digunakan oleh data karyawan dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'divisi',
    create: { id: 'TDIV', kode_prsh: 'KM', nama: 'Divisi Uji' },
    update: { kode_prsh: 'KM', nama: 'Divisi Uji Baru' },
    bad: [{ body: { id: 'X'.repeat(11), kode_prsh: 'KM', nama: 'x' }, message: 'Maksimal 10 karakter' }],
    inUse: () => referenced('select divisi_id as v from karyawan where divisi_id is not null limit 1'),
    inUseMessage: /^Divisi masih digunakan oleh data karyawan dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'karyawan-type',
    create: { id: 'TTYP', kode_prsh: 'KM', type: 'SPG Uji', tun_makan: 27_500, tun_bensin: '12.000' },
    stored: { id: 'TTYP', kode_prsh: 'KM', type: 'SPG Uji', tun_makan: 27_500, tun_bensin: 12_000, tun_lain: 0 },
    update: { kode_prsh: 'KM', type: 'SPG Uji Baru', tun_makan: 30_000, tun_bensin: 0, tun_lain: 5_000 },
    bad: [
      {
        body: { id: 'TT2', kode_prsh: 'KM', type: 'x', tun_makan: -1 },
        message: 'Nominal harus bilangan bulat 0 atau lebih',
      },
      {
        body: { id: 'TT2', kode_prsh: 'KM', type: 'x', tun_bensin: 1.5 },
        message: 'Nominal harus bilangan bulat 0 atau lebih',
      },
      { body: { id: 'TT2', kode_prsh: 'KM' }, message: 'Type harus diisi' },
    ],
    inUse: () => referenced('select type_spg_id as v from karyawan limit 1'),
    inUseMessage: /^Type Karyawan masih digunakan oleh data karyawan dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'shift',
    create: {
      id: 'TSHF',
      kode_prsh: 'KM',
      nama: 'Shift Uji',
      jam_mulai: '07:30',
      jam_selesai: '15:30:00',
      ada_uang_shift: 'Y',
      // As the form sends it; Toleransi Pulang Cepat left out: the default 5 minutes.
      toleransi_terlambat: '10',
    },
    stored: {
      id: 'TSHF',
      kode_prsh: 'KM',
      nama: 'Shift Uji',
      jam_mulai: '07:30:00',
      jam_selesai: '15:30:00',
      ada_uang_shift: 'Y',
      toleransi_terlambat: 10,
      toleransi_pulang_cepat: 5,
      // No Batas Check Out given: Jam Selesai + 2 jam (batasOf).
      batas_check_out: null,
    },
    update: {
      kode_prsh: 'KM',
      nama: 'Shift Malam',
      jam_mulai: '22:00',
      jam_selesai: '06:00',
      ada_uang_shift: 'T',
      toleransi_terlambat: 0,
      toleransi_pulang_cepat: 240,
      // A night shift's limit the next morning.
      batas_check_out: '08:00',
    },
    bad: [
      {
        body: {
          id: 'TS2',
          kode_prsh: 'KM',
          nama: 'x',
          jam_mulai: '08:00',
          jam_selesai: '16:00',
          ada_uang_shift: 'Y',
          toleransi_terlambat: 241,
        },
        message: 'Toleransi Terlambat harus bilangan bulat 0 sampai 240 menit',
      },
      {
        body: {
          id: 'TS2',
          kode_prsh: 'KM',
          nama: 'x',
          jam_mulai: '08:00',
          jam_selesai: '16:00',
          ada_uang_shift: 'Y',
          toleransi_pulang_cepat: '-1',
        },
        message: 'Toleransi Pulang Cepat harus bilangan bulat 0 sampai 240 menit',
      },
      {
        body: {
          id: 'TS2',
          kode_prsh: 'KM',
          nama: 'x',
          jam_mulai: '08:00',
          jam_selesai: '16:00',
          ada_uang_shift: 'Y',
          toleransi_terlambat: '',
        },
        message: 'Toleransi Terlambat harus bilangan bulat 0 sampai 240 menit',
      },
      {
        body: { id: 'TS2', kode_prsh: 'KM', nama: 'x', jam_mulai: '25:00', jam_selesai: '06:00', ada_uang_shift: 'Y' },
        message: 'Format jam tidak benar',
      },
      {
        body: {
          id: 'TS2',
          kode_prsh: 'KM',
          nama: 'x',
          jam_mulai: '08:00',
          jam_selesai: '16:00',
          ada_uang_shift: 'Y',
          batas_check_out: '24:30',
        },
        message: 'Batas Check Out harus jam dengan format JJ:MM atau dikosongkan',
      },
      {
        body: { id: 'TS2', kode_prsh: 'KM', nama: 'x', jam_mulai: '08:00', jam_selesai: '16:00', ada_uang_shift: 'X' },
        message: 'Uang Shift harus Ya atau Tidak',
      },
      {
        body: { id: 'TS2', kode_prsh: 'KM', nama: 'x', jam_selesai: '16:00', ada_uang_shift: 'Y' },
        message: 'Jam harus diisi',
      },
    ],
    inUse: () => referenced('select shift_id as v from kunjungan limit 1'),
    inUseMessage: /^Shift masih digunakan oleh data (kunjungan|absensi) dan tidak dapat dihapus$/,
    company: true,
  },
  {
    resource: 'umr',
    create: { id: 'TUMR2099', area: 'Kota Uji', tahun: 2099, umr: 5_000_000 },
    update: { area: 'Kota Uji Baru', tahun: '2098', umr: 5_100_000 },
    bad: [
      { body: { id: 'TU1', area: 'x', tahun: 1999, umr: 1 }, message: 'Tahun harus antara 2000 dan 2100' },
      { body: { id: 'TU1', area: 'x', tahun: 2026, umr: 0 }, message: 'UMR harus bilangan bulat lebih dari 0' },
      { body: { id: 'TU1', tahun: 2026, umr: 10 }, message: 'Area harus diisi' },
    ],
    inUse: () => referenced('select kode_umr as v from karyawan limit 1'),
    inUseMessage: /^UMR masih digunakan oleh data karyawan dan tidak dapat dihapus$/,
  },
  {
    resource: 'key-account',
    create: { id: 'TKA', nama: 'Key Account Uji' },
    update: { nama: 'Key Account Uji Baru' },
    bad: [{ body: { id: 'TKA2', nama: 'x'.repeat(41) }, message: 'Maksimal 40 karakter' }],
    inUse: () => referenced('select cust_key_account as v from store where cust_key_account is not null limit 1'),
    inUseMessage: /^Key Account masih digunakan oleh data store dan tidak dapat dihapus$/,
  },
];

describe.each(CASES)('/api/$resource', (c) => {
  const base = `/api/${c.resource}`;
  const key = c.key ?? 'id';
  const id = String(c.create[key]);

  it('needs a session for every call', async () => {
    expect((await ctx.request('GET', base)).status).toBe(401);
    expect((await ctx.request('GET', `${base}/${id}`)).status).toBe(401);
    expect((await ctx.request('POST', base, { body: c.create })).status).toBe(401);
    expect((await ctx.request('PUT', `${base}/${id}`, { body: c.update })).status).toBe(401);
    expect((await ctx.request('DELETE', `${base}/${id}`)).status).toBe(401);
  });

  it('lists for every signed-in user with paging and search', async () => {
    for (const token of [admin, hr, spg]) {
      const res = await ctx.request('GET', base, { token });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(Array.isArray(body.result)).toBe(true);
      expect(body.result.length).toBeLessThanOrEqual(10);
      expect(body.totalCount).toBeGreaterThan(0);
    }
    const all = await json(await ctx.request('GET', `${base}?per_page=1000`, { token: admin }));
    expect(all.result).toHaveLength(all.totalCount as number);
    const first = all.result[0] as Json;
    const found = await json(
      await ctx.request('GET', `${base}?q=${encodeURIComponent(String(first[key]))}`, { token: spg }),
    );
    expect(found.result.map((r) => r[key])).toContain(first[key]);
    expect((await ctx.request('GET', `${base}?per_page=1001`, { token: admin })).status).toBe(400);
    expect((await ctx.request('GET', `${base}?page=0`, { token: admin })).status).toBe(400);
  });

  it('refuses writes without master.create / master.update / master.delete', async () => {
    const existing = await c.inUse();
    for (const token of [hr, spg]) {
      expect((await ctx.request('POST', base, { token, body: c.create })).status).toBe(403);
      expect((await ctx.request('PUT', `${base}/${existing}`, { token, body: c.update })).status).toBe(403);
      expect((await ctx.request('DELETE', `${base}/${existing}`, { token })).status).toBe(403);
    }
    expect((await ctx.request('GET', `${base}/${id}`, { token: admin })).status).toBe(404);
  });

  it('answers 400 with the field message for bad input, and for a non-JSON body', async () => {
    for (const bad of c.bad) {
      const res = await ctx.request('POST', base, { token: admin, body: bad.body });
      expect(res.status, JSON.stringify(bad.body)).toBe(400);
      expect((await json(res)).message).toEqual(bad.message);
    }
    expect((await ctx.request('POST', base, { token: admin, body: '{oops' })).status).toBe(400);
    expect((await ctx.request('POST', base, { token: admin, body: '[]' })).status).toBe(400);
  });

  it('creates, finds, rejects a duplicate, updates and deletes a new row', async () => {
    const created = await ctx.request('POST', base, { token: admin, body: c.create });
    expect(created.status).toBe(201);
    expect((await json(created)).message).toMatch(/berhasil ditambahkan$/);

    const detail = await json(await ctx.request('GET', `${base}/${id}`, { token: spg }));
    expect(detail.result).toMatchObject(c.stored ?? c.create);
    const listed = await json(await ctx.request('GET', `${base}?q=${id}`, { token: admin }));
    expect(listed.result.map((r) => r[key])).toContain(id);

    const dup = await ctx.request('POST', base, { token: admin, body: c.create });
    expect(dup.status).toBe(409);
    expect((await json(dup)).message).toBe('Kode sudah digunakan');

    const updated = await ctx.request('PUT', `${base}/${id}`, { token: admin, body: c.update });
    expect(updated.status).toBe(200);
    expect((await json(updated)).message).toMatch(/berhasil diubah$/);
    const after = (await json(await ctx.request('GET', `${base}/${id}`, { token: admin }))).result;
    for (const [field, value] of Object.entries(c.update)) {
      if (typeof value === 'string' && /^\d\d:\d\d$/.test(value)) expect(after[field]).toBe(`${value}:00`);
      else if (field === 'tahun') expect(after[field]).toBe(Number(value));
      else expect(after[field], field).toEqual(value);
    }
    const blanked = Object.fromEntries(Object.entries(c.update).map(([f, v]) => [f, typeof v === 'string' ? '' : v]));
    expect((await ctx.request('PUT', `${base}/${id}`, { token: admin, body: blanked })).status).toBe(400);
    expect((await ctx.request('PUT', `${base}/TIDAKADA`, { token: admin, body: c.update })).status).toBe(404);

    const deleted = await ctx.request('DELETE', `${base}/${id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect((await json(deleted)).message).toMatch(/berhasil dihapus$/);
    expect((await ctx.request('GET', `${base}/${id}`, { token: admin })).status).toBe(404);
    expect((await ctx.request('DELETE', `${base}/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses to delete a row still in use, naming what uses it', async () => {
    const used = await c.inUse();
    const res = await ctx.request('DELETE', `${base}/${used}`, { token: admin });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toMatch(c.inUseMessage);
    expect((await ctx.request('GET', `${base}/${used}`, { token: admin })).status).toBe(200);
  });
});

describe.each(CASES.filter((c) => c.company))('/api/$resource with an unknown company', (c) => {
  it('answers 400 for an unknown kode_prsh', async () => {
    const body = { ...c.create, [c.key ?? 'id']: 'TZZ', kode_prsh: 'ZZZ' };
    const res = await ctx.request('POST', `/api/${c.resource}`, { token: admin, body });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('Kode perusahaan tidak ditemukan');
  });
});

const NUL = '\u0000';
const CONTROL = 'Teks mengandung karakter yang tidak diperbolehkan';
const KODE_FORMAT = 'Kode hanya boleh berisi huruf, angka, titik, garis bawah atau tanda hubung';

/** A 4xx with the expected Indonesian message: hostile input never reaches SQL as a 500. */
async function refused(res: Promise<Response>, status: number, message: string) {
  const answer = await res;
  expect(answer.status).toBe(status);
  expect((await json(answer)).message).toBe(message);
}

describe.each(CASES)('/api/$resource with hostile input', (c) => {
  const base = `/api/${c.resource}`;
  const key = c.key ?? 'id';
  // The list's own text field (nama, type, area), not the company code.
  const field = Object.keys(c.update).find((f) => f !== 'kode_prsh' && typeof c.update[f] === 'string')!;

  it('refuses a NUL in a text field or in the code with 400', async () => {
    const fresh = { ...c.create, [key]: 'TNUL' };
    await refused(ctx.request('POST', base, { token: admin, body: { ...fresh, [field]: `x${NUL}` } }), 400, CONTROL);
    await refused(ctx.request('POST', base, { token: admin, body: { ...fresh, [key]: `T${NUL}` } }), 400, CONTROL);
    if (c.company) {
      const body = { ...fresh, kode_prsh: `K${NUL}` };
      await refused(ctx.request('POST', base, { token: admin, body }), 400, CONTROL);
    }
    const existing = await c.inUse();
    const body = { ...c.update, [field]: `x${NUL}y` };
    await refused(ctx.request('PUT', `${base}/${existing}`, { token: admin, body }), 400, CONTROL);
    expect((await ctx.request('GET', `${base}/TNUL`, { token: admin })).status).toBe(404);
  });

  it('refuses a NUL or a space in the path with 400; a huge number is a code not found', async () => {
    for (const id of ['%00', 'T%00X', 'a%20b']) {
      await refused(ctx.request('GET', `${base}/${id}`, { token: admin }), 400, KODE_FORMAT);
      await refused(ctx.request('PUT', `${base}/${id}`, { token: admin, body: c.update }), 400, KODE_FORMAT);
      await refused(ctx.request('DELETE', `${base}/${id}`, { token: admin }), 400, KODE_FORMAT);
    }
    // Codes are text: a huge number is a code that does not exist, not a number that overflows.
    for (const id of ['1e308', '9007199254740993']) {
      expect((await ctx.request('GET', `${base}/${id}`, { token: admin })).status).toBe(404);
      expect((await ctx.request('DELETE', `${base}/${id}`, { token: admin })).status).toBe(404);
    }
    await refused(ctx.request('GET', `${base}?q=%00`, { token: admin }), 400, CONTROL);
    await refused(
      ctx.request('GET', `${base}?page=99999999999999999999`, { token: admin }),
      400,
      'Nomor halaman tidak valid',
    );
  });
});

describe('/api/status-absensi', () => {
  it('lists the attendance statuses for every signed-in user and has no writes', async () => {
    expect((await ctx.request('GET', '/api/status-absensi')).status).toBe(401);
    const body = await json(await ctx.request('GET', '/api/status-absensi?per_page=100', { token: spg }));
    expect(body.result.map((r) => r.id)).toContain('H');
    expect((await json(await ctx.request('GET', '/api/status-absensi/H', { token: spg }))).result).toMatchObject({
      id: 'H',
      nama: 'Hadir',
    });
    expect(
      (await ctx.request('POST', '/api/status-absensi', { token: admin, body: { id: 'X', nama: 'X' } })).status,
    ).toBe(404);
    expect((await ctx.request('DELETE', '/api/status-absensi/H', { token: admin })).status).toBe(404);
    await refused(ctx.request('GET', '/api/status-absensi/%00', { token: spg }), 400, KODE_FORMAT);
  });
});
