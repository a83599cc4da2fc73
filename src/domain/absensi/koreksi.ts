/**
 * "Koreksi Absensi" (issue 29 item 2): an employee asks to correct one day of her attendance — a day of
 * the last 7 in her location's zone, not in a posted period — with the proposed check-in and/or
 * check-out, a required reason and an optional photo. Decided in two steps like leave: her team leader
 * (when she has one with an active account), then an admin holding absensi.koreksi in scope. The
 * approval writes the day through the audited manual-change path. One schema for form and server.
 */
import * as v from 'valibot';
import { fileField, listAnswer, messageWith } from '../api';
import { idString, isoDate, page, perPage, text, timeOfDay } from '../primitives';
import { TIME_ZONES } from '../time-zone';

export const KOREKSI_ALASAN_MAX = 255;
/** How many days back she may correct: today and the 6 days before it (her zone's calendar). */
export const KOREKSI_DAYS = 7;

export const KOREKSI_MESSAGES = {
  tanggalRequired: 'Tanggal harus diisi',
  tanggalFormat: 'Format tanggal harus YYYY-MM-DD',
  tooOld: `Koreksi absensi hanya untuk ${KOREKSI_DAYS} hari terakhir`,
  future: 'Tanggal koreksi tidak boleh setelah hari ini',
  jamFormat: 'Format jam tidak benar',
  jamRequired: 'Isi jam masuk atau jam keluar yang diusulkan',
  jamOrder: 'Jam masuk harus lebih kecil dari jam keluar',
  jamFuture: 'Jam tidak boleh melebihi waktu sekarang',
  alasanRequired: 'Alasan koreksi harus diisi',
  alasanMax: `Alasan maksimal ${KOREKSI_ALASAN_MAX} karakter`,
  keteranganMax: `Keterangan maksimal ${KOREKSI_ALASAN_MAX} karakter`,
  decisionStatus: 'Status harus A (setujui) atau R (tolak)',
  statusFilter: 'Status harus open, decided atau all',
  /** Spec text, verbatim. */
  posted: 'Periode sudah diposting',
  notLinked: 'Akun Anda tidak terhubung dengan data karyawan',
  notFound: 'Koreksi absensi tidak ditemukan',
  ownRequest: 'Anda tidak dapat memutuskan koreksi absensi Anda sendiri',
  notApprover: 'Anda bukan approver langkah ini',
  tlCannotBeAdmin: 'Team leader pada langkah pertama tidak dapat menyetujui langkah admin',
  alreadyDecided: 'Koreksi absensi ini sudah diputuskan',
  noPhoto: 'Koreksi absensi ini tidak memiliki foto',
  photoType: 'Foto harus berupa gambar JPEG, PNG atau WebP',
  created: 'Koreksi absensi terkirim',
  approved: 'Koreksi absensi disetujui',
  rejected: 'Koreksi absensi ditolak',
} as const;
const M = KOREKSI_MESSAGES;

/** 'HH:mm:ss' or 'HH:mm' (a time input); blank = that time is not corrected. */
const proposedJam = v.optional(
  v.pipe(
    v.string(M.jamFormat),
    v.trim(),
    v.transform((s) => (/^\d{2}:\d{2}$/.test(s) ? `${s}:00` : s)),
    v.union([v.literal(''), timeOfDay(M.jamFormat)], M.jamFormat),
  ),
  '',
);

export const koreksiFieldEntries = {
  tanggal: v.pipe(
    v.optional(v.string(M.tanggalRequired), ''),
    v.trim(),
    v.nonEmpty(M.tanggalRequired),
    isoDate(M.tanggalFormat),
  ),
  jam_masuk: proposedJam,
  jam_keluar: proposedJam,
  alasan: v.pipe(
    v.optional(text(KOREKSI_ALASAN_MAX, { multiline: true, tooLong: M.alasanMax }), ''),
    v.nonEmpty(M.alasanRequired),
  ),
  /** Device time of filing (the outbox row's capturedAt). */
  captured_at: v.optional(v.pipe(v.string(), v.trim(), v.isoTimestamp(), v.maxLength(40))),
};

/** POST /api/absensi/koreksi fields (multipart or JSON); the photo is the multipart part `foto`. */
export const KoreksiFieldsSchema = v.pipe(
  v.object(koreksiFieldEntries),
  v.forward(
    v.check((f) => f.jam_masuk !== '' || f.jam_keluar !== '', M.jamRequired),
    ['jam_masuk'],
  ),
  v.forward(
    v.check((f) => f.jam_masuk === '' || f.jam_keluar === '' || f.jam_masuk < f.jam_keluar, M.jamOrder),
    ['jam_keluar'],
  ),
);
export type KoreksiFields = v.InferOutput<typeof KoreksiFieldsSchema>;
/** The form's values (the schema's input). */
export type KoreksiFormValues = v.InferInput<typeof KoreksiFieldsSchema>;
/** The fields as they travel (multipart: text). */
export type KoreksiFormFields = { [K in keyof typeof koreksiFieldEntries]?: string };

