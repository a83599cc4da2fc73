/**
 * The employee area's .xlsx downloads: GET /api/karyawan/export/excel (the list, karyawan.export) and
 * GET /api/karyawan/report/download (the upload sheet: template or filtered data, karyawan.upload).
 * Each file is opened with ExcelJS and must hold exactly the right rows, in the user's scope; a data
 * download uploaded again as it is changes nothing.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { KARYAWAN_UPLOAD_COLUMNS, SALARY_COLUMNS, type UploadResult } from '../../../src/domain/karyawan/karyawan-upload';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function download(path: string, token = admin) {
  const res = await ctx.request('GET', path, { token });
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return { res, bytes, wb };
}

/** The first sheet as header + rows of text. */
function table(wb: ExcelJS.Workbook) {
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [header, ...data] = rows;
  return { header: (header ?? []).map(String), data };
}

describe('GET /api/karyawan/export/excel', () => {
  it('streams the active list: every active employee once, NRP order, with names of the codes', async () => {
    const { res, wb } = await download('/api/karyawan/export/excel?resigned=0');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="karyawan-aktif-\d{8}\.xlsx"; filename\*=UTF-8''karyawan-aktif-\d{8}\.xlsx$/,
    );
    const { header, data } = table(wb);
    expect(header.slice(0, 3)).toEqual(['NRP', 'Nama', 'Jenis Kelamin']);
    expect(header).not.toContain('Tgl Resign');
    const active = await db()
      .select({ nrp: karyawan.nrp, nama: karyawan.nama, lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(isNull(karyawan.alasan_p3))
      .orderBy(karyawan.nrp);
    expect(data.map((r) => r[0])).toEqual(active.map((e) => e.nrp));
    expect(data[0]?.[1]).toBe(active[0]?.nama);
    expect(String(data[0]?.[4])).toMatch(new RegExp(`^${active[0]?.lokasi} - `));
    // Dates are real dates (Excel sorts and filters them).
    const mulai = header.indexOf('Mulai Kontrak');
    expect(data[0]?.[mulai]).toBeInstanceOf(Date);
  });

  it('streams the resigned list with the resignation columns', async () => {
    const { res, wb } = await download('/api/karyawan/export/excel?resigned=1');
    expect(res.headers.get('content-disposition')).toMatch(/karyawan-resign-\d{8}\.xlsx/);
    const { header, data } = table(wb);
    expect(header).toEqual(expect.arrayContaining(['Tgl Resign', 'Alasan', 'Uang Kebijaksanaan', 'Tgl BAST']));
    const resigned = await db().select({ nrp: karyawan.nrp }).from(karyawan).where(isNotNull(karyawan.alasan_p3));
    expect(resigned.length).toBeGreaterThan(0);
    expect(data.map((r) => r[0]).sort()).toEqual(resigned.map((e) => e.nrp).sort());
  });

  it('with q holds exactly the employees the list finds for that search', async () => {
    for (const q of ['sari', 'RI', '2600001']) {
      const listed = await ctx.request('GET', `/api/karyawan?q=${q}&per_page=1000`, { token: admin });
      const expected = ((await listed.json()) as { result: { nrp: string }[] }).result.map((r) => r.nrp).sort();
      expect(expected.length, q).toBeGreaterThan(0);
      const { wb } = await download(`/api/karyawan/export/excel?resigned=0&q=${q}`);
      expect(
        table(wb)
          .data.map((r) => String(r[0]))
          .sort(),
        q,
      ).toEqual(expected);
    }
  });

  it('needs karyawan.export (403) and holds only the employees in the user’s scope', async () => {
    const reader = await accountWith(ctx, admin, ['karyawan.read']);
    expect((await ctx.request('GET', '/api/karyawan/export/excel', { token: reader })).status).toBe(403);
    const sby = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.export'], { trustee: { lokasi: ['SBY'] } });
    const { wb } = await download('/api/karyawan/export/excel?resigned=0', sby);
    const { data } = table(wb);
    const expected = await db()
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(and(isNull(karyawan.alasan_p3), eq(karyawan.kode_lokasi, 'SBY')))
      .orderBy(karyawan.nrp);
    expect(expected.length).toBeGreaterThan(0);
    expect(data.map((r) => r[0])).toEqual(expected.map((e) => e.nrp));
    expect(data.every((r) => String(r[4]).startsWith('SBY - '))).toBe(true);
  });

  it('refuses a bad resigned filter (400)', async () => {
    expect((await ctx.request('GET', '/api/karyawan/export/excel?resigned=2', { token: admin })).status).toBe(400);
  });
});

describe('GET /api/karyawan/report/download', () => {
  it('template=1: the upload columns and no data, with a Petunjuk sheet', async () => {
    const { res, wb } = await download('/api/karyawan/report/download?template=1');
    expect(res.headers.get('content-disposition')).toContain('template-upload-karyawan.xlsx');
    const { header, data } = table(wb);
    expect(header).toEqual(KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key));
    expect(data).toHaveLength(0);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Karyawan', 'Petunjuk']);
  });

  it('filters by lists of codes joined by commas, active employees only', async () => {
    const { wb } = await download('/api/karyawan/report/download?lokasi=JKT,BDG&type=REG,SHF');
    const { header, data } = table(wb);
    const nrp = header.indexOf('nrp');
    const expected = await db()
      .select({ nrp: karyawan.nrp, lokasi: karyawan.kode_lokasi, type: karyawan.type_spg_id })
      .from(karyawan)
      .where(isNull(karyawan.alasan_p3))
      .orderBy(karyawan.nrp);
    const want = expected.filter((e) => ['JKT', 'BDG'].includes(e.lokasi) && ['REG', 'SHF'].includes(e.type));
    expect(want.length).toBeGreaterThan(0);
    expect(data.map((r) => r[nrp])).toEqual(want.map((e) => e.nrp));
    expect(header).toEqual(expect.arrayContaining([...SALARY_COLUMNS]));
  });

  it('leaves the salary columns out for a user without karyawan.gaji.read, and keeps the scope', async () => {
    const jkt = await accountWith(ctx, admin, ['karyawan.upload'], { trustee: { lokasi: ['JKT'] } });
    const { wb } = await download('/api/karyawan/report/download?lokasi=JKT,SBY', jkt);
    const { header, data } = table(wb);
    for (const c of SALARY_COLUMNS) expect(header).not.toContain(c);
    const lokasi = header.indexOf('kode_lokasi');
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r) => r[lokasi] === 'JKT')).toBe(true);
  });

  it('refuses a malformed filter (400)', async () => {
    const res = await ctx.request('GET', '/api/karyawan/report/download?lokasi=JKT;drop', { token: admin });
    expect(res.status).toBe(400);
  });

  it('round trip: the downloaded data uploaded again as it is changes nothing', async () => {
    const { bytes } = await download('/api/karyawan/report/download?lokasi=JKT,BDG,SBY');
    const body = new FormData();
    body.append('file', new Blob([bytes]), 'data-karyawan.xlsx');
    const res = await ctx.request('POST', '/api/karyawan/upload', { token: admin, body });
    const { result } = (await res.json()) as { result: UploadResult };
    expect(res.status).toBe(200);
    expect(result.failed, JSON.stringify(result.nrp_gagal.slice(0, 3))).toBe(0);
    expect(result).toMatchObject({ created: 0, updated: 0 });
    expect(result.unchanged).toBe(result.total);
  });
});
