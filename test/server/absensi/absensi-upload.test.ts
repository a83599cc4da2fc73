/**
 * The attendance upload (spec part 2 §2.7, §5 "Uploads", §8): a real .xlsx with good rows, bad rows and
 * unknown NRPs — every bad row reported with its reason, missing_nrp named in the answer and the history,
 * the good rows saved with a change row each; the same file twice changes nothing; a posted period's
 * rows refused; the template of a period; the refused rows of the latest upload; permissions.
 */
import dayjs from 'dayjs';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absensiChange, absensiPosting, absensi } from '../../../server/db/schema/absensi';
import { karyawan } from '../../../server/db/schema/karyawan';
import { period, shift } from '../../../server/db/schema/master';
import {
  ABSENSI_ADMIN_MESSAGES as M,
  ABSENSI_UPLOAD_COLUMNS,
  ABSENSI_UPLOAD_MESSAGES as U,
  type AbsensiUploadAnswer,
  type AbsensiUploadLogRow,
} from '../../../src/domain/absensi/absensi-admin';
import { ABSENSI_MESSAGES } from '../../../src/domain/absensi/absensi';
import type { ListAnswer } from '../../../src/domain/list-query';
import { dateIn } from '../../../src/domain/time-zone';
import { UPLOAD_FILE_MESSAGES } from '../../../src/domain/upload';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let hr: string;
let spg: string;
let nrps: string[];
let shiftId: string;
const db = () => ctx.database.db;
const day = (back: number) => dayjs(dateIn('Asia/Jakarta', new Date())).subtract(back, 'day').format('YYYY-MM-DD');

beforeAll(async () => {
  ctx = await createTestContext();
  [hr, spg] = (await Promise.all([ctx.tokenFor('hr'), ctx.tokenFor('spg')])) as [string, string];
  nrps = (await db().select({ nrp: karyawan.nrp }).from(karyawan).orderBy(karyawan.nrp).limit(3)).map((r) => r.nrp);
  await db().delete(absensi).where(inArray(absensi.nrp, nrps));
  const [s] = await db().select({ id: shift.id }).from(shift).limit(1);
  shiftId = s!.id;
});
afterAll(() => ctx.close());

type Row = Partial<Record<(typeof ABSENSI_UPLOAD_COLUMNS)[number], string | number | Date | null>>;

async function xlsx(rows: Row[], keys: readonly string[] = ABSENSI_UPLOAD_COLUMNS) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Absensi');
  ws.addRow([...keys]);
  for (const row of rows) ws.addRow(keys.map((k) => row[k as keyof Row] ?? null));
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const upload = (bytes: Uint8Array<ArrayBuffer>, token = hr, name = 'absensi.xlsx') => {
  const body = new FormData();
  body.append('file', new Blob([bytes]), name);
  return ctx.request('POST', '/api/absensi/upload', { token, body });
};

const good = (nrp: string, tanggal: string, over: Row = {}): Row => ({
  nrp,
  nama: 'diabaikan',
  tanggal,
  shift_id: shiftId,
  sts_abs_id: 'H',
  jam_masuk: '08:00',
  jam_keluar: '17:00:00',
  ...over,
});

const changeCount = async () => (await db().select({ n: count() }).from(absensiChange))[0]!.n;

