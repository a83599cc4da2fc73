/**
 * Every file the app hands out beside an upload goes out and comes back unchanged (issue 26 item 3,
 * docs/decisions/029-files-round-trip.md): the store export, a route list's download, the employee list
 * export (active and resigned) and the attendance template of the running period are each downloaded
 * over HTTP and uploaded back as they are: nothing refused, nothing new, nothing changed
 * ("0 baru, 0 diubah, N sama"), and no stored row rewritten (its PostgreSQL row version, xmin, stays).
 * The attendance template holds Sakit, Izin, Cuti, Alpa and OFF days without times, a day without a
 * shift, a day without check-out and a leave day still to come. The refused rows of an upload come back
 * as a sheet that uploads again as it is.
 */
import dayjs from 'dayjs';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absensiChange, absensi } from '../../server/db/schema/absensi';
import { karyawan, kontrak } from '../../server/db/schema/karyawan';
import { lokasi, period, shift } from '../../server/db/schema/master';
import { matrixKunjungan, routeList, store } from '../../server/db/schema/store';
import { ABSENSI_ADMIN_MESSAGES as M, type AbsensiUploadAnswer } from '../../src/domain/absensi/absensi-admin';
import { dateIn } from '../../src/domain/time-zone';
import { REFUSED_REASON_COLUMN, uploadDone, type UploadCounts } from '../../src/domain/upload';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr] = (await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr')])) as [string, string];
});
afterAll(() => ctx.close());

type Answer = { message: string; result: UploadCounts & { log_id: number; nrp_gagal: unknown[] } };

