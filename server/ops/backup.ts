/**
 * Backup and restore of an install on the embedded database (issue 31): `npm run backup -- --out FILE` and
 * `npm run restore -- FILE` (server/ops/backup-cli.ts, restore-cli.ts).
 *
 * One file, a gzipped tar:
 *   manifest.json   format, version, created_at, migrations applied, file count and bytes, what is inside
 *   pgdata.tar      the PGlite data directory, dumped by PGlite itself (dumpDataDir)
 *   data/…          every other file of DATA_DIR: uploads/ (photos, attachments) and jwt-secret (the key
 *                   that signs sessions: restored without it, everyone would have to log in again)
 * gzip's CRC covers the whole file, so a damaged backup fails to restore instead of restoring wrong data.
 *
 * A PGlite data directory is opened by one process only, so both need the server stopped: they read
 * DATA_DIR/server.pid (server/ops/server-pid.ts) and refuse while that process lives. PostgreSQL
 * (DATABASE_URL) and bucket (S3_BUCKET) installs are backed up with their own tools (pg_dump, a bucket
 * sync): these refuse with a message saying so. Restore fills an empty (or absent) DATA_DIR only; it
 * writes into a sibling folder first and renames it into place once everything was checked, so a failed
 * restore leaves nothing half made.
 *
 * A backup holds jwt-secret, from which anyone can forge an admin session, and every employee's data: the
 * archive (and its .partial) is written 0600, and a restored DATA_DIR is made private (folders 0700,
 * files 0600) before it goes into place (server/ops/private-files.ts).
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Env } from '../env';
import { tightenPrivate } from './private-files';
import { PID_FILE, runningServerPid } from './server-pid';

export const BACKUP_FORMAT = 'hadir-backup';
export const BACKUP_VERSION = 1;
const PGDATA = 'pgdata';
const MANIFEST_ENTRY = 'manifest.json';
const PGDATA_ENTRY = 'pgdata.tar';
const DATA_PREFIX = 'data/';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: { engine: 'pglite'; migrations: number; dump_bytes: number };
  /** DATA_DIR's files but the database: uploads/… and jwt-secret. */
  files: { count: number; bytes: number };
  contents: string[];
}

/** A refusal the CLI prints as it is (exit code 2): nothing was written. */
export class OpsRefusal extends Error {}

type Where = Pick<Env, 'dataDir' | 'databaseUrl' | 's3'>;

function refuseUnsupported(env: Where, what: 'backup' | 'restore') {
  if (env.databaseUrl) {
    throw new OpsRefusal(
      `DATABASE_URL is set: the database is PostgreSQL, which npm run ${what} does not cover. ` +
        (what === 'backup'
          ? 'Back it up with pg_dump (pg_dump --format=custom --file hadir.dump "$DATABASE_URL"; see the README, "Operating Hadir").'
          : 'Restore it with pg_restore (see the README, "Operating Hadir").'),
    );
  }
  if (env.s3) {
    throw new OpsRefusal(
      `S3_BUCKET is set: the stored files are in bucket ${env.s3.bucket}, which npm run ${what} does not cover. ` +
        'Copy the bucket with a bucket sync (aws s3 sync or rclone sync; see the README, "Operating Hadir").',
    );
  }
}

function refuseWhileRunning(dataDir: string) {
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) {
    throw new OpsRefusal(
      `Hentikan server dulu: the Hadir server (pid ${pid}) has the embedded database in ${dataDir} open, ` +
        'and a PGlite database can be opened by one process only. Stop it (SIGTERM / Ctrl-C), run this again, ' +
        `then start it. (If no server runs, ${path.join(dataDir, PID_FILE)} is left from a crash: delete it.)`,
    );
  }
}

/** DATA_DIR's files to keep, but the database and the pid file: paths relative to DATA_DIR, with '/'. */
async function dataFiles(dataDir: string): Promise<{ rel: string; size: number }[]> {
  const out: { rel: string; size: number }[] = [];
  const visit = async (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (r === PGDATA || r === PID_FILE) continue;
      const st = await lstat(path.join(dir, name));
      if (st.isDirectory()) await visit(path.join(dir, name), r);
      else if (st.isFile()) out.push({ rel: r, size: st.size });
    }
  };
  await visit(dataDir, '');
  return out;
}

