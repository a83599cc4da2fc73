/**
 * The "attention" list of a day (beyond the spec; docs/decisions/023-dashboard.md): what a supervisor
 * should look at first. Four kinds, each counted in full and listed up to ATTENTION_LIMIT rows:
 * - not_started: an employee with planned visits none of which is checked in once her shift started
 *   (the domain's notStarted rule, in SQL);
 * - outside_radius: a visit check-in or check-out flagged outside the store's radius;
 * - missing_checkout: a visit checked in but not out once its shift ended (missingCheckout);
 * - clock_skew: a visit or the day's attendance whose device time differs far from the server's.
 * Times compare in each location's zone: "now" is the wall clock of that zone.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_KINDS,
  ATTENTION_LIMIT,
  type AttentionAnswer,
  type AttentionRow,
} from '../../../src/domain/dashboard';
import { asTimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { lokasi } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { karyawanScope } from '../../middleware/trustee-scope';
import { byZone, dayIn, dayMatch, daysByZone, nowLocalByZone, readableLokasi, rowsOf } from './dashboard-day';

type Raw = Omit<AttentionRow, 'time_zone'> & { time_zone: string; n: number };

export async function attention(
  db: Db,
  actor: Actor,
  q: { date?: string; lokasi_id?: string },
  now: Date,
): Promise<AttentionAnswer['result']> {
  if (q.lokasi_id) await readableLokasi(db, actor, q.lokasi_id);
  const days = daysByZone(q.date, now);
  const zone = sql`p.time_zone`;
  const today = byZone(zone, daysByZone(undefined, now), 'date');
  const nowLocal = byZone(zone, nowLocalByZone(now), 'time');
  const scope = karyawanScope(actor);
  const narrowed = !!scope || !!q.lokasi_id;
  const who: SQL = sql.join(
    [
      sql`${karyawan.alasan_p3} is null`,
      ...(scope ? [scope] : []),
      ...(q.lokasi_id ? [sql`${karyawan.kode_lokasi} = ${q.lokasi_id}`] : []),
    ],
    sql` and `,
  );
  // The employees and plans are inlined so the planner hashes them into each branch; the day's
  // check-ins are joined to them once for three kinds.
  const rows = await rowsOf<Raw>(
    db,
    sql`with staff as not materialized (
          select ${karyawan.nrp} as nrp, ${lokasi.time_zone} as time_zone
            from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi} where ${who}
        ), plans as not materialized (
          select h.no_dcp, h.nrp, staff.time_zone from kunjungan h join staff on staff.nrp = h.nrp
        ), planned as (
          -- Plans none of whose lines is checked in (a limited user's plans only).
          select d.no_dcp, d.tgl_dcp, min(sh.jam_mulai) as jam_mulai
            from kunjungan_detail d join shift sh on sh.id = d.shift_id
           where ${dayIn(sql`d.tgl_dcp`, days)}${narrowed ? sql` and d.no_dcp in (select no_dcp from plans)` : sql``}
           group by d.no_dcp, d.tgl_dcp
          having not bool_or(d.in_jam is not null)
        ), checked as (
          select d.no_dcp, d.tgl_dcp, d.cust_code, d.in_jam, d.out_jam, d.flags, sh.jam_selesai
            from kunjungan_detail d join shift sh on sh.id = d.shift_id
           where ${dayIn(sql`d.tgl_dcp`, days)} and d.in_jam is not null
        ), found as (
          select 'not_started' as kind, p.nrp, x.no_dcp, x.tgl_dcp as tgl, null::varchar as cust_code, x.jam_mulai as jam
            from planned x join plans p on p.no_dcp = x.no_dcp
           where ${dayMatch(sql`x.tgl_dcp`, zone, days)}
             and (x.tgl_dcp < ${today} or (x.tgl_dcp = ${today} and ${nowLocal} >= x.jam_mulai))
          union all
          -- The day's check-ins joined to their employees once, each line tested for the three kinds.
          select k.kind, p.nrp, x.no_dcp, x.tgl_dcp, x.cust_code,
                 case k.kind when 'missing_checkout' then x.jam_selesai else x.in_jam end
            from checked x join plans p on p.no_dcp = x.no_dcp
           cross join (values ('outside_radius'), ('missing_checkout'), ('clock_skew')) as k(kind)
           where ${dayMatch(sql`x.tgl_dcp`, zone, days)}
             and case k.kind
                   when 'outside_radius' then x.flags ?| array['outside_radius_in', 'outside_radius_out']
                   when 'clock_skew' then x.flags ?| array['clock_skew_in', 'clock_skew_out']
                   else x.out_jam is null
                     and (x.tgl_dcp < ${today} or (x.tgl_dcp = ${today} and ${nowLocal} >= x.jam_selesai))
                 end
          union all
          select 'clock_skew', a.nrp, null, a.tanggal, null, a.jam_masuk
            from absensi a join staff p on p.nrp = a.nrp
           where ${dayIn(sql`a.tanggal`, days)} and ${dayMatch(sql`a.tanggal`, zone, days)}
             and a.flags ?| array['clock_skew_in', 'clock_skew_out']
        ), ranked as (
          select f.*, row_number() over (partition by f.kind order by f.nrp, f.tgl) as rn,
                 (count(*) over (partition by f.kind))::int as n
            from found f
        )
        select r.kind, r.nrp, e.nama, e.lokasi_id, r.tgl::text as tanggal, e.time_zone, r.no_dcp, s.cust_code, s.cust_name,
               r.jam::text as jam, r.n
          from (select * from ranked where rn <= ${ATTENTION_LIMIT}) r
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
