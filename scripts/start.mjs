// `npm start`: build the PWA only when dist/ is missing or older than its sources, then run the server
// in this same process (one process that owns everything it starts: a supervisor's SIGTERM reaches the
// server itself). Run as `node --import tsx scripts/start.mjs`; package.json's script `exec`s it, so that the
// shell npm runs a script in is replaced by this process: npm passes a SIGTERM or SIGINT it receives on to
// its script, and a shell waiting on its child would die of it and leave the server running.
//
// With STATIC_DIR set the server serves that folder, not dist/: nothing is built.
//
// dist/index.html's modification time is the moment its build began reading the sources, so a source
// saved during a build counts as newer. Two starts in one folder take turns through a lock file: the
// second waits for the first's build and then finds dist/ fresh. A build goes to a private folder that
// replaces dist/ only when it succeeded, so a failed or interrupted build never looks fresh.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, 'index.html');
// Work files in .tmp/ (ignored by git), on the same disk as dist/ so that the swap is a rename.
const work = path.join(root, '.tmp');
const lockFile = path.join(work, 'dist-build.lock');
/** What the build reads (package-lock.json: a dependency update changes the bundle). */
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
/** Written by the build itself (the router plugin regenerates it from src/routes): not a reason to rebuild. */
const GENERATED = new Set([path.join(root, 'src', 'routeTree.gen.ts')]);

const log = (line) => console.log(`[start] ${line}`);

/** The newest modification time under the sources, in ms. */
function newestSource() {
  let newest = 0;
  const visit = (p) => {
    if (GENERATED.has(p)) return;
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    newest = Math.max(newest, st.mtimeMs);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  for (const s of SOURCES) visit(path.join(root, s));
  return newest;
}

function buildIsFresh() {
  const built = statSync(stamp, { throwIfNoEntry: false });
  return built !== undefined && built.mtimeMs >= newestSource();
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function lockHolderAlive() {
  const text = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '';
  return Number(text) > 0 && alive(Number(text));
}

/** Takes the build lock, or answers false while another live start holds it (a dead one's lock is taken over). */
function tryLock() {
  mkdirSync(work, { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    if (lockHolderAlive()) return false;
    rmSync(lockFile, { force: true });
    return tryLock();
  }
}

function runBuild(outDir) {
  return new Promise((resolve) => {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
    // A supervisor's signal to this process reaches the build too; the terminal's Ctrl-C reaches both anyway.
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

/** Builds when needed; answers the build's exit code (0: fresh or built). */
async function ensureBuild() {
  for (;;) {
    if (buildIsFresh()) return 0;
    if (tryLock()) break;
    log('another start is building the PWA: waiting for it');
    while (lockHolderAlive()) await new Promise((r) => setTimeout(r, 500));
  }
  const outDir = path.join(work, `dist-build-${process.pid}`);
  try {
    // Checked again under the lock: a start that waited finds the build the other one just made.
    if (buildIsFresh()) return 0;
    const began = new Date();
    log(existsSync(stamp) ? 'sources changed since the last build: building the PWA' : 'building the PWA');
    const code = await runBuild(outDir);
    if (code !== 0) return code;
    utimesSync(path.join(outDir, 'index.html'), began, began);
    const old = path.join(work, `dist-old-${process.pid}`);
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(outDir, dist);
    rmSync(old, { recursive: true, force: true });
    log(`built in ${((Date.now() - began.getTime()) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(lockFile, { force: true });
  }
}

const t = Date.now();
const code = process.env.STATIC_DIR ? 0 : await ensureBuild();
if (code !== 0) {
  console.error(`[start] vite build failed (exit ${code})`);
  process.exit(code);
}
if (process.env.STATIC_DIR) log(`serving STATIC_DIR (${process.env.STATIC_DIR}): no build`);
else if (Date.now() - t < 1000) log('the PWA in dist/ is up to date');
await import('../server/index.ts');
