/**
 * npm run bench:karyawan-upload [-- --seed]
 *
 * POST /api/karyawan/upload of a 10,000-row .xlsx into a database of 100,000 employees (PostgreSQL,
 * see bench/karyawan-bench-db.ts): 8,000 new employees, 1,500 changes to existing ones and 500 bad
 * rows of five kinds spread through the sheet. Times the upload as the browser sees it (send, check,
 * save, answer), checks that exactly the bad rows are reported (row number, NRP, reason) and the rest
 * saved, then uploads the same file again (nothing may change) and puts the database back as it was.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { KARYAWAN_UPLOAD_COLUMNS, type UploadResult } from '../src/domain/karyawan/karyawan-upload';
import { login, ms, query, sampleRss, startBenchServer } from './karyawan-bench-db';

const NEW = 8_000;
const CHANGED = 1_500;
const BAD_EVERY = 20; // one bad row in 20: 500 of 10,000
const BUDGET_S = 15;
const KEYS = KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key);
const FILE_NAME = 'bench-upload-karyawan.xlsx';

type Row = Record<string, string | number | null>;

const newRow = (i: number): Row => ({
  nrp: `BU${String(i).padStart(6, '0')}`,
  nama: `Bench Upload ${i}`,
  jenis_kelamin: i % 2 ? 'P' : 'L',
  nik: `3171${String(i).padStart(12, '0')}`,
  tgl_lahir: '1999-05-17',
  alamat1: `Jl. Uji No. ${i % 200}`,
  telp_hp: `0812${String(i).padStart(8, '0')}`,
  jumlah_anak: i % 3,
  agama_id: 1 + (i % 6),
  pendidikan_id: 3,
  kode_prsh: 'KM',
  kode_lokasi: ['JKT', 'BDG', 'SBY', 'SMG'][i % 4] ?? 'JKT',
  jobclass: 10 + (i % 29),
  type_spg_id: ['REG', 'MOB', 'SHF'][i % 3] ?? 'REG',
  jabatan_id: 'SPG',
  departemen_id: 'SLS',
  divisi_id: 'FOOD',
  lama_kontrak: [3, 6, 12][i % 3] ?? 6,
  mulai_kontrak: `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`,
  kode_umr: `JKT${new Date().getFullYear()}`,
  gapok: 5_000_000 + (i % 10) * 10_000,
});

/** Five kinds of bad rows, in turn. */
function badRow(k: number, newNrps: string[]): { row: Row; reason: RegExp } {
  const base = newRow(900_000 + k);
  switch (k % 5) {
    case 0:
      return { row: { ...base, nama: null }, reason: /Nama harus diisi/ };
    case 1:
      return { row: { ...base, kode_lokasi: 'XXX' }, reason: /Kode Lokasi XXX tidak ditemukan/ };
    case 2:
      return { row: { ...base, jobclass: 99 }, reason: /Job Class/ };
    case 3:
      return { row: { ...base, nrp: newNrps[k] ?? 'BU000001' }, reason: /NRP ganda/ };
    default:
      return { row: { ...base, mulai_kontrak: '31/02/2026' }, reason: /Tanggal harus berformat/ };
  }
}

