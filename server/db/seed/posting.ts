/**
 * The payroll posting items of the seeded resignations (docs/decisions/003-demo-data.md): one P3 item per
 * resigned employee, as resign.service would have written it, in the state the posting screen and the
 * payroll export would have left it. Hires and renewals of the seeded workforce have no items: they
 * reached payroll before the demo's history starts.
 */
import dayjs from 'dayjs';
import type { karyawanPosting } from '../schema/karyawan';
import { DEMO_ACCOUNTS } from './accounts';
import { addDays } from './calendar';
import type { SeedEmployee } from './karyawan';
import { Random, seedFor } from './rng';

type PostingRow = typeof karyawanPosting.$inferInsert;

/** open: no posting date (the resignation can still be changed); posted: waits for the export; completed. */
export type P3State = 'open' | 'posted' | 'completed';

/**
 * Fixed by the resignation's position (1st, 2nd, … resigned employee in NRP order) rather than by chance,
 * so even a seed with two resignations shows an open and a posted one: 1 in 5 open, 1 in 5 posted, 3 in 5
 * completed.
 */
export function p3StateOf(ordinal: number): P3State {
  const slot = ordinal % 5;
  return slot === 0 ? 'open' : slot === 1 ? 'posted' : 'completed';
}

/**
 * Days before today of the last working day (tgl_p3), by state: the newest resignations are still open,
 * the older ones went to payroll. Completed ones are old enough to have been posted before the last export.
 */
export const RESIGN_AGE: Readonly<Record<P3State, readonly [number, number]>> = {
  open: [3, 14],
  posted: [5, 24],
  completed: [12, 110],
};

const STREAM_POSTING = 4;
/** The payroll export runs weekly at 16:00, the last one this many days ago; it completes every posted item. */
const LAST_EXPORT_DAYS = 4;
const EXPORT_EVERY_DAYS = 7;
const EXPORT_MINUTE = 16 * 60;

/** A local time of day on a calendar day (the seed works in local days). */
function at(date: string, minute: number, second = 0): Date {
  return dayjs(date).add(minute, 'minute').add(second, 'second').toDate();
}

/** Office hours, 08:00–15:59, so everything done on an export day comes before the 16:00 export. */
function officeTime(r: Random, date: string): Date {
  return at(date, r.int(8 * 60, EXPORT_MINUTE - 1), r.int(0, 59));
}

/**
 * One P3 item per resigned employee, in NRP order: registered by HR on the last working day or up to two
 * days before it; posted by HR a few days later (completed ones) or in the days since the last export
 * (posted ones); completed by the first weekly export after the posting, all of one export at one time.
 */
export function planPostings(staff: readonly SeedEmployee[], today: string): PostingRow[] {
  const by = DEMO_ACCOUNTS.hr.userid;
  const lastExport = addDays(today, -LAST_EXPORT_DAYS);
  const out: PostingRow[] = [];
  for (const emp of staff) {
    const { row, p3 } = emp;
    if (!p3 || !row.tgl_p3) continue;
    const r = new Random(seedFor(STREAM_POSTING, emp.index));
    const registered = addDays(row.tgl_p3, -r.int(0, 2));
    const item: PostingRow = {
      nrp: row.nrp,
      nama: row.nama,
      jenis_trn: 'P3',
      alasan_p3: row.alasan_p3 ?? null,
      keterangan: null,
      tgl_jam_trn: officeTime(r, registered),
      created_by: by,
    };
    if (p3 === 'posted') {
      // After the last export (else it would have been taken), before today; tgl_p3 ≥ 5 days ago.
      item.date_posting = officeTime(r, addDays(today, -r.int(1, LAST_EXPORT_DAYS - 1)));
      item.posted_by = by;
    } else if (p3 === 'completed') {
      // tgl_p3 ≥ 12 days ago, so the posting (≤ 7 days ago) precedes the last export.
      const posted = addDays(registered, r.int(1, 5));
      const weeks = Math.floor(dayjs(lastExport).diff(posted, 'day') / EXPORT_EVERY_DAYS);
      item.date_posting = officeTime(r, posted);
      item.posted_by = by;
      item.date_completed = at(addDays(lastExport, -weeks * EXPORT_EVERY_DAYS), EXPORT_MINUTE);
      item.completed_by = by;
    }
    out.push(item);
  }
  return out;
}
