/**
 * The address of /absensi and /absensi/manual (and GET /api/absensi, which reads the same query): kept
 * apart from absensi.ts and absensi-admin.ts because every route's validateSearch is in the entry chunk,
 * and with it everything its module holds. absensi.ts, absensi-admin.ts and absensi-list.ts re-export
 * what they used to define here.
 */
import * as v from 'valibot';
import { code, isoDate, page, perPage, text } from '../primitives';

/** The messages of the list query; ABSENSI_MESSAGES (absensi.ts) carries them too. */
export const ABSENSI_QUERY_MESSAGES = {
  tanggalRequired: 'Tanggal harus diisi',
  tanggalFormat: 'Tanggal harus berformat YYYY-MM-DD',
  dateOrder: 'Tanggal mulai tidak boleh setelah tanggal selesai',
  manualFlag: 'manual harus true atau false',
  nrpFormat: 'NRP tidak valid',
} as const;

/** The messages of the list filters; ABSENSI_ADMIN_MESSAGES (absensi-admin.ts) carries them too. */
export const ABSENSI_FILTER_MESSAGES = {
  statusFilter: 'Status Absensi tidak valid',
  sumberFilter: 'Sumber harus S, M, U atau L',
  codeFilter: 'Kode filter tidak valid',
  search: 'Kata pencarian maksimal 40 karakter',
} as const;

const Q = ABSENSI_QUERY_MESSAGES;
const M = ABSENSI_FILTER_MESSAGES;

/** 'YYYY-MM-DD', a real calendar day. */
export const TanggalSchema = v.pipe(
  v.string(Q.tanggalRequired),
  v.trim(),
  v.nonEmpty(Q.tanggalRequired),
  isoDate(Q.tanggalFormat),
);

// ---------------------------------------------------------------- list filters

/**
 * Attendance status values. The spec does not show them (part 2 §9); these are the codes Indonesian
 * payroll teams use, documented in docs/decisions/003-demo-data.md.
 */
export const STATUS_ABSENSI = [
  { id: 'H', nama: 'Hadir' },
  { id: 'S', nama: 'Sakit' },
  { id: 'I', nama: 'Izin' },
  { id: 'C', nama: 'Cuti' },
  { id: 'A', nama: 'Alpa' },
  { id: 'OFF', nama: 'Libur' },
  { id: 'DL', nama: 'Dinas Luar' },
] as const;

/**
 * The router reads `?q=26000001` from the address as a number: a search param that may be all digits
 * (an NRP, a code) is taken as either and kept as text.
 */
export const digitsAsText = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))], M.codeFilter),
  v.transform(String),
);

const filterCode = v.optional(v.pipe(digitsAsText, v.trim(), v.regex(/^[A-Za-z0-9._-]{0,10}$/, M.codeFilter)), '');

/** The filters of /absensi beyond the date range (all optional, '' = every value). */
export const absensiFilterEntries = {
  lokasi: filterCode,
  client: filterCode,
  sales_office: filterCode,
  type: filterCode,
  status: v.optional(v.picklist(['', ...STATUS_ABSENSI.map((s) => s.id)] as ['', ...string[]], M.statusFilter), ''),
  // S the phone, M manual, U upload, L an approved leave (decisions 027, 028).
  sumber: v.optional(v.picklist(['', 'S', 'M', 'U', 'L'], M.sumberFilter), ''),
  /** NRP prefix or part of the name. */
  q: v.optional(v.pipe(digitsAsText, text(40, { tooLong: M.search })), ''),
};

export const AbsensiListQuerySchema = v.pipe(
  v.object({
    startDate: v.optional(TanggalSchema),
    endDate: v.optional(TanggalSchema),
    // Empty means every employee in scope.
    nrp: v.optional(v.pipe(digitsAsText, code(/^[A-Za-z0-9._-]{0,12}$/, Q.nrpFormat))),
    manual: v.optional(v.picklist(['true', 'false', '1', '0'], Q.manualFlag)),
    ...absensiFilterEntries,
    page: page(),
    per_page: perPage(10, 1000),
  }),
  v.check((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, Q.dateOrder),
);
export type AbsensiListQuery = v.InferOutput<typeof AbsensiListQuerySchema>;