const server = await startBenchServer();
try {
  await cleanUp();
  const token = await login(server.baseUrl);
  const existing = await query<Row>(
    `select ${KEYS.join(', ')} from karyawan where alasan_p3 is null order by nrp limit ${CHANGED} offset 20000`,
  );
  const originals = existing.map((e) => ({ nrp: String(e.nrp), telp_hp: e.telp_hp }));

  // The sheet: good rows with a bad one every 20th row.
  const rows: { row: Row; bad?: RegExp }[] = [];
  const newNrps: string[] = [];
  let nNew = 0;
  let nChanged = 0;
  let nBad = 0;
  while (rows.length < NEW + CHANGED + (NEW + CHANGED) / (BAD_EVERY - 1)) {
    if ((rows.length + 1) % BAD_EVERY === 0) {
      const { row, reason } = badRow(nBad++, newNrps);
      rows.push({ row, bad: reason });
    } else if (nChanged < CHANGED && rows.length % 7 === 3) {
      const e = existing[nChanged++]!;
      rows.push({ row: { ...e, telp_hp: `0877${String(nChanged).padStart(8, '0')}` } });
    } else if (nNew < NEW) {
      const row = newRow(++nNew);
      newNrps.push(String(row.nrp));
      rows.push({ row });
    } else {
      const e = existing[nChanged++]!;
      rows.push({ row: { ...e, telp_hp: `0877${String(nChanged).padStart(8, '0')}` } });
    }
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Karyawan');
  ws.addRow(KEYS);
  for (const { row } of rows) ws.addRow(KEYS.map((k) => row[k] ?? null));
  const bytes = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  const expectedBad = new Map(rows.flatMap((r, i) => (r.bad ? [[i + 2, r.bad] as const] : [])));

  const send = async () => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), FILE_NAME);
    const rss = sampleRss(server.pid!);
    const t = performance.now();
    const res = await fetch(`${server.baseUrl}/api/karyawan/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { message: string; result: UploadResult };
    const seconds = (performance.now() - t) / 1000;
    const peak = rss.stop();
    if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return { seconds, peak, result: body.result, message: body.message };
  };

  console.log(
    `upload of ${rows.length} rows (${nNew} new, ${nChanged} changed, ${nBad} bad; ${(bytes.length / 1e6).toFixed(2)} MB) ` +
      `into ${(await query<{ n: string }>('select count(*) as n from karyawan'))[0]?.n} employees (PostgreSQL); load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const first = await send();
  const problems: string[] = [];
  const reported = new Map(first.result.nrp_gagal.map((f) => [f.baris, f]));
  for (const [baris, reason] of expectedBad) {
    const f = reported.get(baris);
    if (!f) problems.push(`row ${baris} not reported`);
    else if (!reason.test(f.alasan)) problems.push(`row ${baris}: "${f.alasan}" does not match ${reason}`);
  }
  for (const baris of reported.keys())
    if (!expectedBad.has(baris)) problems.push(`good row ${baris} reported as failed`);
  const [saved] = await query<{ n: string }>(`select count(*) as n from karyawan where nrp like 'BU%'`);
  const changedRows = await query<{ nrp: string; telp_hp: string }>(
    `select nrp, telp_hp from karyawan where nrp = any($1)`,
    [originals.map((o) => o.nrp)],
  );
  const applied = changedRows.filter((r) => r.telp_hp.startsWith('0877')).length;
  if (Number(saved?.n) !== nNew) problems.push(`${saved?.n} new employees saved, expected ${nNew}`);
  if (applied !== nChanged) problems.push(`${applied} changes applied, expected ${nChanged}`);
  console.log(
    `first upload:  ${first.seconds.toFixed(2)} s — created ${first.result.created}, updated ${first.result.updated}, ` +
      `failed ${first.result.failed} (every bad row reported with its reason: ${problems.length === 0 ? 'yes' : 'NO'}); ` +
      `server RSS peak ${first.peak.toFixed(0)} MB`,
  );

  const second = await send();
  const [after] = await query<{ n: string }>(`select count(*) as n from karyawan where nrp like 'BU%'`);
  if (second.result.created || second.result.updated) problems.push('the second upload changed data');
  if (Number(after?.n) !== nNew) problems.push('the second upload duplicated employees');
  console.log(
    `same file again: ${second.seconds.toFixed(2)} s — unchanged ${second.result.unchanged}, created ${second.result.created}, ` +
      `updated ${second.result.updated}, failed ${second.result.failed}; server RSS peak ${second.peak.toFixed(0)} MB`,
  );
  for (const p of problems.slice(0, 10)) console.log(`  problem: ${p}`);
  const ok = problems.length === 0 && first.seconds < BUDGET_S;
  console.log(
    `budget ${BUDGET_S} s with every bad row reported: ${ok ? 'met' : 'MISSED'} (${ms(first.seconds * 1000)})`,
  );
  if (!ok) process.exitCode = 1;

  // Back as it was: the bench's employees (their contracts and items go with them), the phones, the items and logs.
  for (const o of originals) await query('update karyawan set telp_hp = $2 where nrp = $1', [o.nrp, o.telp_hp]);
  await cleanUp();
} finally {
  await server.stop();
}

async function cleanUp() {
  await query(`delete from karyawan_posting where created_by = 'U00001' and jenis_trn = 'P2' and nrp in (
    select nrp from karyawan where alasan_p3 is null order by nrp limit ${CHANGED} offset 20000)`);
  await query(`delete from karyawan where nrp like 'BU%'`);
  await query(`delete from upload_log where file_name = $1`, [FILE_NAME]);
}
