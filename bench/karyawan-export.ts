/**
 * npm run bench:karyawan-export [-- --seed] [-- --slow]
 *
 * GET /api/karyawan/export/excel on 100,000 employees (PostgreSQL, see bench/karyawan-bench-db.ts):
 * the time until the last byte of the .xlsx and the server process's resident memory (RSS, sampled
 * every 25 ms from /proc) while it streams, against 20 s and 300 MB. Both lists are exported (the
 * active one and the resigned one, together every employee), and the upload sheet's data download
 * too. Each file is then read back with ExcelJS's streaming reader and must hold exactly the
 * employees of the database. --slow also reads one export at 2 MB/s, as a slow phone would: the
 * server must wait for the reader instead of buffering the file.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { login, query, rssMb, sampleRss, startBenchServer } from './karyawan-bench-db';

const BUDGET_S = 20;
const BUDGET_MB = 300;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-export-'));

/** Rows of the first sheet (the header aside), read as a stream. */
async function countRows(file: string): Promise<{ rows: number; first: unknown; last: unknown }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  let rows = 0;
  let first: unknown = null;
  let last: unknown = null;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number === 1) continue;
      rows++;
      const nrp = (row.values as unknown[])[1];
      first ??= nrp;
      last = nrp;
    }
    break;
  }
  return { rows, first, last };
}

/** Streams a download to disk, optionally throttled; answers seconds, the server's peak RSS and the file. */
async function download(baseUrl: string, pid: number, token: string, url: string, bytesPerSecond = 0) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
  const rss = sampleRss(pid);
  const t = performance.now();
  const res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const firstByte = performance.now() - t;
  let body = Readable.fromWeb(res.body as never);
  if (bytesPerSecond) {
    const source = body;
    body = Readable.from(
      (async function* () {
        const start = performance.now();
        let sent = 0;
        for await (const chunk of source) {
          sent += (chunk as Buffer).length;
          const due = (sent / bytesPerSecond) * 1000 - (performance.now() - start);
          if (due > 0) await new Promise((r) => setTimeout(r, due));
          yield chunk;
        }
      })(),
    );
  }
  await pipeline(body, createWriteStream(file));
  const seconds = (performance.now() - t) / 1000;
  return { seconds, firstByteMs: firstByte, peak: rss.stop(), file, mb: statSync(file).size / 1e6 };
}

const runs: { label: string; url: string; expect: 'active' | 'resigned'; throttle?: number }[] = [
  { label: 'export/excel?resigned=0 (active)', url: '/api/karyawan/export/excel?resigned=0', expect: 'active' },
  { label: 'export/excel?resigned=1 (resigned)', url: '/api/karyawan/export/excel?resigned=1', expect: 'resigned' },
  { label: 'report/download (upload sheet, all)', url: '/api/karyawan/report/download', expect: 'active' },
];
if (process.argv.includes('--slow')) {
  runs.push({
    label: 'export/excel?resigned=0 read at 2 MB/s',
    url: '/api/karyawan/export/excel?resigned=0',
    expect: 'active',
    throttle: 2e6,
  });
}

let ok = true;
try {
  for (const [i, run] of runs.entries()) {
    // A fresh server for each download: its peak is this download's alone.
    const server = await startBenchServer();
    try {
      const token = await login(server.baseUrl);
      const [counts] = await query<{ active: string; resigned: string }>(
        `select count(*) filter (where alasan_p3 is null) as active, count(*) filter (where alasan_p3 is not null) as resigned from karyawan`,
      );
      const want = { active: Number(counts?.active), resigned: Number(counts?.resigned) };
      // A few list calls first: the server as it is once in use, not straight after start.
      for (let p = 1; p <= 5; p++) {
        await fetch(`${server.baseUrl}/api/karyawan?page=${p}`, { headers: { authorization: `Bearer ${token}` } });
      }
      const idle = rssMb(server.pid!);
      if (i === 0) {
        console.log(
          `export on ${want.active + want.resigned} employees (PostgreSQL), a fresh server per download; load average ${os.loadavg()[0]?.toFixed(1)}`,
        );
      }
      const d = await download(server.baseUrl, server.pid!, token, run.url, run.throttle);
      const read = await countRows(d.file);
      const rowsOk = read.rows === want[run.expect];
      const budget = run.label.startsWith('export/excel');
      const inBudget = (!!run.throttle || d.seconds < BUDGET_S) && d.peak < BUDGET_MB;
      if (budget) ok &&= rowsOk && inBudget;
      console.log(
        `${run.label.padEnd(40)} ${d.seconds.toFixed(2).padStart(6)} s (first byte ${d.firstByteMs.toFixed(0)} ms), ` +
          `${d.mb.toFixed(1)} MB, ${read.rows} rows (${rowsOk ? 'all' : `EXPECTED ${want[run.expect]}`}, ${String(read.first)} … ${String(read.last)}), ` +
          `server RSS ${idle.toFixed(0)} MB idle → peak ${d.peak.toFixed(0)} MB`,
      );
      rmSync(d.file, { force: true });
    } finally {
      await server.stop();
    }
  }
  console.log(
    `export/excel: budget ${BUDGET_S} s and ${BUDGET_MB} MB server RSS while streaming, every row in the file: ${ok ? 'met' : 'MISSED'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
