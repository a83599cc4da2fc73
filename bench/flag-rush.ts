/**
 * npm run bench:flag-rush [-- --checkins 10000 --copies 2]
 *
 * The morning rush of evidence (issue 28, budget: 10,000 check-ins' jobs flagged within 15 minutes): a
 * database of its own on the PostgreSQL at TEST_DATABASE_URL (default the machine's), the demo seed with
 * 2,000 employees, and `--checkins` day check-ins (five mornings of each) written as the check-in route
 * writes them, each with its own photo (a 640×480 JPEG generated here, kept in memory as the storage) and
 * a position; one evidence job each is queued, as the route does after its commit. Then `--copies` job
 * queues (as many server copies) work them off, polling as the server does. Prints the time until every
 * job is done, jobs per second, the p95 time from queueing to done, and the flags written. The database
 * is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { createJobs } from '../server/jobs';
import { enqueueJob } from '../server/lib/jobs/queue';
import type { Storage } from '../server/lib/storage';
import { EVIDENCE_JOB } from '../server/modules/absensi/evidence-job';
import { databaseUrlWithName } from '../test/server/global-setup';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CHECKINS = arg('checkins', 10_000);
const COPIES = arg('copies', 2);
const EMPLOYEES = 2_000;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A photo of its own: 12×9 random colour blocks, smoothed to 640×480 (another scene each time). */
async function photo(): Promise<Uint8Array> {
  const raw = randomBytes(12 * 9 * 3);
  return sharp(raw, { raw: { width: 12, height: 9, channels: 3 } })
    .resize(640, 480, { kernel: 'cubic' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function memoryStorage(files: Map<string, Uint8Array>): Storage {
  return {
    kind: 'local',
    put: async (key, bytes) => void files.set(key, bytes),
    get: async (key) => (files.get(key) as Uint8Array<ArrayBuffer> | undefined) ?? null,
    head: async (key) => (files.has(key) ? { size: files.get(key)!.length } : null),
    delete: async (key) => void files.delete(key),
    stream: async () => null,
  };
}

async function main() {
  const name = `hadir_bench_rush_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = databaseUrlWithName(ADMIN_URL, name);
  const database = await openDatabase({ url });
  const copies: Awaited<ReturnType<typeof openDatabase>>[] = [];
  try {
    await database.migrate();
    const db = database.db;
    let t = Date.now();
    await seedDemo(db, { today: new Date(), employees: EMPLOYEES });
    console.log(`seeded ${EMPLOYEES} employees in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    t = Date.now();
    const files = new Map<string, Uint8Array>();
    const nrps = rowsOf<{ nrp: string }>(
      await db.execute(sql`select nrp from karyawan order by nrp limit ${EMPLOYEES}`),
    );
    const days = Math.ceil(CHECKINS / nrps.length);
    const rows: string[] = [];
    for (let i = 0; i < CHECKINS; i++) {
      const foto = `${randomBytes(16).toString('base64url')}.jpg`;
      files.set(`photo/${foto}`, await photo());
      const nrp = nrps[i % nrps.length]!.nrp;
      const day = 30 + Math.floor(i / nrps.length);
      const lat = (-6.1 - Math.random() * 0.3).toFixed(6);
      const long = (106.7 + Math.random() * 0.3).toFixed(6);
      rows.push(`('${nrp}', current_date + ${day}, '${foto}', ${lat}, ${long}, ${5 + (i % 30)},
        (current_date + ${day})::timestamptz + interval '1 hour' + ${i % 3600} * interval '1 second')`);
    }
    console.log(`${CHECKINS} photos generated in ${((Date.now() - t) / 1000).toFixed(1)} s (${days} mornings each)`);
    for (let i = 0; i < rows.length; i += 1000) {
      await db.execute(
        sql.raw(`insert into absensi (nrp, tanggal, tahun, bulan, sts_abs_id, sumber, jam_masuk, field_jam_masuk,
            foto_masuk, masuk_lat, masuk_long, masuk_accuracy, masuk_captured_at, masuk_received_at)
          select v.nrp, v.tanggal, extract(year from v.tanggal), extract(month from v.tanggal), 'H', 'S', '08:00:00',
            '08:00:00', v.foto, v.lat, v.long, v.acc, v.at, v.at
          from (values ${rows.slice(i, i + 1000).join(',')}) v(nrp, tanggal, foto, lat, long, acc, at)`),
      );
    }
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select id from absensi where foto_masuk is not null order by id`),
    );
    for (const { id } of ids) {
      await enqueueJob(db, EVIDENCE_JOB, { kind: 'hari', id, side: 'in' }, { singletonKey: `hari:${id}:in` });
    }
    console.log(`${ids.length} check-ins stored and their jobs queued`);

    const storage = memoryStorage(files);
    const queues = [];
    for (let c = 0; c < COPIES; c++) {
      const copy = await openDatabase({ url });
      copies.push(copy);
      queues.push(createJobs({ db: copy.db, storage }, { pollMs: 200 }));
    }
    t = Date.now();
    for (const q of queues) q.start();
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const [left] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from job where name = ${EVIDENCE_JOB} and state in ('pending', 'active')`,
        ),
      );
      if (left!.n === 0) break;
    }
    const seconds = (Date.now() - t) / 1000;
    await Promise.all(queues.map((q) => q.stop()));
    const [lat] = rowsOf<{ p95: number; failed: number }>(
      await db.execute(sql`select percentile_cont(0.95) within group (order by extract(epoch from done_at - ${new Date(t).toISOString()}::timestamptz)) as p95,
        count(*) filter (where state = 'failed')::int as failed from job where name = ${EVIDENCE_JOB}`),
    );
    const flags = rowsOf<{ flag: string; n: number }>(
      await db.execute(
        sql`select f as flag, count(*)::int as n from absensi, jsonb_array_elements_text(flags) f group by f order by f`,
      ),
    );
    console.log(`evidence of ${ids.length} check-ins with ${COPIES} queue copies on PostgreSQL:`);
    console.log(`  all done in ${seconds.toFixed(1)} s (${(ids.length / seconds).toFixed(0)} jobs/s; budget 15 min)`);
    console.log(`  p95 from the start of the run to done: ${Number(lat!.p95).toFixed(1)} s; failed: ${lat!.failed}`);
    console.log(`  flags written: ${flags.map((f) => `${f.flag} ${f.n}`).join(', ') || 'none'}`);
  } finally {
    for (const c of copies) await c.close();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
