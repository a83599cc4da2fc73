/**
 * The employee lifecycle after hiring (spec part 1 §4, §6): contract renewal, resignation (P3) and its
 * discretionary amount, the payroll posting items (P1, P2, P3) and their states — the rules and the
 * request bodies shared by the dialogs and the server. docs/decisions/007-employee-lifecycle.md explains them.
 */
import dayjs from 'dayjs';
import * as v from 'valibot';
import { contractEnd, DATE_FORMAT } from './dates';
import type { JENIS_TRN } from './enums';
import { ALASAN_P3, LAMA_KONTRAK } from './enums';
import {
  choice,
  fieldEntries,
  KARYAWAN_MESSAGES,
  MAX_RUPIAH,
  optionalDate,
  present,
  requiredDate,
  requiredText,
  text,
  wholeNumber,
} from './karyawan';

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
  const rp = (n: number) => `Rp ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
  const u_kebijaksanaan_desc =
    bulan < 1
      ? 'Masa kerja kurang dari 1 bulan: tanpa uang kebijaksanaan'
      : `Masa kerja ${bulan} bulan: ${counted}/12 × gaji pokok ${rp(input.gapok)}` +
        (bulan > KEBIJAKSANAAN_MAX_BULAN ? ` (maksimal ${KEBIJAKSANAAN_MAX_BULAN} bulan)` : '');
  return { u_kebijaksanaan, u_kebijaksanaan_desc, masa_kerja_bulan: bulan };
}

/** Spec §5 "Other": identifiers in download paths and file names have their slashes turned into dashes. */
export const downloadId = (no: string) => no.replace(/\//g, '-');

// ---------------------------------------------------------------- resign, renew, posting bodies

const resignAmount = (required?: string) => wholeNumber(KARYAWAN_MESSAGES.rupiah, 0, MAX_RUPIAH, required);

/** PUT /api/karyawan/{nrp}/resign and …/edit-resign (the NRP is in the path; `nrp` in the body is the picker's). */
export const ResignSchema = v.object({
  nrp: v.optional(v.nullable(v.string())),
  tgl_p3: requiredDate(KARYAWAN_MESSAGES.tglP3Required),
  alasan_p3: v.pipe(
    choice(Object.keys(ALASAN_P3), KARYAWAN_MESSAGES.alasanRequired),
    v.transform((s) => Number(s)),
  ),
  u_kebijaksanaan: present(resignAmount(KARYAWAN_MESSAGES.kebijaksanaanRequired)),
  u_kebijaksanaan_desc: text(255, KARYAWAN_MESSAGES.descMax),
  u_cuti: v.pipe(
    resignAmount(),
    v.transform((n) => n ?? 0),
  ),
  u_potongan: v.pipe(
    resignAmount(),
    v.transform((n) => n ?? 0),
  ),
  u_lumpdrop: v.pipe(
    resignAmount(),
    v.transform((n) => n ?? 0),
  ),
  tgl_bast: requiredDate(KARYAWAN_MESSAGES.tglBastRequired),
});
export type ResignInput = v.InferInput<typeof ResignSchema>;
export type Resign = v.InferOutput<typeof ResignSchema>;

/** The dialog also picks the employee: "Karyawan harus diisi". */
export const ResignFormSchema = v.object({
  ...ResignSchema.entries,
  nrp: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => s?.trim() ?? ''),
    v.nonEmpty(KARYAWAN_MESSAGES.karyawanRequired),
  ),
});

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

export const POSTING_STATUSES = ['open', 'posted', 'completed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
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
    v.string(KARYAWAN_MESSAGES.tglJamTrn),
    v.check((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), KARYAWAN_MESSAGES.tglJamTrn),
  ),
});
/** PUT /api/karyawan/posting: one item `{nrp, jenis_trn, tgl_jam_trn}` (spec), or several at once. */
export const PostingSchema = v.union([
  PostingKeySchema,
  v.pipe(v.array(PostingKeySchema), v.minLength(1), v.maxLength(500)),
]);
export type PostingKey = v.InferOutput<typeof PostingKeySchema>;

export const PostingListQuerySchema = v.object({
  status: v.optional(v.picklist(POSTING_STATUSES, KARYAWAN_MESSAGES.postingStatus), 'open'),
});

export interface PostingRow {
  id: number;
  nrp: string;
  nama: string;
  jenis_trn: JenisTrn;
  alasan_p3: number | null;
  mst_alasan_p3: { id: number; nama: string } | null;
  keterangan: string | null;
  tgl_jam_trn: string;
  date_posting: string | null;
  posted_by: string | null;
  date_completed: string | null;
  status: PostingStatus;
}

export const postingStatusOf = (r: { date_posting: unknown; date_completed: unknown }): PostingStatus =>
  r.date_completed ? 'completed' : r.date_posting ? 'posted' : 'open';
