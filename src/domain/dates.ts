import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';

/** Spec part 1 §4: contract end = start + months − 1 day. */
export function contractEnd(start: string, months: number): string {
  return dayjs(start).add(months, 'month').subtract(1, 'day').format(DATE_FORMAT);
}

/** A period id is YYYYMM. */
export function periodIdOf(date: string | Date): string {
  return dayjs(date).format('YYYYMM');
}

export function periodBounds(periodId: string): { mulai: string; akhir: string } {
  const first = dayjs(`${periodId.slice(0, 4)}-${periodId.slice(4, 6)}-01`);
  return { mulai: first.format(DATE_FORMAT), akhir: first.endOf('month').format(DATE_FORMAT) };
}
