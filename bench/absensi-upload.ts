/**
 * npm run bench:absensi-upload
 *
 * POST /api/absensi/upload of a 10,000-row .xlsx on 100,000 employees with two months of attendance
 * (PostgreSQL, bench/karyawan-bench-db.ts): 9,500 good rows (employee days that have no attendance yet,
 * outside any posted period) and 500 bad rows of five kinds spread through the sheet (an NRP that does not
 * exist, jam masuk after jam keluar, no status, a time in the wrong format, an unknown shift). Times the
 * upload as the browser sees it against 15 s, checks that exactly the bad rows are reported and the
 * unknown NRPs named, uploads the same file again (nothing may change), then removes what it wrote.
 */
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { ABSENSI_UPLOAD_COLUMNS, type AbsensiUploadAnswer } from '../src/domain/absensi/absensi-admin';
import { login, query, sampleRss, startBenchServer } from './karyawan-bench-db';

const ROWS = 10_000;
const BAD_EVERY = 20;
const BUDGET_S = 15;
const FILE = 'bench-upload-absensi.xlsx';
const REASON = 'bench absensi upload';

type Row = Partial<Record<(typeof ABSENSI_UPLOAD_COLUMNS)[number], string | null>>;

async function sheet(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Absensi');
  ws.addRow([...ABSENSI_UPLOAD_COLUMNS]);
  for (const r of rows) ws.addRow(ABSENSI_UPLOAD_COLUMNS.map((k) => r[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(baseUrl: string, token: string, file: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file)]), FILE);
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/absensi/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await res.json()) as AbsensiUploadAnswer;
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(answer)}`);
  return { seconds: (performance.now() - t) / 1000, answer };
}

async function cleanUp() {
  await query(`delete from absensi_change where alasan = $1`, [REASON]);
  await query(`delete from absensi where sumber = 'U' and alasan = $1`, [REASON]);
  await query(`delete from upload_log where jenis = 'absensi' and file_name = $1`, [FILE]);
}

const server = await startBenchServer();
let failed = false;
try {
  await cleanUp();
  const token = await login(server.baseUrl);
  const [{ shift } = { shift: '' }] = await query<{ shift: string }>(
    'select id as shift from shift order by id limit 1',
  );
  // Employee days without attendance, in the last 60 days, outside posted periods (the upload refuses those).
  const free = await query<{ nrp: string; tanggal: string }>(
    `select k.nrp, d::date::text as tanggal
       from (select nrp from karyawan order by nrp desc limit 3000) k
       cross join generate_series(current_date - 60, current_date - 2, interval '1 day') d
      where not exists (select 1 from absensi a where a.nrp = k.nrp and a.tanggal = d::date)
        and not exists (select 1 from absensi_posting p join period pe on pe.id = p.period_id
                         where d::date between pe.mulai and pe.akhir)
      limit ${ROWS}`,
  );
  if (free.length < ROWS) throw new Error(`only ${free.length} free employee days`);
  const rows: Row[] = free.map(({ nrp, tanggal }, i) => {
    const good: Row = {
      nrp,
      nama: null,
      tanggal,
      shift_id: shift,
      sts_abs_id: 'H',
      jam_masuk: '08:00',
      jam_keluar: '17:00',
      alasan: REASON,
    };
    if (i % BAD_EVERY !== 7) return good;
    switch (((i / BAD_EVERY) % 5) | 0) {
      case 0:
        return { ...good, nrp: `ZZ${String(i).padStart(6, '0')}` };
      case 1:
        return { ...good, jam_masuk: '18:00' };
      case 2:
        return { ...good, sts_abs_id: null };
      case 3:
        return { ...good, jam_keluar: '5 sore' };
      default:
        return { ...good, shift_id: 'NOPE' };
    }
  });
  const bad = rows
    .map((_, i) => i)
    .filter((i) => i % BAD_EVERY === 7)
    .map((i) => i + 2);
  const unknown = rows.filter((r) => r.nrp?.startsWith('ZZ')).map((r) => r.nrp);
  const file = await sheet(rows);
  console.log(
    `sheet: ${ROWS} rows, ${bad.length} bad (${unknown.length} unknown NRPs), ${(file.length / 1e6).toFixed(2)} MB`,
  );

  const rss = sampleRss(server.pid!);
  const first = await upload(server.baseUrl, token, file);
  const peak = rss.stop();
  const r = first.answer.result;
  const exact = JSON.stringify(r.nrp_gagal.map((f) => f.baris)) === JSON.stringify(bad);
  const missingExact = JSON.stringify(r.missing_nrp) === JSON.stringify(unknown);
  const [{ n } = { n: '0' }] = await query<{ n: string }>(
    `select count(*) as n from absensi where sumber = 'U' and alasan = $1`,
    [REASON],
  );
  const [{ c } = { c: '0' }] = await query<{ c: string }>(
    `select count(*) as c from absensi_change where alasan = $1`,
    [REASON],
  );
  console.log(
    `first upload: ${first.seconds.toFixed(2)} s (budget ${BUDGET_S} s), server peak RSS ${peak.toFixed(0)} MB; ` +
      `created ${r.created}, updated ${r.updated}, failed ${r.failed}; every bad row reported exactly: ${exact}; ` +
      `missing_nrp exact: ${missingExact}; days saved: ${n}, change rows: ${c}`,
  );
  const second = await upload(server.baseUrl, token, file);
  const [{ c: c2 } = { c: '0' }] = await query<{ c: string }>(
    `select count(*) as c from absensi_change where alasan = $1`,
    [REASON],
  );
  console.log(
    `same file again: ${second.seconds.toFixed(2)} s; created ${second.answer.result.created}, updated ` +
      `${second.answer.result.updated}, unchanged ${second.answer.result.unchanged}, failed ${second.answer.result.failed}; change rows: ${c2}`,
  );
  failed =
    first.seconds > BUDGET_S ||
    second.seconds > BUDGET_S ||
    !exact ||
    !missingExact ||
    Number(n) !== ROWS - bad.length ||
    Number(c) !== ROWS - bad.length ||
    second.answer.result.created + second.answer.result.updated !== 0 ||
    c2 !== c;
  await cleanUp();
} finally {
  await server.stop();
}
console.log(failed ? 'FAIL' : 'OK');
process.exit(failed ? 1 : 0);
