/**
 * node --import tsx bench/kunjungan-plan.ts [-- --rounds 3] [-- --seed]
 *
 * Visit plans on 100,000 employees (PostgreSQL, see bench/karyawan-bench-db.ts; the seed plans the current
 * period, millions of lines): the latency of GET /api/kunjungan (first pages, pages across the list, an
 * NRP search, every period) and GET /api/kunjungan/{no_dcp} as the browser sees them, p95 against the
 * 50 ms budget; then POST /api/kunjungan/route-list/{id}/generate for the busiest route list in a future
 * period, timed against 10 s per 1,000 employees (its plans are removed again afterwards).
 */
import { performance } from 'node:perf_hooks';
import { login, ms, percentile, query, startBenchServer } from './karyawan-bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 3);
const BUDGET_MS = 50;
const GENERATE_BUDGET_S = 10;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function timed(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  const t = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return t;
}

const server = await startBenchServer();
try {
  const admin = await login(server.baseUrl);
  await query('vacuum analyze kunjungan');
  await query('vacuum analyze kunjungan_detail');
  const [cur] = await query<{ period_id: string; n: string }>(
    'select period_id, count(*) as n from kunjungan group by period_id order by count(*) desc limit 1',
  );
  if (!cur) throw new Error('no plans in the bench database');
  const [lines] = await query<{ n: string }>('select count(*) as n from kunjungan_detail');
  const plans = Number(cur.n);
  const lastPage = Math.ceil(plans / 10);
  const random = rng(20261124);
  const sample = await query<{ no_dcp: string; nrp: string }>(
    'select no_dcp, nrp from kunjungan where period_id = $1 order by nrp limit 40 offset 20000',
    [cur.period_id],
  );
  console.log(`${plans} plans in ${cur.period_id}, ${lines?.n} visit lines in all`);

  const base = `${server.baseUrl}/api/kunjungan`;
  const kinds: { kind: string; urls: string[] }[] = [
    {
      kind: 'list: first pages',
      urls: Array.from({ length: 10 }, (_, i) => `${base}?period_id=${cur.period_id}&page=${i + 1}`),
    },
    {
      kind: 'list: pages across the period',
      urls: [
        ...Array.from(
          { length: 19 },
          () => `${base}?period_id=${cur.period_id}&page=${1 + Math.floor(random() * lastPage)}`,
        ),
        `${base}?period_id=${cur.period_id}&page=${lastPage}`,
      ],
    },
    { kind: 'list: NRP search', urls: sample.slice(0, 10).map((s) => `${base}?period_id=${cur.period_id}&q=${s.nrp}`) },
    { kind: 'list: every period', urls: Array.from({ length: 5 }, (_, i) => `${base}?page=${i + 1}`) },
    { kind: 'detail', urls: sample.map((s) => `${base}/${encodeURIComponent(s.no_dcp)}`) },
  ];

  const all: number[] = [];
  const detail: number[] = [];
  for (const { kind, urls } of kinds) {
    await timed(urls[0]!, admin); // warm
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) for (const url of urls) times.push(await timed(url, admin));
    (kind === 'detail' ? detail : all).push(...times);
    console.log(
      `${kind.padEnd(32)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  max ${ms(Math.max(...times))}`,
    );
  }
  const listP95 = percentile(all, 95);
  const detailP95 = percentile(detail, 95);
  console.log(`plan list p95 ${ms(listP95)} (budget ${BUDGET_MS} ms): ${listP95 <= BUDGET_MS ? 'OK' : 'OVER'}`);
  console.log(`plan detail p95 ${ms(detailP95)} (budget ${BUDGET_MS} ms): ${detailP95 <= BUDGET_MS ? 'OK' : 'OVER'}`);

  // Generation: the busiest route list, in the latest period (which the seed leaves unplanned).
  const [rl] = await query<{ id: string; n: string }>(
    'select route_list_id as id, count(*) as n from karyawan where route_list_id is not null and tgl_p3 is null group by 1 order by 2 desc limit 1',
  );
  const [future] = await query<{ id: string }>('select id from period order by id desc limit 1');
  const [shift] = await query<{ id: string }>('select id from shift order by id limit 1');
  if (rl && future && shift) {
    await query('delete from kunjungan where period_id = $1 and route_list_id = $2', [future.id, rl.id]);
    const t0 = performance.now();
    const res = await fetch(`${base}/route-list/${rl.id}/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ period_id: future.id, shift_id: shift.id }),
    });
    const body = (await res.json()) as { result?: { plans: number; lines: number; employees: number } };
    const seconds = (performance.now() - t0) / 1000;
    if (!res.ok || !body.result) throw new Error(`generate: ${res.status} ${JSON.stringify(body)}`);
    const per1000 = (seconds * 1000) / Math.max(1, body.result.plans);
    console.log(
      `generate route list ${rl.id} for ${future.id}: ${body.result.plans} plans / ${body.result.lines} lines ` +
        `in ${seconds.toFixed(2)} s (${per1000.toFixed(2)} s per 1,000 employees; budget ${GENERATE_BUDGET_S} s): ` +
        `${per1000 <= GENERATE_BUDGET_S ? 'OK' : 'OVER'}`,
    );
    await query('delete from kunjungan where period_id = $1 and route_list_id = $2', [future.id, rl.id]);
  }
} finally {
  await server.stop();
}
