/**
 * The daily dashboard (spec part 1 §2 "Dashboard", §3 "Dashboard rows", §7): per-location progress of a
 * day, each employee's visits as coloured circles, last known positions, contract-end alerts and the
 * "attention" list. The rules a screen and the server share live here as pure functions: the colour of
 * a visit's circle, the alert category of a contract end, whether a position is stale
 * (docs/decisions/023-dashboard.md).
 */
import * as v from 'valibot';
import { nrpCode } from '../absensi/absensi';
import { onTimeUntil } from '../absensi/day-count';
import { resultAnswer } from '../api';
import { code, isoDate, page, perPage, text } from '../primitives';
import { timeIn, TIME_ZONES, type TimeZone } from '../time-zone';

export const DASHBOARD_TEXTS = {
  rekapAbsensi: 'Rekap Absensi',
  rekapKontrak: 'Rekap Kontrak',
  exportExcel: 'Export Excel',
  exportToExcel: 'Export To Excel',
  pilihLokasi: 'Pilih Lokasi Untuk Melihat Aktifitas',
  lokasiId: 'Lokasi tidak valid',
  alertId: 'Kategori alert tidak valid',
  outOfScope: 'Lokasi ini di luar cakupan akses Anda',
} as const;

const lokasiCode = () => code(/^[A-Za-z0-9._-]{1,10}$/, DASHBOARD_TEXTS.lokasiId);

// ---------- the circle of one planned visit ----------

export type VisitColour = 'green' | 'yellow' | 'red';

/**
 * Spec: green = checked in and out, yellow = checked in only, red = neither. A visit a reviewer rejected
 * (decision 035) counts as not visited: red.
 */
export function visitColour(line: { in_jam: string | null; out_jam: string | null; ditolak?: boolean }): VisitColour {
  if (line.ditolak) return 'red';
  if (line.in_jam && line.out_jam) return 'green';
  if (line.in_jam) return 'yellow';
  return 'red';
}

// ---------- contract alerts ----------

/** The alert categories of a contract end, relative to the chosen day (docs/decisions/023). */
export const ALERT_IDS = ['expired', 'within30', 'within60', 'within90'] as const;
export type AlertId = (typeof ALERT_IDS)[number];

export const ALERT_LABEL: Record<AlertId, string> = {
  expired: 'Sudah Berakhir',
  within30: '≤ 30 Hari',
  within60: '31–60 Hari',
  within90: '61–90 Hari',
};

/** The last day, counted from the chosen day, of each "within" category. */
export const ALERT_DAYS = { within30: 30, within60: 60, within90: 90 } as const;

const dayNumber = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day `days` after `iso` (YYYY-MM-DD). */
export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A contract ending on `selesai`, seen on `date`: ended before that day → expired; ends that day up to
 * 30 days later → within30; 31–60 → within60; 61–90 → within90; later (or no end) → no alert.
 */
export function alertCategory(selesai: string | null, date: string): AlertId | null {
  if (!selesai) return null;
  const d = daysBetween(date, selesai);
  if (d < 0) return 'expired';
  if (d <= ALERT_DAYS.within30) return 'within30';
  if (d <= ALERT_DAYS.within60) return 'within60';
  if (d <= ALERT_DAYS.within90) return 'within90';
  return null;
}

/** The [first, last] end dates of a category (null: open-ended), for the database's range query. */
export function alertRange(alert: AlertId, date: string): [string | null, string | null] {
  switch (alert) {
    case 'expired':
      return [null, addDays(date, -1)];
    case 'within30':
      return [date, addDays(date, ALERT_DAYS.within30)];
    case 'within60':
      return [addDays(date, ALERT_DAYS.within30 + 1), addDays(date, ALERT_DAYS.within60)];
    case 'within90':
      return [addDays(date, ALERT_DAYS.within60 + 1), addDays(date, ALERT_DAYS.within90)];
  }
}

// ---------- positions ----------

/** A position older than this looks stale on the map. */
export const STALE_AFTER_MS = 2 * 3600_000;

export function isStale(at: string | Date, now: Date): boolean {
  return now.getTime() - new Date(at).getTime() > STALE_AFTER_MS;
}

