/**
 * npm run bench:photo-hash [-- --runs 60]
 *
 * What fingerprinting one check-in photo costs the server (issue 28, budget ≤ 30 ms of CPU per photo): a
 * generated 1280×960 JPEG of about 250 KB (test/server/absensi/photo-scenes.ts), decoded and hashed by
 * `photoFingerprint` (sharp: shrink-on-load, grey, 32×32, DCT) `--runs` times, each photo another scene.
 * CPU is the process's user + system time, so libvips' own threads are counted. Prints mean and p95.
 */
import { photoFingerprint } from '../server/modules/absensi/photo-fingerprint';
import { scene } from '../test/server/absensi/photo-scenes';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 60);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, p95: s[Math.floor(s.length * 0.95)]! };
};

async function main() {
  // Photos of phone size: quality picked so the scenes weigh about 250 KB.
  const photos: Buffer[] = [];
  for (let i = 0; i < RUNS; i++) photos.push(await scene(1000 + i, 1280, 960, 88));
  const kb = photos.reduce((a, p) => a + p.length, 0) / photos.length / 1024;
  for (let i = 0; i < 5; i++) await photoFingerprint(photos[i]!);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (const p of photos) {
    const c = process.cpuUsage();
    const t = performance.now();
    await photoFingerprint(p);
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const c = stats(cpu);
  const w = stats(wall);
  console.log(`photo fingerprint (pHash) of ${RUNS} JPEGs 1280×960, mean ${kb.toFixed(0)} KB`);
  console.log(`  CPU per photo:  mean ${c.mean.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms (budget ≤ 30 ms)`);
  console.log(`  wall per photo: mean ${w.mean.toFixed(1)} ms, p95 ${w.p95.toFixed(1)} ms`);
}

await main();
