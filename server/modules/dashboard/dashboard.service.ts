/**
 * The Rekap Absensi reads: per-location progress of a day, the activity list of one location and the
 * employees' last positions. Every read starts from the employees of the user's trustee scope
 * (karyawanScope) and counts only the active (not resigned) ones; the day is each location's own
 * unless a date is chosen (dashboard-day.ts). Aggregates run in the database: the day's visit lines
 * are read from the covering index kunjungan_detail_day_idx, never row by row.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  mapAnswerOf,
  type ActivityRow,
  type ActivityVisit,
  type DashboardActivityAnswer,
  type DashboardMapAnswer,
  type LastPosition,
  type LokasiRow,
  type MapRow,
} from '../../../src/domain/dashboard/dashboard';
import { asTimeZone, instantIn, type TimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { lokasi } from '../../db/schema/master';
import { likePattern } from '../../lib/pagination';
import { karyawanScope, lokasiScope, narrowsEmployees } from '../../middleware/trustee-scope';
import {
  daysByZone,
  dayIn,
  distinctDays,
  dayMatch,
  readableLokasi,
  rejectedVisits,
  rowsOf,
  type DayByZone,
  type Viewer,
} from './dashboard-day';

const whereAll = (...parts: (SQL | undefined)[]) => {
  const list = parts.filter((p): p is SQL => p !== undefined);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
};

/** GET /api/dashboard/kunjungan: one row per location the user may see. */
export async function lokasiSummary(db: Db, actor: Viewer, date: string | undefined, now: Date): Promise<LokasiRow[]> {
  const days = daysByZone(date, now);
  const scope = karyawanScope(actor);
  // One day for every zone (a chosen date): no need to read each employee's location zone.
  const uniform = distinctDays(days).length === 1;
  const onZone = uniform ? sql`` : sql`join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}`;
  const zoneDay = (col: SQL) => (uniform ? undefined : dayMatch(col, sql`${lokasi.time_zone}`, days));
  const [places, staff, visits, rejected, active] = await Promise.all([
    rowsOf<{ id: string; nama: string; time_zone: string }>(
      db,
      sql`select ${lokasi.id} as id, ${lokasi.nama} as nama, ${lokasi.time_zone} as time_zone from ${lokasi}
          where ${whereAll(lokasiScope(actor))} order by ${lokasi.id}`,
    ),
    rowsOf<{ lokasi_id: string; n: number }>(
      db,
      sql`select ${karyawan.kode_lokasi} as lokasi_id, count(*)::int as n from ${karyawan}
          where ${whereAll(sql`${karyawan.alasan_p3} is null`, scope)} group by 1`,
    ),
    // The scope's plans' days (kunjungan_hari: lines and check-ins per plan and day, kept by the database):
    // by NRP for a team, the day's summary rows for the company; never the day's visit lines.
    rowsOf<{ lokasi_id: string; n: number; v: number }>(
      db,
      sql`select ${karyawan.kode_lokasi} as lokasi_id, sum(s.line_count)::int as n, sum(s.checked_in_count)::int as v
            from ${karyawan} ${onZone}
            join kunjungan_hari s on s.nrp = ${karyawan.nrp}
           where ${whereAll(dayIn(sql`s.tgl_dcp`, days), sql`${karyawan.alasan_p3} is null`, scope, zoneDay(sql`s.tgl_dcp`))}
           group by 1`,
    ),
    // A visit a reviewer rejected (absensi_tinjau, decision 035) is not visited: the few rejections of the
    // day, found by their visit line, are taken off the check-ins.
    rowsOf<{ lokasi_id: string; n: number }>(
      db,
      sql`select ${karyawan.kode_lokasi} as lokasi_id, count(*)::int as n
            from kunjungan_detail d
            join kunjungan h on h.no_dcp = d.no_dcp
            join ${karyawan} on ${karyawan.nrp} = h.nrp
            ${onZone}
           where d.id in (${rejectedVisits(days)}) and d.in_jam is not null
             and ${whereAll(dayIn(sql`d.tgl_dcp`, days), sql`${karyawan.alasan_p3} is null`, scope, zoneDay(sql`d.tgl_dcp`))}
           group by 1`,
    ),
    // Active: the scope's employees with a check-in (a checked-in plan day, or the day's attendance).
    rowsOf<{ lokasi_id: string; n: number }>(
      db,
      sql`select lokasi_id, count(*)::int as n from (
            select ${karyawan.nrp}, ${karyawan.kode_lokasi} as lokasi_id
              from ${karyawan} ${onZone}
              join kunjungan_hari s on s.nrp = ${karyawan.nrp} and s.checked_in_count > 0
             where ${whereAll(dayIn(sql`s.tgl_dcp`, days), sql`${karyawan.alasan_p3} is null`, scope, zoneDay(sql`s.tgl_dcp`))}
            union
            select ${karyawan.nrp}, ${karyawan.kode_lokasi}
              from ${karyawan} ${onZone}
              join absensi a on a.nrp = ${karyawan.nrp} and a.jam_masuk is not null
             where ${whereAll(dayIn(sql`a.tanggal`, days), sql`${karyawan.alasan_p3} is null`, scope, zoneDay(sql`a.tanggal`))}
          ) x group by 1`,
    ),
  ]);
  const staffOf = new Map(staff.map((r) => [r.lokasi_id, r.n]));
  const visitsOf = new Map(visits.map((r) => [r.lokasi_id, r]));
  const rejectedOf = new Map(rejected.map((r) => [r.lokasi_id, r.n]));
  const activeOf = new Map(active.map((r) => [r.lokasi_id, r.n]));
  const narrowed = narrowsEmployees(actor);
  return places
    .map((p) => {
      const tz = asTimeZone(p.time_zone);
      const v = visitsOf.get(p.id);
      return {
        id: p.id,
        nama: p.nama,
        time_zone: tz,
        tanggal: days[tz],
        karyawan_count: staffOf.get(p.id) ?? 0,
        kunjungan_count: v?.n ?? 0,
        visited_count: (v?.v ?? 0) - (rejectedOf.get(p.id) ?? 0),
        active_count: activeOf.get(p.id) ?? 0,
      };
    })
    .filter((r) => !narrowed || r.karyawan_count > 0 || r.kunjungan_count > 0);
}

