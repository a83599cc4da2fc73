/**
 * DATA_DIR/server.pid: the process id of the server that has the embedded database (PGlite) open. A PGlite
 * data directory may be opened by one process only, so `npm run backup` and `npm run restore` read this
 * file and stop when that process is alive (server/ops/backup.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PID_FILE = 'server.pid';

/** Written by server/index.ts once PGlite is open in `dataDir`. */
export function markServerRunning(dataDir: string): void {
  writeFileSync(path.join(dataDir, PID_FILE), String(process.pid));
}

/** Removed by server/index.ts after PGlite closed; a file left by a crash names a dead process. */
export function clearServerRunning(dataDir: string): void {
  const file = path.join(dataDir, PID_FILE);
  // Only our own: a second server started on the same folder by mistake must not erase the first one's.
  if (readPid(file) === process.pid) rmSync(file, { force: true });
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of a live server on `dataDir`, or undefined. */
export function runningServerPid(dataDir: string): number | undefined {
  const pid = readPid(path.join(dataDir, PID_FILE));
  if (pid === undefined || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
