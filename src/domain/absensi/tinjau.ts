/**
 * "Perlu Ditinjau", the review queue of flagged check-ins (issue 28, docs/decisions/035): which flags put
 * a day or a visit in the queue, the list query and answers of /api/absensi/tinjau, the decision body and
 * the employee's note. A check-in is never refused for its flags; a reviewer accepts it (terima) or
 * rejects it (tolak), always with a reason. A rejected visit counts as not visited everywhere; a rejected
 * day shows as such in the list and the reports.
 */
import * as v from 'valibot';
import { FIELD_FLAGS, type FieldFlag } from './absensi';
import { TINJAU_JENIS, TINJAU_QUERY_MESSAGES, type TinjauJenis } from './tinjau-search';

/**
 * Every field flag asks for a look but `after_posting`, which only tells payroll that a check-in of a
 * posted period arrived late (it has its own place on the posting screen).
 */
export const NOT_FOR_REVIEW: readonly FieldFlag[] = ['after_posting'];
export const REVIEW_FLAGS = FIELD_FLAGS.filter((f) => !NOT_FOR_REVIEW.includes(f));
export const needsReview = (flags: readonly string[]) => flags.some((f) => !NOT_FOR_REVIEW.includes(f as FieldFlag));

export { TINJAU_JENIS, type TinjauJenis };
export const TINJAU_JENIS_LABEL: Record<TinjauJenis, string> = { hari: 'Absensi Harian', kunjungan: 'Kunjungan' };

export const KEPUTUSAN = ['terima', 'tolak'] as const;
export type Keputusan = (typeof KEPUTUSAN)[number];
export const KEPUTUSAN_LABEL: Record<Keputusan, string> = { terima: 'Diterima', tolak: 'Ditolak' };

export const TINJAU_MESSAGES = {
  alasanRequired: 'Alasan wajib diisi',
  alasanTooLong: 'Alasan maksimal 255 karakter',
  keputusan: 'Keputusan harus terima atau tolak',
  ...TINJAU_QUERY_MESSAGES,
  id: 'ID tinjauan tidak valid',
  notFound: 'Data tinjauan tidak ditemukan',
  alreadyDecided: 'Data ini sudah diputuskan',
  decided: { terima: 'Check in diterima', tolak: 'Check in ditolak' } as Record<Keputusan, string>,
  catatanRequired: 'Catatan wajib diisi',
  catatanTooLong: 'Catatan maksimal 255 karakter',
  catatanSaved: 'Catatan tersimpan',
  notOwn: 'Anda hanya dapat memberi catatan pada absensi Anda sendiri',
} as const;
const M = TINJAU_MESSAGES;

/**
 * An item's id names its record: `hari-<absensi.id>` or `kunjungan-<kunjungan_detail.id>`, so the queue
 * needs no row of its own before someone acts on it.
 */
export const TinjauIdSchema = v.pipe(
  v.string(M.id),
  v.regex(/^(hari|kunjungan)-[1-9][0-9]{0,9}$/, M.id),
  v.transform((s) => {
    const [jenis, id] = s.split('-') as [TinjauJenis, string];
    return { jenis, recordId: Number(id) };
  }),
  v.check((r) => r.recordId <= 2_147_483_647, M.id),
);
export const tinjauId = (jenis: TinjauJenis, recordId: number) => `${jenis}-${recordId}`;

// The list query lives in tinjau-search.ts (the route tree imports it: decision 011).
export { TinjauListQuerySchema, type TinjauListQuery } from './tinjau-search';

const reason = (required: string, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(255, tooLong));

export const TinjauDecisionSchema = v.object({
  keputusan: v.picklist(KEPUTUSAN, M.keputusan),
  alasan: reason(M.alasanRequired, M.alasanTooLong),
});
export type TinjauDecision = v.InferOutput<typeof TinjauDecisionSchema>;

export const TinjauCatatanSchema = v.object({ catatan: reason(M.catatanRequired, M.catatanTooLong) });

const side = v.object({
  jam: v.nullable(v.string()),
  foto: v.nullable(v.string()),
  lat: v.nullable(v.number()),
  long: v.nullable(v.number()),
  accuracy: v.nullable(v.number()),
  verified: v.nullable(v.string()),
});
export type TinjauSide = v.InferOutput<typeof side>;

export const TinjauItemSchema = v.object({
  id: v.string(),
  jenis: v.picklist(TINJAU_JENIS),
  nrp: v.string(),
  nama: v.string(),
  tanggal: v.string(),
  lokasi_id: v.nullable(v.string()),
  flags: v.array(v.string()),
  status: v.picklist(['open', 'closed']),
  keputusan: v.nullable(v.picklist(KEPUTUSAN)),
  alasan: v.nullable(v.string()),
  diputuskan_oleh: v.nullable(v.string()),
  diputuskan_pada: v.nullable(v.string()),
  catatan: v.nullable(v.string()),
  /** The visit's store (jenis kunjungan). */
  store: v.nullable(
    v.object({
      cust_code: v.string(),
      nama: v.string(),
      lat: v.nullable(v.number()),
      long: v.nullable(v.number()),
      /** Its check-in radius in metres; null = the server's default. */
      radius_m: v.nullable(v.number()),
    }),
  ),
  in: side,
  out: side,
});
export type TinjauItem = v.InferOutput<typeof TinjauItemSchema>;

/**
 * `totalCount` is exact up to TINJAU_LIST_COUNT_CAP (50 pages of 20); beyond it the answer says
 * `totalCapped: true` (a company whose phones are not enrolled yet flags every check-in: a month of 100,000
 * employees is millions of items, and counting them costs more than the page). Narrow the period or the
 * location to page further.
 */
export const TINJAU_LIST_COUNT_CAP = 1_000;
export const TinjauListAnswerSchema = v.object({
  result: v.array(TinjauItemSchema),
  totalCount: v.number(),
  totalCapped: v.optional(v.boolean()),
});

/** A flagged photo and the earlier photo it resembles (photo_reused, photo_shared). */
export const TinjauMatchSchema = v.object({
  side: v.picklist(['in', 'out']),
  code: v.string(),
  distance: v.number(),
  foto: v.string(),
  matched_foto: v.string(),
  matched_nrp: v.string(),
  matched_nama: v.nullable(v.string()),
  matched_at: v.string(),
});
export type TinjauMatch = v.InferOutput<typeof TinjauMatchSchema>;

export const TinjauDetailAnswerSchema = v.object({
  result: v.object({ ...TinjauItemSchema.entries, matches: v.array(TinjauMatchSchema) }),
});
export type TinjauDetail = v.InferOutput<typeof TinjauDetailAnswerSchema>['result'];