interface PositionRow {
  nrp: string;
  nama: string;
  tgl: string;
  jam: string;
  lat: number;
  long: number;
  /** 3 visit check-out, 2 visit check-in, 1 day check-out, 0 day check-in. */
  rk: number;
  time_zone: string;
  cust_code: string | null;
  cust_name: string | null;
  cust_address: string | null;
}

/**
 * The last check-in or check-out with a position of each employee on her day: the latest local time
 * wins; at the same minute a check-out wins over a check-in and a store visit over the day's own
 * attendance. `only` narrows to some employees (the activity page).
 */
async function positionRows(
  db: Db,
  actor: Viewer,
  days: DayByZone,
  filter: { lokasiId?: string; nrps?: string[] },
): Promise<PositionRow[]> {
  const zone = sql`${lokasi.time_zone}`;
  const onDay = (col: string) => dayIn(sql.raw(col), days);
  const only = (col: string) =>
    filter.nrps
      ? sql` and ${sql.raw(col)} in (${sql.join(
          filter.nrps.map((n) => sql`${n}`),
          sql`, `,
        )})`
      : sql``;
  // The latest event per employee and day is picked on narrow rows first; names, stores and the scope
  // are joined to the ~10,000 winners only.
  return rowsOf<PositionRow>(
    db,
    // One candidate per visit line and per attendance day: its check-out when that has a position, else
    // its check-in (a check-out always follows its check-in). Visit lines come from the check-in index alone.
    sql`with ev as (
          select h.nrp, d.tgl_dcp as tgl,
                 case when d.out_jam is not null and d.out_lat is not null then d.out_jam else d.in_jam end as jam,
                 case when d.out_jam is not null and d.out_lat is not null then d.out_lat else d.in_lat end as lat,
                 case when d.out_jam is not null and d.out_lat is not null then d.out_long else d.in_long end as long,
                 d.cust_code, case when d.out_jam is not null and d.out_lat is not null then 3 else 2 end as rk
            from kunjungan_detail d join kunjungan h on h.no_dcp = d.no_dcp
           where ${onDay('d.tgl_dcp')} and d.in_jam is not null and (d.in_lat is not null or d.out_lat is not null)${only('h.nrp')}
          union all
          select a.nrp, a.tanggal,
                 case when a.jam_keluar is not null and a.keluar_lat is not null then a.jam_keluar else a.jam_masuk end,
                 case when a.jam_keluar is not null and a.keluar_lat is not null then a.keluar_lat else a.masuk_lat end,
                 case when a.jam_keluar is not null and a.keluar_lat is not null then a.keluar_long else a.masuk_long end,
                 null, case when a.jam_keluar is not null and a.keluar_lat is not null then 1 else 0 end
            from absensi a where ${onDay('a.tanggal')} and (a.masuk_lat is not null or a.keluar_lat is not null)${only('a.nrp')}
        ), last as materialized (
          select distinct on (nrp, tgl) * from ev where lat is not null and jam is not null
           order by nrp, tgl, jam desc, rk desc
        )
        select last.nrp, ${karyawan.nama} as nama, last.tgl::text as tgl, last.jam::text as jam, last.lat, last.long,
               last.rk, ${lokasi.time_zone} as time_zone, last.cust_code, s.cust_name, s.cust_address
          from last
          join ${karyawan} on ${karyawan.nrp} = last.nrp
          join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}
          left join store s on s.cust_code = last.cust_code
         where ${whereAll(
           sql`${karyawan.alasan_p3} is null`,
           karyawanScope(actor),
           dayMatch(sql`last.tgl`, zone, days),
           filter.lokasiId ? sql`${karyawan.kode_lokasi} = ${filter.lokasiId}` : undefined,
         )}
         order by last.nrp`,
  );
}