/** The multipart body as the API document shows it. */
export const KoreksiFormDocSchema = v.object({
  ...Object.fromEntries(Object.keys(koreksiFieldEntries).map((k) => [k, v.optional(v.string())])),
  foto: v.optional(fileField('JPEG, PNG or WebP photo of at most 2 MB (checked by content)')),
});

/** Whether `tanggal` lies in the last KOREKSI_DAYS days ending `today` (both 'YYYY-MM-DD'). */
export function koreksiDayAllowed(tanggal: string, today: string): 'ok' | 'future' | 'tooOld' {
  if (tanggal > today) return 'future';
  return tanggal >= firstKoreksiDay(today) ? 'ok' : 'tooOld';
}

/**
 * The proposed time that lies after `now` (her local time of `today`), or null: a correction of today
 * can only say what already happened.
 */
export function koreksiJamAfterNow(
  f: { tanggal: string; jam_masuk: string; jam_keluar: string },
  today: string,
  now: string,
): 'jam_masuk' | 'jam_keluar' | null {
  if (f.tanggal !== today) return null;
  if (f.jam_masuk !== '' && f.jam_masuk > now) return 'jam_masuk';
  if (f.jam_keluar !== '' && f.jam_keluar > now) return 'jam_keluar';
  return null;
}

/** The oldest day she may still correct, for `today`. */
export function firstKoreksiDay(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d - (KOREKSI_DAYS - 1)));
  return at.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------- lists

export const KOREKSI_LIST_STATUSES = ['open', 'decided', 'all'] as const;
export type KoreksiListStatus = (typeof KOREKSI_LIST_STATUSES)[number];

/** GET /api/absensi/koreksi: `status` open (waiting), decided, all; `mine=1` her own requests. */
export const KoreksiListQuerySchema = v.object({
  status: v.optional(v.picklist(KOREKSI_LIST_STATUSES, M.statusFilter), 'open'),
  mine: v.optional(v.picklist(['0', '1'], 'mine harus 0 atau 1'), '0'),
  page: page(),
  per_page: perPage(50, 100),
});
export type KoreksiListQuery = v.InferOutput<typeof KoreksiListQuerySchema>;

export const KoreksiIdParamSchema = v.object({ id: idString(M.notFound) });

/** POST /api/absensi/koreksi/{id}/status */
export const KoreksiDecisionSchema = v.object({
  status: v.picklist(['A', 'R'], M.decisionStatus),
  keterangan: v.optional(v.nullable(text(KOREKSI_ALASAN_MAX, { multiline: true, tooLong: M.keteranganMax })), null),
  captured_at: v.optional(v.pipe(v.string(), v.trim(), v.isoTimestamp(), v.maxLength(40))),
});
export type KoreksiDecision = v.InferOutput<typeof KoreksiDecisionSchema>;
export type KoreksiDecisionInput = v.InferInput<typeof KoreksiDecisionSchema>;

const jam = v.nullable(v.string());
const at = v.nullable(v.string());
const decision = v.nullable(v.picklist(['A', 'R']));

export const KoreksiRowSchema = v.object({
  id: v.number(),
  nrp: v.string(),
  nama: v.string(),
  tanggal: v.string(),
  /** Her location's zone: the times are local times of it. */
  time_zone: v.picklist(TIME_ZONES),
  jam_masuk_lama: jam,
  jam_keluar_lama: jam,
  jam_masuk: jam,
  jam_keluar: jam,
  alasan: v.string(),
  has_foto: v.boolean(),
  status: v.picklist(['N', 'A', 'R']),
  /** 1 waits for the team leader, 2 for an admin, 0 decided. */
  step: v.picklist([0, 1, 2]),
  tl_nrp: v.nullable(v.string()),
  tl_nama: v.nullable(v.string()),
  tl_status: decision,
  tl_at: at,
  tl_keterangan: v.nullable(v.string()),
  admin_nama: v.nullable(v.string()),
  admin_status: decision,
  admin_at: at,
  admin_keterangan: v.nullable(v.string()),
  captured_at: at,
  received_at: v.string(),
});
export type KoreksiRow = v.InferOutput<typeof KoreksiRowSchema>;

export const KoreksiListAnswerSchema = listAnswer(KoreksiRowSchema);
export const KoreksiCreatedSchema = messageWith(v.object({ id: v.number() }));
export const KoreksiDecidedSchema = messageWith(KoreksiRowSchema);
export type KoreksiCreated = v.InferInput<typeof KoreksiCreatedSchema>;
export type KoreksiDecided = v.InferInput<typeof KoreksiDecidedSchema>;

// ---------------------------------------------------------------- state

export type KoreksiState = 'tl' | 'admin' | 'approved' | 'rejected';

export const KOREKSI_STATE_LABEL: Record<KoreksiState, string> = {
  tl: 'Menunggu Team Leader',
  admin: 'Menunggu Admin',
  approved: 'Disetujui',
  rejected: 'Ditolak',
};

export function koreksiState(row: Pick<KoreksiRow, 'status' | 'step'>): KoreksiState {
  if (row.status === 'A') return 'approved';
  if (row.status === 'R') return 'rejected';
  return row.step === 1 ? 'tl' : 'admin';
}
