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
 * The team leader of the bench (issue 42 §3): her trustee is her location and her team's client, as the
 * demo `tl` account's (docs/decisions/003-demo-data.md), and that client is the bench's own, held by 12
 * SPGs of that location among the day's checked-in employees (the dashboard's work must grow with these
 * 12, not with the company).
 */
export const TEAM = {
  userid: 'BDASH2',
  username: 'benchtl',
  role: 'BDASH',
  password: 'Bench#Dash2026',
  lokasi: 'JKT',
  client: 'BTL12',
  size: 12,
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
  await pickTeam();
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
  await query('vacuum analyze karyawan');
  // The plans and their days (kunjungan_hari, kept by the check-ins above) with fresh statistics, as
  // autovacuum keeps a live database's.
  await query('vacuum analyze kunjungan');
  await query('vacuum analyze kunjungan_hari');
  console.log(
    `dashboard day ${today}: ${ACTIVE_TODAY} employees checked in, ${lines?.n} visit lines (${Date.now() - t0} ms)`,
  );
  return { today, employees: ACTIVE_TODAY, lines: Number(lines?.n ?? 0) };
}

/**
 * The team leader's 12 SPGs: JKT employees of the day's chosen ones (bench_dash_people), moved to the
 * bench's client TEAM.client. Idempotent: the previous run's members get their own client back first
 * (bench_dash_team keeps it), so the client holds exactly these 12 whatever the day.
 */
async function pickTeam(): Promise<void> {
  await query(`create table if not exists bench_dash_team (nrp varchar(12) primary key, client_id varchar(10))`);
  await query(`update karyawan k set client_id = t.client_id from bench_dash_team t where k.nrp = t.nrp`);
  await query(`delete from bench_dash_team`);
  await query(
    `insert into client (id, kode_prsh, nama)
     select $1, l.kode_prsh, 'Bench Team Leader' from lokasi l where l.id = $2
     on conflict (id) do nothing`,
    [TEAM.client, TEAM.lokasi],
  );
  await query(
    `insert into bench_dash_team (nrp, client_id)
     select k.nrp, k.client_id from bench_dash_people p join karyawan k on k.nrp = p.nrp
      where k.kode_lokasi = $1 order by md5(k.nrp) limit ${TEAM.size}`,
    [TEAM.lokasi],
  );
  await query(`update karyawan k set client_id = $1 from bench_dash_team t where k.nrp = t.nrp`, [TEAM.client]);
}

/** The bench's one-location user (role with dashboard.read, trustee JKT), created once through the API. */
export function scopedToken(baseUrl: string, admin: string): Promise<string> {
  return benchUser(baseUrl, admin, SCOPED, { lokasi: [SCOPED.lokasi] });
}

/** The bench's team leader (trustee JKT × her team's client), created once through the API. */
export function teamLeaderToken(baseUrl: string, admin: string): Promise<string> {
  return benchUser(baseUrl, admin, TEAM, { lokasi: [TEAM.lokasi], client: [TEAM.client] });
}

async function benchUser(
  baseUrl: string,
  admin: string,
  who: { userid: string; username: string; role: string; password: string },
  trustee: Record<string, string[]>,
): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const role = await post('/api/roles', { id: who.role, nama: 'Bench Dashboard', permissions: ['dashboard.read'] });
  if (role.status !== 201 && role.status !== 409) throw new Error(`role: ${role.status} ${await role.text()}`);
  const user = await post('/api/users', {
    userid: who.userid,
    username: who.username,
    nama: 'Bench Dashboard',
    password: who.password,
    role: who.role,
    trustee,
  });
  if (user.status !== 201 && user.status !== 409) throw new Error(`user: ${user.status} ${await user.text()}`);
  return login(baseUrl, who.username, who.password);
}
