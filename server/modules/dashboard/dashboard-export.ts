/**
 * GET /api/dashboard/activity/detail/export: every planned visit of the day in the user's scope, one
 * row per visit with its check-in and check-out, streamed in keyset batches
 * (a batch of employees, then their visits), so a day of 200,000 visits never sits in memory.
 * Written by the plain sheet writer (server/lib/xlsx-plain.ts, decision 047): ExcelJS's streaming
 * writer alone took longer than the export's 10 s at 100,000 employees.
 */
import { sql } from 'drizzle-orm';
import { visitColour } from '../../../src/domain/dashboard/dashboard';
import { asTimeZone, TIME_ZONE_LABEL, TIME_ZONES, type TimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { lokasi } from '../../db/schema/master';
import type { XlsxColumn } from '../../lib/excel';
import { plainXlsxStream, type PlainCell } from '../../lib/xlsx-plain';
import { karyawanScope } from '../../middleware/trustee-scope';
import { daysByZone, rowsOf, type DayByZone, type Viewer } from './dashboard-day';

/** Employees per batch (about 2.3 visits each on a working day). */
export const ACTIVITY_EXPORT_PEOPLE = 1_000;

const STATUS_TEXT = { green: 'Check-in & Check-out', yellow: 'Check-in', red: 'Belum' } as const;

const COLUMNS: XlsxColumn[] = [
  { header: 'Tanggal', width: 12, numFmt: '@' },
  { header: 'Lokasi', width: 24, numFmt: '@' },
  { header: 'NRP', width: 12, numFmt: '@' },
  { header: 'Nama', width: 28, numFmt: '@' },
  { header: 'No. DCP', width: 24, numFmt: '@' },
  { header: 'Shift', width: 14, numFmt: '@' },
  { header: 'Kode Store', width: 14, numFmt: '@' },
  { header: 'Nama Store', width: 28, numFmt: '@' },
  { header: 'Check In', width: 10, numFmt: '@' },
  { header: 'Check Out', width: 10, numFmt: '@' },
  { header: 'Zona', width: 7, numFmt: '@' },
  { header: 'Status', width: 20, numFmt: '@' },
  { header: 'In Lat', width: 11 },
  { header: 'In Long', width: 11 },
  { header: 'Out Lat', width: 11 },
  { header: 'Out Long', width: 11 },
];

interface Line {
  id: number;
  no_dcp: string;
  tgl: string;
  lokasi: string;
  time_zone: string;
  nrp: string;
  nama: string;
  shift: string;
  cust_code: string;
  cust_name: string;
  in_jam: string | null;
  out_jam: string | null;
  in_lat: number | null;
  in_long: number | null;
  out_lat: number | null;
  out_long: number | null;
}

/**
 * The export's rows in order, a batch at a time through `add` (the sheet writer's fill; the bench
 * calls it alone to time the database side). One pass per distinct day, over the locations whose zone
 * is on that day.
 */
export async function activityExportRows(
  db: Db,
  actor: Viewer,
  days: DayByZone,
  add: (rows: PlainCell[][]) => Promise<void>,
  aborted: () => boolean,
): Promise<void> {
  const passes = new Map<string, TimeZone[]>();
  for (const z of TIME_ZONES) passes.set(days[z], [...(passes.get(days[z]) ?? []), z]);
  const scope = karyawanScope(actor);
  for (const [day, zones] of passes) {
    let after: string | null = null;
    for (;;) {
      // A batch of employees in scope (NRP order), then their visits of the day: a limited user's
      // export reads her employees only, never the whole day.
      const people: { nrp: string }[] = await rowsOf<{ nrp: string }>(
        db,
        sql`select ${karyawan.nrp} as nrp from ${karyawan} join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}
             where ${karyawan.alasan_p3} is null
               and ${lokasi.time_zone} in (${sql.join(
                 zones.map((z) => sql`${z}`),
                 sql`, `,
               )})
               ${scope ? sql`and ${scope}` : sql``}
               ${after ? sql`and ${karyawan.nrp} > ${after}` : sql``}
             order by ${karyawan.nrp} limit ${ACTIVITY_EXPORT_PEOPLE}`,
      );
      if (people.length === 0) break;
      after = people[people.length - 1]!.nrp;
      const rows: Line[] = await rowsOf<Line>(
        db,
        sql`select d.id, d.no_dcp, d.tgl_dcp::text as tgl, ${lokasi.id} || ' - ' || ${lokasi.nama} as lokasi,
                   ${lokasi.time_zone} as time_zone, ${karyawan.nrp} as nrp, ${karyawan.nama} as nama,
                   sh.nama as shift, d.cust_code, s.cust_name, d.in_jam::text as in_jam, d.out_jam::text as out_jam,
                   d.in_lat, d.in_long, d.out_lat, d.out_long
              from ${karyawan}
              join kunjungan h on h.nrp = ${karyawan.nrp}
              join kunjungan_detail d on d.no_dcp = h.no_dcp and d.tgl_dcp = ${day}::date
              join ${lokasi} on ${lokasi.id} = ${karyawan.kode_lokasi}
              join store s on s.cust_code = d.cust_code
              join shift sh on sh.id = d.shift_id
             where ${karyawan.nrp} in (${sql.join(
               people.map((p) => sql`${p.nrp}`),
               sql`, `,
             )})
             order by ${karyawan.nrp}, d.id`,
      );
      if (rows.length)
        await add(
          rows.map((r) => {
            const tz = asTimeZone(r.time_zone);
            return [
              r.tgl,
              r.lokasi,
              r.nrp,
              r.nama,
              r.no_dcp,
              r.shift,
              r.cust_code,
              r.cust_name,
              r.in_jam,
              r.out_jam,
              TIME_ZONE_LABEL[tz],
              STATUS_TEXT[visitColour(r)],
              r.in_lat,
              r.in_long,
              r.out_lat,
              r.out_long,
            ];
          }),
        );
      if (people.length < ACTIVITY_EXPORT_PEOPLE || aborted()) break;
    }
    if (aborted()) return;
  }
}

export const ACTIVITY_EXPORT_SHEET = { name: 'Aktifitas', columns: COLUMNS };

export function exportActivityXlsx(
  db: Db,
  actor: Viewer,
  date: string | undefined,
  now: Date,
): { name: string; body: ReadableStream } {
  const days = daysByZone(date, now);
  const body = plainXlsxStream(
    { ...ACTIVITY_EXPORT_SHEET, fill: (add, aborted) => activityExportRows(db, actor, days, add, aborted) },
    { onError: (err) => console.error('[dashboard activity export] streaming failed:', err) },
  );
  const stamp = date ?? days['Asia/Jakarta'];
  return { name: `aktifitas_${stamp}.xlsx`, body };
}
