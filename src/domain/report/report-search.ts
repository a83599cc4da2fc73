/**
 * The address of the three attendance reports (/report/absensi/…) and the query of their API: the
 * filter, the page and the summary tables' page size. Kept apart from report-absensi.ts and
 * absensi-summary.ts because every route's validateSearch is in the entry chunk, and with it everything
 * its module holds; those modules re-export what they used to define here.
 */
import * as v from 'valibot';
import { angka } from '../number-text';
import { page, perPage, periodId, text } from '../primitives';

/** Page size of the summary tables (spec §9). */
export const SUMMARY_PAGE_SIZE = 30;

/**
 * Laporan Absensi counts its rows exactly up to this many, like the attendance list
 * (ABSENSI_LIST_COUNT_CAP): a whole period of 100,000 employees is 2.5 million rows, whose exact count
 * costs more than the page and whose far pages nobody reads. Beyond it the answer says
 * `totalCapped: true` and pages stop at the cap; the export still holds every row.
 */
export const REPORT_DETAIL_COUNT_CAP = 10_000;

export const REPORT_MESSAGES = {
  periodRequired: 'Mohon pilih Period',
  periodNotFound: 'Period tidak ditemukan',
  beyondCap: `Laporan menampilkan paling banyak ${angka(REPORT_DETAIL_COUNT_CAP)} baris: persempit filter atau gunakan Download untuk semua baris`,
} as const;

const optionalText = (max: number) => v.optional(text(max), '');

/** Spec §3 "Report filter" besides the period, the same on every report (attendance here, leave in leave.ts). */
export const reportFilterEntries = {
  client: optionalText(10),
  divisi: optionalText(10),
  jabatan: optionalText(10),
  key_account: optionalText(10),
  lokasi: optionalText(10),
  spg_type: optionalText(10),
  /** NRP or part of the name. */
  karyawan: optionalText(40),
};

/** Spec §3 "Report filter": the period is mandatory (checked by the server with the spec's message). */
export const ReportAbsensiFilterSchema = v.object({
  period: v.optional(
    v.union(
      [
        v.literal(''),
        periodId(REPORT_MESSAGES.periodRequired),
        // An address typed as /report/absensi/rekap-harian?period=202611 reaches the router's search as a number.
        v.pipe(v.number(), v.integer(), v.transform(String), periodId(REPORT_MESSAGES.periodRequired)),
      ],
      REPORT_MESSAGES.periodRequired,
    ),
    '',
  ),
  ...reportFilterEntries,
});
export type ReportAbsensiFilter = v.InferOutput<typeof ReportAbsensiFilterSchema>;
export type ReportAbsensiFilterInput = v.InferInput<typeof ReportAbsensiFilterSchema>;

export const ReportAbsensiQuerySchema = v.object({
  ...ReportAbsensiFilterSchema.entries,
  page: page(),
  per_page: perPage(SUMMARY_PAGE_SIZE, 1000),
});
export type ReportAbsensiQuery = v.InferOutput<typeof ReportAbsensiQuerySchema>;

// ---------------------------------------------------------------- Laporan Bukti Kunjungan

/** The address's messages; BUKTI_MESSAGES (bukti-kunjungan.ts) carries them too. */
export const BUKTI_SEARCH_MESSAGES = {
  periodInvalid: 'Period harus berformat YYYYMM',
  clientInvalid: 'Kode client tidak valid',
} as const;

/** A code typed in the address may reach the router as a number (?period=202611). */
const asText = v.pipe(v.union([v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))]), v.transform(String));

/** The screen's address: nothing chosen yet is allowed ('' each). */
export const BuktiKunjunganSearchSchema = v.object({
  period: v.optional(
    v.pipe(asText, v.trim(), v.regex(/^(\d{4}(0[1-9]|1[0-2]))?$/, BUKTI_SEARCH_MESSAGES.periodInvalid)),
    '',
  ),
  client_id: v.optional(
    v.pipe(asText, v.trim(), v.regex(/^[A-Za-z0-9._-]{0,10}$/, BUKTI_SEARCH_MESSAGES.clientInvalid)),
    '',
  ),
});
export type BuktiKunjunganSearch = v.InferOutput<typeof BuktiKunjunganSearchSchema>;
