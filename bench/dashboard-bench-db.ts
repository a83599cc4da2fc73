/**
 * The day of the dashboard benchmarks (bench/dashboard.ts, bench/dashboard-map.ts) on the 100,000-employee
 * database of bench/karyawan-bench-db.ts. The seed records nothing for today, so this gives 10,000
 * active employees with visit lines today their check-ins (every line checked in; about two in three
 * checked out; some flagged outside the radius or with clock skew), positions near their stores, and
 * the day's own attendance with positions. Idempotent: the same 10,000 (chosen by a hash of the NRP)
 * get the same values each run, and no one else's row is touched.
 */
import { dateIn } from '../src/domain/time-zone';
import { login, query } from './karyawan-bench-db';

export const ACTIVE_TODAY = 10_000;
/** The one-location user of the benches: the biggest location. */
export const SCOPED = {
  userid: 'BDASH1',
  username: 'benchdash',
  role: 'BDASH',
  password: 'Bench#Dash2026',
  lokasi: 'JKT',
};

/**
 * The bench's day: `--day YYYY-MM-DD` (a working day of the seed's month, for a run on a Sunday), else
 * today as the dashboard counts it for the bench's locations (all WIB in the seed).
 */
export const benchToday = () => {
  const i = process.argv.indexOf('--day');
  return i > 0 ? process.argv[i + 1]! : dateIn('Asia/Jakarta', new Date());
};

export async function prepareDashboardDay(): Promise<{ today: string; employees: number; lines: number }> {
  const today = benchToday();
  const t0 = Date.now();
  await query(`drop table if exists bench_dash_people`);
  await query(
    `create unlogged table bench_dash_people as
       select k.nrp, h.no_dcp, h.shift_id
         from karyawan k join kunjungan h on h.nrp = k.nrp
        where k.alasan_p3 is null
          and exists (select 1 from kunjungan_detail d where d.no_dcp = h.no_dcp and d.tgl_dcp = $1)
        order by md5(k.nrp) limit ${ACTIVE_TODAY}`,
    [today],
  );
  const [people] = await query<{ n: string }>(`select count(*) as n from bench_dash_people`);
  if (Number(people?.n ?? 0) < ACTIVE_TODAY) {
    await query(`drop table bench_dash_people`);
    // The seed plans Monday to Saturday: on a Sunday (in Jakarta) the day has almost no plan lines.
    throw new Error(
      `${today} has plans for only ${people?.n ?? 0} employees (the bench needs ${ACTIVE_TODAY}): ` +
        'the seed plans no Sundays; give the bench a working day of the seeded month: -- --day YYYY-MM-DD.',
    );
  }
  // Visits: check-in from 08:00 spread over the morning, check-out for two in three, positions within ~50 m.
  await query(
    `update kunjungan_detail d set
        in_jam = time '08:00' + ((d.id % 180) * interval '1 minute'),
        in_lat = s.cust_lat + ((d.id % 7) - 3) * 0.0001, in_long = s.cust_long + ((d.id % 5) - 2) * 0.0001,
        in_accuracy = 10, in_captured_at = now(), in_received_at = now(),
        out_jam = case when d.id % 3 <> 0 then time '11:00' + ((d.id % 180) * interval '1 minute') end,
        out_lat = case when d.id % 3 <> 0 then s.cust_lat + ((d.id % 5) - 2) * 0.0001 end,
        out_long = case when d.id % 3 <> 0 then s.cust_long + ((d.id % 7) - 3) * 0.0001 end,
        flags = case when d.id % 41 = 0 then '["outside_radius_in"]'::jsonb
                     when d.id % 97 = 0 then '["clock_skew_in"]'::jsonb else '[]'::jsonb end
       from bench_dash_people p, store s
      where d.no_dcp = p.no_dcp and d.tgl_dcp = $1 and s.cust_code = d.cust_code and s.cust_lat is not null`,
    [today],
  );
  await query(
    `insert into absensi (nrp, tanggal, tahun, bulan, shift_id, sts_abs_id, jam_masuk, masuk_lat, masuk_long, masuk_accuracy,
                          masuk_captured_at, masuk_received_at, sumber)
     select p.nrp, $1::date, extract(year from $1::date)::int, extract(month from $1::date)::int, p.shift_id, 'H',
            time '07:50' + ((abs(hashtext(p.nrp)) % 40) * interval '1 minute'), s.cust_lat, s.cust_long, 12, now(), now(), 'S'
       from bench_dash_people p
       join lateral (select d.cust_code from kunjungan_detail d where d.no_dcp = p.no_dcp and d.tgl_dcp = $1 order by d.id limit 1) f on true
       join store s on s.cust_code = f.cust_code
     on conflict (nrp, tanggal) do update set shift_id = excluded.shift_id, sts_abs_id = 'H', jam_masuk = excluded.jam_masuk,
       masuk_lat = excluded.masuk_lat, masuk_long = excluded.masuk_long, masuk_accuracy = 12, sumber = 'S'`,
    [today],
  );
  const [lines] = await query<{ n: string }>(
    `select count(*) as n from kunjungan_detail where tgl_dcp = $1 and in_jam is not null`,
    [today],
  );
  await query(`drop table bench_dash_people`);
  await query('vacuum analyze kunjungan_detail');
  await query('vacuum analyze absensi');
  console.log(
    `dashboard day ${today}: ${ACTIVE_TODAY} employees checked in, ${lines?.n} visit lines (${Date.now() - t0} ms)`,
  );
  return { today, employees: ACTIVE_TODAY, lines: Number(lines?.n ?? 0) };
}

/** The bench's one-location user (role with dashboard.read, trustee JKT), created once through the API. */
export async function scopedToken(baseUrl: string, admin: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const role = await post('/api/roles', { id: SCOPED.role, nama: 'Bench Dashboard', permissions: ['dashboard.read'] });
  if (role.status !== 201 && role.status !== 409) throw new Error(`role: ${role.status} ${await role.text()}`);
  const user = await post('/api/users', {
    userid: SCOPED.userid,
    username: SCOPED.username,
    nama: 'Bench Dashboard',
    password: SCOPED.password,
    role: SCOPED.role,
    trustee: { lokasi: [SCOPED.lokasi] },
  });
  if (user.status !== 201 && user.status !== 409) throw new Error(`user: ${user.status} ${await user.text()}`);
  return login(baseUrl, SCOPED.username, SCOPED.password);
}
