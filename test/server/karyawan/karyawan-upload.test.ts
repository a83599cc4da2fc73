/**
 * POST /api/karyawan/upload, its history and the upload sheet (spec part 1 §2 "Employee upload", §3,
 * §5 "Uploads", §8): a real .xlsx made by ExcelJS with good and bad rows — every bad row reported
 * with its NRP and reason, every good one saved, the same file twice without duplicates, the content
 * check, the size cap, the permission, the edit rights per tab and the trustee scope, per row.
 */
import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan, karyawanPosting, kontrak } from '../../../server/db/schema/karyawan';
import { uploadLog } from '../../../server/db/schema/upload';
import { contractEnd } from '../../../src/domain/dates';
import { KARYAWAN_UPLOAD_COLUMNS, UPLOAD_MESSAGES, type UploadResult } from '../../../src/domain/karyawan/karyawan-upload';
import type { UploadLogRow } from '../../../src/domain/upload';
import type { ListAnswer } from '../../../src/domain/list-query';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith, seededActive, YEAR } from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const KEYS = KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key);

type Row = Record<string, string | number | Date | null>;

/** A valid new employee row in Jakarta (company KM), as HR would type it. */
function newRow(nrp: string, over: Row = {}): Row {
  return {
    nrp,
    nama: `Upload ${nrp}`,
    jenis_kelamin: 'P',
    nik: '3171010101900001',
    tgl_lahir: new Date(Date.UTC(1998, 3, 12)),
    alamat1: 'Jl. Melati No. 5',
    telp_hp: '081234567890',
    jumlah_anak: 0,
    agama_id: 1,
    pendidikan_id: 3,
    kode_prsh: 'KM',
    kode_lokasi: 'JKT',
    jobclass: 12,
    type_spg_id: 'REG',
    jabatan_id: 'SPG',
    departemen_id: 'SLS',
    divisi_id: 'FOOD',
    sales_office_id: 'JKT',
    lama_kontrak: 6,
    mulai_kontrak: new Date(Date.UTC(2026, 0, 31)),
    kode_umr: `JKT${YEAR}`,
    gapok: 5_000_000,
    ...over,
  };
}

/** The row of a stored employee as the data download writes it (every column, dates as text). */
function rowOf(e: typeof karyawan.$inferSelect, over: Row = {}): Row {
  const r = e as unknown as Record<string, unknown>;
  return {
    ...Object.fromEntries(KEYS.map((key) => [key, (r[key] as string | number | null) ?? null])),
    ...over,
  };
}

async function xlsx(rows: Row[], keys: string[] = KEYS): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Karyawan');
  ws.addRow(keys);
  for (const row of rows) ws.addRow(keys.map((k) => row[k] ?? null));
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

function form(bytes: Uint8Array<ArrayBuffer>, name = 'karyawan.xlsx'): FormData {
  const body = new FormData();
  body.append('file', new Blob([bytes]), name);
  return body;
}

const upload = (bytes: Uint8Array<ArrayBuffer>, token = admin, name?: string) =>
  ctx.request('POST', '/api/karyawan/upload', { token, body: form(bytes, name) });

