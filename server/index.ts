/**
 * Start-up: environment → database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) → migrations →
 * demo seed on an empty database → listen. SIGTERM/SIGINT stop accepting, finish, and close the database.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { readEnv } from './env';
import { loadJwtKey } from './lib/secret';
import { purgeIdempotencyKeys } from './middleware/idempotency';
import { purgeAddressFailures } from './modules/auth/login-address';

const started = Date.now();
const env = readEnv();
mkdirSync(path.join(env.dataDir, 'uploads', 'photo'), { recursive: true });

const database = await openDatabase(
  env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'pgdata') },
);
await database.migrate();
if (env.seedDemo && (await isDatabaseEmpty(database.db))) {
  const t = Date.now();
  const summary = await seedDemo(database.db, { today: new Date() });
  console.log(`Demo data seeded in ${Date.now() - t} ms: ${summary}`);
}

const loginAddressLimit = { maxFailures: env.loginIpMaxFailures, windowSeconds: env.loginIpWindowMin * 60 };

// Idempotency records are kept 45 days (the contract promises at least 30); older ones go daily, with the
// failed-login counts of ended windows.
const purge = () =>
  Promise.all([
    purgeIdempotencyKeys(database.db, new Date()),
    purgeAddressFailures(database.db, new Date(), loginAddressLimit),
  ]).catch((err) => console.error('purge failed', err));
await purge();
setInterval(() => void purge(), 24 * 3600_000).unref();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = createApp({
  db: database.db,
  jwtKey: loadJwtKey(env.dataDir, env.jwtSecret),
  tokenTtlHours: env.tokenTtlHours,
  visitRadiusM: env.visitRadiusM,
  mapTileUrl: env.mapTileUrl,
  loginAddressLimit,
  trustProxy: env.trustProxy,
  uploadsDir: path.join(env.dataDir, 'uploads'),
  staticDir: env.staticDir ?? path.join(root, 'dist'),
  now: () => new Date(),
});

const server = serve({ fetch: app.fetch, port: env.port }, (info) => {
  console.log(
    `Hadir listening on http://localhost:${info.port} (${database.kind}${database.kind === 'pglite' ? ` in ${env.dataDir}` : ''}), ready in ${Date.now() - started} ms`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
