/**
 * npm run bench:absensi-report [-- --rounds 3] [-- --seed] [-- --export-only]
 *
 * The attendance reports on 100,000 employees with about two months of attendance (PostgreSQL, see
 * bench/karyawan-bench-db.ts), for an administrator (no trustee scope):
 * - the three report pages (GET /api/report/absensi-detail, -summary, -summary-daily) of last month's
 *   period, as the browser sees them (HTTP, authentication and the count included): first pages, pages
 *   across the list, a location filter and an employee search; p95 per report against 100 ms;
 * - the detail export of that period for the 10,000 employees of one location (~250,000 rows): the
 *   time to the last byte against 30 s and the server's RSS peak (sampled every 25 ms) against 300 MB.
 *   The file is read back with ExcelJS's streaming reader and must hold every row the page counts.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { login, ms, percentile, query, rssMb, sampleRss, startBenchServer } from './karyawan-bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 3);
const PAGE_BUDGET_MS = 100;
const EXPORT_BUDGET_S = 30;
const EXPORT_BUDGET_MB = 300;
const EXPORT_EMPLOYEES = 10_000;

const server = await startBenchServer();
const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-absensi-report-'));
let failed = false;
try {
  await query('vacuum analyze absensi');
  const token = await login(server.baseUrl);
  // Last month: a whole period of attendance (derived from the database's clock, never a fixed date).
  const [{ id: period } = { id: '' }] = await query<{ id: string }>(
    "select to_char(date_trunc('month', now()) - interval '1 month', 'YYYYMM') as id",
  );
  const [{ lokasi } = { lokasi: '' }] = await query<{ lokasi: string }>(
    `select kode_lokasi as lokasi from karyawan group by 1 order by abs(count(*) - ${EXPORT_EMPLOYEES}) limit 1`,
  );
  const names = await query<{ nama: string }>('select nama from karyawan order by nrp limit 10 offset 7000');
  const get = async (url: string) => {
    const t = performance.now();
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { totalCount: number };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, total: body.totalCount };
  };

  console.log(`period ${period}; pages for an administrator, ${ROUNDS} rounds`);
  const reports = process.argv.includes('--export-only')
    ? []
    : ['absensi-detail', 'absensi-summary', 'absensi-summary-daily'];
  for (const report of reports) {
    const base = `/api/report/${report}?period=${period}`;
    const { total } = await get(base);
    const last = Math.max(1, Math.ceil(total / 30));
    const kinds: Record<string, string[]> = {
      'first pages': Array.from({ length: 5 }, (_, i) => `${base}&page=${i + 1}`),
      filters: [
        `${base}&lokasi=${lokasi}`,
        `${base}&lokasi=${lokasi}&page=10`,
        ...names.slice(0, 4).map((n) => `${base}&karyawan=${encodeURIComponent(n.nama.split(' ')[0] ?? n.nama)}`),
      ],
      'pages across the list': Array.from(
        { length: 5 },
        (_, i) => `${base}&page=${Math.max(1, Math.floor((last * (i + 1)) / 6))}`,
      ),
    };
    await get(`${base}&page=1`); // warm-up
    const all: number[] = [];
    for (const [kind, urls] of Object.entries(kinds)) {
      const times: number[] = [];
      for (let r = 0; r < ROUNDS; r++) for (const u of urls) times.push((await get(u)).ms);
      all.push(...times);
      console.log(
        `${report.padEnd(22)} ${kind.padEnd(22)}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}`,
      );
    }
    const p95 = percentile(all, 95);
    console.log(
      `${report.padEnd(22)} rows ${String(total).padStart(9)}: p95 ${ms(p95)} over all (budget ${PAGE_BUDGET_MS} ms)`,
    );
    if (p95 > PAGE_BUDGET_MS) failed = true;
  }

  const filter = `period=${period}&lokasi=${lokasi}`;
  // The page counts up to 10,000 rows only: the export must hold every row of the location's period.
  const [{ n: expectedRaw } = { n: '0' }] = await query<{ n: string }>(
    `select count(*) as n from absensi a join karyawan k on k.nrp = a.nrp join period p on p.id = $2
     where k.kode_lokasi = $1 and a.tanggal between p.mulai and p.akhir and (k.tgl_p3 is null or a.tanggal <= k.tgl_p3)`,
    [lokasi, period],
  );
  const expected = Number(expectedRaw);
  const [{ n: employees } = { n: '0' }] = await query<{ n: string }>(
    'select count(*) as n from karyawan where kode_lokasi = $1',
    [lokasi],
  );
  const before = rssMb(server.pid!);
  const rss = sampleRss(server.pid!);
  const file = path.join(dir, 'detail.xlsx');
  const t = performance.now();
  const res = await fetch(`${server.baseUrl}/api/report/absensi-detail/export?${filter}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  const disposition = res.headers.get('content-disposition');
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
  const seconds = (performance.now() - t) / 1000;
  const peak = rss.stop();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  for await (const sheet of reader) {
    for await (const row of sheet) if (row.number > 1) rows++;
    break;
  }
  console.log(
    `detail export, lokasi ${lokasi} (${employees} employees, ${expected} rows): ${seconds.toFixed(2)} s (budget ${EXPORT_BUDGET_S} s), ` +
      `${(statSync(file).size / 1e6).toFixed(1)} MB, ${disposition}; server RSS ${before.toFixed(0)} MB before, ` +
      `peak ${peak.toFixed(0)} MB (budget ${EXPORT_BUDGET_MB} MB); rows in the file: ${rows}`,
  );
  if (seconds > EXPORT_BUDGET_S || peak > EXPORT_BUDGET_MB || rows !== expected) failed = true;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(failed ? 'FAIL' : 'OK');
process.exit(failed ? 1 : 0);
