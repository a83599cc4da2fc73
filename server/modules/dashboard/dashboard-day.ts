/**
 * The day a dashboard call means, and who it may show. A chosen `date` is the same calendar day for
 * every location; without one each location counts its own today in its own zone (WIB, WITA, WIT), so
 * at 23:30 WIB Jayapura is already on tomorrow. The SQL pieces compare a day column with the day of
 * the employee's location: `col = case lokasi.time_zone when … end`, plus `col in (…)` so the day
 * indexes still serve.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_TEXTS } from '../../../src/domain/dashboard/dashboard';
import { dateIn, timeIn, TIME_ZONES, type TimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { lokasi } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { lokasiInScope } from '../../middleware/trustee-scope';

export type DayByZone = Record<TimeZone, string>;

export function daysByZone(date: string | undefined, now: Date): DayByZone {
  const out = {} as DayByZone;
  for (const z of TIME_ZONES) out[z] = date ?? dateIn(z, now);
  return out;
}

export function nowLocalByZone(now: Date): Record<TimeZone, string> {
  const out = {} as Record<TimeZone, string>;
  for (const z of TIME_ZONES) out[z] = timeIn(z, now);
  return out;
}

/** The distinct days, for an index condition. */
export const distinctDays = (days: DayByZone) => [...new Set(Object.values(days))];

/** `case <zoneCol> when 'Asia/Makassar' then … end`, as `::date` or `::time`. */
export function byZone(zoneCol: SQL, values: Record<TimeZone, string>, type: 'date' | 'time'): SQL {
  const distinct = new Set(Object.values(values));
  const cast = sql.raw(type);
  if (distinct.size === 1) return sql`${values['Asia/Jakarta']}::${cast}`;
  return sql`(case ${zoneCol} when 'Asia/Makassar' then ${values['Asia/Makassar']}::${cast} when 'Asia/Jayapura' then ${values['Asia/Jayapura']}::${cast} else ${values['Asia/Jakarta']}::${cast} end)`;
}

/** `<dayCol> in (…)`: the index part of a day condition. */
export function dayIn(dayCol: SQL, days: DayByZone): SQL {
  const list = distinctDays(days);
  return list.length === 1
    ? sql`${dayCol} = ${list[0]}::date`
    : sql`${dayCol} in (${sql.join(
        list.map((d) => sql`${d}::date`),
        sql`, `,
      )})`;
}

/**
 * The visit lines of these days a reviewer rejected (absensi_tinjau, docs/decisions/035): a select of
 * their ids for `d.id not in (…)`. A rejected visit counts as not visited everywhere.
 */
export function rejectedVisits(days: DayByZone): SQL {
  return sql`select t.record_id from absensi_tinjau t
              where t.jenis = 'kunjungan' and t.keputusan = 'tolak' and ${dayIn(sql`t.tanggal`, days)}`;
}

/** The whole day condition: the index part and, when zones differ, the per-zone match. */
export function dayMatch(dayCol: SQL, zoneCol: SQL, days: DayByZone): SQL {
  if (distinctDays(days).length === 1) return dayIn(dayCol, days);
  return sql`${dayIn(dayCol, days)} and ${dayCol} = ${byZone(zoneCol, days, 'date')}`;
}

/** One location the user may see: 404 when there is none, 403 outside the trustee. */
/**
 * Whom a dashboard answer is for: only the trustee scope, so that an answer may be shared by everyone of
 * one scope (decision 042) and the compiler sees that nothing else of the user shapes it.
 */
export type Viewer = Pick<Actor, 'trustee'>;

export async function readableLokasi(db: Db, actor: Viewer, id: string): Promise<{ id: string; time_zone: TimeZone }> {
  const [row] = await db
    .select({ id: lokasi.id, time_zone: lokasi.time_zone, kode_prsh: lokasi.kode_prsh })
    .from(lokasi)
    .where(eq(lokasi.id, id))
    .limit(1);
  if (!row) throw notFound('Lokasi tidak ditemukan');
  if (!lokasiInScope(actor, row)) throw forbidden(DASHBOARD_TEXTS.outOfScope);
  return { id: row.id, time_zone: row.time_zone as TimeZone };
}

/** Rows of a raw query, the same on node-postgres and PGlite. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