async function migrationsApplied(pg: PGlite): Promise<number> {
  const r = await pg.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return r.rows[0]?.n ?? 0;
}

// ---- a small ustar writer and reader (regular files only) ----

const BLOCK = 512;

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, '0') + '\0';
}

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar: up to 155 bytes of directories in `prefix`, the rest (≤ 100) in `name`.
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) {
      throw new Error(`path too long for the backup: ${name}`);
    }
  }
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

function cString(b: Buffer): string {
  const end = b.indexOf(0);
  return b.subarray(0, end < 0 ? b.length : end).toString('utf8');
}

/** Reads exact byte counts from a stream of chunks. */
class ChunkReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** Exactly n bytes, or null at the end of the stream. */
  async read(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) return null;
    const all = Buffer.concat(this.buffered);
    this.buffered = [all.subarray(n)];
    this.length = all.length - n;
    return all.subarray(0, n);
  }

  /** n bytes handed on in chunks as they come (a file's content, without holding it whole). */
  async *take(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1))) throw new Error('the backup file ends too early');
      const head = this.buffered.shift()!;
      const part = head.subarray(0, left);
      if (head.length > left) this.buffered.unshift(head.subarray(left));
      this.length -= part.length;
      left -= part.length;
      yield part;
    }
  }
}

interface TarEntry {
  name: string;
  size: number;
  /** The content, read in chunks; must be consumed (or skipped) before the next entry. */
  body: AsyncGenerator<Buffer>;
}

async function* tarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  for (;;) {
    const h = await reader.read(BLOCK);
    if (!h) throw new Error('the backup file ends without the end of its archive');
    if (h.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
    if (sum !== parseInt(cString(h.subarray(148, 156)).trim(), 8))
      throw new Error('not a Hadir backup (bad tar header)');
    const prefix = cString(h.subarray(345, 500));
    const name = (prefix ? prefix + '/' : '') + cString(h.subarray(0, 100));
    const size = parseInt(cString(h.subarray(124, 136)).trim() || '0', 8);
    const type = String.fromCharCode(h[156]!);
    const body = reader.take(size);
    if (type === '0' || type === '\0') yield { name, size, body };
    // Whatever the entry's reader left is drained here, with its padding.
    for await (const chunk of body) void chunk;
    await reader.read(padding(size).length);
  }
}

async function readAll(body: AsyncGenerator<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c);
  return Buffer.concat(parts);
}

// ---- backup ----

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
}

