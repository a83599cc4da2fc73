/**
 * Rekap Kontrak: the current contract (karyawan's mirror of its latest kontrak row) of each active
 * employee in scope, by how its end stands to the chosen day (src/domain/dashboard/dashboard.ts alertCategory;
 * docs/decisions/023-dashboard.md). Without a date, each location's own today.
 */
import { sql } from 'drizzle-orm';
import {
  addDays,
  ALERT_DAYS,
  ALERT_IDS,
  ALERT_LABEL,
  KONTRAK_DETAIL_COLUMNS,
  type AlertId,
  type Column,
  type KontrakAlertDetailRow,
  type KontrakAlertRow,
} from '../../../src/domain/dashboard/dashboard';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { lokasi } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { xlsxStream, type XlsxColumn } from '../../lib/excel';
import { karyawanScope, lokasiScope } from '../../middleware/trustee-scope';
import { byZone, daysByZone, distinctDays, readableLokasi, rowsOf } from './dashboard-day';

export const ALERT_COLUMNS: Column[] = ALERT_IDS.map((id) => ({ id, label: ALERT_LABEL[id] }));

/** Days from the location's day to the contract end (negative: already ended). */
const daysLeft = (date: string | undefined, now: Date) =>
  sql`(${karyawan.selesai_kontrak} - ${byZone(sql`${lokasi.time_zone}`, daysByZone(date, now), 'date')})`;

/** The last end date any category can reach, for the end-date index. */
const horizon = (date: string | undefined, now: Date) => {
  const last = distinctDays(daysByZone(date, now)).sort().at(-1)!;
  return sql`${addDays(last, ALERT_DAYS.within90)}::date`;
};

const base = (actor: Actor) => {
  const scope = karyawanScope(actor);
  return sql`${karyawan.alasan_p3} is null and ${karyawan.selesai_kontrak} is not null${scope ? sql` and ${scope}` : sql``}`;
};

const CATEGORY_SQL: Record<AlertId, (left: ReturnType<typeof daysLeft>) => ReturnType<typeof sql>> = {
  expired: (l) => sql`${l} < 0`,
  within30: (l) => sql`${l} between 0 and ${ALERT_DAYS.within30}::int`,
  within60: (l) => sql`${l} between ${ALERT_DAYS.within30 + 1}::int and ${ALERT_DAYS.within60}::int`,
  within90: (l) => sql`${l} between ${ALERT_DAYS.within60 + 1}::int and ${ALERT_DAYS.within90}::int`,
};

export async function kontrakAlert(
  db: Db,
  actor: Actor,
  date: string | undefined,
  now: Date,
): Promise<KontrakAlertRow[]> {
  const left = daysLeft(date, now);
  const scopeL = lokasiScope(actor);
  const rows = await rowsOf<KontrakAlertRow>(
    db,
    sql`select ${lokasi.id} as id, ${lokasi.nama} as nama,
               (count(*) filter (where ${CATEGORY_SQL.expired(left)}))::int as expired,
               (count(*) filter (where ${CATEGORY_SQL.within30(left)}))::int as within30,
               (count(*) filter (where ${CATEGORY_SQL.within60(left)}))::int as within60,
               (count(*) filter (where ${CATEGORY_SQL.within90(left)}))::int as within90,
               (count(*) filter (where ${left} <= ${ALERT_DAYS.within90}::int))::int as total
          from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}
         where ${base(actor)} and ${karyawan.selesai_kontrak} <= ${horizon(date, now)}${scopeL ? sql` and ${scopeL}` : sql``}
         group by ${lokasi.id}, ${lokasi.nama}
         having count(*) filter (where ${left} <= ${ALERT_DAYS.within90}::int) > 0
         order by ${lokasi.id}`,
  );
  return rows;
}

export async function kontrakAlertDetail(
  db: Db,
  actor: Actor,
  q: { date?: string; lokasi_id: string; alert_id: AlertId },
  now: Date,
): Promise<KontrakAlertDetailRow[]> {
  await readableLokasi(db, actor, q.lokasi_id);
  const left = daysLeft(q.date, now);
  return rowsOf<KontrakAlertDetailRow>(
    db,
    sql`select ${karyawan.nrp} as nrp, ${karyawan.nama} as nama, ${karyawan.no_kontrak} as no_kontrak,
               ${karyawan.per_kontrak} as per_kontrak, ${karyawan.lama_kontrak} as lama_kontrak,
               ${karyawan.mulai_kontrak}::text as mulai_kontrak, ${karyawan.selesai_kontrak}::text as selesai_kontrak
          from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}
         where ${base(actor)} and ${karyawan.kode_lokasi} = ${q.lokasi_id}
           and ${karyawan.selesai_kontrak} <= ${horizon(q.date, now)} and ${CATEGORY_SQL[q.alert_id](left)}
         order by ${karyawan.selesai_kontrak}, ${karyawan.nrp}`,
  );
}

const DETAIL_SHEET: XlsxColumn[] = KONTRAK_DETAIL_COLUMNS.map((c) => ({
  header: c.label,
  width: c.id === 'nama' ? 32 : c.id === 'no_kontrak' ? 28 : 14,
  numFmt: c.id === 'per_kontrak' || c.id === 'lama_kontrak' ? undefined : '@',
}));

/** GET /api/dashboard/kontrak-alert/detail/excel: the dialog's rows as .xlsx. */
export function kontrakAlertDetailXlsx(
  q: { date?: string; lokasi_id: string; alert_id: AlertId },
  /** The caller's local day (server/lib/local-day.ts), when the query names none. */
  today: string,
  rows: KontrakAlertDetailRow[],
): { name: string; body: ReadableStream } {
  const stamp = q.date ?? today;
  const body = xlsxStream(
    [
      {
        name: 'Kontrak',
        columns: DETAIL_SHEET,
        fill: async (add) => {
          if (rows.length)
            await add(
              rows.map((r) => [
                r.nrp,
                r.nama,
                r.no_kontrak,
                r.per_kontrak,
                r.lama_kontrak,
                r.mulai_kontrak,
                r.selesai_kontrak,
              ]),
            );
        },
      },
    ],
    { onError: (err) => console.error('[dashboard kontrak export] streaming failed:', err) },
  );
  return { name: `kontrak_${q.lokasi_id}_${q.alert_id}_${stamp}.xlsx`, body };
}
