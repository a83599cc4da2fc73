// npm run bench:bundle — the JS and CSS a phone downloads (compressed, on the wire) to open /login,
// log in as the demo SPG, and open /absensi/new/spg. Budgets (issue 11 item 5): at most 170 KB of JS
// for the whole path, and at most 120 KB for what the login screen needs to paint (index.html's entry
// script and the chunks it imports statically, i.e. its modulepreloads; the phone's other screens
// load after the first paint). Service workers are blocked so precaching does not count as "needed to open".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, root, startServer } from '../scripts/lib/server.mjs';

// A private build, so a build elsewhere in the checkout cannot change what is measured.
// `--files` lists every file per phase; `--dist DIR` measures an existing build instead.
const listFiles = process.argv.includes('--files');
const distArg = process.argv.indexOf('--dist');
const outDir =
  distArg > 0
    ? path.resolve(process.argv[distArg + 1])
    : path.join(mkdtempSync(path.join(os.tmpdir(), 'hadir-bundle-')), 'dist');
if (distArg < 0)
  spawnSync('npx', ['-y', 'vite', 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'ignore' });

/** The login's first paint: the module script of index.html and its modulepreloads, in Brotli bytes as served. */
function firstPaintScripts() {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  return refs.map((ref) => {
    const file = path.join(outDir, ref.replace(/^\//, ''));
    return { ref, bytes: statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size };
  });
}
const firstPaint = firstPaintScripts();

const server = await startServer({ env: { STATIC_DIR: outDir } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const types = new Map();
  const urls = new Map();
  const totals = [];
  let phase = { name: '', js: 0, css: 0, files: 0 };
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = types.get(e.requestId);
    if (t === 'Script') phase.js += e.encodedDataLength;
    else if (t === 'Stylesheet') phase.css += e.encodedDataLength;
    else return;
    phase.files++;
    if (listFiles)
      console.log(
        `  ${phase.name.padEnd(36)} ${(e.encodedDataLength / 1024).toFixed(1).padStart(6)}  ${urls.get(e.requestId)}`,
      );
  });
  const next = (name) => {
    if (phase.name) totals.push(phase);
    phase = { name, js: 0, css: 0, files: 0 };
  };

  next('open /login');
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
  next('log in as spg (lands on /profile)');
  await page.getByLabel('Username').fill('spg');
  await page.getByLabel('Password', { exact: true }).fill('Hadir#Demo2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/profile');
  await page.waitForLoadState('networkidle');
  next('open /absensi/new/spg');
  await page.getByRole('link', { name: 'Absensi', exact: true }).first().click();
  await page.waitForURL('**/absensi/new/spg');
  await page
    .getByText(/Anda Belum Melakukan Check In Hari Ini|Anda Telah Melakukan Absensi|Anda Belum Melakukan Check Out/)
    .waitFor();
  await page.waitForLoadState('networkidle');
  next('');

  const kb = (b) => (b / 1024).toFixed(1);
  console.log('phase                                   JS KB   CSS KB  files');
  for (const p of totals)
    console.log(
      `${p.name.padEnd(40)}${kb(p.js).padStart(6)}  ${kb(p.css).padStart(7)}  ${String(p.files).padStart(5)}`,
    );
  const js = totals.reduce((s, p) => s + p.js, 0);
  const css = totals.reduce((s, p) => s + p.css, 0);
  console.log(`${'total'.padEnd(40)}${kb(js).padStart(6)}  ${kb(css).padStart(7)}`);
  console.log(`budget: JS ${kb(js)} KB of 170 KB — ${js <= 170 * 1024 ? 'within' : 'OVER'}`);
  const paintBytes = firstPaint.reduce((s, f) => s + f.bytes, 0);
  if (listFiles) for (const f of firstPaint) console.log(`  first paint ${kb(f.bytes).padStart(6)}  ${f.ref}`);
  console.log(
    `login first paint (entry + modulepreloads, ${firstPaint.length} files): JS ${kb(paintBytes)} KB of 120 KB — ${paintBytes <= 120 * 1024 ? 'within' : 'OVER'}`,
  );
} finally {
  await browser.close();
  await server.stop();
  if (distArg < 0) rmSync(path.dirname(outDir), { recursive: true, force: true });
}
