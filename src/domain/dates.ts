import dayjs from 'dayjs';
import { DEFAULT_TIME_ZONE, type TimeZone } from './time-zone';

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

const PEOPLE_TIME = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as people read it in documents and messages: 'DD/MM/YYYY HH:mm' in a time zone: the
 * employee's location's zone when the instant is hers (src/domain/time-zone.ts), WIB when none is known.
 */
export function dateTimeForPeople(
  at: Date | string | null | undefined,
  timeZone: TimeZone = DEFAULT_TIME_ZONE,
): string {
  if (at === null || at === undefined) return '-';
  let format = PEOPLE_TIME.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    PEOPLE_TIME.set(timeZone, format);
  }
  return format.format(typeof at === 'string' ? new Date(at) : at).replace(',', '');
}
