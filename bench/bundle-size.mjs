// npm run bench:bundle — the JS and CSS a phone downloads (Brotli, as served) on the SPG's path: /login,
// log in (she lands on /profile), tap Absensi (/absensi/new/spg); then a signed-in start straight on her
// day screen with nothing cached. Printed per phase, against the budgets of bench/lib/phone-budget.mjs,
// which test/e2e/phone-budget.test.ts holds in CI.
// Usage: npm run bench:bundle [-- --files] [-- --dist DIR]  (`--files` lists every file per phase;
// `--dist DIR` measures an existing build instead of a private build of the checkout).

import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startServer } from '../scripts/lib/server.mjs';
import { overBudget, PHONE_BUDGETS } from './lib/phone-budget.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { pathPhases, walkPhonePath } from './lib/phone-path.mjs';

const listFiles = process.argv.includes('--files');
const distArg = process.argv.indexOf('--dist');
const outDir = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : privateBuild('bundle');

const server = await startServer({ env: { STATIC_DIR: outDir } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const phases = await walkPhonePath(browser, server.baseUrl, { username: 'spg', password: 'Hadir#Demo2026' });
  const kb = (b) => (b / 1024).toFixed(1);
  console.log('phase                      JS KB   CSS KB  files');
  for (const p of phases) {
    console.log(
      `${p.name.padEnd(24)}${kb(p.js).padStart(8)}  ${kb(p.css).padStart(7)}  ${String(p.files.length).padStart(5)}`,
    );
    if (listFiles)
      for (const f of [...p.files].sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${kb(f.bytes).padStart(6)}  ${f.chunk}  ${new URL(f.url).pathname}`);
  }
  const pathJs = pathPhases(phases).reduce((s, p) => s + p.js, 0);
  const { budget, ceiling } = PHONE_BUDGETS.path;
  console.log(
    `path /login → /profile → /absensi/new/spg: JS ${kb(pathJs)} KB — budget ${budget} KB ${pathJs <= budget * 1024 ? 'within' : 'OVER'}; CI ceiling ${ceiling} KB ${pathJs <= ceiling * 1024 ? 'within' : 'OVER'}`,
  );
  const over = overBudget(phases);
  console.log(
    over.length
      ? `over the CI budgets:\n  ${over.join('\n  ')}`
      : 'within every CI budget (bench/lib/phone-budget.mjs)',
  );
} finally {
  await browser.close();
  await server.stop();
  if (distArg < 0) rmSync(path.dirname(outDir), { recursive: true, force: true });
}
