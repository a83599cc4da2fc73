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
  const zone = sql`p.time_zone`;
  const todays = daysByZone(undefined, now);
  const today = byZone(zone, todays, 'date');
  const nowLocal = byZone(zone, nowLocalByZone(now), 'time');
  const scope = karyawanScope(actor);
  const who: SQL = sql.join(
    [
      sql`${karyawan.alasan_p3} is null`,
      ...(scope ? [scope] : []),
      ...(q.lokasi_id ? [sql`${karyawan.kode_lokasi} = ${q.lokasi_id}`] : []),
    ],
    sql` and `,
  );
  // Each day's own shift times (shift_masa, docs/decisions/045) judge it.
  // Each shift starts at the same wall time in every zone: on today (everywhere), no plan can be late
  // before the latest "now" of the zones reaches a shift start, so only lines of started shifts are
  // grouped (the earliest start of a plan is among them whenever it has started).
  const isToday = TIME_ZONES.every((z) => days[z] === todays[z]);
  const latestNow = Object.values(nowLocalByZone(now)).sort().at(-1)!;
  const started = isToday ? sql` and sh.jam_mulai <= ${latestNow}::time` : sql``;
  const limited = (set: string) =>
    sql.raw(
      `(select * from ${set} order by nrp, tgl limit ${ATTENTION_LIMIT}) l cross join (select count(*)::int as n from ${set}) c`,
    );
  // Materialized steps (decision 023): the day's check-ins come from the partial index, the plans not
  // started are grouped only from started shifts and only for plans without a check-in, and each kind
  // is counted in full but listed only to ATTENTION_LIMIT rows before any lookup.
  const rows = await rowsOf<Raw>(
    db,
    sql`with staff as materialized (
          select ${karyawan.nrp} as nrp, ${lokasi.time_zone} as time_zone
            from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi} where ${who}
        ), checked as materialized (
          select d.id, d.no_dcp, d.tgl_dcp, d.cust_code, d.in_jam, d.out_jam, d.flags, d.shift_id
            from kunjungan_detail d
           where ${dayIn(sql`d.tgl_dcp`, days)} and d.in_jam is not null
        ), planned as materialized (
          -- Plans of the day none of whose lines is checked in, with their earliest started shift and the
          -- last on-time second of it (jam_mulai + toleransi_terlambat, kept on the day: onTimeUntil).
          select d.no_dcp, d.tgl_dcp, min(sh.jam_mulai) as jam_mulai,
                 min(case when sh.jam_mulai + make_interval(mins => sh.toleransi_terlambat) < sh.jam_mulai
                          then time '23:59:59' else sh.jam_mulai + make_interval(mins => sh.toleransi_terlambat) end) as on_time_until
            from kunjungan_detail d
            join shift_masa sh on sh.id = d.shift_id and sh.berlaku_mulai <= d.tgl_dcp and d.tgl_dcp < sh.berlaku_sampai
           where ${dayIn(sql`d.tgl_dcp`, days)}${started}
             and not exists (select 1 from checked c where c.no_dcp = d.no_dcp and c.tgl_dcp = d.tgl_dcp)
           group by d.no_dcp, d.tgl_dcp
        ), not_started as materialized (
          select p.nrp, x.no_dcp, x.tgl_dcp as tgl, null::varchar as cust_code, x.jam_mulai as jam
            from planned x join kunjungan h on h.no_dcp = x.no_dcp join staff p on p.nrp = h.nrp
           where ${dayMatch(sql`x.tgl_dcp`, zone, days)}
             and (x.tgl_dcp < ${today} or (x.tgl_dcp = ${today} and ${nowLocal} > x.on_time_until))
        ), lines as materialized (
          -- The day's check-ins joined to their employees once.
          select x.id, p.nrp, x.no_dcp, x.tgl_dcp as tgl, x.cust_code, x.in_jam, x.out_jam, x.flags, sh.jam_selesai,
                 (x.tgl_dcp < ${today} or (x.tgl_dcp = ${today} and ${nowLocal} >= sh.jam_selesai)) as ended
            from checked x join kunjungan h on h.no_dcp = x.no_dcp join staff p on p.nrp = h.nrp
            join shift_masa sh on sh.id = x.shift_id and sh.berlaku_mulai <= x.tgl_dcp and x.tgl_dcp < sh.berlaku_sampai
           where ${dayMatch(sql`x.tgl_dcp`, zone, days)}
        ), outside_radius as materialized (
          select nrp, no_dcp, tgl, cust_code, in_jam as jam from lines
           where flags ?| array['outside_radius_in', 'outside_radius_out']
        ), missing_checkout as materialized (
          select nrp, no_dcp, tgl, cust_code, jam_selesai as jam from lines where out_jam is null and ended
        ), clock_skew as materialized (
          select nrp, no_dcp, tgl, cust_code, in_jam as jam from lines where flags ?| array['clock_skew', 'clock_skew_in', 'clock_skew_out']
          union all
          select a.nrp, null, a.tanggal, null, a.jam_masuk
            from absensi a join staff p on p.nrp = a.nrp
           where ${dayIn(sql`a.tanggal`, days)} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.flags ?| array['clock_skew', 'clock_skew_in', 'clock_skew_out']
        ), perlu_ditinjau as materialized (
          -- Flagged check-ins nobody has decided yet (decision 035): flags other than after_posting.
          select nrp, no_dcp, tgl, cust_code, in_jam as jam from lines
           where (flags - array['after_posting']::text[]) <> '[]'::jsonb
             and not exists (select 1 from absensi_tinjau t
                              where t.jenis = 'kunjungan' and t.record_id = lines.id and t.keputusan is not null)
          union all
          select a.nrp, null, a.tanggal, null, a.field_jam_masuk
            from absensi a join staff p on p.nrp = a.nrp
           where ${dayIn(sql`a.tanggal`, days)} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.flags <> '[]'::jsonb and (a.flags - array['after_posting']::text[]) <> '[]'::jsonb
             and not exists (select 1 from absensi_tinjau t
                              where t.jenis = 'hari' and t.record_id = a.id and t.keputusan is not null)
        ), forgot_checkout as materialized (
          select a.nrp, null::varchar as no_dcp, a.tanggal as tgl, null::varchar as cust_code, a.jam_masuk as jam
            from absensi a join staff p on p.nrp = a.nrp
           where ${dayIn(sql`a.tanggal`, days)} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.forgot_checkout and a.jam_keluar is null
        ), ranked as (
          select 'not_started' as kind, l.*, c.n from ${limited('not_started')}
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
