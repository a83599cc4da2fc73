/**
 * "Perlu Ditinjau", the review queue of flagged check-ins (issue 28, docs/decisions/035): which flags put
 * a day or a visit in the queue, the list query and answers of /api/absensi/tinjau, the decision body and
 * the employee's note. A check-in is never refused for its flags; a reviewer accepts it (terima) or
 * rejects it (tolak, with a reason). The reason stays internal: the employee reads only the outcome and
 * the optional `pesan_karyawan` (issue 41 item 3). A rejected visit counts as not visited everywhere; a
 * rejected day still counts as present until HR changes it (Absensi Manual, or "Tandai Alpa" here).
 */
import * as v from 'valibot';
import { text } from '../primitives';
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
  pesanTooLong: 'Pesan untuk karyawan maksimal 255 karakter',
  ownRecord: 'Anda tidak dapat meninjau absensi Anda sendiri',
  alpaOnlyDay: 'Tandai Alpa hanya untuk absensi harian yang ditolak',
  alpaNotPermitted: 'Anda tidak berhak mengubah absensi',
  /** The manual change "Tandai Alpa" writes (absensi_change.alasan). */
  alpaAlasan: (alasan: string) => `Ditolak peninjau: ${alasan}`,
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

/**
 * A decision: `alasan` (internal, never shown to the employee) is required for tolak only;
 * `pesan_karyawan` is what she reads; `tandai_alpa` (a rejected day, absensi.manual) also writes the
 * audited manual change to Alpa.
 */
export const TinjauDecisionSchema = v.pipe(
  v.object({
    keputusan: v.picklist(KEPUTUSAN, M.keputusan),
    alasan: v.optional(text(255, { multiline: true, tooLong: M.alasanTooLong }), ''),
    pesan_karyawan: v.optional(text(255, { multiline: true, tooLong: M.pesanTooLong }), ''),
    tandai_alpa: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.partialCheck([['keputusan'], ['alasan']], (d) => d.keputusan !== 'tolak' || d.alasan !== '', M.alasanRequired),
    ['alasan'],
  ),
  v.forward(
    v.partialCheck([['keputusan'], ['tandai_alpa']], (d) => !d.tandai_alpa || d.keputusan === 'tolak', M.alpaOnlyDay),
    ['tandai_alpa'],
  ),
);
export type TinjauDecision = v.InferOutput<typeof TinjauDecisionSchema>;
export type TinjauDecisionInput = v.InferInput<typeof TinjauDecisionSchema>;

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
  /** The reviewer's reason: internal (reviewers only). */
  alasan: v.nullable(v.string()),
  /** What the reviewer wrote for the employee ("Pesan untuk karyawan"): the only text she reads. */
  pesan_karyawan: v.nullable(v.string()),
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

/** How alike two photos are, in words (no bit counts): within this many bits of 64 is "nearly the same". */
export const KEMIRIPAN = ['hampir_sama', 'mirip'] as const;
export type Kemiripan = (typeof KEMIRIPAN)[number];
export const NEARLY_SAME_MAX_BITS = 4;
export const kemiripanOf = (distanceBits: number): Kemiripan =>
  distanceBits <= NEARLY_SAME_MAX_BITS ? 'hampir_sama' : 'mirip';
export const KEMIRIPAN_LABEL: Record<Kemiripan, string> = {
  hampir_sama: 'Foto hampir sama persis',
  mirip: 'Foto mirip',
};
/** A matched record of an employee outside the reviewer's scope is named only so. */
export const OTHER_EMPLOYEE = 'karyawan lain';

/**
 * A flagged photo and the earlier photo it resembles (photo_reused, photo_shared), once per earlier photo.
 * The matched employee, time and photo only when the reviewer's scope holds her; otherwise
 * `matched_nama` is "karyawan lain" and the rest null.
 */
export const TinjauMatchSchema = v.object({
  side: v.picklist(['in', 'out']),
  code: v.string(),
  kemiripan: v.picklist(KEMIRIPAN),
  foto: v.string(),
  matched_foto: v.nullable(v.string()),
  matched_nrp: v.nullable(v.string()),
  matched_nama: v.string(),
  matched_at: v.nullable(v.string()),
});
export type TinjauMatch = v.InferOutput<typeof TinjauMatchSchema>;

/**
 * A record at the very same coordinates (location_identical): whose, when and where, within the reviewer's
 * scope; another's is "karyawan lain" with no NRP, time or place.
 */
export const TinjauLocationMatchSchema = v.object({
  side: v.picklist(['in', 'out']),
  jenis: v.picklist(TINJAU_JENIS),
  nrp: v.nullable(v.string()),
  nama: v.string(),
  at: v.nullable(v.string()),
  /** The store of a visit, the employee's location of a day. */
  tempat: v.nullable(v.string()),
});
export type TinjauLocationMatch = v.InferOutput<typeof TinjauLocationMatchSchema>;

export const TinjauDetailAnswerSchema = v.object({
  result: v.object({
    ...TinjauItemSchema.entries,
    matches: v.array(TinjauMatchSchema),
    lokasi_sama: v.array(TinjauLocationMatchSchema),
    /** The reviewer may change attendance (absensi.manual): the Tolak dialog of a day offers "Tandai Alpa". */
    boleh_tandai_alpa: v.boolean(),
  }),
});
export type TinjauDetail = v.InferOutput<typeof TinjauDetailAnswerSchema>['result'];
