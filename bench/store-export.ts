/**
 * npm run bench:store-export
 *
 * GET /api/store/export/excel of 50,000 stores (PostgreSQL, bench/store-bench-db.ts; the bench adds
 * BX stores up to that count): the time until the last byte against 10 s, and the server process's
 * resident memory (RSS, sampled every 25 ms) while it streams against 300 MB. The file is read back
 * with ExcelJS's streaming reader and must hold every store.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { login, rssMb, sampleRss } from './karyawan-bench-db';
import { query, startStoreBenchServer } from './store-bench-db';

const STORES = 50_000;
const BUDGET_S = 10;
const BUDGET_MB = 300;

const server = await startStoreBenchServer();
const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-store-export-'));
let failed = false;
try {
  const [{ n }] = (await query<{ n: string }>('select count(*) as n from store')) as [{ n: string }];
  const missing = STORES - Number(n);
  if (missing > 0) {
    await query(
      `insert into store (cust_code, cust_name, kunnr, cust_address, cust_zip, cust_lat, cust_long, cust_contact, cust_telp, cust_email, cust_type)
       select 'BX' || lpad(i::text, 7, '0'), 'Toko Export ' || i, (2000000 + i)::text, 'Jl. Export No. ' || i || ', Surabaya',
              lpad((i % 99999)::text, 5, '0'), -7.25 + (i % 1000) / 10000.0, 112.75 + (i % 997) / 10000.0,
              'Kontak ' || i, '031' || lpad(i::text, 8, '0'), 'toko' || i || '@export.id', 'MT'
       from generate_series(1, $1::int) as i
       on conflict do nothing`,
      [missing],
    );
    await query('vacuum analyze store');
  }
  const [{ n: total }] = (await query<{ n: string }>('select count(*) as n from store')) as [{ n: string }];
  const token = await login(server.baseUrl);
  const before = rssMb(server.pid!);
  const rss = sampleRss(server.pid!);
  const file = path.join(dir, 'store.xlsx');
  const t = performance.now();
  const res = await fetch(`${server.baseUrl}/api/store/export/excel`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
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
    `export of ${total} stores: ${seconds.toFixed(2)} s (budget ${BUDGET_S} s), ${(statSync(file).size / 1e6).toFixed(1)} MB; ` +
      `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (budget ${BUDGET_MB} MB); rows in the file: ${rows}`,
  );
  failed = seconds > BUDGET_S || peak > BUDGET_MB || rows !== Number(total);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(failed ? 'FAIL' : 'OK');
process.exit(failed ? 1 : 0);
