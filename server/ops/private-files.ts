/**
 * DATA_DIR is private to the server's user (issue 41): it holds the database (users and their password
 * hashes), the photos and jwt-secret, from which an admin session can be forged. Folders 0700, files 0600.
 *
 * Two parts. The umask (PRIVATE_UMASK) makes every file and folder this process creates private: uploads,
 * thumbnails, server.pid, a backup. PGlite does not follow it: it lays out a new data directory with files
 * 0666 and writes its relation cache (pg_internal.init) 0644 at each start, whatever the umask says; and a
 * DATA_DIR made by an older version or copied by hand may be open too. So tightenPrivate() walks a folder
 * and takes group and other bits off whatever has them, answering how many entries it changed.
 */
import { chmodSync, lstatSync, readdirSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';

/** No bits for group and others on what this process creates. */
export const PRIVATE_UMASK = 0o077;

export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

export interface Tightened {
  /** Entries whose group and other bits were taken off. */
  changed: number;
  /** Entries that could not be changed (owned by another account): path and reason. */
  failed: { path: string; reason: string }[];
}

const gone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Takes every group and other bit off, from `root` down (root included): PGlite's 0666 files become 0600,
 * folders 0700. The owner's own bits stay (a file someone put there executable keeps its x for its
 * owner). Symbolic links below the root are neither followed nor changed; a root that is one (DATA_DIR on
 * a mounted volume) is followed. An absent root changes nothing.
 */
export function tightenPrivate(root: string): Tightened {
  const out: Tightened = { changed: 0, failed: [] };
  try {
    root = realpathSync(root);
  } catch (err) {
    if (gone(err)) return out;
    throw err;
  }
  const visit = (p: string) => {
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch (err) {
      if (gone(err)) return;
      throw err;
    }
    if (st.isSymbolicLink()) return;
    const dir = st.isDirectory();
    if ((st.mode & 0o077) !== 0) {
      try {
        chmodSync(p, dir ? (st.mode & 0o700) | 0o700 : st.mode & 0o700);
        out.changed += 1;
      } catch (err) {
        if (!gone(err)) out.failed.push({ path: p, reason: (err as Error).message });
      }
    }
    if (!dir) return;
    let names: string[];
    try {
      names = readdirSync(p);
    } catch (err) {
      if (!gone(err)) out.failed.push({ path: p, reason: (err as Error).message });
      return;
    }
    for (const name of names) visit(path.join(p, name));
  };
  visit(root);
  return out;
}