/** "5 mnt lalu", "2 jam 10 mnt lalu": how old a position is, for people. */
export function ageText(at: string | Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / 60_000));
  if (minutes < 1) return 'baru saja';
  if (minutes < 60) return `${minutes} mnt lalu`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} jam ${minutes % 60} mnt lalu` : `${hours} jam lalu`;
  return `${Math.floor(hours / 24)} hari lalu`;
}

// ---------- queries ----------

/** `date` is optional: without it each location's own today (its time zone) is meant. */
export const DashboardDateQuerySchema = v.object({ date: v.optional(isoDate()) });
export type DashboardDateQuery = v.InferOutput<typeof DashboardDateQuerySchema>;

export const DashboardLokasiQuerySchema = v.object({ date: v.optional(isoDate()), lokasi_id: lokasiCode() });

export const DashboardActivityQuerySchema = v.object({
  date: v.optional(isoDate()),
  lokasi_id: lokasiCode(),
  /** NRP or name, case aside. */
  q: v.optional(text(40), ''),
  page: page(),
  per_page: perPage(50, 500),
});
export type DashboardActivityQuery = v.InferInput<typeof DashboardActivityQuerySchema>;

export const DashboardMapQuerySchema = v.object({
  date: v.optional(isoDate()),
  lokasi_id: v.optional(lokasiCode()),
  /** One employee's position only: the map's popup asks for it when it opens. */
  nrp: v.optional(nrpCode()),
});
export type DashboardMapQuery = v.InferOutput<typeof DashboardMapQuerySchema>;

export const KontrakAlertDetailQuerySchema = v.object({
  date: v.optional(isoDate()),
  lokasi_id: lokasiCode(),
  alert_id: v.picklist(ALERT_IDS, DASHBOARD_TEXTS.alertId),
});
export type KontrakAlertDetailQuery = v.InferOutput<typeof KontrakAlertDetailQuerySchema>;

export const AttentionQuerySchema = v.object({ date: v.optional(isoDate()), lokasi_id: v.optional(lokasiCode()) });
export type AttentionQuery = v.InferOutput<typeof AttentionQuerySchema>;

// ---------- answers ----------

const zone = v.picklist(TIME_ZONES);
const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/** Spec §3 location row, plus the day counted and the employees with any check-in. */
export const LokasiRowSchema = v.object({
  id: v.string(),
  nama: v.string(),
  time_zone: zone,
  /** The day counted for this location (the chosen date, or its own today). */
  tanggal: v.string(),
  karyawan_count: v.number(),
  kunjungan_count: v.number(),
  /** Planned visits checked in. */
  visited_count: v.number(),
  /** Employees with any check-in that day (the day's attendance or a visit). */
  active_count: v.number(),
});
export type LokasiRow = v.InferOutput<typeof LokasiRowSchema>;
export const DashboardKunjunganAnswerSchema = resultAnswer(v.array(LokasiRowSchema));

export const LastPositionSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  lat: v.number(),
  long: v.number(),
  /** Local time of the check-in/out (in the employee's zone), HH:mm:ss. */
  jam: v.string(),
  /** The instant, ISO. */
  at: v.string(),
  time_zone: zone,
  /** in or out; absensi (the day's own check-in) or kunjungan (a store visit). */
  side: v.picklist(['in', 'out']),
  source: v.picklist(['absensi', 'kunjungan']),
  cust_code: nullableString,
  cust_name: nullableString,
  cust_address: nullableString,
});
export type LastPosition = v.InferOutput<typeof LastPositionSchema>;

/**
 * The map (GET /api/dashboard/map/last-position): what its markers and their popups draw, compact
 * (decision 047). Per employee a tuple `[nrp, nama, lat, long, at, kind, zone, store]`:
 * - `lat`, `long` to 5 decimals (about a metre);
 * - `at`: the instant in whole seconds since 1970 (UTC): its age, staleness and local time;
 * - `kind`: 0 the day's own check-in, 1 its check-out, 2 a store visit's check-in, 3 its check-out;
 * - `zone`: her location's zone, an index of TIME_ZONES;
 * - `store`: an index of the answer's `stores` (`[cust_code, cust_name, cust_address]`, each store once),
 *   null for the day's own attendance.
 * 10,000 positions are ~0.66 MB on the bench (88 stores) where full rows (LastPosition) were ~3 MB.
 */
export const MapPositionSchema = v.tuple([
  v.string(),
  v.string(),
  v.number(),
  v.number(),
  v.number(),
  v.picklist([0, 1, 2, 3]),
  v.picklist([0, 1, 2]),
  v.nullable(v.number()),
]);
export type MapPosition = v.InferOutput<typeof MapPositionSchema>;
export const MapStoreSchema = v.tuple([v.string(), v.string(), nullableString]);
export type MapStore = v.InferOutput<typeof MapStoreSchema>;
export const DashboardMapAnswerSchema = v.object({
  result: v.array(MapPositionSchema),
  stores: v.array(MapStoreSchema),
});
export type DashboardMapAnswer = v.InferOutput<typeof DashboardMapAnswerSchema>;

/** One employee's last position as the map's answer is built from it (`at` in whole seconds). */
export interface MapRow {
  nrp: string;
  nama: string;
  lat: number;
  long: number;
  at: number;
  kind: MapPosition[5];
  time_zone: TimeZone;
  cust_code: string | null;
  cust_name: string | null;
  cust_address: string | null;
}

/** The map's answer: each store written once, the rows as MapPosition tuples. */
export function mapAnswerOf(rows: MapRow[]): DashboardMapAnswer {
  const stores: MapStore[] = [];
  const storeIndex = new Map<string, number>();
  const result = rows.map((p): MapPosition => {
    let store: number | null = null;
    if (p.cust_code) {
      store = storeIndex.get(p.cust_code) ?? null;
      if (store === null) {
        store = stores.push([p.cust_code, p.cust_name ?? '', p.cust_address]) - 1;
        storeIndex.set(p.cust_code, store);
      }
    }
    return [
      p.nrp,
      p.nama,
      Math.round(p.lat * 1e5) / 1e5,
      Math.round(p.long * 1e5) / 1e5,
      p.at,
      p.kind,
      TIME_ZONES.indexOf(p.time_zone) as MapPosition[6],
      store,
    ];
  });
  return { result, stores };
}

/** One marker of the map's answer read back: who, where, when (in her zone), and at which store. */
export interface MapMarker {
  nrp: string;
  nama: string;
  lat: number;
  long: number;
  at: Date;
  /** HH:mm:ss in her zone. */
  jam: string;
  time_zone: TimeZone;
  side: 'in' | 'out';
  source: 'absensi' | 'kunjungan';
  store: { cust_code: string; cust_name: string; cust_address: string | null } | null;
}

export function mapMarkerOf(
  [nrp, nama, lat, long, seconds, kind, zone, store]: MapPosition,
  stores: MapStore[],
): MapMarker {
  const time_zone = TIME_ZONES[zone] ?? TIME_ZONES[0];
  const at = new Date(seconds * 1000);
  const s = store === null ? undefined : stores[store];
  return {
    nrp,
    nama,
    lat,
    long,
    at,
    jam: timeIn(time_zone, at),
    time_zone,
    side: kind % 2 === 1 ? 'out' : 'in',
    source: kind >= 2 ? 'kunjungan' : 'absensi',
    store: s ? { cust_code: s[0], cust_name: s[1], cust_address: s[2] } : null,
  };
}

export const ActivityVisitSchema = v.object({
  id: v.number(),
  no_dcp: v.string(),
  tgl_dcp: v.string(),
  shift: v.string(),
  cust_code: v.string(),
  customer: v.string(),
  in_jam: nullableString,
  out_jam: nullableString,
  in_lat: nullableNumber,
  in_long: nullableNumber,
  out_lat: nullableNumber,
  out_long: nullableNumber,
  /** A reviewer rejected it (decision 035): shown red, as not visited. */
  ditolak: v.optional(v.boolean()),
});
export type ActivityVisit = v.InferOutput<typeof ActivityVisitSchema>;

export const ActivityRowSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  time_zone: zone,
  kunjunganDetail: v.array(ActivityVisitSchema),
  lastPosition: v.nullable(LastPositionSchema),
});
export type ActivityRow = v.InferOutput<typeof ActivityRowSchema>;
export const DashboardActivityAnswerSchema = v.object({ result: v.array(ActivityRowSchema), totalCount: v.number() });
export type DashboardActivityAnswer = v.InferOutput<typeof DashboardActivityAnswerSchema>;

export const ColumnSchema = v.object({ id: v.string(), label: v.string() });
export type Column = v.InferOutput<typeof ColumnSchema>;

export const KontrakAlertRowSchema = v.object({
  id: v.string(),
  nama: v.string(),
  expired: v.number(),
  within30: v.number(),
  within60: v.number(),
  within90: v.number(),
  total: v.number(),
});
export type KontrakAlertRow = v.InferOutput<typeof KontrakAlertRowSchema>;
export const KontrakAlertAnswerSchema = v.object({
  columns: v.array(ColumnSchema),
  result: v.array(KontrakAlertRowSchema),
});
export type KontrakAlertAnswer = v.InferOutput<typeof KontrakAlertAnswerSchema>;

export const KontrakAlertDetailRowSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  no_kontrak: nullableString,
  per_kontrak: v.number(),
  lama_kontrak: nullableNumber,
  mulai_kontrak: nullableString,
  selesai_kontrak: v.string(),
});
export type KontrakAlertDetailRow = v.InferOutput<typeof KontrakAlertDetailRowSchema>;
export const KontrakAlertDetailAnswerSchema = v.object({
  columns: v.array(ColumnSchema),
  result: v.array(KontrakAlertDetailRowSchema),
});
export type KontrakAlertDetailAnswer = v.InferOutput<typeof KontrakAlertDetailAnswerSchema>;

export const KONTRAK_DETAIL_COLUMNS: Column[] = [
  { id: 'nrp', label: 'NRP' },
  { id: 'nama', label: 'Nama' },
  { id: 'no_kontrak', label: 'No. Kontrak' },
  { id: 'per_kontrak', label: 'Kontrak Ke' },
  { id: 'lama_kontrak', label: 'Lama (Bulan)' },
  { id: 'mulai_kontrak', label: 'Mulai' },
  { id: 'selesai_kontrak', label: 'Selesai' },
];

// ---------- attention ----------

export const ATTENTION_KINDS = [
  'not_started',
  'outside_radius',
  'missing_checkout',
  'clock_skew',
  'perlu_ditinjau',
  'forgot_checkout',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const ATTENTION_LABEL: Record<AttentionKind, string> = {
  not_started: 'Belum mulai kunjungan setelah jam shift',
  outside_radius: 'Check-in di luar radius store',
  missing_checkout: 'Belum check-out setelah shift selesai',
  clock_skew: 'Jam perangkat berbeda jauh dari server',
  // Flagged check-ins of the day nobody has decided yet (Perlu Ditinjau, decision 035).
  perlu_ditinjau: 'Perlu ditinjau',
  // The shift's Batas Check Out passed with a check-in and no check-out (src/domain/absensi/forgot-checkout.ts).
  forgot_checkout: 'Lupa Check Out',
};

/** How many rows of each kind the list carries (the counts are always complete). */
export const ATTENTION_LIMIT = 50;

export const AttentionRowSchema = v.object({
  kind: v.picklist(ATTENTION_KINDS),
  nrp: v.string(),
  nama: v.string(),
  lokasi_id: v.string(),
  tanggal: v.string(),
  time_zone: zone,
  /** The record to open: a visit plan (/kunjungan/{no_dcp}/edit) or the day's attendance. */
  no_dcp: nullableString,
  cust_code: nullableString,
  cust_name: nullableString,
  /** The shift start (not_started), the check-in (outside_radius, clock_skew) or the shift end. */
  jam: nullableString,
});
export type AttentionRow = v.InferOutput<typeof AttentionRowSchema>;

export const AttentionAnswerSchema = resultAnswer(
  v.object({
    counts: v.object({
      not_started: v.number(),
      outside_radius: v.number(),
      missing_checkout: v.number(),
      clock_skew: v.number(),
      perlu_ditinjau: v.number(),
      forgot_checkout: v.number(),
    }),
    rows: v.array(AttentionRowSchema),
  }),
);
export type AttentionAnswer = v.InferOutput<typeof AttentionAnswerSchema>;

/**
 * A planned day not started: none of the employee's visits checked in once she is late, her shift's
 * start plus its tolerance passed (onTimeUntil of day-count.ts; a past day: at all). `nowLocal` is the
 * wall-clock time now in her zone and `today` her today.
 */
export function notStarted(
  day: { tanggal: string; jam_mulai: string; toleransi_terlambat: number; any_in: boolean },
  today: string,
  nowLocal: string,
): boolean {
  if (day.any_in || day.tanggal > today) return false;
  return day.tanggal < today || nowLocal > onTimeUntil(day);
}

/** A visit checked in but not out once the shift has ended (a past day: at all). */
export function missingCheckout(
  line: { tanggal: string; in_jam: string | null; out_jam: string | null; jam_selesai: string },
  today: string,
  nowLocal: string,
): boolean {
  if (!line.in_jam || line.out_jam || line.tanggal > today) return false;
  return line.tanggal < today || nowLocal >= line.jam_selesai;
}