async function download(path: string, token = admin): Promise<Uint8Array<ArrayBuffer>> {
  const res = await ctx.request('GET', path, { token });
  expect(res.status, path).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function upload<T = Answer>(path: string, bytes: Uint8Array<ArrayBuffer>, token = admin, name = 'kembali.xlsx') {
  const body = new FormData();
  body.append('file', new Blob([bytes]), name);
  const res = await ctx.request('POST', path, { token, body });
  const answer = (await res.json()) as T;
  expect(res.status, JSON.stringify(answer).slice(0, 2000)).toBe(200);
  return answer;
}

/** The row versions of a table's rows: an UPDATE, even to the same values, gives a row a new xmin. */
async function versions(table: string, where = sql`true`): Promise<Map<string, string>> {
  const res = await db().execute<{ k: string; x: string }>(
    sql`select ctid::text || '' as k, xmin::text as x from ${sql.identifier(table)} where ${where}`,
  );
  const rows = (res as unknown as { rows: { k: string; x: string }[] }).rows;
  return new Map(rows.map((r) => [r.k, r.x]));
}

/** Nothing refused, new or changed: every row the same as stored. */
function expectAllSame(answer: Answer, rows: number) {
  expect(answer.result.nrp_gagal).toEqual([]);
  expect(answer.result).toMatchObject({ total: rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
  expect(answer.message).toBe(uploadDone(answer.result));
  expect(answer.message).toBe(`Upload berhasil: 0 baru, 0 diubah, ${rows} sama`);
}

const sheetRows = async (bytes: Uint8Array<ArrayBuffer>) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer);
  return wb.worksheets[0]!.actualRowCount - 1;
};

describe('the store export', () => {
  it('uploads back as "0 baru, 0 diubah, N sama", rewriting no store', async () => {
    const file = await download('/api/store/export/excel');
    const [{ n }] = (await db().select({ n: count() }).from(store)) as [{ n: number }];
    expect(await sheetRows(file)).toBe(n);
    const before = await versions('store');
    expectAllSame(await upload('/api/store/upload', file), n);
    expect(await versions('store')).toEqual(before);
  });
});

describe("a route list's download", () => {
  it('uploads back unchanged, rewriting neither the route list nor its matrix', async () => {
    const [rl] = await db()
      .select({ id: routeList.id, n: count() })
      .from(routeList)
      .innerJoin(matrixKunjungan, eq(matrixKunjungan.route_list_id, routeList.id))
      .groupBy(routeList.id)
      .orderBy(routeList.id)
      .limit(1);
    const file = await download(`/api/route-list/${rl!.id}/download`);
    const before = [await versions('route_list'), await versions('matrix_kunjungan')];
    expectAllSame(await upload('/api/route-list/upload', file), rl!.n);
    expect([await versions('route_list'), await versions('matrix_kunjungan')]).toEqual(before);
  });
});

describe('the employee export', () => {
  it.each([
    ['active', 0],
    ['resigned', 1],
  ])('of the %s list uploads back unchanged (its headers and "code - name" cells read)', async (_, resigned) => {
    const file = await download(`/api/karyawan/export/excel?resigned=${resigned}`);
    const rows = await sheetRows(file);
    expect(rows).toBeGreaterThan(0);
    const before = await versions('karyawan');
    const contracts = async () => (await db().select({ n: count() }).from(kontrak))[0]!.n;
    const contractsBefore = await contracts();
    expectAllSame(await upload('/api/karyawan/upload', file), rows);
    expect(await versions('karyawan')).toEqual(before);
    expect(await contracts()).toBe(contractsBefore);
  });
});

describe('the attendance template of the running period', () => {
  let nrps: string[];
  let p: typeof period.$inferSelect;
  let shiftId: string;
  let today: string;

  beforeAll(async () => {
    today = dateIn('Asia/Jakarta', new Date());
    const periods = await db().select().from(period);
    p = periods.find((x) => x.mulai <= today && x.akhir >= today)!;
    const employees = await db()
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
      .where(and(isNull(karyawan.alasan_p3), eq(lokasi.time_zone, 'Asia/Jakarta')))
      .orderBy(karyawan.nrp)
      .limit(3);
    nrps = employees.map((e) => e.nrp);
    const [s] = await db().select({ id: shift.id }).from(shift).limit(1);
    shiftId = s!.id;
    // Days the template must carry back as they are: a status without times for each of S, I, C, A and
    // OFF, a day without a shift, a day without check-out (she forgot), a leave day still to come.
    const past = (n: number) => dayjs(today).subtract(n, 'day').format('YYYY-MM-DD');
    const day = (nrp: string, tanggal: string, over: Partial<typeof absensi.$inferInsert>) => ({
      nrp,
      tanggal,
      tahun: Number(tanggal.slice(0, 4)),
      bulan: Number(tanggal.slice(5, 7)),
      shift_id: shiftId,
      sts_abs_id: 'H',
      sumber: 'M',
      ...over,
    });
    const [a, b] = nrps as [string, string];
    const days = [
      day(a, past(1), { sts_abs_id: 'S', shift_id: null }),
      day(a, past(2), { sts_abs_id: 'I' }),
      day(a, past(3), { sts_abs_id: 'C', sumber: 'L' }),
      day(b, past(1), { sts_abs_id: 'A' }),
      day(b, past(2), { sts_abs_id: 'OFF' }),
      day(b, past(3), { sts_abs_id: 'H', sumber: 'S', jam_masuk: '06:51:11', field_jam_masuk: '06:51:11' }),
    ].filter((d) => d.tanggal >= p.mulai);
    const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD');
    if (tomorrow <= p.akhir) days.push(day(b, tomorrow, { sts_abs_id: 'C', sumber: 'L' }));
    for (const d of days) {
      await db()
        .delete(absensi)
        .where(and(eq(absensi.nrp, d.nrp), eq(absensi.tanggal, d.tanggal)));
    }
    await db().insert(absensi).values(days);
  });

  it('uploads back unchanged: days without times, without shift or check-out are "sama"', async () => {
    const file = await download(`/api/absensi/template/download?period=${p.id}`, hr);
    const inPeriod = sql`tanggal between ${p.mulai} and ${p.akhir}`;
    const before = await versions('absensi', inPeriod);
    const [{ n: changes }] = (await db().select({ n: count() }).from(absensiChange)) as [{ n: number }];
    const [{ n: stored }] = (await db()
      .select({ n: count() })
      .from(absensi)
      .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
      .where(and(isNull(karyawan.alasan_p3), sql`${absensi.tanggal} between ${p.mulai} and ${p.akhir}`))) as [
      { n: number },
    ];
    const answer = await upload<AbsensiUploadAnswer>('/api/absensi/upload', file, hr, 'template.xlsx');
    expect(stored).toBeGreaterThan(0);
    expectAllSame(answer as unknown as Answer, stored);
    expect(await versions('absensi', inPeriod)).toEqual(before);
    expect((await db().select({ n: count() }).from(absensiChange))[0]!.n).toBe(changes);
  });

  it('needs times only for a status that means presence (Hadir, Dinas Luar)', async () => {
    const [, , c] = nrps as [string, string, string];
    const free = dayjs(today).subtract(4, 'day').format('YYYY-MM-DD');
    await db()
      .delete(absensi)
      .where(and(inArray(absensi.nrp, [c]), inArray(absensi.tanggal, [free, today])));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Absensi');
    ws.addRow(['nrp', 'tanggal', 'shift_id', 'sts_abs_id', 'jam_masuk', 'jam_keluar']);
    ws.addRow([c, free, shiftId, 'S', null, null]);
    ws.addRow([c, today, shiftId, 'H', '08:00', null]);
    ws.addRow([c, today, shiftId, 'DL', null, null]);
    const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const answer = await upload<AbsensiUploadAnswer>('/api/absensi/upload', bytes, hr);
    expect(answer.result).toMatchObject({ created: 1, failed: 2 });
    expect(answer.result.nrp_gagal).toEqual([
      { baris: 3, nrp: c, alasan: `jam_masuk: ${M.jamRequired}` },
      { baris: 4, nrp: c, alasan: 'NRP dan tanggal yang sama sudah ada di baris 3' },
    ]);
    const [saved] = await db()
      .select()
      .from(absensi)
      .where(and(eq(absensi.nrp, c), eq(absensi.tanggal, free)));
    expect(saved).toMatchObject({ sts_abs_id: 'S', jam_masuk: null, jam_keluar: null, sumber: 'U' });
  });
});

describe('the refused rows of an upload', () => {
  it('download as the sheet’s columns plus alasan_gagal, and that sheet uploads again as it is', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Store');
    ws.addRow(['cust_code', 'cust_name', 'cust_zip']);
    ws.addRow(['RT0001', 'Toko Kembali', '40111']);
    ws.addRow(['RT0002', null, '40112']);
    ws.addRow(['RT0003', 'Toko Pos Panjang', '123456']);
    const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const first = await upload('/api/store/upload', bytes, admin, 'toko.xlsx');
    expect(first.result).toMatchObject({ created: 1, failed: 2 });
    expect(first.message).toBe('Upload selesai: 1 baru, 0 diubah, 0 sama, 2 gagal');

    const res = await ctx.request('GET', `/api/store/upload/log/${first.result.log_id}/download`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('gagal-toko.xlsx');
    const refused = new Uint8Array(await res.arrayBuffer());
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(refused.buffer);
    const sheet = back.worksheets[0]!;
    const values = [1, 2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(values[0]).toEqual(['cust_code', 'cust_name', 'cust_zip', REFUSED_REASON_COLUMN]);
    expect(values[1]?.slice(0, 3)).toEqual(['RT0002', undefined, '40112']);
    expect(values[2]?.slice(0, 3)).toEqual(['RT0003', 'Toko Pos Panjang', '123456']);

    // Uploaded again unfixed: the same two refusals, not "Kolom tidak dikenal: alasan_gagal".
    const again = await upload('/api/store/upload', refused, admin, 'gagal-toko.xlsx');
    expect(again.result).toMatchObject({ total: 2, failed: 2 });
    const why = (r: Answer) => (r.result.nrp_gagal as { nrp: string; alasan: string }[]).map((f) => [f.nrp, f.alasan]);
    expect(why(again)).toEqual(why(first));
    // Another user's scope and another kind of upload do not reach it.
    expect(
      (await ctx.request('GET', `/api/karyawan/upload/log/${first.result.log_id}/download`, { token: admin })).status,
    ).toBe(404);
  });
});
