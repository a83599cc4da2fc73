/**
 * The round trip of test/server/files-round-trip.test.ts through LibreOffice Calc (issue 26 item 3): the
 * attendance template, the store export, a route list's download and the employee export are each opened
 * and saved again by Calc (headless, `soffice --convert-to xlsx`), as an HR user who edits in LibreOffice
 * would, then uploaded: nothing refused, nothing new, nothing changed.
 *
 * Needs `soffice` (Debian's libreoffice-calc-nogui; .ci/run installs it). Without it the test is skipped
 * with a notice, unless REQUIRE_LIBREOFFICE=1 (set by .ci/run), where a missing Calc fails.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq, isNull, lte, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../server/db/schema/karyawan';
import { absensi } from '../../server/db/schema/absensi';
import { period } from '../../server/db/schema/master';
import { matrixKunjungan, routeList, store } from '../../server/db/schema/store';
import { dateIn } from '../../src/domain/time-zone';
import type { UploadCounts } from '../../src/domain/upload';
import { createTestContext, type TestContext } from './helpers';

const run = promisify(execFile);

/** The first of these on PATH. */
function onPath(names: string[]): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of names) {
      const file = path.join(dir, name);
      if (dir && existsSync(file)) return file;
    }
  }
  return null;
}

const soffice = onPath(['soffice', 'libreoffice']);
if (!soffice && process.env.REQUIRE_LIBREOFFICE === '1') {
  throw new Error('REQUIRE_LIBREOFFICE=1 but neither soffice nor libreoffice is on PATH');
}
if (!soffice) console.warn('[files-libreoffice] soffice not on PATH: the LibreOffice round trip is skipped');

/** How long Calc may take to start (a first start builds its profile) and convert the four files. */
const CONVERT_TIMEOUT_MS = 240_000;

let ctx: TestContext;
let admin: string;
let hr: string;
let dir: string;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr] = (await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr')])) as [string, string];
  dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-calc-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Opens each file in Calc and saves it again as .xlsx, in one headless start with its own profile and
 * HOME under `dir` (no user's settings, no lock on a shared profile, no dialog).
 */
async function throughCalc(files: Record<string, Uint8Array>): Promise<Record<string, Uint8Array<ArrayBuffer>>> {
  const inDir = path.join(dir, 'in');
  const outDir = path.join(dir, 'out');
  const home = path.join(dir, 'home');
  for (const d of [inDir, outDir, home]) mkdirSync(d, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(inDir, name), bytes);
  await run(
    soffice!,
    [
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--convert-to',
      'xlsx:Calc MS Excel 2007 XML',
      '--outdir',
      outDir,
      ...Object.keys(files).map((name) => path.join(inDir, name)),
    ],
    { env: { ...process.env, HOME: home, TMPDIR: dir }, timeout: CONVERT_TIMEOUT_MS, maxBuffer: 1 << 20 },
  );
  return Object.fromEntries(
    Object.keys(files).map((name) => {
      const out = path.join(outDir, name);
      if (!existsSync(out)) throw new Error(`Calc wrote no ${name}`);
      return [name, new Uint8Array(readFileSync(out))];
    }),
  );
}

async function download(p: string, token: string): Promise<Uint8Array> {
  const res = await ctx.request('GET', p, { token });
  expect(res.status, p).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

async function upload(p: string, bytes: Uint8Array<ArrayBuffer>, token: string) {
  const body = new FormData();
  body.append('file', new Blob([bytes]), 'dari-calc.xlsx');
  const res = await ctx.request('POST', p, { token, body });
  const answer = (await res.json()) as { message: string; result: UploadCounts & { nrp_gagal: unknown[] } };
  expect(res.status, JSON.stringify(answer).slice(0, 2000)).toBe(200);
  return answer;
}

describe.skipIf(!soffice)('every file saved again by LibreOffice Calc', () => {
  it(
    'uploads back unchanged: 0 baru, 0 diubah, N sama',
    async () => {
      // The running period, or on a month's first morning (nothing recorded in it yet) the one before.
      const today = dateIn('Asia/Jakarta', new Date());
      const recorded = await db()
        .select({ day: max(absensi.tanggal) })
        .from(absensi)
        .where(lte(absensi.tanggal, today));
      const last = recorded[0]!.day!;
      const p = (await db().select().from(period)).find((x) => x.mulai <= last && x.akhir >= last)!;
      const [rl] = await db()
        .select({ id: routeList.id, n: count() })
        .from(routeList)
        .innerJoin(matrixKunjungan, eq(matrixKunjungan.route_list_id, routeList.id))
        .groupBy(routeList.id)
        .orderBy(routeList.id)
        .limit(1);
      const files = {
        'template.xlsx': await download(`/api/absensi/template/download?period=${p.id}`, hr),
        'store.xlsx': await download('/api/store/export/excel', admin),
        'route-list.xlsx': await download(`/api/route-list/${rl!.id}/download`, admin),
        'karyawan.xlsx': await download('/api/karyawan/export/excel?resigned=0', admin),
      };
      const saved = await throughCalc(files);
      // Calc wrote files of its own (shared strings, its own styles), not copies of ours.
      expect(Buffer.from(saved['store.xlsx']!).equals(Buffer.from(files['store.xlsx']))).toBe(false);

      const [{ days }] = (await db()
        .select({ days: count() })
        .from(absensi)
        .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
        .where(and(isNull(karyawan.alasan_p3), sql`${absensi.tanggal} between ${p.mulai} and ${p.akhir}`))) as [
        { days: number },
      ];
      const [{ stores }] = (await db().select({ stores: count() }).from(store)) as [{ stores: number }];
      const [{ active }] = (await db()
        .select({ active: count() })
        .from(karyawan)
        .where(isNull(karyawan.alasan_p3))) as [{ active: number }];
      const cases: [string, string, string, number][] = [
        ['template.xlsx', '/api/absensi/upload', hr, days],
        ['store.xlsx', '/api/store/upload', admin, stores],
        ['route-list.xlsx', '/api/route-list/upload', admin, rl!.n],
        ['karyawan.xlsx', '/api/karyawan/upload', admin, active],
      ];
      for (const [name, to, token, rows] of cases) {
        const answer = await upload(to, saved[name]!, token);
        expect(answer.result.nrp_gagal, name).toEqual([]);
        expect(answer.result, name).toMatchObject({ total: rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
        expect(answer.message, name).toBe(`Upload berhasil: 0 baru, 0 diubah, ${rows} sama`);
      }
    },
    CONVERT_TIMEOUT_MS + 60_000,
  );
});
