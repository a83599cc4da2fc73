/**
 * Leave kinds and cuti kinds (spec part 2 §2.6, §7 "Leave types"): the five behaviours a kind can have,
 * the kinds seeded with the spec, and what /api/jenis-leave and /api/jenis-cuti take and answer.
 */
import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { KIND_NAME_MAX, LEAVE_MESSAGES, MAX_SPAN_DAYS } from './leave-messages';
import { idString, text } from '../primitives';

/**
 * The behaviour of a leave kind (jenis_leave.type). The spec's five kinds are seeded one per type;
 * an administrator may add more kinds of an existing type (e.g. "Izin Keluarga" of type IZIN).
 */
export const LEAVE_TYPES = {
  SAKIT: { label: 'Sakit (surat dokter wajib)', statusAbsensi: 'S', byPeriod: false },
  CUTI: { label: 'Cuti', statusAbsensi: 'C', byPeriod: false },
  IZIN: { label: 'Izin', statusAbsensi: 'I', byPeriod: false },
  TUKER_OFF: { label: 'Tuker Off Hari', statusAbsensi: 'OFF', byPeriod: true },
  PERUBAHAN_SHIFT: { label: 'Perubahan Shift Kerja', statusAbsensi: null, byPeriod: true },
} as const;
export type LeaveType = keyof typeof LEAVE_TYPES;
export const LEAVE_TYPE_IDS = Object.keys(LEAVE_TYPES) as LeaveType[];

export function isLeaveType(x: string): x is LeaveType {
  return Object.hasOwn(LEAVE_TYPES, x);
}

/** The spec's five kinds (part 2 §9), seeded in this order with these types. */
export const SEEDED_JENIS_LEAVE: readonly { jenis_leave: string; type: LeaveType }[] = [
  { jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit', type: 'SAKIT' },
  { jenis_leave: 'Pengajuan Cuti', type: 'CUTI' },
  { jenis_leave: 'Izin Tidak Masuk', type: 'IZIN' },
  { jenis_leave: 'Tuker Off Hari', type: 'TUKER_OFF' },
  { jenis_leave: 'Perubahan Shift Kerja', type: 'PERUBAHAN_SHIFT' },
];

// ---------------------------------------------------------------- what the kind screens send

// A missing key falls through to nonEmpty (via the '' default) so it answers the field's own message.
const kindName = (required: string) =>
  v.optional(
    v.pipe(text(KIND_NAME_MAX, { tooLong: LEAVE_MESSAGES.nameMax, notText: required }), v.nonEmpty(required)),
    '',
  );

/** The form sends the number as typed ('3'); a JSON client sends 3. */
const lamaHari = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], LEAVE_MESSAGES.lamaHariRequired),
    v.transform((x) => (typeof x === 'number' ? x : x.trim() === '' ? NaN : Number(x))),
    v.number(LEAVE_MESSAGES.lamaHariRequired),
    v.integer(LEAVE_MESSAGES.lamaHariRequired),
    v.minValue(1, LEAVE_MESSAGES.lamaHariMin),
    v.maxValue(MAX_SPAN_DAYS, LEAVE_MESSAGES.lamaHariMax),
  ),
  '',
);

/** POST /api/jenis-leave. */
export const JenisLeaveCreateSchema = v.object({
  jenis_leave: kindName(LEAVE_MESSAGES.jenisLeaveRequired),
  type: v.optional(
    v.pipe(
      v.string(LEAVE_MESSAGES.typeRequired),
      v.nonEmpty(LEAVE_MESSAGES.typeRequired),
      v.check(isLeaveType, LEAVE_MESSAGES.typeUnknown),
      v.transform((s) => s as LeaveType),
    ),
    '',
  ),
});
export type JenisLeaveCreateInput = v.InferInput<typeof JenisLeaveCreateSchema>;

/** PUT /api/jenis-leave/{id}. The type is read-only once created (spec §2.6): it decides the kind's rules. */
export const JenisLeaveUpdateSchema = v.object({ jenis_leave: kindName(LEAVE_MESSAGES.jenisLeaveRequired) });
export type JenisLeaveUpdateInput = v.InferInput<typeof JenisLeaveUpdateSchema>;

/** POST /api/jenis-cuti and PUT /api/jenis-cuti/{id}; the screens check their drafts with it too. */
export const JenisCutiSchema = v.object({
  jenis_cuti: kindName(LEAVE_MESSAGES.jenisCutiNameRequired),
  lama_hari: lamaHari,
  potong_tahunan: v.optional(v.boolean(), true),
});
export type JenisCutiInput = v.InferInput<typeof JenisCutiSchema>;

/** PUT /api/jenis-leave/status/{id} and /api/jenis-cuti/status/{id}: the Active switch. */
export const StatusBodySchema = v.object({ status: v.boolean(LEAVE_MESSAGES.statusBool) });

/** `{id}` of /api/jenis-leave/{id}. */
export const JenisLeaveIdParamSchema = v.object({ id: idString(LEAVE_MESSAGES.jenisNotFound) });
/** `{id}` of /api/jenis-cuti/{id}. */
export const JenisCutiIdParamSchema = v.object({ id: idString(LEAVE_MESSAGES.jenisCutiNotFound) });

// ---------------------------------------------------------------- what the kind routes answer

export const JenisLeaveRowSchema = v.object({
  id: v.number(),
  jenis_leave: v.string(),
  type: v.picklist(LEAVE_TYPE_IDS),
  status: v.boolean(),
});
export type JenisLeaveRow = v.InferOutput<typeof JenisLeaveRowSchema>;
export const JenisLeaveListAnswerSchema = listAnswer(JenisLeaveRowSchema);
export const JenisLeaveDetailAnswerSchema = resultAnswer(JenisLeaveRowSchema);
export const JenisLeaveSavedSchema = messageWith(JenisLeaveRowSchema);

export const JenisCutiRowSchema = v.object({
  jenis_cuti_id: v.number(),
  jenis_cuti: v.string(),
  lama_hari: v.number(),
  /** Counts against the 12 days of annual cuti (statutory special leave does not). */
  potong_tahunan: v.boolean(),
  status: v.boolean(),
});
export type JenisCutiRow = v.InferOutput<typeof JenisCutiRowSchema>;
export const JenisCutiListAnswerSchema = listAnswer(JenisCutiRowSchema);
export const JenisCutiDetailAnswerSchema = resultAnswer(JenisCutiRowSchema);
export const JenisCutiSavedSchema = messageWith(JenisCutiRowSchema);

/** GET /api/jenis-leave/type/leave: the types a new kind can have, for the add dialog. */
export const LeaveTypeOptionSchema = v.object({ type: v.picklist(LEAVE_TYPE_IDS), label: v.string() });
export type LeaveTypeOption = v.InferOutput<typeof LeaveTypeOptionSchema>;
export const LeaveTypeListAnswerSchema = resultAnswer(v.array(LeaveTypeOptionSchema));
