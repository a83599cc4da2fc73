/**
 * Indonesia's three time zones and the one rule for an employee's day and times: everything an
 * employee records or is shown (attendance day, jam_masuk/jam_keluar, shift start and end, lateness,
 * visit times, leave day counts, dashboard, reports, exports) is in her location's (lokasi) zone.
 * Timestamps stay stored as instants; tanggal and HH:mm:ss columns hold local values of that zone.
 *
 * Indonesia has no daylight saving, so each zone is a fixed offset from UTC; the arithmetic below is
 * exact and cheap (no Intl per row in a 250,000-row export).
 */
export const TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

export const DEFAULT_TIME_ZONE: TimeZone = 'Asia/Jakarta';

/** The name people use: WIB, WITA, WIT. */
export const TIME_ZONE_LABEL: Record<TimeZone, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** Minutes ahead of UTC. */
export const TIME_ZONE_OFFSET_MIN: Record<TimeZone, number> = {
  'Asia/Jakarta': 7 * 60,
  'Asia/Makassar': 8 * 60,
  'Asia/Jayapura': 9 * 60,
};

export function isTimeZone(value: unknown): value is TimeZone {
  return typeof value === 'string' && (TIME_ZONES as readonly string[]).includes(value);
}

/** A stored or received zone, or WIB when there is none (a location created before zones existed). */
export function asTimeZone(value: string | null | undefined): TimeZone {
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant shifted so its UTC fields read as the zone's wall clock. */
function wallClock(zone: TimeZone, at: Date): Date {
  return new Date(at.getTime() + TIME_ZONE_OFFSET_MIN[zone] * 60_000);
}

/** The calendar day of an instant in a zone, 'YYYY-MM-DD'. */
export function dateIn(zone: TimeZone, at: Date): string {
  const w = wallClock(zone, at);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** The wall-clock time of an instant in a zone, 'HH:mm:ss'. */
export function timeIn(zone: TimeZone, at: Date): string {
  const w = wallClock(zone, at);
  return `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
}

/** The instant of a local day and time in a zone ('YYYY-MM-DD', 'HH:mm' or 'HH:mm:ss'). */
export function instantIn(zone: TimeZone, tanggal: string, jam = '00:00:00'): Date {
  const [h = '0', m = '0', s = '0'] = jam.split(':');
  const utc = Date.parse(`${tanggal}T${pad(Number(h))}:${pad(Number(m))}:${pad(Number(s))}Z`);
  return new Date(utc - TIME_ZONE_OFFSET_MIN[zone] * 60_000);
}

/** '07:30 WITA' style: a time with its zone's name, for people. */
export function timeWithZone(jam: string | null | undefined, zone: TimeZone): string {
  return jam ? `${jam.slice(0, 5)} ${TIME_ZONE_LABEL[zone]}` : '--:--';
}
