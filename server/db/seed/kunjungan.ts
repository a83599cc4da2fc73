/**
 * Field activity: the current period's visit plans (DCP) with their check-ins, and attendance for the
 * days already past. Nothing is recorded for today or later: each day starts fresh for the demo.
 *
 * People arrive as people do (docs/decisions/003-demo-data.md): most before the shift, some within its
 * 5-minute tolerance, some late; most leave after its end, a few early, and a few forget to check out.
 * A day without planned visits is OFF; Sakit, Izin, Cuti and Alpa days are keyed by HR (sumber M).
 */
import type { kunjungan, kunjunganDetail } from '../schema/kunjungan';
import type { absensi } from '../schema/absensi';
import type { Day } from './calendar';
import { jitter } from './geo';
import type { SeedEmployee } from './karyawan';
import { SHIFTS, type SeedStore } from './master';
import { Random, seedFor } from './rng';

const STREAM_ACTIVITY = 3;

export interface Activity {
  headers: (typeof kunjungan.$inferInsert)[];
  details: (typeof kunjunganDetail.$inferInsert)[];
  absensi: (typeof absensi.$inferInsert)[];
}

export interface ActivityContext {
  today: string;
  periodId: string;
  mulai: string;
  akhir: string;
  /** Days of the previous period (attendance only) and of the current one (plans and attendance). */
  previousDays: Day[];
  currentDays: Day[];
  stamp: Date;
}

const NOTES = [
  'Display produk sudah dirapikan',
  'Stok aman',
  'Stok menipis, sudah lapor ke kepala toko',
  'Promo berjalan lancar',
  'Cek tanggal kedaluwarsa selesai',
  'Pasang materi promosi baru',
] as const;