async function uploadOk(bytes: Uint8Array<ArrayBuffer>, token = admin) {
  const res = await upload(bytes, token);
  const body = (await res.json()) as { message: string; result: UploadResult };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

const employee = async (nrp: string) => (await db().select().from(karyawan).where(eq(karyawan.nrp, nrp)).limit(1))[0];
const failureOf = (r: UploadResult, nrp: string) => r.nrp_gagal.filter((f) => f.nrp === nrp);

describe('POST /api/karyawan/upload with good and bad rows', () => {
  let result: UploadResult;
  let message: string;
  let file: Uint8Array<ArrayBuffer>;
  let changed: typeof karyawan.$inferSelect;
  let resigned: typeof karyawan.$inferSelect;

  beforeAll(async () => {
    changed = await seededActive(ctx, 'JKT');
    const [one] = await db().select().from(karyawan).where(isNotNull(karyawan.alasan_p3)).limit(1);
    resigned = one!;
    file = await xlsx([
      newRow('UP000001'), // row 2: new, good
      newRow('UP000002', { nama: null }), // 3: required field blank
      newRow('UP000003', { kode_lokasi: 'NOPE' }), // 4: unknown code
      rowOf(changed, { telp_hp: '0899111222' }), // 5: existing, good change
      newRow('UP000001', { nama: 'Lagi' }), // 6: NRP twice in the file
      newRow('', { nama: 'Tanpa NRP' }), // 7: no NRP
      rowOf(resigned, { telp_hp: '0811' }), // 8: resigned: locked
      newRow('UP000004', { jobclass: 50, mulai_kontrak: '15/02/2026' }), // 9: out of range
      newRow('UP000005', { mulai_kontrak: '01/03/2026', lama_kontrak: 3 }), // 10: new, good (DD/MM/YYYY)
      newRow('UP000006', { kode_lokasi: 'PLB' }), // 11: location of another company
    ]);
    ({ result, message } = await uploadOk(file));
  });

  it('reports every bad row with its row number, NRP and reason', () => {
    expect(result).toMatchObject({ total: 10, created: 2, updated: 1, unchanged: 0, failed: 7, status: 'Sebagian' });
    expect(message).toBe(UPLOAD_MESSAGES.done({ total: 10, created: 2, updated: 1, unchanged: 0, failed: 7 }));
    expect(result.nrp_gagal.map((f) => f.baris)).toEqual([3, 4, 6, 7, 8, 9, 11]);
    expect(failureOf(result, 'UP000002')[0]?.alasan).toContain('Nama harus diisi');
    expect(failureOf(result, 'UP000003')[0]?.alasan).toContain('Kode Lokasi NOPE tidak ditemukan');
    expect(failureOf(result, 'UP000001')).toEqual([
      { baris: 6, nrp: 'UP000001', alasan: UPLOAD_MESSAGES.duplicateNrp(2) },
    ]);
    expect(failureOf(result, '')).toEqual([{ baris: 7, nrp: '', alasan: UPLOAD_MESSAGES.nrpRequired }]);
    expect(failureOf(result, resigned.nrp)[0]?.alasan).toMatch(/sudah resign/);
    expect(failureOf(result, 'UP000004')[0]?.alasan).toContain('Job Class harus angka 10 sampai 38');
    expect(failureOf(result, 'UP000006')[0]?.alasan).toBe('Lokasi PLB bukan lokasi perusahaan KM');
  });

  it('saves the good rows: new employees with the defaults and derived fields, a P1 item and a contract', async () => {
    const a = await employee('UP000001');
    expect(a).toMatchObject({
      nama: 'Upload UP000001',
      status: 2,
      status_kel: 'T',
      bpjs_kes: 'Y',
      per_kontrak: 1,
      lama_kontrak: 6,
      mulai_kontrak: '2026-01-31',
      selesai_kontrak: contractEnd('2026-01-31', 6),
      tgl_awkerja: '2026-01-31',
      tgl_pph: '2026-01-31',
      tgl_lahir: '1998-04-12',
      gapok: 5_000_000,
      // Blank allowances come from the type (REG).
      tun_makan: 25_000,
      tun_bensin: 15_000,
    });
    expect(a?.no_kontrak).toMatch(/^PKWT\/KM\/2026\/\d{6}$/);
    const b = await employee('UP000005');
    expect(b).toMatchObject({ mulai_kontrak: '2026-03-01', selesai_kontrak: '2026-05-31' });
    expect(b?.no_kontrak).not.toBe(a?.no_kontrak);
    const contracts = await db()
      .select()
      .from(kontrak)
      .where(inArray(kontrak.nrp, ['UP000001', 'UP000005']));
    expect(contracts).toHaveLength(2);
    const p1 = await db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, 'UP000001'));
    expect(p1.map((i) => i.jenis_trn)).toEqual(['P1']);
    for (const nrp of ['UP000002', 'UP000003', 'UP000004', 'UP000006']) expect(await employee(nrp)).toBeUndefined();
  });

  it('changes the existing employee and leaves a P2 item naming the tab', async () => {
    expect((await employee(changed.nrp))?.telp_hp).toBe('0899111222');
    const items = await db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, changed.nrp));
    const open = items.filter((i) => i.date_posting === null);
    expect(open.some((i) => i.jenis_trn === 'P2' && i.keterangan?.includes('Personal'))).toBe(true);
    expect((await employee(resigned.nrp))?.telp_hp).toBe(resigned.telp_hp);
  });

  it('logs the upload: file name, status, summary, failed NRP with reasons, uploader', async () => {
    const res = await ctx.request('GET', '/api/karyawan/upload/log?page=1', { token: admin });
    const body = (await res.json()) as ListAnswer<UploadLogRow>;
    expect(res.status).toBe(200);
    const log = body.result.find((r) => r.id === result.log_id)!;
    expect(log).toMatchObject({ file_name: 'karyawan.xlsx', status: 'Sebagian', jumlah_gagal: 7 });
    expect(log.keterangan).toBe(
      UPLOAD_MESSAGES.summary({ total: 10, created: 2, updated: 1, unchanged: 0, failed: 7 }),
    );
    expect(log.upload_by).toMatch(/^U00001 - /);
    expect(log.nrp_gagal).toEqual(result.nrp_gagal);
    const one = await ctx.request('GET', `/api/karyawan/upload/log/${result.log_id}`, { token: admin });
    expect(((await one.json()) as { result: UploadLogRow }).result.nrp_gagal).toHaveLength(7);
  });

  it('is safe to upload twice: the same file changes nothing and duplicates nothing', async () => {
    const before = await db().select({ n: count() }).from(karyawanPosting);
    const again = (await uploadOk(file)).result;
    expect(again).toMatchObject({ total: 10, created: 0, updated: 0, unchanged: 3, failed: 7 });
    const rows = await db().select({ n: count() }).from(karyawan).where(eq(karyawan.nrp, 'UP000001'));
    expect(rows[0]?.n).toBe(1);
    const contracts = await db().select({ n: count() }).from(kontrak).where(eq(kontrak.nrp, 'UP000001'));
    expect(contracts[0]?.n).toBe(1);
    expect(await db().select({ n: count() }).from(karyawanPosting)).toEqual(before);
  });

  it('updates by NRP: an edited row of a known NRP changes it (a later contract start moves the end)', async () => {
    const e = (await employee('UP000001'))!;
    const { result: r } = await uploadOk(await xlsx([rowOf(e, { nama: 'Upload Diubah', lama_kontrak: 12 })]));
    expect(r).toMatchObject({ created: 0, updated: 1, failed: 0, status: 'Sukses' });
    expect(await employee('UP000001')).toMatchObject({
      nama: 'Upload Diubah',
      lama_kontrak: 12,
      selesai_kontrak: contractEnd('2026-01-31', 12),
    });
    const [c] = await db().select().from(kontrak).where(eq(kontrak.no_kontrak, e.no_kontrak!));
    expect(c).toMatchObject({ lama_kontrak: 12, selesai_kontrak: contractEnd('2026-01-31', 12) });
    // The P1 item is still open: it carries the change (no P2 besides it).
    const items = await db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, 'UP000001'));
    expect(items.map((i) => [i.jenis_trn, i.nama])).toEqual([['P1', 'Upload Diubah']]);
  });

  it('leaves out columns the sheet does not have: only nrp and telp_hp changes the phone only', async () => {
    const before = (await employee(changed.nrp))!;
    const { result: r } = await uploadOk(await xlsx([{ nrp: changed.nrp, telp_hp: '0812000111' }], ['nrp', 'telp_hp']));
    expect(r).toMatchObject({ updated: 1, failed: 0 });
    const after = (await employee(changed.nrp))!;
    expect({ ...after, updatedAt: null }).toEqual({ ...before, telp_hp: '0812000111', updatedAt: null });
  });
});

