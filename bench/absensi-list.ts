/**
 * npm run bench:absensi-list [-- --rounds 3]
 *
 * GET /api/absensi on 100,000 employees with about two months of attendance (PostgreSQL, see
 * bench/karyawan-bench-db.ts): one page of a month as the browser sees it (HTTP, authentication and the
 * capped count included), per kind of request, and the p95 over all of them against the 100 ms budget.
 * Kinds: the month's first pages and deeper pages for an unrestricted admin, each filter of the screen
 * (location, client, sales office, employee type, status, source, NRP and name search), and a user
 * limited to one location.
 */
import { performance } from 'node:perf_hooks';
import { login, ms, percentile, query, startBenchServer } from './karyawan-bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 3);
const BUDGET_MS = 100;

const server = await startBenchServer();
try {
  const admin = await login(server.baseUrl);
  // The month with the most attendance, up to its last recorded day.
  const [month] = await query<{ start: string; end: string; n: string }>(
    `select min(tanggal)::text as start, max(tanggal)::text as end, count(*)::text as n
       from absensi group by tahun, bulan order by count(*) desc limit 1`,
  );
  if (!month) throw new Error('no attendance in the bench database');
  const range = `startDate=${month.start}&endDate=${month.end}`;
  const pick = async (sqlText: string) => (await query<{ v: string }>(sqlText))[0]?.v ?? '';
  const lokasi = await pick('select kode_lokasi as v from karyawan group by 1 order by count(*) desc limit 1');
  const client = await pick(
    'select client_id as v from karyawan where client_id is not null group by 1 order by count(*) asc limit 1',
  );
  const office = await pick(
    'select sales_office_id as v from karyawan where sales_office_id is not null group by 1 order by count(*) desc limit 1',
  );
  const type = await pick('select type_spg_id as v from karyawan group by 1 order by count(*) desc limit 1');
  const names = await query<{ nama: string; nrp: string }>(
    'select nama, nrp from karyawan order by nrp limit 20 offset 7000',
  );

  // A user limited to the busiest location (created once, kept between runs).
  const scoped = await scopedToken(server.baseUrl, admin, lokasi);

  const kinds: { kind: string; token?: string; urls: string[] }[] = [
    { kind: 'admin: month, pages 1–10', urls: Array.from({ length: 10 }, (_, i) => `${range}&page=${i + 1}`) },
    { kind: 'admin: month, pages 50–1000', urls: [50, 100, 250, 500, 1000].map((p) => `${range}&page=${p}`) },
    {
      kind: 'admin: one day',
      urls: [`startDate=${month.end}&endDate=${month.end}`, `startDate=${month.start}&endDate=${month.start}`],
    },
    {
      kind: 'filter: place, client, office, type',
      urls: [`lokasi=${lokasi}`, `client=${client}`, `sales_office=${office}`, `type=${type}`].flatMap((f) => [
        `${range}&${f}`,
        `${range}&${f}&page=5`,
      ]),
    },
    {
      kind: 'filter: status, source',
      urls: ['status=S', 'status=A', 'sumber=M', 'sumber=U', 'sumber=S'].map((f) => `${range}&${f}`),
    },
    {
      kind: 'search: NRP and name',
      urls: names
        .slice(0, 10)
        .flatMap((n, i) => [
          `${range}&q=${n.nrp}`,
          `${range}&q=${encodeURIComponent(n.nama.split(' ')[i % 2 === 0 ? 0 : 1] ?? n.nama)}`,
        ]),
    },
    { kind: 'user limited to one location', token: scoped, urls: [1, 2, 10, 100].map((p) => `${range}&page=${p}`) },
  ];

  const get = async (url: string, token: string) => {
    const t = performance.now();
    const res = await fetch(`${server.baseUrl}/api/absensi?${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { result?: unknown[] };
    const elapsed = performance.now() - t;
    if (!res.ok || !Array.isArray(body.result)) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    return elapsed;
  };

  for (const k of kinds) for (const url of k.urls) await get(url, k.token ?? admin);

  const all: number[] = [];
  console.log(
    `GET /api/absensi, month ${month.start}…${month.end} (${Number(month.n).toLocaleString('en')} rows), PostgreSQL, ${ROUNDS} rounds after a warm-up`,
  );
  console.log('kind'.padEnd(36), 'requests', '     p50', '      p95', '      max');
  for (const k of kinds) {
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) for (const url of k.urls) times.push(await get(url, k.token ?? admin));
    all.push(...times);
    console.log(
      k.kind.padEnd(36),
      String(times.length).padStart(8),
      ms(percentile(times, 50)).padStart(9),
      ms(percentile(times, 95)).padStart(10),
      ms(Math.max(...times)).padStart(10),
    );
  }
  const p95 = percentile(all, 95);
  console.log(
    `\nall ${all.length} requests: p95 ${ms(p95)} (budget ${BUDGET_MS} ms) → ${p95 <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
  );
  if (p95 > BUDGET_MS) process.exitCode = 1;
} finally {
  await server.stop();
}

async function scopedToken(baseUrl: string, adminToken: string, lokasiId: string) {
  const userid = 'BALIS1';
  const username = 'bench-absensi-lokasi';
  const password = 'Kuat#Sekali2026';
  await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      userid,
      username,
      nama: 'HR Satu Lokasi',
      password,
      role: 'HR',
      trustee: { lokasi: [lokasiId] },
    }),
  });
  return login(baseUrl, username, password);
}
