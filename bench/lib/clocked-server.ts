/**
 * The app as server/index.ts serves it, on PostgreSQL (DATABASE_URL), with its clock moved by
 * BENCH_CLOCK_OFFSET_MS: a bench measures "14:00 local" whatever the hour it runs at (bench/dashboard.ts).
 * Only what the measured calls need: no job queue, no demo seed; the built app when STATIC_DIR is set
 * (bench/dashboard-map.ts). Started through scripts/lib/server.mjs startServer({ entry: … }).
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { readEnv } from '../../server/env';
import { createAnswerCache } from '../../server/lib/answer-cache';
import { setLogLevel } from '../../server/lib/logger';
import { loadJwtKey } from '../../server/lib/secret';
import { createStorage } from '../../server/lib/storage';

const env = readEnv();
if (!env.databaseUrl) throw new Error('bench/lib/clocked-server.ts needs DATABASE_URL');
setLogLevel(env.logLevel);
const offsetMs = Number(process.env.BENCH_CLOCK_OFFSET_MS ?? 0);
const database = await openDatabase({ url: env.databaseUrl });
await database.withStartupLock(() => database.migrate());
const app = createApp({
  db: database.db,
  jwtKey: loadJwtKey(env.dataDir, env.jwtSecret),
  tokenTtlHours: env.tokenTtlHours,
  storage: createStorage(env),
  staticDir: env.staticDir,
  now: () => new Date(Date.now() + offsetMs),
  dashboardCache: env.dashboardCacheSeconds
    ? createAnswerCache({ ttlMs: env.dashboardCacheSeconds * 1000, now: () => new Date() })
    : undefined,
});
serve({ fetch: app.fetch, port: env.port }, (info) =>
  console.log(`bench server on ${info.port}, clock ${new Date(Date.now() + offsetMs).toISOString()}`),
);
