/**
 * npm run bench:photo-match [-- --rows 1000000 --queries 500]
 *
 * The near-photo search of the evidence job (issue 28, budget p95 < 20 ms among 1,000,000 stored
 * fingerprints on PostgreSQL): a database of its own is created on the server at TEST_DATABASE_URL
 * (default the machine's, postgres://root@127.0.0.1:5432/test), migrated, filled with `--rows` photo_hash
 * rows (random 64-bit fingerprints of 100,000 employees over the last 120 days, as SQL generates them),
 * analysed, and asked `nearPhotos` `--queries` times: half for a stored fingerprint with 2–10 bits
 * changed (a reused photo: must be found), half for a fresh random one (a new photo: nothing near).
 * Prints p50/p95/p99 and how many reuses were found; the database is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { nearPhotos } from '../server/modules/absensi/evidence-job';
import { databaseUrlWithName } from '../test/server/global-setup';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 1_000_000);
const QUERIES = arg('queries', 500);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

function flipBits(h: bigint, n: number): bigint {
  const bits = new Set<number>();
  while (bits.size < n) bits.add(randomBytes(1)[0]! % 64);
  let out = BigInt.asUintN(64, h);
  for (const b of bits) out ^= 1n << BigInt(b);
  return out;
}

async function main() {
  const name = `hadir_bench_photo_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ url: databaseUrlWithName(ADMIN_URL, name) });
  try {
    await database.migrate();
    const db = database.db;
    let t = performance.now();
    // Random fingerprints (two random 32-bit halves: a float alone has 53 bits), chunks as the job stores
    // them (unsigned 16-bit, most significant first).
    for (let from = 1; from <= ROWS; from += 250_000) {
      const to = Math.min(ROWS, from + 249_999);
      await db.execute(sql`
        insert into photo_hash (file, nrp, kind, record_id, side, taken_at, hash, h0, h1, h2, h3)
        select 'p' || g || '.jpg', lpad((g % 100000)::text, 8, '0'), 'hari', g, 'in',
               now() - random() * interval '120 days', h,
               ((h >> 48) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 16) & 65535)::int, (h & 65535)::int
        from (select g, ((random() * 4294967296)::int8 << 32) | (random() * 4294967296)::int8 as h
              from generate_series(${from}::int, ${to}::int) g) s`);
    }
    await db.execute(sql`vacuum analyze photo_hash`);
    console.log(`${ROWS.toLocaleString('en')} fingerprints stored in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const stored = rowsOf<{ hash: string; nrp: string; taken_at: Date | string }>(
      await db.execute(sql`select hash::text as hash, nrp, taken_at from photo_hash
        where id in (select (1 + floor(random() * ${ROWS}))::int from generate_series(1, ${QUERIES}))`),
    );
    const asks: { hash: bigint; nrp: string; at: Date; reuse: boolean }[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const s = stored[i % stored.length]!;
      const reuse = i % 2 === 0;
      asks.push({
        hash: reuse ? flipBits(BigInt(s.hash), 2 + (i % 9)) : BigInt.asUintN(64, randomBytes(8).readBigUInt64BE()),
        nrp: reuse ? s.nrp : '99999999',
        at: reuse ? new Date(new Date(s.taken_at).getTime() + 86_400_000) : new Date(),
        reuse,
      });
    }
    for (const a of asks.slice(0, 20)) await nearPhotos(db, a.hash, a.nrp, a.at, null);
    const times: number[] = [];
    let found = 0;
    let falseHits = 0;
    for (const a of asks) {
      t = performance.now();
      const m = await nearPhotos(db, a.hash, a.nrp, a.at, null);
      times.push(performance.now() - t);
      if (a.reuse && m.length > 0) found++;
      if (!a.reuse && m.length > 0) falseHits++;
    }
    const [plan] = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain select count(*) from photo_hash where h0 = any('{1,2,3}'::int[])`),
    );
    console.log(`near-match query among ${ROWS.toLocaleString('en')} (${QUERIES} queries, PostgreSQL):`);
    console.log(
      `  p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms, p99 ${pct(times, 0.99).toFixed(2)} ms (budget p95 < 20 ms)`,
    );
    console.log(
      `  reuses found ${found}/${Math.ceil(QUERIES / 2)}; random photos with a match ${falseHits}/${Math.floor(QUERIES / 2)}`,
    );
    console.log(`  chunk probe plan: ${plan?.['QUERY PLAN']}`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
