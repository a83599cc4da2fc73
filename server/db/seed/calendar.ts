import dayjs from 'dayjs';
import { DATE_FORMAT, periodBounds } from '../../../src/domain/dates';

export interface Day {
  date: string;
  /** Index into a visit-matrix pattern: (week of month − 1) × 7 + (Monday = 0 … Sunday = 6). */
  slot: number;
  sunday: boolean;
  tahun: number;
  bulan: number;
}

export function addDays(date: string, days: number): string {
  return dayjs(date).add(days, 'day').format(DATE_FORMAT);
}

export function addMonths(date: string, months: number): string {
  return dayjs(date).add(months, 'month').format(DATE_FORMAT);
}

/** Every calendar day from `mulai` to `akhir`, inclusive. */
export function daysBetween(mulai: string, akhir: string): Day[] {
  const out: Day[] = [];
  for (let d = dayjs(mulai); !d.isAfter(akhir, 'day'); d = d.add(1, 'day')) {
    const weekday = (d.day() + 6) % 7;
    out.push({
      date: d.format(DATE_FORMAT),
      slot: Math.floor((d.date() - 1) / 7) * 7 + weekday,
      sunday: weekday === 6,
      tahun: d.year(),
      bulan: d.month() + 1,
    });
  }
  return out;
}

export interface SeedPeriod {
  id: string;
  mulai: string;
  akhir: string;
  /** Working days: Monday to Saturday. */
  jum_hk: number;
  status: boolean;
}

/** The current period, the three before it and the two after; posting is open on the current and previous. */
export function periodsAround(today: string): SeedPeriod[] {
  const first = dayjs(today).startOf('month');
  const out: SeedPeriod[] = [];
  for (let k = -3; k <= 2; k++) {
    const id = first.add(k, 'month').format('YYYYMM');
    const { mulai, akhir } = periodBounds(id);
    out.push({
      id,
      mulai,
      akhir,
      jum_hk: daysBetween(mulai, akhir).filter((d) => !d.sunday).length,
      status: k === 0 || k === -1,
    });
  }
  return out;
}
