/**
 * node --import tsx bench/dashboard-export.ts [-- --seed] [-- --day D] [-- --prepared] [-- --parts]
 *
 * The dashboard's activity export (GET /api/dashboard/activity/detail/export) of the whole day on
 * 100,000 employees (bench/dashboard-bench-db.ts: ~200,000 planned visits, 10,000 employees checked in),
 * for the admin and for a user limited to one location (JKT), streamed and timed to its last byte
 * against 10 s (issue 42 §3), with rows per second. --parts: where the admin's time goes, in this
 * process on the same database: the rows alone (queries and row building, nothing written), then the
 * same rows through ExcelJS's streaming writer (server/lib/excel.ts, as the export was written before
 * decision 047) and through the plain writer (server/lib/xlsx-plain.ts, as it is written now).
 * --prepared: today's check-ins are already in place (another bench prepared them).
 */
import { performance } from 'node:perf_hooks';
import type { PlainCell } from '../server/lib/xlsx-plain';
import { benchToday, prepareDashboardDay, scopedToken, SCOPED } from './dashboard-bench-db';
import { DATABASE_URL, login, ms, query, startBenchServer } from './karyawan-bench-db';

const BUDGET_S = 10;

/** The visit lines of the day of active employees (of one location): the rows the file must hold. */
async function linesOf(day: string, lokasi?: string): Promise<number> {
  const [row] = await query<{ n: string }>(
    `select count(*) as n from kunjungan_detail d join kunjungan h on h.no_dcp = d.no_dcp
       join karyawan k on k.nrp = h.nrp
      where d.tgl_dcp = $1 and k.alasan_p3 is null ${lokasi ? 'and k.kode_lokasi = $2' : ''}`,
    lokasi ? [day, lokasi] : [day],
  );
  return Number(row?.n ?? 0);
}

/** Reads a body to its end: seconds to the first and the last byte, and the bytes. */
async function drain(body: ReadableStream<Uint8Array>, t0: number) {
  let first = 0;
  let bytes = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    if (!first) first = performance.now() - t0;
    bytes += chunk.byteLength;
  }
  return { first, total: (performance.now() - t0) / 1000, bytes };
}

const clockAt = new Date(`${benchToday()}T14:00:00+07:00`).getTime();
const server = await startBenchServer({
  entry: 'bench/lib/clocked-server.ts',
  env: { BENCH_CLOCK_OFFSET_MS: String(clockAt - Date.now()) },
});
let failed = false;
try {
  const today = process.argv.includes('--prepared') ? benchToday() : (await prepareDashboardDay()).today;
  const admin = await login(server.baseUrl);
  const scoped = await scopedToken(server.baseUrl, admin);
  console.log(`\nactivity export of ${today}, streamed, timed to its last byte (budget ${BUDGET_S} s)`);
  for (const [who, token, lokasi] of [
    ['admin', admin, undefined],
    [`${SCOPED.lokasi} only`, scoped, SCOPED.lokasi],
  ] as const) {
    const rows = await linesOf(today, lokasi);
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/dashboard/activity/detail/export?date=${today}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    const { first, total, bytes } = await drain(res.body, t0);
    const over = total >= BUDGET_S;
    if (over) failed = true;
    console.log(
      `${who.padEnd(10)} ${rows.toLocaleString('en')} rows: first byte ${ms(first)}, whole file ${total.toFixed(2)} s, ` +
        `${(bytes / 1e6).toFixed(1)} MB, ${Math.round(rows / total).toLocaleString('en')} rows/s` +
        `${over ? '  OVER BUDGET' : '  within budget'}`,
    );
  }

  if (process.argv.includes('--parts')) {
    // Where the admin's time goes: the same rows, in this process, written three ways.
    const { openDatabase } = await import('../server/db/client');
    const { xlsxStream } = await import('../server/lib/excel');
    const { plainXlsxStream } = await import('../server/lib/xlsx-plain');
    const { ACTIVITY_EXPORT_SHEET, activityExportRows } = await import('../server/modules/dashboard/dashboard-export');
    const { daysByZone } = await import('../server/modules/dashboard/dashboard-day');
    const database = await openDatabase({ url: DATABASE_URL });
    try {
      const days = daysByZone(today, new Date(clockAt));
      const viewer = { trustee: null };
      const never = () => false;
      let n = 0;
      let t0 = performance.now();
      await activityExportRows(database.db, viewer, days, async (rows) => void (n += rows.length), never);
      const rowsOnly = (performance.now() - t0) / 1000;
      console.log(
        `\nparts (admin, in-process): rows alone (queries + row building) ${rowsOnly.toFixed(2)} s, ${n.toLocaleString('en')} rows`,
      );
      const fill = (add: (rows: PlainCell[][]) => Promise<void>, aborted: () => boolean) =>
        activityExportRows(database.db, viewer, days, add, aborted);
      t0 = performance.now();
      const excel = await drain(xlsxStream([{ ...ACTIVITY_EXPORT_SHEET, fill }]), t0);
      console.log(
        `  rows + ExcelJS streaming writer: ${excel.total.toFixed(2)} s (${(excel.bytes / 1e6).toFixed(1)} MB), ` +
          `${Math.round(n / excel.total).toLocaleString('en')} rows/s`,
      );
      t0 = performance.now();
      const plain = await drain(plainXlsxStream({ ...ACTIVITY_EXPORT_SHEET, fill }), t0);
      console.log(
        `  rows + plain writer:             ${plain.total.toFixed(2)} s (${(plain.bytes / 1e6).toFixed(1)} MB), ` +
          `${Math.round(n / plain.total).toLocaleString('en')} rows/s`,
      );
    } finally {
      await database.close();
    }
  }
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
