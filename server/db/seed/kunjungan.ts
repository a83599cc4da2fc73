/**
 * Field activity: the current period's visit plans (DCP) with their check-ins, and attendance for the
 * days already past. Nothing is recorded for today or later: each day starts fresh for the demo.
 */
import type { absensi, kunjungan, kunjunganDetail } from '../schema/kunjungan';
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

type DayStatus = 'H' | 'S' | 'I' | 'C' | 'A';
const dayStatus = (r: Random): DayStatus =>
  r.weighted([
    ['H', 920],
    ['S', 25],
    ['I', 20],
    ['C', 20],
    ['A', 15],
  ] as const);

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

  const attend = (d: Day, status: DayStatus, masuk: string | null, keluar: string | null) =>
    out.absensi.push({
      nrp,
      tanggal: d.date,
      tahun: d.tahun,
      bulan: d.bulan,
      shift_id: shift.id,
      sts_abs_id: status,
      jam_masuk: masuk,
      jam_keluar: keluar,
      // Team leaders do not check in at stores; HR keys their days in.
      sumber: emp.route ? 'S' : 'M',
      createdAt: ctx.stamp,
    });

  const route = emp.route;
  if (!route) {
    for (const d of [...ctx.previousDays, ...ctx.currentDays]) {
      if (d.sunday || d.date >= ctx.today || !employed(d)) continue;
      const status = dayStatus(r);
      const present = status === 'H';
      attend(
        d,
        status,
        present ? clock(start + r.int(0, 10), r.int(0, 59)) : null,
        present ? clock(end + r.int(0, 40), r.int(0, 59)) : null,
      );
    }
    return;
  }

  for (const d of ctx.previousDays) {
    if (!employed(d) || (route.slots[d.slot]?.length ?? 0) === 0) continue;
    const status = dayStatus(r);
    const present = status === 'H';
    attend(
      d,
      status,
      present ? clock(start + r.int(0, 15), r.int(0, 59)) : null,
      present ? clock(end - r.int(0, 25), r.int(0, 59)) : null,
    );
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
    if (stores.length === 0) continue;
    const past = d.date < ctx.today;
    const status = past ? dayStatus(r) : null;
    const slotLength = Math.floor((end - start) / stores.length);
    let masuk: string | null = null;
    let keluar: string | null = null;
    stores.forEach((st, k) => {
      const line: (typeof out.details)[number] = {
        no_dcp,
        tgl_dcp: d.date,
        shift_id: shift.id,
        cust_code: st.cust_code,
      };
      if (status === 'H') {
        // Most visits are complete; some lack the check-out, a few were skipped (never the first one).
        const fate =
          k === 0
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
          line.in_jam = clock(start + k * slotLength + r.int(0, k === 0 ? 15 : 20), r.int(0, 59));
          line.in_lat = inPos.lat;
          line.in_long = inPos.long;
          masuk ??= line.in_jam;
        }
        if (fate === 'full') {
          const outPos = jitter(st.lat, st.long, 40, () => r.next());
          line.out_jam = clock(start + (k + 1) * slotLength - r.int(5, 30), r.int(0, 59));
          line.out_lat = outPos.lat;
          line.out_long = outPos.long;
          if (r.chance(0.2)) line.out_desc = r.pick(NOTES);
          keluar = line.out_jam;
        }
      }
      out.details.push(line);
    });
    if (status) attend(d, status, masuk, keluar);
  }
}
