#!/usr/bin/env node
/**
 * `npm run test:dates [-- 2026-11-01T08:00+07:00 … ] [-- vitest args]`: runs the API suite (test/server,
 * PGlite) once per date with every process's clock moved there (test/support/shifted-now.mjs), at 10:00
 * WIB unless a time is given. Without dates, the four on which a test that assumes a calendar breaks.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dateArgs = args.filter((a) => /^\d{4}-\d{2}-\d{2}/.test(a));
const vitestArgs = args.filter((a) => !dateArgs.includes(a));

/** A day (YYYY-MM-DD) at 10:00 WIB. */
const at = (day) => new Date(`${day}T10:00:00+07:00`);
const ymd = (d) => d.toISOString().slice(0, 10);
/**
 * Days already past, so that the database's own now() (job times) is never behind the moved clock: the
 * running month's first day, the last Sunday, last month's 20th and last month's last day.
 */
function defaults() {
  const now = new Date(Date.now() + 7 * 3600_000); // WIB
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return [
    ymd(new Date(Date.UTC(y, m, 1))),
    ymd(new Date(Date.UTC(y, m, d - (now.getUTCDay() || 7)))),
    ymd(new Date(Date.UTC(y, m - 1, 20))),
    ymd(new Date(Date.UTC(y, m, 0))),
  ].map(at);
}

const dates = dateArgs.length ? dateArgs.map((a) => new Date(a.length === 10 ? at(a) : a)) : defaults();
/**
 * Suites that meet a clock this run cannot move, and so fail on any moved date for that reason alone: the
 * S3 server (s3rver) refuses requests signed a day away from its own time, and the job queue's schedule
 * and the second server copy compare with the database's now(). They run at the real date in CI.
 */
const OTHER_CLOCKS = [
  'test/server/storage.test.ts',
  'test/server/photo-thumbnail.test.ts',
  'test/server/two-copies.test.ts',
  'test/server/jobs/queue.test.ts',
];
const files = vitestArgs.some((a) => !a.startsWith('-'))
  ? []
  : ['test/server', ...OTHER_CLOCKS.flatMap((f) => ['--exclude', f])];
const failed = [];
for (const d of dates) {
  if (Number.isNaN(d.getTime())) throw new Error(`not a date: ${d}`);
  console.log(`\n[test:dates] the clock at ${d.toISOString()}`);
  const env = {
    ...process.env,
    HADIR_TEST_OFFSET_MS: String(d.getTime() - Date.now()),
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(root, 'test/support/shifted-now.mjs')}`.trim(),
  };
  const r = spawnSync('npx', ['-y', 'vitest', 'run', '--project', 'node', ...files, ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) failed.push(d.toISOString());
}
console.log(failed.length ? `[test:dates] failed at ${failed.join(', ')}` : '[test:dates] every date passed');
process.exit(failed.length ? 1 : 0);