/** The rows as the activity list's full positions. */
async function positions(
  db: Db,
  actor: Viewer,
  days: DayByZone,
  filter: { lokasiId?: string; nrps?: string[] },
): Promise<LastPosition[]> {
  const rows = await positionRows(db, actor, days, filter);
  return rows.map((r) => {
    const tz = asTimeZone(r.time_zone);
    return {
      nrp: r.nrp,
      nama: r.nama,
      // 6 decimals are ~0.1 m: enough for a marker, and 10,000 positions stay a smaller answer.
      lat: Math.round(r.lat * 1e6) / 1e6,
      long: Math.round(r.long * 1e6) / 1e6,
      jam: r.jam,
      at: instantIn(tz, r.tgl, r.jam).toISOString(),
      time_zone: tz,
      side: r.rk % 2 === 1 ? ('out' as const) : ('in' as const),
      source: r.rk >= 2 ? ('kunjungan' as const) : ('absensi' as const),
      cust_code: r.cust_code,
      cust_name: r.cust_name,
      cust_address: r.cust_address,
    };
  });
}

/**
 * The instant of each row in whole seconds: its day's local midnight (once per day and zone) plus its
 * time. Straight from the rows: full LastPosition objects for 10,000 markers cost 15-45 ms more.
 */
function mapRowsOf(rows: PositionRow[]): MapRow[] {
  const midnight = new Map<string, number>();
  return rows.map((r) => {
    const tz = asTimeZone(r.time_zone);
    const key = `${r.tgl} ${tz}`;
    let start = midnight.get(key);
    if (start === undefined) {
      start = instantIn(tz, r.tgl).getTime() / 1000;
      midnight.set(key, start);
    }
    const [h = 0, m = 0, sec = 0] = r.jam.split(':').map(Number);
    return {
      nrp: r.nrp,
      nama: r.nama,
      lat: r.lat,
      long: r.long,
      at: start + h * 3600 + m * 60 + Math.floor(sec),
      kind: r.rk as MapRow['kind'],
      time_zone: tz,
      cust_code: r.cust_code,
      cust_name: r.cust_name,
      cust_address: r.cust_address,
    };
  });
}

/**
 * A scope this small (a team leader's team, a small location) is listed first and its positions read by
 * NRP; a bigger one picks the day's last events first, then its employees (decision 047).
 */
export const MAP_LISTED_FIRST_MAX = 500;

/** The active employees of a narrowed scope when there are at most MAP_LISTED_FIRST_MAX, else undefined. */
async function smallScope(db: Db, actor: Viewer, lokasiId: string | undefined): Promise<string[] | undefined> {
  const scope = karyawanScope(actor);
  if (!scope && !lokasiId) return undefined;
  const listed = await rowsOf<{ nrp: string }>(
    db,
    sql`select ${karyawan.nrp} as nrp from ${karyawan}
         where ${whereAll(
           sql`${karyawan.alasan_p3} is null`,
           scope,
           lokasiId ? sql`${karyawan.kode_lokasi} = ${lokasiId}` : undefined,
         )}
         limit ${MAP_LISTED_FIRST_MAX + 1}`,
  );
  return listed.length <= MAP_LISTED_FIRST_MAX ? listed.map((r) => r.nrp) : undefined;
}