describe('the file itself', () => {
  it('refuses anything but an .xlsx by content with the spec message (400), and logs nothing', async () => {
    const logs = await db().select({ n: count() }).from(uploadLog);
    const text = new TextEncoder().encode('nrp,nama\n26000001,Ani\n');
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...new Array(200).fill(7)]);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    for (const [bytes, name] of [
      [text, 'karyawan.xlsx'],
      [zip, 'karyawan.xlsx'],
      [png, 'karyawan.xlsx'],
      [text, 'karyawan.csv'],
    ] as const) {
      const res = await upload(bytes, admin, name);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.format);
    }
    expect(await db().select({ n: count() }).from(uploadLog)).toEqual(logs);
  });

  it('reads the content, not the name: a real workbook named .bin is accepted', async () => {
    const res = await upload(await xlsx([newRow('UP000009')]), admin, 'data.bin');
    expect(res.status).toBe(200);
  });

  it('refuses a sheet without the nrp column, with unknown columns, or without data (400)', async () => {
    const cases: [Uint8Array<ArrayBuffer>, string][] = [
      [await xlsx([{ nama: 'A' }], ['nama']), UPLOAD_MESSAGES.noHeader],
      [await xlsx([{ nrp: 'X1', gaji: 1 }], ['nrp', 'gaji']), UPLOAD_MESSAGES.unknownColumns(['gaji'])],
      [await xlsx([]), UPLOAD_MESSAGES.empty],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it('refuses a missing file (400) and a body over 20 MB (413) with Indonesian messages', async () => {
    const none = await ctx.request('POST', '/api/karyawan/upload', { token: admin, body: new FormData() });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.fileRequired);
    const big = await upload(new Uint8Array(21 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});

describe('who may upload what', () => {
  it('needs karyawan.upload for the upload, the log and the sheet download (403)', async () => {
    const reader = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.create', 'karyawan.update']);
    expect((await upload(await xlsx([newRow('UP000010')]), reader)).status).toBe(403);
    expect((await ctx.request('GET', '/api/karyawan/upload/log', { token: reader })).status).toBe(403);
    expect((await ctx.request('GET', '/api/karyawan/report/download?template=1', { token: reader })).status).toBe(403);
    expect(await employee('UP000010')).toBeUndefined();
  });

  it('refuses, per row, employees outside the uploader’s trustee scope; saves the rest', async () => {
    const jkt = await accountWith(ctx, admin, ['karyawan.upload', 'karyawan.personal.edit'], {
      trustee: { lokasi: ['JKT'] },
    });
    const sby = await seededActive(ctx, 'SBY');
    const mine = await seededActive(ctx, 'JKT');
    const { result: r } = await uploadOk(
      await xlsx([
        rowOf(sby, { telp_hp: '0800000001' }), // existing, out of scope
        newRow('UP000011', { kode_prsh: sby.kode_prsh, kode_lokasi: 'SBY', sales_office_id: sby.sales_office_id }), // new, out of scope
        rowOf(mine, { telp_hp: '0800000003' }), // existing, in scope
      ]),
      jkt,
    );
    expect(r).toMatchObject({ total: 3, updated: 1, failed: 2 });
    expect(r.nrp_gagal.map((f) => [f.nrp, f.alasan])).toEqual([
      [sby.nrp, 'Data karyawan ini di luar cakupan akses Anda'],
      ['UP000011', 'Data karyawan ini di luar cakupan akses Anda'],
    ]);
    expect((await employee(sby.nrp))?.telp_hp).toBe(sby.telp_hp);
    expect((await employee(mine.nrp))?.telp_hp).toBe('0800000003');
    expect(await employee('UP000011')).toBeUndefined();
    // A scoped uploader sees their own uploads only.
    const logs = (await (
      await ctx.request('GET', '/api/karyawan/upload/log', { token: jkt })
    ).json()) as ListAnswer<UploadLogRow>;
    expect(logs.totalCount).toBe(1);
  });

  it('applies the edit rights per tab to changes of existing employees (the form’s rule)', async () => {
    const uploader = await accountWith(ctx, admin, ['karyawan.upload', 'karyawan.personal.edit']);
    const e = await seededActive(ctx, 'BDG');
    const { result: r } = await uploadOk(await xlsx([rowOf(e, { jobclass: e.jobclass === 20 ? 21 : 20 })]), uploader);
    expect(r.nrp_gagal[0]?.alasan).toBe('Anda tidak memiliki akses untuk mengubah data tab Pegawai');
    const { result: ok } = await uploadOk(await xlsx([rowOf(e, { nama: 'Nama Baru Upload' })]), uploader);
    expect(ok).toMatchObject({ updated: 1, failed: 0 });
    // Salary is the administrator's (karyawan.gaji.read and an ADM role).
    const { result: gaji } = await uploadOk(await xlsx([rowOf(e, { gapok: e.gapok + 1 })]), uploader);
    expect(gaji.nrp_gagal[0]?.alasan).toBe('Anda tidak memiliki akses untuk mengubah data tab Gaji & Tunjangan');
    expect((await employee(e.nrp))?.gapok).toBe(e.gapok);
  });
});
