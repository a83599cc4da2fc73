/**
 * The employee lifecycle after hiring (spec part 1 §4, §6): contract renewal, resignation (P3) and its
 * discretionary amount, the payroll posting items (P1, P2, P3) and their states — the rules and the
 * request bodies shared by the dialogs and the server. docs/decisions/007-employee-lifecycle.md explains them.
 */
import dayjs from 'dayjs';
import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { contractEnd, DATE_FORMAT } from '../dates';
import type { JENIS_TRN } from '../enums';
import { ALASAN_P3, LAMA_KONTRAK } from '../enums';
import { AlasanP3Schema } from './karyawan';
import { rupiahText } from '../number-text';
import { POSTING_STATUSES, type PostingStatus } from './karyawan-search';
import { ListQuerySchema } from '../list-query';
import { code, text } from '../primitives';
import {
  choice,
  fieldEntries,
  formText,
  KARYAWAN_MESSAGES,
  optionalDate,
  optionalText,
  present,
  requiredDate,
  requiredText,
  rupiahAmount,
  wholeNumber,
} from './karyawan-fields';

// ---------------------------------------------------------------- derived rules

/** The contract the renew dialog proposes (spec §4): next sequence, the day after the end, same length. */
export function renewProposal(current: { per_kontrak: number; lama_kontrak: number | null; selesai_kontrak: string }) {
  const lama_kontrak =
    current.lama_kontrak && LAMA_KONTRAK.includes(current.lama_kontrak as 1) ? current.lama_kontrak : 12;
  const mulai_kontrak = dayjs(current.selesai_kontrak).add(1, 'day').format(DATE_FORMAT);
  return {
    per_kontrak: current.per_kontrak + 1,
    mulai_kontrak,
    lama_kontrak,
    selesai_kontrak: contractEnd(mulai_kontrak, lama_kontrak),
    status_kontrak: 'B' as const,
  };
}

/** Full months worked from the first working day through tgl_p3 (the last working day). */
export function masaKerjaBulan(tglAwkerja: string, tglP3: string): number {
  const end = dayjs(tglP3).add(1, 'day');
  return Math.max(0, end.diff(dayjs(tglAwkerja), 'month'));
}

/** The cap of the discretionary amount: one month of base salary. */
export const KEBIJAKSANAAN_MAX_BULAN = 12;

/**
 * The discretionary amount proposed for a resignation (docs/decisions/007): the PKWT compensation
 * formula of PP 35/2021 art. 16 — months worked / 12 × base salary — capped at one month's salary,
 * rounded to the rupiah; nothing below one full month. HR may change the amount in the dialog.
 */
export function kebijaksanaanOf(input: { gapok: number; tgl_awkerja: string; tgl_p3: string }) {
  const bulan = masaKerjaBulan(input.tgl_awkerja, input.tgl_p3);
  const counted = Math.min(bulan, KEBIJAKSANAAN_MAX_BULAN);
  const u_kebijaksanaan = Math.round((input.gapok * counted) / 12);
  const u_kebijaksanaan_desc =
    bulan < 1
      ? 'Masa kerja kurang dari 1 bulan: tanpa uang kebijaksanaan'
      : `Masa kerja ${bulan} bulan: ${counted}/12 × gaji pokok ${rupiahText(input.gapok)}` +
        (bulan > KEBIJAKSANAAN_MAX_BULAN ? ` (maksimal ${KEBIJAKSANAAN_MAX_BULAN} bulan)` : '');
  return { u_kebijaksanaan, u_kebijaksanaan_desc, masa_kerja_bulan: bulan };
}

