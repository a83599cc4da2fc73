/**
 * The "attention" list of a day (beyond the spec; docs/decisions/023-dashboard.md): what a supervisor
 * should look at first. Six kinds, each counted in full and listed up to ATTENTION_LIMIT rows:
 * - not_started: an employee with planned visits none of which is checked in once her shift started
 *   and its lateness tolerance passed (the domain's notStarted rule, in SQL: onTimeUntil of day-count.ts);
 * - outside_radius: a visit check-in or check-out flagged outside the store's radius;
 * - missing_checkout: a visit checked in but not out once its shift ended (missingCheckout);
 * - clock_skew: a visit or the day's attendance whose device time differs far from the server's;
 * - perlu_ditinjau: a flagged visit or day nobody has decided in Perlu Ditinjau yet (decision 035);
 * - forgot_checkout: a day marked Lupa Check Out (its shift's Batas Check Out passed without a check-out).
 * Times compare in each location's zone: "now" is the wall clock of that zone.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_KINDS,
  ATTENTION_LIMIT,
  type AttentionAnswer,
  type AttentionRow,
} from '../../../src/domain/dashboard/dashboard';
import { asTimeZone, TIME_ZONES } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { lokasi } from '../../db/schema/master';
import { karyawanScope } from '../../middleware/trustee-scope';
import {
  byZone,
  dayIn,
  dayMatch,
  daysByZone,
  nowLocalByZone,
  readableLokasi,
  rowsOf,
  type Viewer,
} from './dashboard-day';

type Raw = Omit<AttentionRow, 'time_zone'> & { time_zone: string; n: number };

export async function attention(
  db: Db,
  actor: Viewer,
  q: { date?: string; lokasi_id?: string },
  now: Date,
): Promise<AttentionAnswer['result']> {
  if (q.lokasi_id) await readableLokasi(db, actor, q.lokasi_id);
  const days = daysByZone(q.date, now);
  const scope = karyawanScope(actor);
  // A narrowed scope (a location, a team leader's team) lists its employees first, from the dashboard
  // index, and reaches their plan days by NRP; the whole company joins the day's plan days with every
  // active employee in NRP order (a merge of two indexes).
  const narrowed = scope !== undefined || q.lokasi_id !== undefined;
  const zone = narrowed ? sql`p.time_zone` : sql`${lokasi.time_zone}`;
  const todays = daysByZone(undefined, now);
  const today = byZone(zone, todays, 'date');
  const who: SQL = sql.join(
    [
      sql`${karyawan.alasan_p3} is null`,
      ...(scope ? [scope] : []),
      ...(q.lokasi_id ? [sql`${karyawan.kode_lokasi} = ${q.lokasi_id}`] : []),
    ],
    sql` and `,
  );
  /** The scope's employees joined to rows of `nrpCol`, with their location's zone (`zone`). */
  const inScope = (nrpCol: SQL) =>
    narrowed
      ? sql`join staff p on p.nrp = ${nrpCol}`
      : sql`join ${karyawan} on ${karyawan.nrp} = ${nrpCol} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}`;
  /** Who of the joined employees counts (already applied to `staff`). */
  const ofScope = narrowed ? sql`true` : who;
  const staff = narrowed
    ? sql`staff as materialized (
          select ${karyawan.nrp} as nrp, ${lokasi.time_zone} as time_zone
            from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi} where ${who}
        ), `
    : sql``;
  // Each day's own shift times (shift_masa, docs/decisions/045) judge it. A plan is late once the
  // on-time limit of one of its shifts has passed: that shift has started. Its row shows the earliest
  // started shift: on today (everywhere) those starting by the latest "now" of the zones (each shift starts
  // at the same wall time in every zone).
  const isToday = TIME_ZONES.every((z) => days[z] === todays[z]);
  const latestNow = Object.values(nowLocalByZone(now)).sort().at(-1)!;
  const started = isToday ? sql` and sh.jam_mulai <= ${latestNow}::time` : sql``;
  const limited = (set: string) =>
    sql.raw(
      `(select * from ${set} order by nrp, tgl limit ${ATTENTION_LIMIT}) l cross join (select count(*)::int as n from ${set}) c`,
    );
  // Materialized steps (decision 023, issue 42): every kind starts from the scope's plan days
  // (kunjungan_hari joined to the scope's employees: by NRP for a team, the day's ~90,000 summary rows in
  // NRP order for the company), so that "not started" is a filter of those rows, never a grouping of the
  // day's visit lines; only the checked-in days' lines are read. Each kind is counted in full but listed
  // only to ATTENTION_LIMIT rows before any lookup.
  const zones = TIME_ZONES.map((z) => sql`(${z}::text, ${days[z]}::date, ${nowLocalByZone(now)[z]}::time)`);
  // The late shifts of the employee's zone: one small array per zone, evaluated once.
  const lateIds = sql`(case ${zone} ${sql.join(
    TIME_ZONES.map((z) => sql`when ${z} then (select ids from late where tz = ${z})`),
    sql` `,
  )} end)`;
  const rows = await rowsOf<Raw>(
    db,
    sql`with ${staff}late as materialized (
          -- Per zone, the shifts of its day whose last on-time second (jam_mulai + toleransi_terlambat, kept on
          -- the day: onTimeUntil) has passed at its "now": a plan of that day with one of them and no check-in
          -- has not started.
          select z.tz, coalesce(array_agg(sh.id::varchar) filter (where sh.id is not null), '{}') as ids
            from (values ${sql.join(zones, sql`, `)}) z(tz, day, now_local)
            left join shift_masa sh on sh.berlaku_mulai <= z.day and z.day < sh.berlaku_sampai
             and z.now_local > case when sh.jam_mulai + make_interval(mins => sh.toleransi_terlambat) < sh.jam_mulai
                                    then time '23:59:59' else sh.jam_mulai + make_interval(mins => sh.toleransi_terlambat) end
           group by z.tz
        ), not_started as materialized (
          -- The scope's plan days (kunjungan_hari) without a check-in whose time has come. Their time is
          -- judged after the join (offset 0): the planner cannot estimate it and would probe employees one
          -- by one for the company's ~80,000 unstarted days.
          select nrp, no_dcp, tgl, cust_code, shift_ids from (
            select s.nrp, s.no_dcp, s.tgl_dcp as tgl, null::varchar as cust_code, s.shift_ids,
                   (s.tgl_dcp < ${today} or (s.tgl_dcp = ${today} and s.shift_ids && ${lateIds})) as due
              from kunjungan_hari s ${inScope(sql`s.nrp`)}
             where ${ofScope} and ${dayMatch(sql`s.tgl_dcp`, zone, days)} and s.checked_in_count = 0
            offset 0
          ) x where due
        ), checked as materialized (
          -- The check-ins of the scope's checked-in plan days.
          select d.id, s.nrp, ${zone} as time_zone, d.no_dcp, d.tgl_dcp, d.cust_code, d.in_jam, d.out_jam, d.flags, d.shift_id
            from kunjungan_hari s ${inScope(sql`s.nrp`)}
            join kunjungan_detail d on d.no_dcp = s.no_dcp and d.tgl_dcp = s.tgl_dcp
           where ${ofScope} and ${dayMatch(sql`s.tgl_dcp`, zone, days)} and s.checked_in_count > 0
             and d.in_jam is not null and ${dayIn(sql`d.tgl_dcp`, days)}
        ), lines as materialized (
          -- The scope's check-ins with their shift's end.
          select x.id, x.nrp, x.no_dcp, x.tgl_dcp as tgl, x.cust_code, x.in_jam, x.out_jam, x.flags, sh.jam_selesai,
                 (x.tgl_dcp < ${byZone(sql`x.time_zone`, todays, 'date')}
                  or (x.tgl_dcp = ${byZone(sql`x.time_zone`, todays, 'date')}
                      and ${byZone(sql`x.time_zone`, nowLocalByZone(now), 'time')} >= sh.jam_selesai)) as ended
            from checked x
            join shift_masa sh on sh.id = x.shift_id and sh.berlaku_mulai <= x.tgl_dcp and x.tgl_dcp < sh.berlaku_sampai
        ), outside_radius as materialized (
          select nrp, no_dcp, tgl, cust_code, in_jam as jam from lines
           where flags ?| array['outside_radius_in', 'outside_radius_out']
        ), missing_checkout as materialized (
          select nrp, no_dcp, tgl, cust_code, jam_selesai as jam from lines where out_jam is null and ended
        ), clock_skew as materialized (
          select nrp, no_dcp, tgl, cust_code, in_jam as jam from lines where flags ?| array['clock_skew', 'clock_skew_in', 'clock_skew_out']
          union all
          select a.nrp, null, a.tanggal, null, a.jam_masuk
            from absensi a ${inScope(sql`a.nrp`)}
           where ${ofScope} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.flags <> '[]'::jsonb and a.flags ?| array['clock_skew', 'clock_skew_in', 'clock_skew_out']
        ), perlu_ditinjau as materialized (
          -- Flagged check-ins nobody has decided yet (decision 035): flags other than after_posting.
          select nrp, no_dcp, tgl, cust_code, in_jam as jam from lines
           where (flags - array['after_posting']::text[]) <> '[]'::jsonb
             and not exists (select 1 from absensi_tinjau t
                              where t.jenis = 'kunjungan' and t.record_id = lines.id and t.keputusan is not null)
          union all
          select a.nrp, null, a.tanggal, null, a.field_jam_masuk
            from absensi a ${inScope(sql`a.nrp`)}
           where ${ofScope} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.flags <> '[]'::jsonb and (a.flags - array['after_posting']::text[]) <> '[]'::jsonb
             and not exists (select 1 from absensi_tinjau t
                              where t.jenis = 'hari' and t.record_id = a.id and t.keputusan is not null)
        ), forgot_checkout as materialized (
          select a.nrp, null::varchar as no_dcp, a.tanggal as tgl, null::varchar as cust_code, a.jam_masuk as jam
            from absensi a ${inScope(sql`a.nrp`)}
           where ${ofScope} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.forgot_checkout and a.jam_keluar is null
        ), ranked as (
          -- A day not started shows its earliest started shift (on today: started by the latest "now").
          select 'not_started' as kind, l.nrp, l.no_dcp, l.tgl, l.cust_code,
                 (select min(sh.jam_mulai) from shift_masa sh
                   where sh.id = any(l.shift_ids) and sh.berlaku_mulai <= l.tgl and l.tgl < sh.berlaku_sampai${started}) as jam,
                 c.n
            from ${limited('not_started')}
          union all
          select 'outside_radius', l.*, c.n from ${limited('outside_radius')}
          union all
          select 'missing_checkout', l.*, c.n from ${limited('missing_checkout')}
          union all
          select 'clock_skew', l.*, c.n from ${limited('clock_skew')}
          union all
          select 'perlu_ditinjau', l.*, c.n from ${limited('perlu_ditinjau')}
          union all
          select 'forgot_checkout', l.*, c.n from ${limited('forgot_checkout')}
        )
        select r.kind, r.nrp, e.nama, e.lokasi_id, r.tgl::text as tanggal, e.time_zone, r.no_dcp, s.cust_code, s.cust_name,
               r.jam::text as jam, r.n
          from ranked r
          -- At most 200 rows: each looks its employee up by key.
          cross join lateral (
            select ${karyawan.nama} as nama, ${karyawan.kode_lokasi} as lokasi_id, ${lokasi.time_zone} as time_zone
              from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi} where ${karyawan.nrp} = r.nrp
          ) e
          -- A day not started names its first planned store.
          left join store s on s.cust_code = coalesce(r.cust_code, (
            select d.cust_code from kunjungan_detail d where d.no_dcp = r.no_dcp and d.tgl_dcp = r.tgl order by d.id limit 1))
         order by r.kind, r.nrp, r.tgl`,
  );
  const counts = Object.fromEntries(ATTENTION_KINDS.map((k) => [k, 0])) as AttentionAnswer['result']['counts'];
  for (const r of rows) counts[r.kind] = r.n;
  return {
    counts,
    rows: rows.map(({ n: _n, ...r }) => ({ ...r, time_zone: asTimeZone(r.time_zone) })),
  };
}