export async function backup(env: Where, out: string): Promise<BackupResult> {
  refuseUnsupported(env, 'backup');
  const dataDir = env.dataDir;
  const pgdata = path.join(dataDir, PGDATA);
  if (!existsSync(pgdata))
    throw new OpsRefusal(`No embedded database in ${pgdata}: nothing to back up (DATA_DIR=${dataDir}).`);
  refuseWhileRunning(dataDir);
  const target = path.resolve(out);
  if (existsSync(target)) throw new OpsRefusal(`${target} already exists: choose another --out file.`);
  if (target.startsWith(dataDir + path.sep)) throw new OpsRefusal(`--out must be outside DATA_DIR (${dataDir}).`);

  const pg = await PGlite.create(pgdata);
  let dump: Blob;
  let migrations: number;
  try {
    migrations = await migrationsApplied(pg);
    dump = await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
  const files = await dataFiles(dataDir);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    database: { engine: 'pglite', migrations, dump_bytes: dump.size },
    files: { count: files.length, bytes: files.reduce((s, f) => s + f.size, 0) },
    contents: [
      `${PGDATA_ENTRY}: the embedded database (PGlite dumpDataDir)`,
      `${DATA_PREFIX}uploads/: the stored files (photos, attachments)`,
      `${DATA_PREFIX}jwt-secret: the key that signs sessions (without it everyone logs in again), when DATA_DIR has it`,
    ],
  };
  const now = new Date();
  async function* archive(): AsyncGenerator<Buffer> {
    const m = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    yield tarHeader(MANIFEST_ENTRY, m.length, now);
    yield m;
    yield padding(m.length);
    const d = Buffer.from(await dump.arrayBuffer());
    yield tarHeader(PGDATA_ENTRY, d.length, now);
    yield d;
    yield padding(d.length);
    for (const f of files) {
      yield tarHeader(DATA_PREFIX + f.rel, f.size, now);
      let read = 0;
      for await (const chunk of createReadStream(path.join(dataDir, f.rel)) as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > f.size) break;
        yield chunk;
      }
      if (read !== f.size) throw new Error(`${f.rel} changed size during the backup: is the server stopped?`);
      yield padding(f.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  const partial = `${target}.partial`;
  try {
    await pipeline(Readable.from(archive()), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    // A server started while the backup ran would have met the database open here: check once more.
    refuseWhileRunning(dataDir);
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return { file: target, manifest };
}

// ---- restore ----

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
}

function isEmptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** A path inside the archive's data/ that stays inside DATA_DIR. */
function safeRel(name: string): string {
  const rel = name.slice(DATA_PREFIX.length);
  const norm = path.posix.normalize(rel);
  if (
    !rel ||
    norm !== rel ||
    norm.startsWith('../') ||
    norm === '..' ||
    path.posix.isAbsolute(norm) ||
    rel.includes('\0')
  ) {
    throw new Error(`not a Hadir backup (unsafe path ${JSON.stringify(name)})`);
  }
  return norm;
}

export async function restore(env: Where, file: string): Promise<RestoreResult> {
  refuseUnsupported(env, 'restore');
  const dataDir = env.dataDir;
  const source = path.resolve(file);
  if (!existsSync(source)) throw new OpsRefusal(`${source}: no such backup file.`);
  if (!isEmptyOrAbsent(dataDir)) {
    refuseWhileRunning(dataDir);
    throw new OpsRefusal(
      `DATA_DIR ${dataDir} is not empty: restore fills an empty DATA_DIR only, so that nothing there is ` +
        'overwritten. Move it aside (or point DATA_DIR at a new folder) and run this again.',
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const work = `${dataDir}.restore-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { mode: 0o700 });
  try {
    let manifest: BackupManifest | undefined;
    let dump: Buffer | undefined;
    let count = 0;
    let bytes = 0;
    const gunzip = createReadStream(source).pipe(createGunzip());
    for await (const entry of tarEntries(gunzip as AsyncIterable<Buffer>)) {
      if (!manifest) {
        if (entry.name !== MANIFEST_ENTRY) throw new Error('not a Hadir backup (no manifest first)');
        const m = JSON.parse((await readAll(entry.body)).toString('utf8')) as BackupManifest;
        if (m.format !== BACKUP_FORMAT) throw new Error('not a Hadir backup (unknown format)');
        if (m.version > BACKUP_VERSION) throw new Error(`backup version ${m.version} is newer than this Hadir reads`);
        manifest = m;
      } else if (entry.name === PGDATA_ENTRY) {
        dump = await readAll(entry.body);
      } else if (entry.name.startsWith(DATA_PREFIX)) {
        const rel = safeRel(entry.name);
        const to = path.join(work, rel);
        mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
        await pipeline(Readable.from(entry.body), createWriteStream(to, { flags: 'wx', mode: 0o600 }));
        count += 1;
        bytes += entry.size;
      }
    }
    if (!manifest) throw new Error('not a Hadir backup (empty)');
    if (!dump || dump.length !== manifest.database.dump_bytes) throw new Error('the backup holds no complete database');
    if (count !== manifest.files.count || bytes !== manifest.files.bytes) {
      throw new Error(
        `the backup's files do not match its manifest: ${count} files, ${bytes} bytes; ` +
          `expected ${manifest.files.count} files, ${manifest.files.bytes} bytes`,
      );
    }
    const pg = await PGlite.create({ dataDir: path.join(work, PGDATA), loadDataDir: new Blob([new Uint8Array(dump)]) });
    try {
      const migrations = await migrationsApplied(pg);
      if (migrations !== manifest.database.migrations) {
        throw new Error(
          `the restored database has ${migrations} migrations, the manifest ${manifest.database.migrations}`,
        );
      }
    } finally {
      await pg.close();
    }
    // PGlite laid the database out with its own modes (0666): private before anyone can see it in place.
    const { failed } = tightenPrivate(work);
    if (failed.length > 0) throw new Error(`could not make ${failed[0]!.path} private: ${failed[0]!.reason}`);
    // Checked again just before the folder goes into place.
    if (!isEmptyOrAbsent(dataDir)) throw new OpsRefusal(`DATA_DIR ${dataDir} is no longer empty: nothing restored.`);
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
    renameSync(work, dataDir);
    return { dataDir, manifest };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
