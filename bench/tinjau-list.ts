/**
 * npm run bench:tinjau-list [-- --rounds 20] [-- --only <part of a call's name>] [-- --seed]
 *
 * "Perlu Ditinjau" (GET /api/absensi/tinjau, issue 28 item 8: p95 < 100 ms at 100,000 employees on
 * PostgreSQL) on the database of bench/karyawan-bench-db.ts, with today's check-ins of
 * bench/dashboard-bench-db.ts, made worst-case-ish: a company whose device policy is `wajib` before its
 * phones are enrolled flags every unsigned check-in `no_device_signature`, so here most of the last 31
 * days' attendance rows (60 %) and visit lines checked in (40 %; today 80 %) carry that flag, some also
 * `outside_radius_in`, and a few thousand are already decided (absensi_tinjau). All of it idempotent:
 * the same rows (chosen by a hash) get the same flags and decisions each run, only flags are added.
 *
 * Timed as the browser sees them (the whole answer read), p50/p95 over `--rounds` after 2 warm-ups:
 * the admin's open and closed page 1 (default range), a deep page, a location filter (the biggest and
 * a small one), visits only, and a user limited to one location.
 */
import { performance } from 'node:perf_hooks';
import { prepareDashboardDay } from './dashboard-bench-db';
import { login, ms, percentile, query, startBenchServer } from './karyawan-bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 20);
const BUDGET_MS = 100;
/** The bench's reviewer limited to one location (created once through the API, kept between runs). */
const SCOPED = { userid: 'BTINJ1', username: 'benchtinjau', role: 'BTINJ', password: 'Bench#Tinjau2026' };

/** Flags and decisions of the last 31 days, added once (a second run changes nothing but today's lines). */
async function prepareReviewQueue(today: string) {
  const t0 = Date.now();
  const from = `($1::date - 30)`;
  // Days: 60 % unsigned, 5 % of all also outside the radius.
  const days = await query<{ n: string }>(
    `with u as (
       update absensi set flags = flags || '["no_device_signature"]'::jsonb
        where tanggal between ${from} and $1::date and abs(hashtext(nrp || tanggal::text)) % 100 < 60
          and not flags ? 'no_device_signature'
       returning 1)
     select count(*)::text as n from u`,
    [today],
  );
  await query(
    `update absensi set flags = flags || '["outside_radius_in"]'::jsonb
      where tanggal between ${from} and $1::date and abs(hashtext(nrp || tanggal::text)) % 100 < 5
        and not flags ? 'outside_radius_in'`,
    [today],
  );
  // Visits checked in: 40 % unsigned in the month, 80 % today (prepareDashboardDay rewrites today's flags).
  const lines = await query<{ n: string }>(
    `with u as (
       update kunjungan_detail set flags = flags || '["no_device_signature"]'::jsonb
        where tgl_dcp between ${from} and $1::date and in_jam is not null
          and (id % 100) < case when tgl_dcp = $1::date then 80 else 40 end
          and not flags ? 'no_device_signature'
       returning 1)
     select count(*)::text as n from u`,
    [today],
  );
  // Decisions: one in 400 of the flagged days and visit lines, by a hash; terima mostly, some tolak.
  const decide = (jenis: 'hari' | 'kunjungan', select: string) =>
    query(
      `insert into absensi_tinjau (jenis, record_id, nrp, tanggal, keputusan, alasan, decided_by, decided_at, flags_at_decision)
       select '${jenis}', r.id, r.nrp, r.tanggal,
              case when r.id % 7 = 0 then 'tolak' else 'terima' end, 'Bench: diperiksa', 'ADMIN',
              r.tanggal + time '17:00', r.flags
         from (${select}) r
       on conflict (jenis, record_id) do nothing`,
      [today],
    );
  await decide(
    'hari',
    `select a.id, a.nrp, a.tanggal, a.flags from absensi a
      where a.tanggal between ${from} and $1::date and a.flags <> '[]'::jsonb and abs(hashtext(a.nrp || a.tanggal::text)) % 400 = 0`,
  );
  await decide(
    'kunjungan',
    `select d.id, p.nrp, d.tgl_dcp as tanggal, d.flags from kunjungan_detail d join kunjungan p on p.no_dcp = d.no_dcp
      where d.tgl_dcp between ${from} and $1::date and d.flags <> '[]'::jsonb and d.id % 400 = 7`,
  );
  await query('vacuum analyze absensi');
  await query('vacuum analyze kunjungan_detail');
  await query('vacuum analyze absensi_tinjau');
  const [size] = await query<{ hari: string; kunjungan: string; decided: string }>(
    `select (select count(*) from absensi where tanggal between ${from} and $1::date and flags <> '[]'::jsonb)::text as hari,
            (select count(*) from kunjungan_detail where tgl_dcp between ${from} and $1::date and flags <> '[]'::jsonb)::text as kunjungan,
            (select count(*) from absensi_tinjau where keputusan is not null)::text as decided`,
    [today],
  );
  console.log(
    `review queue of ${today} and the 30 days before: ${size?.hari} flagged days, ${size?.kunjungan} flagged visit lines, ` +
      `${size?.decided} decided (this run flagged ${days[0]?.n} days and ${lines[0]?.n} lines; ${Date.now() - t0} ms)`,
  );
}