describe('POST /api/absensi/upload', () => {
  it('saves the good rows, reports every bad one and the unknown NRPs, and changes nothing the second time', async () => {
    const [a, b, c] = nrps as [string, string, string];
    const rows: Row[] = [
      good(a, day(2)),
      // Excel keeps a typed time as a fraction of a day: 07:30 → 0.3125.
      good(b, day(2), { jam_masuk: 0.3125, alasan: 'Absen kertas toko' }),
      good(c, day(2), { sts_abs_id: null }),
      good(a, day(3), { jam_masuk: '18:00', jam_keluar: '09:00' }),
      good('ZZ0001', day(2)),
      good(a, day(2)),
      good(b, day(3), { jam_masuk: '7.30' }),
      good('ZZ0002', day(3)),
      good(c, day(3), { shift_id: 'NOPE' }),
      { nrp: c, tanggal: day(4) },
      good(c, day(-3)),
    ];
    const bytes = await xlsx(rows);
    const before = await changeCount();
    const res = await upload(bytes);
    const answer = (await res.json()) as AbsensiUploadAnswer;
    expect(res.status, JSON.stringify(answer)).toBe(200);
    // The last row (status, times and reason blank) is a template row nobody filled in: skipped.
    expect(answer.result).toMatchObject({
      total: 10,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 8,
      status: 'Sebagian',
    });
    expect(answer.result.missing_nrp).toEqual(['ZZ0001', 'ZZ0002']);
    expect(answer.result.nrp_gagal).toEqual([
      { baris: 4, nrp: c, alasan: `sts_abs_id: ${M.statusRequired}` },
      { baris: 5, nrp: a, alasan: `jam_keluar: ${M.jamOrder}` },
      { baris: 6, nrp: 'ZZ0001', alasan: U.nrpNotFound },
      { baris: 7, nrp: a, alasan: U.duplicateRow(2) },
      { baris: 8, nrp: b, alasan: `jam_masuk: ${M.jamFormat}` },
      { baris: 9, nrp: 'ZZ0002', alasan: U.nrpNotFound },
      { baris: 10, nrp: c, alasan: 'shift_id: Shift NOPE tidak ditemukan' },
      { baris: 12, nrp: c, alasan: `tanggal: ${ABSENSI_MESSAGES.futureDate}` },
    ]);
    expect(answer.message).toBe(U.done({ total: 10, created: 2, updated: 0, unchanged: 0, failed: 8 }));
    const saved = await db()
      .select()
      .from(absensi)
      .where(and(inArray(absensi.nrp, [a, b]), eq(absensi.tanggal, day(2))));
    expect(saved.map((r) => [r.nrp, r.sumber, r.jam_masuk, r.updated_by]).sort()).toEqual([
      [a, 'U', '08:00:00', 'U00002'],
      [b, 'U', '07:30:00', 'U00002'],
    ]);
    expect(saved.find((r) => r.nrp === b)?.alasan).toBe('Absen kertas toko');
    expect(saved.find((r) => r.nrp === a)?.alasan).toBe(U.defaultAlasan('absensi.xlsx'));
    expect(await changeCount()).toBe(before + 2);

    const again = (await (await upload(bytes)).json()) as AbsensiUploadAnswer;
    expect(again.result).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 8 });
    expect(await changeCount()).toBe(before + 2);

    const changed = (await (
      await upload(await xlsx([good(a, day(2), { jam_keluar: '18:00' })]))
    ).json()) as AbsensiUploadAnswer;
    expect(changed.result).toMatchObject({ created: 0, updated: 1, status: 'Sukses' });
    const history = (await (await ctx.request('GET', `/api/absensi/${a}/${day(2)}/history`, { token: hr })).json()) as {
      result: { aksi: string; sebelum: { jam_keluar: string } | null; sesudah: { jam_keluar: string } }[];
    };
    expect(history.result.map((h) => h.aksi)).toEqual(['upload', 'upload']);
    expect(history.result[0]).toMatchObject({
      sebelum: { jam_keluar: '17:00:00' },
      sesudah: { jam_keluar: '18:00:00' },
    });

    const log = (await (
      await ctx.request('GET', '/api/absensi/log/upload', { token: hr })
    ).json()) as ListAnswer<AbsensiUploadLogRow>;
    expect(log.result).toHaveLength(3);
    expect(log.result[2]).toMatchObject({
      file_name: 'absensi.xlsx',
      status: 'Sebagian',
      jumlah_gagal: 8,
      missing_nrp: ['ZZ0001', 'ZZ0002'],
    });
  });

  it('answers the refused rows of the latest upload, as JSON and as a sheet to fix and upload again', async () => {
    const [a] = nrps as [string];
    await upload(await xlsx([good(a, day(5)), good('ZZ0003', day(5), { alasan: 'dari toko' })]), hr, 'kedua.xlsx');
    const res = await ctx.request('GET', '/api/absensi/temporary/upload', { token: hr });
    const body = (await res.json()) as {
      result: {
        file_name: string;
        rows: { baris: number; alasan_gagal: string; values: Record<string, string | null> }[];
      };
    };
    expect(body.result.file_name).toBe('kedua.xlsx');
    expect(body.result.rows).toEqual([
      {
        baris: 3,
        alasan_gagal: U.nrpNotFound,
        values: expect.objectContaining({ nrp: 'ZZ0003', tanggal: day(5), jam_masuk: '08:00', alasan: 'dari toko' }),
      },
    ]);
    const file = await ctx.request('GET', '/api/absensi/temporary/upload/download', { token: hr });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('gagal-kedua.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, ...ABSENSI_UPLOAD_COLUMNS, 'alasan_gagal']);
    expect(ws.getRow(2).getCell(1).value).toBe('ZZ0003');
    // Nothing uploaded yet by this user: null, and the sheet is a 404.
    const admin = await ctx.tokenFor('admin');
    expect(
      ((await (await ctx.request('GET', '/api/absensi/temporary/upload', { token: admin })).json()) as { result: null })
        .result,
    ).toBeNull();
    expect((await ctx.request('GET', '/api/absensi/temporary/upload/download', { token: admin })).status).toBe(404);
  });

  it('refuses the rows of a posted period, keeping the others', async () => {
    const [a, b] = nrps as [string, string];
    const [p] = await db().select().from(period).orderBy(period.mulai).limit(1);
    await db().insert(absensiPosting).values({ period_id: p!.id, posted_by: 'U00001', employee_count: 1 });
    try {
      const answer = (await (
        await upload(await xlsx([good(a, p!.mulai), good(b, day(6))]))
      ).json()) as AbsensiUploadAnswer;
      expect(answer.result).toMatchObject({ created: 1, failed: 1 });
      expect(answer.result.nrp_gagal).toEqual([{ baris: 2, nrp: a, alasan: U.posted(p!.id) }]);
      const locked = await db()
        .select()
        .from(absensi)
        .where(and(eq(absensi.nrp, a), eq(absensi.tanggal, p!.mulai)));
      expect(locked).toEqual([]);
    } finally {
      await db().delete(absensiPosting).where(eq(absensiPosting.period_id, p!.id));
    }
  });

  it('keeps employees outside the uploader’s scope unchanged', async () => {
    const [a] = nrps as [string];
    const [own] = await db().select({ lokasi: karyawan.kode_lokasi }).from(karyawan).where(eq(karyawan.nrp, a));
    const [other] = await db()
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(ne(karyawan.kode_lokasi, own!.lokasi))
      .limit(1);
    const admin = await ctx.tokenFor('admin');
    const created = await ctx.request('POST', '/api/users', {
      token: admin,
      body: {
        userid: 'UPLSC1',
        username: 'uplscope',
        nama: 'HR Cabang',
        password: 'Kuat#Sekali2026',
        role: 'HR',
        trustee: { lokasi: [own!.lokasi] },
      },
    });
    expect(created.status).toBe(201);
    const scoped = await ctx.tokenFor('uplscope', 'Kuat#Sekali2026');
    const answer = (await (await upload(await xlsx([good(other!.nrp, day(7))]), scoped)).json()) as AbsensiUploadAnswer;
    expect(answer.result.nrp_gagal).toEqual([{ baris: 2, nrp: other!.nrp, alasan: U.outOfScope }]);
    const log = (await (
      await ctx.request('GET', '/api/absensi/log/upload', { token: scoped })
    ).json()) as ListAnswer<AbsensiUploadLogRow>;
    expect(log.result.map((r) => r.upload_by)).toEqual(['UPLSC1 - HR Cabang']);
  });

  it('refuses what is not an .xlsx, a sheet without its columns; needs absensi.upload and a session', async () => {
    const notXlsx = await upload(new TextEncoder().encode('nrp,tanggal\nA,B') as Uint8Array<ArrayBuffer>);
    expect(notXlsx.status).toBe(400);
    expect(((await notXlsx.json()) as { message: string }).message).toBe(UPLOAD_FILE_MESSAGES.format);
    const noCols = await upload(await xlsx([{ nrp: 'A' }], ['nrp', 'warna']));
    expect(((await noCols.json()) as { message: string }).message).toBe(
      U.missingColumns(['tanggal', 'shift_id', 'sts_abs_id', 'jam_masuk', 'jam_keluar']),
    );
    const empty = await upload(await xlsx([]));
    expect(((await empty.json()) as { message: string }).message).toBe(U.empty);
    expect((await upload(await xlsx([good('A', day(1))]), spg)).status).toBe(403);
    const body = new FormData();
    body.append('file', new Blob([await xlsx([])]), 'x.xlsx');
    expect((await ctx.request('POST', '/api/absensi/upload', { body })).status).toBe(401);
    expect((await ctx.request('GET', '/api/absensi/log/upload', { token: spg })).status).toBe(403);
  });
});

