/**
 * Files on this machine's disk, under DATA_DIR/uploads/<kind>/<name>: the default, so `npm start`
 * needs nothing. Only for a single copy of the server (several copies need a shared bucket).
 */
import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { checkKey, type Storage, type StoredHead } from './types';

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  readonly root: string;
  /** Every stored key (the migration to a bucket walks them). */
  keys(): AsyncGenerator<string>;
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function localStorage(root: string): LocalStorage {
  const file = (key: string) => path.join(root, checkKey(key));
  const made = new Set<string>();
  const head = async (key: string): Promise<StoredHead | null> => {
    try {
      const s = await stat(file(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    kind: 'local',
    root,
    async put(key, bytes) {
      const target = file(key);
      const dir = path.dirname(target);
      // Each folder is made once per process (a check-in's photo goes into one of a few folders); one
      // removed since is made again below.
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      // Written whole under a temporary name (a leading dot: never a key), then linked in: a reader never
      // sees half a file, and link() refuses an existing key as the interface asks.
      const temp = path.join(path.dirname(target), `.${randomBytes(8).toString('hex')}.tmp`);
      await writeFile(temp, bytes, { flag: 'wx' }).catch(async (err: unknown) => {
        if (!missing(err)) throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(temp, bytes, { flag: 'wx' });
      });
      try {
        await link(temp, target);
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(file(key)));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    head,
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async stream(key) {
      const found = await head(key);
      if (!found) return null;
      const body = Readable.toWeb(createReadStream(file(key))) as ReadableStream<Uint8Array>;
      return { ...found, body };
    },
    async *keys() {
      const kinds = await readdir(root, { withFileTypes: true }).catch((err: unknown) => {
        if (missing(err)) return [];
        throw err;
      });
      for (const kind of kinds) {
        if (!kind.isDirectory()) continue;
        for (const entry of await readdir(path.join(root, kind.name), { withFileTypes: true })) {
          const key = `${kind.name}/${entry.name}`;
          if (entry.isFile() && checkKeySafe(key)) yield key;
        }
      }
    },
  };
}

function checkKeySafe(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}
