/**
 * npm run bench:replay [-- --rows 500] [-- --chaos]
 *
 * Replays N queued check-ins (each with a 300 KB photo) from the outbox against a real local server
 * and prints rows per second. With --chaos, a proxy in front of the server cuts connections at random
 * moments (before the request reaches the server, or after it answered so the answer is lost) and the
 * server is restarted halfway; at the end it checks the server holds every record exactly once, each
 * with its device time, coordinates and photo.
 */
import 'fake-indexeddb/auto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { OfflineDb } from '../src/lib/offline/db';
import { enqueue } from '../src/lib/offline/outbox';
import { rememberToken, replayOutbox } from '../src/lib/offline/replay';
import { freePort, startServer } from '../scripts/lib/server.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 500);
const CHAOS = process.argv.includes('--chaos');

/** A real-looking 300 KB JPEG: valid markers around random bytes (the server checks the magic bytes). */
function photo(): Blob {
  const bytes = new Uint8Array(300 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return new Blob([bytes], { type: 'image/jpeg' });
}

/**
 * TCP proxy in front of the server. In chaos mode every connection is cut after a random 50–1500 ms,
 * whatever it is doing then: before the request is through, while the server works, or after the
 * server answered and before the answer is read (keep-alive connections would otherwise live forever).
 */
async function proxy(target: () => number) {
  const port = await freePort();
  let cuts = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target(), '127.0.0.1');
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    if (CHAOS) {
      setTimeout(
        () => {
          if (client.destroyed) return;
          cuts++;
          client.destroy();
          upstream.destroy();
        },
        50 + Math.random() * 1450,
      );
    }
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { port, cuts: () => cuts, close: () => server.close() };
}

async function loginToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Hadir#Demo2026' }),
  });
  return ((await res.json()) as { token: string }).token;
}

let server = await startServer();
const gate = await proxy(() => server.port);
const base = `http://127.0.0.1:${gate.port}`;
try {
  const token = await loginToken(server.baseUrl, 'spg');
  const db = new OfflineDb(`bench-${Date.now()}`);
  const picture = photo();
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    const tanggal = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    await enqueue(
      {
        kind: 'absensi.check-in',
        userid: 'U00004',
        path: '/api/absensi/new/spg',
        payload: {
          tanggal,
          jam_masuk: '08:01:02',
          captured_at: `${tanggal}T08:01:02+07:00`,
          lat: -6.2 + i / 1e5,
          long: 106.8,
          accuracy: 9,
        },
        files: [{ field: 'photo', file: picture, name: 'foto.jpg' }],
        capturedAt: `${tanggal}T08:01:02+07:00`,
      },
      db,
    );
  }
  await rememberToken('U00004', token, db);

  const t0 = performance.now();
  let restarted = false;
  let restartFailed: unknown = null;
  let passes = 0;
  // Chaos: restart the server once half the rows are delivered, while replay keeps going.
  const restart = (async () => {
    if (!CHAOS) return;
    while ((await db.outbox.where('state').equals('done').count()) < ROWS / 2)
      await new Promise((r) => setTimeout(r, 100));
    await server.stop({ keepData: true });
    server = await startServer({ dataDir: server.dataDir, port: server.port });
    restarted = true;
  })().catch((err: unknown) => {
    restartFailed = err;
  });
  for (;;) {
    // A server that does not come back would leave the loop waiting for it forever.
    if (restartFailed) throw restartFailed;
    const pending = await db.outbox.where('state').anyOf('pending', 'sending').count();
    if (pending === 0 && (!CHAOS || restarted)) break;
    passes++;
    // Backoff is the engine's own; the bench only stands in for the page's triggers.
    await replayOutbox({ db, baseUrl: base, now: () => Date.now() });
    const next = await db.outbox.where('state').equals('pending').toArray();
    const wait = Math.min(...next.map((r) => r.nextAttemptAt)) - Date.now();
    if (Number.isFinite(wait) && wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, 2000)));
  }
  await restart;
  const seconds = (performance.now() - t0) / 1000;
  const refused = await db.outbox.where('state').equals('needs-action').toArray();

  const expected = Array.from({ length: ROWS }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const list = await fetch(
    `${server.baseUrl}/api/absensi?startDate=${expected[0]}&endDate=${expected.at(-1)}&nrp=26000002&per_page=1000`,
    { headers: { authorization: `Bearer ${await loginToken(server.baseUrl, 'admin')}` } },
  );
  type Row = { tanggal: string; foto_masuk: string | null; masuk_lat: number | null; masuk_captured_at: string | null };
  const records = ((await list.json()) as { result: Row[] }).result;
  const byDay = new Map<string, number>();
  for (const r of records) byDay.set(r.tanggal, (byDay.get(r.tanggal) ?? 0) + 1);
  const lost = expected.filter((d) => !byDay.has(d)).length;
  const duplicated = [...byDay.values()].filter((n) => n > 1).length;
  const incomplete = records.filter((r) => !r.foto_masuk || r.masuk_lat === null || !r.masuk_captured_at).length;

  console.log(
    `rows: ${ROWS} (300 KB photo each)${CHAOS ? `, chaos: ${gate.cuts()} connections cut at random moments, server restarted ${restarted ? 'once' : 'never'}` : ''}`,
  );
  console.log(`replay: ${seconds.toFixed(1)} s, ${(ROWS / seconds).toFixed(1)} rows/s, ${passes} passes`);
  console.log(
    `server: ${records.length} records for ${ROWS} days — lost ${lost}, duplicated ${duplicated}, missing evidence ${incomplete}, refused ${refused.length}`,
  );
  if (lost || duplicated || incomplete || refused.length) process.exitCode = 1;
} finally {
  gate.close();
  await server.stop();
  // After a chaos run something in this process (a cut proxy connection, the fake IndexedDB) can keep
  // the event loop busy after everything is done and printed: leave a second later at the latest.
  setTimeout(() => process.exit(), 1000).unref();
}