/** GET /api/dashboard/map/last-position: the map's compact answer (decision 047). */
export async function lastPositions(
  db: Db,
  actor: Viewer,
  q: { date?: string; lokasi_id?: string; nrp?: string },
  now: Date,
): Promise<DashboardMapAnswer> {
  if (q.lokasi_id) await readableLokasi(db, actor, q.lokasi_id);
  // The work follows the scope (issue 42): a team of 12 reads 12 employees' day, not the company's.
  const nrps = q.nrp ? [q.nrp] : await smallScope(db, actor, q.lokasi_id);
  if (nrps?.length === 0) return mapAnswerOf([]);
  const rows = await positionRows(db, actor, daysByZone(q.date, now), { lokasiId: q.lokasi_id, nrps });
  return mapAnswerOf(mapRowsOf(rows));
}

/**
 * GET /api/dashboard/activity: the employees of one location with a plan or a check-in that day, in
 * NRP order, a page at a time, each with her visits (plan order) and last position.
 */
export async function activity(
  db: Db,
  actor: Viewer,
  q: { date?: string; lokasi_id: string; q: string; page: number; per_page: number },
  now: Date,
): Promise<DashboardActivityAnswer> {
  const place = await readableLokasi(db, actor, q.lokasi_id);
  const days = daysByZone(q.date, now);
  const day = days[place.time_zone];
  const search = q.q ? sql`${karyawan.cari} like lower(${likePattern(q.q)})` : undefined;
  // The location's employees (the dashboard index, in NRP order) with a plan day (kunjungan_hari) or a
  // check-in that day. The page walks them in NRP order and stops after its rows, probing each by NRP
  // (lateral, so that PostgreSQL does not hash the whole day for 50 rows); the count probes a small scope
  // by NRP and hashes the day's narrow summary rows once for a big location.
  const hasDay = (nrp: SQL) =>
    sql`(exists (select 1 from kunjungan_hari s where s.nrp = ${nrp} and s.tgl_dcp = ${day}::date)
         or exists (select 1 from absensi a where a.nrp = ${nrp} and a.tanggal = ${day}::date and a.jam_masuk is not null))`;
  const staff = whereAll(
    sql`${karyawan.kode_lokasi} = ${place.id}`,
    sql`${karyawan.alasan_p3} is null`,
    karyawanScope(actor),
    search,
  );
  const [people, [counted]] = await Promise.all([
    rowsOf<{ nrp: string; nama: string }>(
      db,
      sql`select ${karyawan.nrp} as nrp, ${karyawan.nama} as nama
            from ${karyawan} cross join lateral (select ${hasDay(sql`${karyawan.nrp}`)} as busy offset 0) b
           where ${staff} and b.busy
           order by ${karyawan.nrp} limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${karyawan} where ${staff} and ${hasDay(sql`${karyawan.nrp}`)}`,
    ),
  ]);
  if (people.length === 0) return { result: [], totalCount: 0 };
  const nrps = people.map((p) => p.nrp);
  const onlyDay = daysByZone(day, now);
  const [lines, last] = await Promise.all([
    rowsOf<ActivityVisit & { nrp: string }>(
      db,
      sql`select h.nrp, d.id, d.no_dcp, d.tgl_dcp::text as tgl_dcp, sh.nama as shift, d.cust_code, s.cust_name as customer,
                 d.in_jam::text as in_jam, d.out_jam::text as out_jam, d.in_lat, d.in_long, d.out_lat, d.out_long,
                 exists (select 1 from absensi_tinjau t
                          where t.jenis = 'kunjungan' and t.record_id = d.id and t.keputusan = 'tolak') as ditolak
            from kunjungan_hari h
            join kunjungan_detail d on d.no_dcp = h.no_dcp and d.tgl_dcp = h.tgl_dcp
            join store s on s.cust_code = d.cust_code
            join shift sh on sh.id = d.shift_id
           where h.tgl_dcp = ${day}::date and h.nrp in (${sql.join(
             nrps.map((n) => sql`${n}`),
             sql`, `,
           )})
           order by h.nrp, d.id`,
    ),
    positions(db, actor, onlyDay, { nrps }),
  ]);
  const linesOf = new Map<string, ActivityVisit[]>();
  for (const { nrp, ...line } of lines) {
    const list = linesOf.get(nrp) ?? [];
    list.push(line);
    linesOf.set(nrp, list);
  }
  const lastOf = new Map(last.map((p) => [p.nrp, p]));
  const result: ActivityRow[] = people.map((p) => ({
    nrp: p.nrp,
    nama: p.nama,
    time_zone: place.time_zone as TimeZone,
    kunjunganDetail: linesOf.get(p.nrp) ?? [],
    lastPosition: lastOf.get(p.nrp) ?? null,
  }));
  return { result, totalCount: counted?.n ?? 0 };
}
