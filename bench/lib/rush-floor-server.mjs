// The floor of a check-in (issue 42 §2, bench/rush-floor.ts): the least any server must do for one, and
// nothing else. node:http with no framework; the whole multipart body read; the photo part found by its
// boundary; the photo written to disk under a fresh name; one INSERT … RETURNING on the same PostgreSQL
// through the same driver (pg) and pool size as Hadir's (server/db/client.ts); a JSON answer.
//
// No authentication, no idempotency, no validation, no logging, no metrics, no background work: whatever
// Hadir spends beyond this is what its behaviour costs (bench/rush-floor.ts prints where it goes).
//
// Env: PORT, DATABASE_URL, DATA_DIR (where the photos go; scripts/lib/server.mjs startServer gives one). The table is the bench's scratch table
// (rush_floor, made by bench/rush-floor.ts); the Idempotency-Key is kept so duplicates can be counted.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const dir = process.env.DATA_DIR;
const INSERT = 'insert into rush_floor (idempotency_key, photo) values ($1, $2) returning id';
const HEADER_END = Buffer.from('\r\n\r\n');

/** The photo part's bytes: after the part headers naming "photo", up to the next delimiter. */
function photoOf(body, boundary) {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const at = body.indexOf('name="photo"');
  if (at < 0) return null;
  const start = body.indexOf(HEADER_END, at);
  if (start < 0) return null;
  const end = body.indexOf(delimiter, start + 4);
  return end < 0 ? null : body.subarray(start + 4, end);
}

function answer(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = createServer((req, res) => {
  // Any GET is the health check startServer polls (/api/health).
  if (req.method === 'GET') return answer(res, 200, { status: 'ok' });
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      const boundary = /boundary=([^\s;]+)/.exec(req.headers['content-type'] ?? '')?.[1];
      const photo = boundary && photoOf(Buffer.concat(chunks), boundary);
      if (!photo) return answer(res, 400, { message: 'no photo' });
      const name = `${randomBytes(16).toString('base64url')}.jpg`;
      await writeFile(path.join(dir, name), photo);
      const { rows } = await pool.query({
        name: 'rush_floor_insert',
        text: INSERT,
        values: [req.headers['idempotency-key'] ?? null, name],
      });
      answer(res, 201, { id: Number(rows[0].id), photo: name });
    } catch (err) {
      answer(res, 500, { message: String(err) });
    }
  });
});

await pool.query('select 1');
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`rush floor on ${process.env.PORT}`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
