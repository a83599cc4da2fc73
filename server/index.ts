/**
 * Start-up: environment → database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) → listen (answering
 * 503 "starting") → migrations and the demo seed on an empty database, under the start-up lock so that of
 * several copies started together exactly one applies them → ready. SIGTERM/SIGINT: health answers
 * "stopping", no new connections, requests in flight finish (up to DRAIN_MS), the job queue stops taking
 * jobs and lets the ones in hand finish, then the database closes.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { readEnv } from './env';
import { createAnswerCache } from './lib/answer-cache';
import { loadJwtKey } from './lib/secret';
import { logger, setLogLevel } from './lib/logger';
import { createMetrics, setProcessMetrics } from './lib/metrics';
import { tightenPrivate, setPrivateUmask } from './ops/private-files';
import { clearServerRunning, markServerRunning } from './ops/server-pid';
import { createJobs, scheduleJobs } from './jobs';
import { createStorage, describeStorage } from './lib/storage';
import { purgeIdempotencyKeys } from './middleware/idempotency';
import { purgeAddressFailures } from './modules/auth/login-address';
import { vapidKeys } from './modules/push/push.service';

/** Longest wait for requests in flight after SIGTERM: under the usual 30 s grace of an orchestrator. */
const DRAIN_MS = 25_000;

const started = Date.now();
// Before anything is written: what this process creates in DATA_DIR is its user's alone (issue 41).
setPrivateUmask();
const env = readEnv();
setLogLevel(env.logLevel);
mkdirSync(path.join(env.dataDir, 'uploads', 'photo'), { recursive: true });
// A DATA_DIR made before (or copied in) may be open to other accounts: closed once, and said so.
{
  const { changed, failed } = tightenPrivate(env.dataDir);
  if (changed > 0) {
    logger.warn(
      { dataDir: env.dataDir, changed },
      `DATA_DIR ${env.dataDir}: ${changed} files and folders were open to other accounts on this machine; now private to this user (folders 0700, files 0600)`,
    );
  }
  if (failed.length > 0) {
    logger.error(
      { dataDir: env.dataDir, failed: failed.slice(0, 10) },
      `DATA_DIR ${env.dataDir}: ${failed.length} files or folders could not be made private (another account owns them?)`,
    );
  }
}
/** PGlite writes its files with its own modes (a new database 0666, its relation cache at each start 0644). */
const tightenDatabase = () => {
  if (database.kind === 'pglite') tightenPrivate(path.join(env.dataDir, 'pgdata'));
};

const database = await openDatabase(
  env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'pgdata') },
);
// The embedded database is this process's alone: npm run backup / restore look here first.
if (database.kind === 'pglite') markServerRunning(env.dataDir);
// GET /metrics and the hadir_* counters, only with METRICS_TOKEN (the jobs count into the same registry).
const metrics = env.metricsToken ? createMetrics({ token: env.metricsToken, db: database.db }) : undefined;
setProcessMetrics(metrics);

let state: 'starting' | 'ok' | 'stopping' = 'starting';
const storage = createStorage(env);
// Background work (photo fingerprints, evidence flags, …): polls only once the schema is migrated.
const jobs = createJobs({
  db: database.db,
  storage,
  photoRetentionMonths: env.photoRetentionMonths,
  push: env.push,
});
const loginAddressLimit = { maxFailures: env.loginIpMaxFailures, windowSeconds: env.loginIpWindowMin * 60 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = createApp({
  db: database.db,
  jwtKey: loadJwtKey(env.dataDir, env.jwtSecret),
  tokenTtlHours: env.tokenTtlHours,
  visitRadiusM: env.visitRadiusM,
  mapTileUrl: env.mapTileUrl,
  publicUrl: env.publicUrl,
  relyingParty: env.relyingParty,
  loginAddressLimit,
  trustProxy: env.trustProxy,
  push: env.push,
  storage,
  staticDir: env.staticDir ?? path.join(root, 'dist'),
  now: () => new Date(),
  dashboardCache: env.dashboardCacheSeconds
    ? createAnswerCache({ ttlMs: env.dashboardCacheSeconds * 1000, now: () => new Date() })
    : undefined,
  health: () => state,
  metrics,
});

/** Until the schema is migrated only the health check answers; anything else would meet a half-made database. */
function notReady(): Response {
  const message = 'Server sedang dimulai';
  return Response.json(
    { message, error: { code: 'starting', message } },
    { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
  );
}

// Listening before the migrations lets a load balancer (and a waiting copy's operator) see "starting".
const server = serve(
  {
    fetch: (req, bindings) =>
      state === 'starting' && new URL(req.url).pathname !== '/api/health' ? notReady() : app.fetch(req, bindings),
    port: env.port,
  },
  // PGlite's start-up work keeps the event loop busy, so there this may come only after "ready".
  (info) => {
    if (state === 'starting') console.log(`Hadir listening on http://localhost:${info.port}, starting`);
  },
) as Server;

const startup = database.withStartupLock(async () => {
  await database.migrate();
  if (env.seedDemo && (await isDatabaseEmpty(database.db))) {
    const t = Date.now();
    const summary = await seedDemo(database.db, { today: new Date() });
    console.log(`Demo data seeded in ${Date.now() - t} ms: ${summary}`);
  }
  // This install's VAPID pair, made once (every copy reads the same row).
  await vapidKeys(database.db, env.push);
  tightenDatabase();
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  state = 'stopping';
  console.log(`${signal}: draining requests in flight`);
  let forced = false;
  const force = setTimeout(() => {
    logger.warn(`requests still open after ${DRAIN_MS} ms: closing them`);
    forced = true;
    server.closeAllConnections();
  }, DRAIN_MS);
  force.unref();
  setTimeout(() => process.exit(1), DRAIN_MS + 5_000).unref();
  // Keep-alive connections between requests would hold close() open: end them as they fall idle.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearInterval(idle);
  clearTimeout(force);
  // A copy stopped while it migrates finishes that first: the schema is never left half made.
  await startup.catch(() => undefined);
  // Jobs in hand finish; the rest stay in the table for the next start (or another copy).
  await jobs.stop();
  await database.close();
  tightenDatabase();
  if (database.kind === 'pglite') clearServerRunning(env.dataDir);
  console.log(`${signal}: closed`);
  process.exit(forced ? 1 : 0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await startup;
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  process.exit(1);
}

// Idempotency records are kept 45 days (the contract promises at least 30); older ones go daily, with the
// failed-login counts of ended windows.
const purge = () =>
  Promise.all([
    purgeIdempotencyKeys(database.db, new Date()),
    purgeAddressFailures(database.db, new Date(), loginAddressLimit),
  ]).catch((err: unknown) => logger.error({ err }, 'purge failed'));
await purge();
setInterval(() => void purge(), 24 * 3600_000).unref();

await scheduleJobs(jobs);
if (!stopping) jobs.start();

if (state === 'starting') {
  state = 'ok';
  console.log(
    `Hadir ready on http://localhost:${env.port} (${database.kind}${database.kind === 'pglite' ? ` in ${env.dataDir}` : ''}, files: ${describeStorage(env)}) in ${Date.now() - started} ms`,
  );
}