/** Spec §5 "Other": identifiers in download paths and file names have their slashes turned into dashes. */
export const downloadId = (no: string) => no.replace(/\//g, '-');

/** A contract or agreement number in a download path (dashes or the stored slashes); another names nothing (404). */
const DOCUMENT_NO = /^[A-Za-z0-9._/-]{1,40}$/;
export const KontrakNoParamSchema = v.object({ no: code(DOCUMENT_NO, KARYAWAN_MESSAGES.kontrakNotFound) });
export const PbNoParamSchema = v.object({ no: code(DOCUMENT_NO, KARYAWAN_MESSAGES.pbNotFound) });

// ---------------------------------------------------------------- resign, renew, posting bodies

/** PUT /api/karyawan/{nrp}/resign and …/edit-resign (the NRP is in the path; `nrp` in the body is the picker's). */
export const ResignSchema = v.object({
  nrp: optionalText(12, KARYAWAN_MESSAGES.karyawanRequired),
  tgl_p3: requiredDate(KARYAWAN_MESSAGES.tglP3Required),
  alasan_p3: v.pipe(
    choice(Object.keys(ALASAN_P3), KARYAWAN_MESSAGES.alasanRequired),
    v.transform((s) => Number(s)),
  ),
  u_kebijaksanaan: present(rupiahAmount(KARYAWAN_MESSAGES.kebijaksanaanRequired)),
  u_kebijaksanaan_desc: optionalText(255, KARYAWAN_MESSAGES.descMax),
  u_cuti: v.pipe(
    rupiahAmount(),
    v.transform((n) => n ?? 0),
  ),
  u_potongan: v.pipe(
    rupiahAmount(),
    v.transform((n) => n ?? 0),
  ),
  u_lumpdrop: v.pipe(
    rupiahAmount(),
    v.transform((n) => n ?? 0),
  ),
  tgl_bast: requiredDate(KARYAWAN_MESSAGES.tglBastRequired),
});
export type ResignInput = v.InferInput<typeof ResignSchema>;
export type Resign = v.InferOutput<typeof ResignSchema>;

/** The resign dialog's values, as text: the same rules, and the dialog also picks the employee. */
export const ResignFormSchema = v.object({
  nrp: formText(requiredText(KARYAWAN_MESSAGES.karyawanRequired, 12, KARYAWAN_MESSAGES.karyawanRequired)),
  tgl_p3: formText(ResignSchema.entries.tgl_p3),
  alasan_p3: formText(ResignSchema.entries.alasan_p3),
  u_kebijaksanaan: formText(ResignSchema.entries.u_kebijaksanaan),
  u_kebijaksanaan_desc: formText(ResignSchema.entries.u_kebijaksanaan_desc),
  u_cuti: formText(ResignSchema.entries.u_cuti),
  u_potongan: formText(ResignSchema.entries.u_potongan),
  u_lumpdrop: formText(ResignSchema.entries.u_lumpdrop),
  tgl_bast: formText(ResignSchema.entries.tgl_bast),
});
export type ResignFormValues = v.InferInput<typeof ResignFormSchema>;

export const ResignDetailQuerySchema = v.object({ tgl_p3: requiredDate(KARYAWAN_MESSAGES.tglP3Required) });

/** POST /api/karyawan/kontrak/renew. */
export const RenewSchema = v.object({
  nrp: requiredText(KARYAWAN_MESSAGES.karyawanRequired, 12, KARYAWAN_MESSAGES.karyawanRequired),
  per_kontrak: present(wholeNumber(KARYAWAN_MESSAGES.perKontrak, 1, 999, KARYAWAN_MESSAGES.perKontrak)),
  mulai_kontrak: requiredDate(KARYAWAN_MESSAGES.mulaiKontrakRequired),
  selesai_kontrak: optionalDate,
  lama_kontrak: fieldEntries.lama_kontrak,
  status_kontrak: v.optional(v.picklist(['B'], KARYAWAN_MESSAGES.statusKontrak), 'B'),
});
export type RenewInput = v.InferInput<typeof RenewSchema>;
export type Renew = v.InferOutput<typeof RenewSchema>;

/** The posting statuses, the /karyawan/posting filter's values (karyawan-search.ts). */
export { POSTING_STATUSES, type PostingStatus } from './karyawan-search';
export const POSTING_STATUS_LABELS: Record<PostingStatus, string> = {
  open: 'Open',
  posted: 'Posted',
  completed: 'Completed',
};
export type JenisTrn = keyof typeof JENIS_TRN;

const PostingKeySchema = v.object({
  nrp: requiredText(KARYAWAN_MESSAGES.karyawanRequired, 12, KARYAWAN_MESSAGES.karyawanRequired),
  jenis_trn: v.picklist(['P1', 'P2', 'P3'], KARYAWAN_MESSAGES.jenisTrn),
  tgl_jam_trn: v.pipe(
    text(40, { notText: KARYAWAN_MESSAGES.tglJamTrn, tooLong: KARYAWAN_MESSAGES.tglJamTrn }),
    v.check((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), KARYAWAN_MESSAGES.tglJamTrn),
  ),
});
const PostingItemsSchema = v.pipe(v.array(PostingKeySchema), v.minLength(1), v.maxLength(500));

/** The body's two shapes, for the API document (PostingSchema checks it). */
export const PostingBodyDocSchema = v.union([PostingKeySchema, PostingItemsSchema]);

/**
 * PUT /api/karyawan/posting: one item `{nrp, jenis_trn, tgl_jam_trn}` (spec), or several at once; the
 * output is always the list. The shape picks the rule, so a bad field is answered with its own message
 * (a plain union would answer only that neither shape fits).
 */
export const PostingSchema = v.pipe(
  v.union([v.array(v.unknown()), v.looseObject({})], KARYAWAN_MESSAGES.postingBody),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const one = !Array.isArray(dataset.value);
    const parsed = one ? v.safeParse(PostingKeySchema, dataset.value) : v.safeParse(PostingItemsSchema, dataset.value);
    if (parsed.success) return Array.isArray(parsed.output) ? parsed.output : [parsed.output];
    for (const issue of parsed.issues) addIssue({ message: issue.message, path: issue.path });
    return NEVER;
  }),
);
export type PostingKey = v.InferOutput<typeof PostingKeySchema>;