const minutesOf = (hhmmss: string) => Number(hhmmss.slice(0, 2)) * 60 + Number(hhmmss.slice(3, 5));
const clock = (minutes: number, seconds: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;

type DayStatus = 'H' | 'S' | 'I' | 'C' | 'A' | 'OFF';
const dayStatus = (r: Random): DayStatus =>
  r.weighted([
    ['H', 920],
    ['S', 25],
    ['I', 20],
    ['C', 20],
    ['A', 15],
  ] as const);

/**
 * The day's check-in, minutes from the shift start (negative: before it): 72% early (1–25 minutes),
 * 13% within the 5-minute tolerance (0:00–4:59 after), 15% late (6–45 minutes).
 */
function arrival(r: Random, start: number): string {
  const kind = r.weighted([
    ['early', 72],
    ['tolerance', 13],
    ['late', 15],
  ] as const);
  const offset = kind === 'early' ? -r.int(1, 25) : kind === 'tolerance' ? r.int(0, 4) : r.int(6, 45);
  return clock(start + offset, r.int(0, 59));
}

/**
 * The day's check-out, from the shift end: 80% after it (0–40 minutes), 7% within the tolerance (1–4
 * minutes before), 7% early (6–40 minutes before), 6% none (she forgot to check out).
 */
function departure(r: Random, end: number): string | null {
  const kind = r.weighted([
    ['after', 80],
    ['tolerance', 7],
    ['early', 7],
    ['forgot', 6],
  ] as const);
  if (kind === 'forgot') return null;
  const offset = kind === 'after' ? r.int(0, 40) : kind === 'tolerance' ? -r.int(1, 4) : -r.int(6, 40);
  return clock(end + offset, r.int(0, 59));
}

export function emptyActivity(): Activity {
  return { headers: [], details: [], absensi: [] };
}

/** Appends one employee's plans, check-ins and attendance to `out`. */
export function addActivity(emp: SeedEmployee, ctx: ActivityContext, out: Activity): void {
  const r = new Random(seedFor(STREAM_ACTIVITY, emp.index));
  const { nrp, tgl_awkerja, tgl_p3 } = emp.row;
  const shift = SHIFTS.find((s) => s.id === emp.shiftId) ?? SHIFTS[0];
  const start = minutesOf(shift.jam_mulai);
  const end = minutesOf(shift.jam_selesai);
  const employed = (d: Day) => d.date >= tgl_awkerja && (!tgl_p3 || d.date < tgl_p3);

  const attend = (d: Day, status: DayStatus, masuk: string | null, keluar: string | null) => {
    // Her own check-in (sumber S) keeps its field record beside the shown values (decision 027). Team
    // leaders do not check in at stores, and days off or absent are keyed by HR: those are manual.
    const own = emp.route !== null && status === 'H' && masuk !== null;
    out.absensi.push({
      nrp,
      tanggal: d.date,
      tahun: d.tahun,
      bulan: d.bulan,
      shift_id: shift.id,
      sts_abs_id: status,
      jam_masuk: masuk,
      jam_keluar: keluar,
      sumber: own ? 'S' : 'M',
      field_shift_id: own ? shift.id : null,
      field_jam_masuk: own ? masuk : null,
      field_jam_keluar: own ? keluar : null,
      createdAt: ctx.stamp,
    });
  };

  const route = emp.route;
  if (!route) {
    for (const d of [...ctx.previousDays, ...ctx.currentDays]) {
      if (d.date >= ctx.today || !employed(d)) continue;
      if (d.sunday) {
        attend(d, 'OFF', null, null);
        continue;
      }
      const status = dayStatus(r);
      const present = status === 'H';
      attend(d, status, present ? arrival(r, start) : null, present ? departure(r, end) : null);
    }
    return;
  }

  for (const d of ctx.previousDays) {
    if (!employed(d)) continue;
    if ((route.slots[d.slot]?.length ?? 0) === 0) {
      attend(d, 'OFF', null, null);
      continue;
    }
    const status = dayStatus(r);
    const present = status === 'H';
    attend(d, status, present ? arrival(r, start) : null, present ? departure(r, end) : null);
  }

  const worked = ctx.currentDays.filter(employed);
  if (worked.length === 0) return;
  const no_dcp = `DCP/${ctx.periodId}/${nrp}`;
  out.headers.push({
    no_dcp,
    nrp,
    shift_id: shift.id,
    period_id: ctx.periodId,
    tgl_period1: ctx.mulai,
    tgl_period2: ctx.akhir,
    route_list_id: route.id,
  });

  for (const d of worked) {
    const stores: SeedStore[] = route.slots[d.slot] ?? [];
    const past = d.date < ctx.today;
    if (stores.length === 0) {
      if (past) attend(d, 'OFF', null, null);
      continue;
    }
    const status = past ? dayStatus(r) : null;
    const slotLength = Math.floor((end - start) / stores.length);
    // The day's own check-in is the first store's; its check-out the last store's (none: she forgot).
    const masuk = status === 'H' ? arrival(r, start) : null;
    const keluar = status === 'H' ? departure(r, end) : null;
    const last = stores.length - 1;
    stores.forEach((st, k) => {
      const line: (typeof out.details)[number] = {
        no_dcp,
        tgl_dcp: d.date,
        shift_id: shift.id,
        cust_code: st.cust_code,
      };
      if (status === 'H') {
        // Most visits are complete; some lack the check-out, a few were skipped (never the first or last).
        const fate =
          k === last
            ? keluar
              ? 'full'
              : 'in'
            : k === 0
              ? r.weighted([
                  ['full', 94],
                  ['in', 6],
                ] as const)
              : r.weighted([
                  ['full', 88],
                  ['in', 6],
                  ['none', 6],
                ] as const);
        if (fate !== 'none') {
          const inPos = jitter(st.lat, st.long, 40, () => r.next());
          line.in_jam = k === 0 ? masuk : clock(start + k * slotLength + r.int(0, 20), r.int(0, 59));
          line.in_lat = inPos.lat;
          line.in_long = inPos.long;
        }
        if (fate === 'full') {
          const outPos = jitter(st.lat, st.long, 40, () => r.next());
          line.out_jam = k === last ? keluar : clock(start + (k + 1) * slotLength - r.int(5, 30), r.int(0, 59));
          line.out_lat = outPos.lat;
          line.out_long = outPos.long;
          if (r.chance(0.2)) line.out_desc = r.pick(NOTES);
        }
      }
      out.details.push(line);
    });
    if (status) attend(d, status, masuk, keluar);
  }
}
