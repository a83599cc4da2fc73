// The bare page of the stack (bench/bare), built and served on a port of its own: the floor that
// bench:startup and bench:startup-profile measure the signed-in day screen against.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/lib/server.mjs';

/** bench/bare built with the app's Chakra plugins, served as static files on a port of its own. */
export async function serveBarePage() {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'hadir-bare-')), 'dist');
  const built = spawnSync('npx', ['-y', 'vite', 'build', '--config', 'bench/bare/vite.config.ts', '--outDir', outDir], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  if (built.status !== 0) throw new Error('bench/bare build failed');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const file = path.join(outDir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(outDir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}
export const BARE_PATH = '/bench/bare/index.html';