describe('GET /api/absensi/template/download', () => {
  it('needs a period, and lists the matching employees for every day of it with the stored values', async () => {
    const noPeriod = await ctx.request('GET', '/api/absensi/template/download', { token: hr });
    expect(noPeriod.status).toBe(400);
    expect(((await noPeriod.json()) as { message: string }).message).toBe(U.periodRequired);
    expect((await ctx.request('GET', '/api/absensi/template/download?period=209901', { token: hr })).status).toBe(404);

    const [a] = nrps as [string];
    const [k] = await db().select({ lokasi: karyawan.kode_lokasi }).from(karyawan).where(eq(karyawan.nrp, a));
    const current = (await db().select().from(period)).find((x) => x.mulai <= day(2) && x.akhir >= day(2))!;
    const res = await ctx.request('GET', `/api/absensi/template/download?period=${current.id}&lokasi=${k!.lokasi}`, {
      token: hr,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`template-absensi-${current.id}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, ...ABSENSI_UPLOAD_COLUMNS]);
    const cells: string[][] = [];
    ws.eachRow((row, n) => {
      if (n > 1) cells.push((row.values as string[]).slice(1, 9).map((x) => (x ?? '') as string));
    });
    const employees = await db().select({ n: count() }).from(karyawan).where(eq(karyawan.kode_lokasi, k!.lokasi));
    const days = dayjs(current.akhir).diff(dayjs(current.mulai), 'day') + 1;
    expect(cells.length).toBeLessThanOrEqual(employees[0]!.n * days);
    expect(cells.length % days).toBe(0);
    const uploaded = cells.find((c) => c[0] === a && c[2] === day(2));
    expect(uploaded?.slice(3, 7)).toEqual([shiftId, 'H', '08:00:00', '18:00:00']);

    const perEmployee = await ctx.request(
      'GET',
      `/api/absensi/template/download?period=${current.id}&lokasi=${k!.lokasi}&rows=employee`,
      { token: hr },
    );
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(await perEmployee.arrayBuffer());
    expect(wb2.worksheets[0]!.rowCount - 1).toBe(cells.length / days);
    expect(
      (await ctx.request('GET', `/api/absensi/template/download?period=${current.id}`, { token: spg })).status,
    ).toBe(403);
  });
});
