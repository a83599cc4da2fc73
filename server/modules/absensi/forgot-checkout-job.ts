/**
 * The forgotten check-out job (issue 29 item 1; src/domain/absensi/forgot-checkout.ts has the rule).
 * Runs every minute: for each shift and zone it works out which days' reminder or limit has passed by
 * now, reads only the open days (a check-in, no check-out, not yet marked) of those shift-days through the
 * partial index absensi_open_day_idx, and
 * - 15 minutes before the shift ends, reminds her once ('akhir' in absensi.pengingat);
 * - at the shift's Batas Check Out, marks the day forgot_checkout and reminds her again ('batas');
 * - when a change of the shift moved the limit in force on a marked day later, takes the mark off
 *   until that limit passes (docs/decisions/045: each day follows its own shift times, shift_masa).
 * In the morning no shift-day qualifies, so the run reads nothing of the 100,000 days being checked in.
 *
 * Idempotent: each update is conditional on the day still being open and the reminder not yet sent, and
 * the notifications go in the same transaction, so a repeated run (or two copies) notify once.
 */
import { sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import {
  forgotCheckoutStep,
  PENGINGAT,
  shiftDeadlines,
  type LimitShift,
} from '../../../src/domain/absensi/forgot-checkout';
import { asTimeZone, dateIn, TIME_ZONES, timeWithZone, type TimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { notifyEmployees } from '../push/notify';

export const FORGOT_CHECKOUT_JOB = 'absensi.forgot-checkout';
/** How far back an open day is still looked at (a server down over a weekend catches up). */
const LOOKBACK_DAYS = 7;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface ShiftRow extends LimitShift {
  id: string;
}
interface ShiftSpan extends ShiftRow {
  berlaku_mulai: string;
  berlaku_sampai: string;
}
interface OpenDay {
  id: number;
  nrp: string;
  tanggal: string;
  shift_id: string;
  pengingat: string[];
  time_zone: string | null;
}

export interface ForgotCheckoutDeps {
  db: Db;
  now: () => Date;
}

/** One run; answers how many days were marked, how many first reminders went out, how many marks came off. */
export async function runForgotCheckout(
  deps: ForgotCheckoutDeps,
): Promise<{ marked: number; reminded: number; unmarked: number }> {
  const now = deps.now();
  // Every span of every shift (shift_masa, docs/decisions/045): a day follows the limit in force on it.
  const spans = rowsOf<ShiftSpan>(
    await deps.db.execute(sql`select id, berlaku_mulai::text as berlaku_mulai, berlaku_sampai::text as berlaku_sampai,
                                     jam_mulai::text as jam_mulai, jam_selesai::text as jam_selesai,
                                     batas_check_out::text as batas_check_out from shift_masa`),
  );
  const shiftOn = (id: string, tanggal: string) =>
    spans.find((s) => s.id === id && s.berlaku_mulai <= tanggal && tanggal < s.berlaku_sampai);
  const ids = [...new Set(spans.map((s) => s.id))];
  const unmarked = await unmarkBeforeLimit(deps.db, now, shiftOn);
  // The shift-days (in any zone) whose first reminder time has passed: only their open days are read.
  const pairs = new Map<string, { shift: ShiftRow; tanggal: string }>();
  for (const zone of TIME_ZONES) {
    const today = dateIn(zone, now);
    for (let back = 0; back <= LOOKBACK_DAYS; back++) {
      const tanggal = dayjs(today).subtract(back, 'day').format('YYYY-MM-DD');
      for (const id of ids) {
        const shift = shiftOn(id, tanggal);
        if (shift && now >= shiftDeadlines(shift, tanggal, zone).remindAt)
          pairs.set(`${shift.id}|${tanggal}`, { shift, tanggal });
      }
    }
  }
  if (pairs.size === 0) return { marked: 0, reminded: 0, unmarked };
  const list = sql.join(
    [...pairs.values()].map((p) => sql`(${p.shift.id}, ${p.tanggal}::date)`),
    sql`, `,
  );
  const open = rowsOf<OpenDay>(
    await deps.db.execute(sql`
      select a.id, a.nrp, a.tanggal::text as tanggal, a.shift_id, a.pengingat, l.time_zone
        from absensi a
        join karyawan k on k.nrp = a.nrp
        left join lokasi l on l.id = k.kode_lokasi
       where a.jam_masuk is not null and a.jam_keluar is null and a.forgot_checkout = false
         and a.tanggal >= ${dayjs(dateIn('Asia/Jakarta', now))
           .subtract(LOOKBACK_DAYS + 1, 'day')
           .format('YYYY-MM-DD')}::date
         and (a.shift_id, a.tanggal) in (${list})`),
  );
  const mark: OpenDay[] = [];
  const remind: OpenDay[] = [];
  for (const day of open) {
    const pair = pairs.get(`${day.shift_id}|${day.tanggal}`);
    if (!pair) continue;
    const step = forgotCheckoutStep(pair.shift, day.tanggal, asTimeZone(day.time_zone), now, day.pengingat);
    if (step === 'tandai') mark.push(day);
    else if (step === 'ingatkan') remind.push(day);
  }
  let marked = 0;
  let reminded = 0;
  if (remind.length) {
    await deps.db.transaction(async (tx) => {
      const done = rowsOf<{ nrp: string; shift_id: string; tanggal: string; time_zone: string | null }>(
        await tx.execute(sql`
          update absensi a set pengingat = a.pengingat || ${JSON.stringify([PENGINGAT.akhir])}::jsonb
            from karyawan k left join lokasi l on l.id = k.kode_lokasi
           where k.nrp = a.nrp and a.id in (${sql.join(
             remind.map((d) => sql`${d.id}`),
             sql`, `,
           )})
             and a.jam_keluar is null and not (a.pengingat ? ${PENGINGAT.akhir})
          returning a.nrp, a.shift_id, a.tanggal::text as tanggal, l.time_zone`),
      );
      reminded = done.length;
      // One notice per end time (a shift in a zone): most runs have one or two groups.
      for (const [jam, nrps] of groupByEnd(done, pairs)) {
        await notifyEmployees(tx, nrps, {
          jenis: 'pengingat',
          title: 'Jangan lupa check out',
          body: `Shift Anda selesai pukul ${jam}. Check out sebelum pulang agar jam kerja tercatat.`,
          url: '/absensi/new/spg',
        });
      }
    });
  }
  if (mark.length) {
    await deps.db.transaction(async (tx) => {
      const done = rowsOf<{ nrp: string }>(
        await tx.execute(sql`
          update absensi set forgot_checkout = true,
                 pengingat = case when pengingat ? ${PENGINGAT.batas} then pengingat
                                  else pengingat || ${JSON.stringify([PENGINGAT.batas])}::jsonb end
           where id in (${sql.join(
             mark.map((d) => sql`${d.id}`),
             sql`, `,
           )})
             and jam_keluar is null and forgot_checkout = false
          returning nrp`),
      );
      marked = done.length;
      await notifyEmployees(
        tx,
        done.map((d) => d.nrp),
        {
          jenis: 'pengingat',
          title: 'Lupa Check Out',
          body: 'Batas check out sudah lewat dan hari ini ditandai Lupa Check Out. Ajukan Koreksi Absensi agar jam kerja dihitung.',
          url: '/request/absensi',
        },
      );
    });
  }
  return { marked, reminded, unmarked };
}

/**
 * A limit moved later (a shift's Batas Check Out or Jam Selesai changed from a date) takes the mark off
 * the days it no longer applies to: marked, still without a check-out, and their limit in force not yet
 * passed. The 'batas' reminder goes with it, so the mark and its notice come again if the new limit passes.
 */
async function unmarkBeforeLimit(
  db: Db,
  now: Date,
  shiftOn: (id: string, tanggal: string) => ShiftRow | undefined,
): Promise<number> {
  const marked = rowsOf<OpenDay>(
    await db.execute(sql`
      select a.id, a.nrp, a.tanggal::text as tanggal, a.shift_id, a.pengingat, l.time_zone
        from absensi a
        join karyawan k on k.nrp = a.nrp
        left join lokasi l on l.id = k.kode_lokasi
       where a.forgot_checkout and a.jam_keluar is null and a.shift_id is not null
         and a.tanggal >= ${dayjs(dateIn('Asia/Jakarta', now))
           .subtract(LOOKBACK_DAYS + 1, 'day')
           .format('YYYY-MM-DD')}::date`),
  );
  const lift = marked.filter((d) => {
    const shift = shiftOn(d.shift_id, d.tanggal);
    return shift && now < shiftDeadlines(shift, d.tanggal, asTimeZone(d.time_zone)).limitAt;
  });
  if (!lift.length) return 0;
  const done = rowsOf<{ id: number }>(
    await db.execute(sql`
      update absensi set forgot_checkout = false, pengingat = pengingat - ${PENGINGAT.batas}
       where id in (${sql.join(
         lift.map((d) => sql`${d.id}`),
         sql`, `,
       )}) and forgot_checkout and jam_keluar is null
      returning id`),
  );
  return done.length;
}

function groupByEnd(
  days: { nrp: string; shift_id: string; tanggal: string; time_zone: string | null }[],
  pairs: Map<string, { shift: ShiftRow }>,
): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const d of days) {
    const shift = pairs.get(`${d.shift_id}|${d.tanggal}`)?.shift;
    if (!shift) continue;
    const jam = timeWithZone(shift.jam_selesai, asTimeZone(d.time_zone) as TimeZone);
    groups.set(jam, [...(groups.get(jam) ?? []), d.nrp]);
  }
  return groups;
}

export const forgotCheckoutJob = (deps: ForgotCheckoutDeps) => async () => {
  await runForgotCheckout(deps);
};