/** The bench's reviewer limited to `lokasi`: a role with absensi.tinjau, created once. */
async function scopedToken(baseUrl: string, admin: string, lokasi: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const role = await post('/api/roles', { id: SCOPED.role, nama: 'Bench Tinjau', permissions: ['absensi.tinjau'] });
  if (role.status !== 201 && role.status !== 409) throw new Error(`role: ${role.status} ${await role.text()}`);
  const user = await post('/api/users', {
    userid: SCOPED.userid,
    username: SCOPED.username,
    nama: 'Bench Tinjau',
    password: SCOPED.password,
    role: SCOPED.role,
    trustee: { lokasi: [lokasi] },
  });
  if (user.status !== 201 && user.status !== 409) throw new Error(`user: ${user.status} ${await user.text()}`);
  return login(baseUrl, SCOPED.username, SCOPED.password);
}

async function timed(url: string, token: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  const body = await res.arrayBuffer();
  const t = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  const answer = JSON.parse(new TextDecoder().decode(body)) as {
    result: unknown[];
    totalCount: number;
    totalCapped?: boolean;
  };
  return { t, bytes: body.byteLength, answer };
}

const server = await startBenchServer();
let failed = false;
try {
  const { today } = await prepareDashboardDay();
  await prepareReviewQueue(today);
  const admin = await login(server.baseUrl);
  const pick = async (sqlText: string) => (await query<{ v: string }>(sqlText))[0]?.v ?? '';
  const big = await pick('select kode_lokasi as v from karyawan group by 1 order by count(*) desc limit 1');
  const small = await pick(
    'select kode_lokasi as v from karyawan where kode_lokasi is not null group by 1 order by count(*) asc, 1 limit 1',
  );
  const scoped = await scopedToken(server.baseUrl, admin, big);
  const calls: { name: string; path: string; token: string }[] = [
    { name: 'admin open, page 1', path: 'status=open', token: admin },
    { name: 'admin closed, page 1', path: 'status=closed', token: admin },
    { name: 'admin open, page 50', path: 'status=open&page=50', token: admin },
    { name: 'admin open, 200 a page', path: 'status=open&per_page=200', token: admin },
    { name: `open, lokasi ${big}`, path: `status=open&lokasi_id=${big}`, token: admin },
    { name: `open, lokasi ${small}`, path: `status=open&lokasi_id=${small}`, token: admin },
    { name: 'open, jenis=kunjungan', path: 'status=open&jenis=kunjungan', token: admin },
    { name: 'open, jenis=hari, page 10', path: 'status=open&jenis=hari&page=10', token: admin },
    { name: 'open, today only', path: `status=open&startDate=${today}&endDate=${today}`, token: admin },
    { name: `user of ${big}: open`, path: 'status=open', token: scoped },
    { name: `user of ${big}: closed`, path: 'status=closed', token: scoped },
  ];
  console.log(`\n${ROUNDS} rounds per call after 2 warm-ups; budget p95 < ${BUDGET_MS} ms`);
  console.log('call                          p50        p95        max        rows  total           answer');
  const only = process.argv.indexOf('--only');
  for (const call of calls) {
    if (only > 0 && !call.name.includes(process.argv[only + 1] ?? '')) continue;
    const url = `${server.baseUrl}/api/absensi/tinjau?${call.path}`;
    await timed(url, call.token);
    await timed(url, call.token);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof timed>> | undefined;
    for (let i = 0; i < ROUNDS; i++) {
      last = await timed(url, call.token);
      times.push(last.t);
    }
    const p95 = percentile(times, 95);
    const met = p95 < BUDGET_MS;
    if (!met) failed = true;
    const total = `${last?.answer.totalCount}${last?.answer.totalCapped ? '+' : ''}`;
    console.log(
      `${call.name.padEnd(30)}${ms(percentile(times, 50)).padEnd(11)}${ms(p95).padEnd(11)}${ms(
        Math.max(...times),
      ).padEnd(
        11,
      )}${String(last?.answer.result.length).padEnd(6)}${total.padEnd(16)}${((last?.bytes ?? 0) / 1024).toFixed(0)} KB  ${
        met ? 'met' : 'MISSED'
      }`,
    );
  }
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
