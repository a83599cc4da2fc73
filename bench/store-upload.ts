/**
 * npm run bench:store-upload
 *
 * POST /api/store/upload of a 10,000-row .xlsx (PostgreSQL, bench/store-bench-db.ts): 9,500 good rows
 * (new stores, or changes on a rerun) and 500 bad rows of five kinds spread through the sheet. Times
 * the upload as the browser sees it (send, check, save, answer) against 15 s, checks that exactly the
 * bad rows are reported (row number, code, reason) and the good ones saved, then uploads the same file
 * again (nothing new, nothing changed: every good row "sama", none written) and removes the bench's stores.
 */
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { STORE_COLUMNS, type StoreUploadAnswer } from '../src/domain/store/store';
import { login, sampleRss } from './karyawan-bench-db';
import { query, startStoreBenchServer } from './store-bench-db';

const ROWS = 10_000;
const BAD_EVERY = 20;
const BUDGET_S = 15;

type Row = Record<string, string | number | null>;

function row(i: number): Row {
  const code = `BU${String(i).padStart(6, '0')}`;
  const good: Row = {
    cust_code: code,
    cust_name: `Toko Bench ${i}`,
    kunnr: String(1_000_000 + i),
    sales_office_id: null,
    cust_address: `Jl. Bench No. ${i}, Jakarta`,
    cust_zip: String(10_000 + (i % 89_999)),
    cust_lat: Number((-6.2 + (i % 1000) / 10_000).toFixed(6)),
    cust_long: Number((106.8 + (i % 997) / 10_000).toFixed(6)),
    cust_contact: `Kontak ${i}`,
    cust_telp: `021${String(i).padStart(8, '0')}`,
    cust_email: `toko${i}@bench.id`,
    cust_key_account: null,
    cust_type: 'MT',
    client_id: null,
    radius_m: i % 3 ? null : 150,
  };
  if (i % BAD_EVERY !== 7) return good;
  switch (((i / BAD_EVERY) % 5) | 0) {
    case 0:
      return { ...good, cust_name: null };
    case 1:
      return { ...good, cust_zip: '1234567' };
    case 2:
      return { ...good, cust_lat: 'utara' };
    case 3:
      return { ...good, client_id: 'NOPE' };
    default:
      return { ...good, cust_email: 'bukan-email' };
  }
}

async function sheet(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Store');
  ws.addRow([...STORE_COLUMNS]);
  for (const r of rows) ws.addRow(STORE_COLUMNS.map((k) => r[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(baseUrl: string, token: string, file: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file)]), 'bench-upload-store.xlsx');
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/store/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await res.json()) as StoreUploadAnswer;
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(answer)}`);
  return { seconds: (performance.now() - t) / 1000, answer };
}

const server = await startStoreBenchServer();
let failed = false;
try {
  await query("delete from store where cust_code like 'BU%'");
  const token = await login(server.baseUrl);
  const rows = Array.from({ length: ROWS }, (_, i) => row(i));
  const bad = rows.map((r, i) => ({ r, baris: i + 2 })).filter(({ baris }) => (baris - 2) % BAD_EVERY === 7);
  const file = await sheet(rows);
  console.log(`sheet: ${ROWS} rows, ${bad.length} bad, ${(file.length / 1e6).toFixed(2)} MB`);

  const rss = sampleRss(server.pid!);
  const first = await upload(server.baseUrl, token, file);
  const peak = rss.stop();
  const r = first.answer.result;
  const reported = r.nrp_gagal.map((f) => f.baris);
  const exact = JSON.stringify(reported) === JSON.stringify(bad.map((b) => b.baris));
  const [{ n }] = (await query<{ n: string }>("select count(*) as n from store where cust_code like 'BU%'")) as [
    { n: string },
  ];
  console.log(
    `first upload: ${first.seconds.toFixed(2)} s (budget ${BUDGET_S} s), server peak RSS ${peak.toFixed(0)} MB; ` +
      `created ${r.created}, updated ${r.updated}, failed ${r.failed}; every bad row reported exactly: ${exact}; ` +
      `stores saved: ${n}`,
  );
  const second = await upload(server.baseUrl, token, file);
  console.log(
    `same file again: ${second.seconds.toFixed(2)} s; created ${second.answer.result.created}, ` +
      `updated ${second.answer.result.updated}, unchanged ${second.answer.result.unchanged}, ` +
      `failed ${second.answer.result.failed}`,
  );
  failed =
    first.seconds > BUDGET_S ||
    second.seconds > BUDGET_S ||
    !exact ||
    Number(n) !== ROWS - bad.length ||
    second.answer.result.created !== 0 ||
    // The same rows again are "sama" and not written (issue 26).
    second.answer.result.updated !== 0 ||
    second.answer.result.unchanged !== ROWS - bad.length;
  await query("delete from store where cust_code like 'BU%'");
} finally {
  await server.stop();
}
console.log(failed ? 'FAIL' : 'OK');
process.exit(failed ? 1 : 0);
