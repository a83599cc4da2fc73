/**
 * npm run bench:xlsx-bomb [-- --size-mb 200] [-- --no-sheet]
 *
 * Issue 10 item 4: the server's memory while it refuses a zip bomb. Starts the real server as a child
 * (fresh PGlite, demo seed), then POSTs to /api/karyawan/upload, sampling the child's RSS every 25 ms:
 *  - a ~200 KB .xlsx whose shared strings declare 200 MB (refused on what it declares),
 *  - the same with headers that declare 1,000 bytes (refused while counting what it inflates to),
 *  - for comparison, a real 10,000-row employee sheet (must pass: 200).
 * Prints RSS before, peak during and after each request. Budget: the bombs add less than 100 MB.
 */
import ExcelJS from 'exceljs';
import { startServer } from '../scripts/lib/server.mjs';
import { KARYAWAN_UPLOAD_COLUMNS } from '../src/domain/karyawan/karyawan-upload';
import { sharedStringsBomb } from '../test/server/zip-bomb';
import { login, rssMb, sampleRss } from './karyawan-bench-db';

const MB = 1024 * 1024;
const BUDGET_MB = 100;
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const SIZE = Number(arg('--size-mb') ?? 200) * MB;

/** 10,000 new employees as HR would fill the template (most rows valid for the demo data). */
async function tenThousandRows(): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Karyawan');
  const keys = KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key);
  ws.addRow(keys);
  for (let i = 1; i <= 10_000; i++) {
    const row: Record<string, string | number> = {
      nrp: `XB${String(i).padStart(6, '0')}`,
      nama: `Bom Bench ${i}`,
      jenis_kelamin: i % 2 ? 'P' : 'L',
      nik: `3171${String(i).padStart(12, '0')}`,
      tgl_lahir: '1999-05-17',
      alamat1: `Jl. Uji No. ${i % 200}`,
      telp_hp: `0812${String(i).padStart(8, '0')}`,
      jumlah_anak: i % 3,
      agama_id: 1,
      pendidikan_id: 3,
      kode_prsh: 'KM',
      kode_lokasi: 'JKT',
      jobclass: 12,
      type_spg_id: 'REG',
      jabatan_id: 'SPG',
      departemen_id: 'SLS',
      divisi_id: 'FOOD',
      lama_kontrak: 6,
      mulai_kontrak: '2026-01-01',
      kode_umr: `JKT${new Date().getFullYear()}`,
      gapok: 5_000_000,
    };
    ws.addRow(keys.map((k) => row[k] ?? null));
  }
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const server = await startServer();
const pid = server.pid!;
let over = false;
try {
  const token = await login(server.baseUrl);
  const send = async (label: string, bytes: Uint8Array<ArrayBuffer>, isBomb: boolean) => {
    // Settle first: the seed and the previous request leave garbage the next sample would count.
    await new Promise((r) => setTimeout(r, 2000));
    const before = rssMb(pid);
    const rss = sampleRss(pid);
    const t = performance.now();
    const form = new FormData();
    form.append('file', new Blob([bytes]), `${label}.xlsx`);
    const res = await fetch(`${server.baseUrl}/api/karyawan/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { message: string };
    const ms = performance.now() - t;
    const peak = rss.stop();
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssMb(pid);
    const grew = peak - before;
    if (isBomb && (res.ok || grew >= BUDGET_MB)) over = true;
    console.log(
      `${label.padEnd(34)} ${(bytes.length / 1024).toFixed(0).padStart(6)} KB  → ${res.status} in ${ms.toFixed(0)} ms` +
        `  RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${grew.toFixed(0)}), after ${after.toFixed(0)} MB` +
        `\n${''.padEnd(36)}"${body.message}"`,
    );
  };
  const mb = SIZE / MB;
  await send(`bomb: shared strings ${mb} MB`, await sharedStringsBomb(SIZE), true);
  await send(`bomb: ${mb} MB declared as 1,000 B`, await sharedStringsBomb(SIZE, 1000), true);
  if (!process.argv.includes('--no-sheet')) await send('real sheet: 10,000 rows', await tenThousandRows(), false);
  console.log(
    over ? `FAIL: a bomb was accepted or grew RSS by ${BUDGET_MB} MB or more` : `ok: each bomb < +${BUDGET_MB} MB`,
  );
} finally {
  await server.stop();
}
process.exit(over ? 1 : 0);