/** GET /api/karyawan/posting/list: the items of one status, paged. */
export const PostingListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  status: v.optional(v.picklist(POSTING_STATUSES, KARYAWAN_MESSAGES.postingStatus), 'open'),
});

/** GET /api/karyawan/posting/export: only the posted items go to payroll. */
export const PostingExportQuerySchema = v.object({
  status: v.optional(v.picklist(['posted'], KARYAWAN_MESSAGES.postingExportStatus), 'posted'),
});

// ---------------------------------------------------------------- answers

export const PostingRowSchema = v.object({
  id: v.number(),
  nrp: v.string(),
  nama: v.string(),
  jenis_trn: v.picklist(['P1', 'P2', 'P3']),
  alasan_p3: v.nullable(v.number()),
  mst_alasan_p3: AlasanP3Schema,
  keterangan: v.nullable(v.string()),
  tgl_jam_trn: v.string(),
  date_posting: v.nullable(v.string()),
  posted_by: v.nullable(v.string()),
  date_completed: v.nullable(v.string()),
  status: v.picklist(POSTING_STATUSES),
});
export type PostingRow = v.InferOutput<typeof PostingRowSchema>;
export const PostingListAnswerSchema = listAnswer(PostingRowSchema);

/** GET /api/karyawan/{id}/posting/status: the employee's items, and whether one is still open. */
export const PostingStatusSchema = v.object({
  pending: v.boolean(),
  status: v.nullable(v.picklist(POSTING_STATUSES)),
  items: v.array(PostingRowSchema),
});
export type PostingStatusAnswer = v.InferOutput<typeof PostingStatusSchema>;
export const PostingStatusAnswerSchema = resultAnswer(PostingStatusSchema);

/** GET /api/karyawan/{nrp}/resign-detail: the proposed discretionary amount and dates. */
export const ResignDetailSchema = v.object({
  u_kebijaksanaan: v.number(),
  u_kebijaksanaan_desc: v.string(),
  masa_kerja_bulan: v.number(),
  nrp: v.string(),
  nama: v.string(),
  tgl_p3: v.string(),
  tgl_bast: v.string(),
});
export type ResignDetail = v.InferOutput<typeof ResignDetailSchema>;
export const ResignDetailAnswerSchema = resultAnswer(ResignDetailSchema);

/** PUT /api/karyawan/{nrp}/resign: the agreement number it gave. */
export const ResignSavedSchema = messageWith(v.object({ nrp: v.string(), no_pb: v.string() }));

/** POST /api/karyawan/kontrak/renew: the new contract. */
export const RenewSavedSchema = messageWith(
  v.object({
    no_kontrak: v.string(),
    per_kontrak: v.number(),
    lama_kontrak: v.number(),
    mulai_kontrak: v.string(),
    selesai_kontrak: v.string(),
    sts_kontrak: v.string(),
  }),
);

export const postingStatusOf = (r: { date_posting: unknown; date_completed: unknown }): PostingStatus =>
  r.date_completed ? 'completed' : r.date_posting ? 'posted' : 'open';
