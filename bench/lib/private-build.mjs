// A private production build of the checkout for a bench, in a new temporary folder: a build elsewhere in
// the tree cannot change what is measured. Answers the build's folder (remove its parent when done).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/lib/server.mjs';

export function privateBuild(name, viteArgs = []) {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), `hadir-${name}-`)), 'dist');
  const built = spawnSync('npx', ['-y', 'vite', 'build', '--outDir', outDir, '--emptyOutDir', ...viteArgs], {
    cwd: root,
    stdio: 'ignore',
  });
  if (built.status !== 0) throw new Error('vite build failed');
  return outDir;
}
