// npm run bench:enqueue — enqueue latency of a check-in with a 300 KB photo in Chromium's real
// IndexedDB (strict durability), median and p95 over 200 enqueues after 20 warm-up ones.
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, root, startServer } from '../scripts/lib/server.mjs';

const out = await build({
  root,
  configFile: false,
  logLevel: 'silent',
  build: {
    write: false,
    minify: true,
    lib: { entry: 'bench/enqueue-entry.ts', formats: ['iife'], name: 'HadirBench' },
  },
});
const code = (Array.isArray(out) ? out[0] : out).output[0].code;

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await page.goto(`${server.baseUrl}/login`); // an http origin with IndexedDB
  await page.addScriptTag({ content: code });
  await page.evaluate(() => globalThis.benchEnqueue(20));
  const times = (await page.evaluate(() => globalThis.benchEnqueue(200))).sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(`enqueue of a check-in with a 300 KB photo (Chromium IndexedDB, ${times.length} runs)`);
  console.log(`median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`);
} finally {
  await browser.close();
  await server.stop();
}
