/**
 * A shift's times by date (issue 41 item 4, docs/decisions/045-shift-history.md): a change of Jam Mulai,
 * Jam Selesai, the tolerances, Uang Shift or Batas Check Out applies from "Berlaku mulai" (default today
 * in the business zone, WIB); the days before it keep the times they were judged by. A back-dated change
 * names how many recorded days it re-judges before it is made; a date inside a posted period is refused.
 */
import * as v from 'valibot';
import { resultAnswer } from '../api';
import { isCalendarDate, isoDate } from '../primitives';

export const SHIFT_HISTORY_MESSAGES = {
  berlakuMulai: 'Berlaku mulai harus tanggal yang valid (YYYY-MM-DD)',
  /** The confirm of a back-dated change (the screen's dialog; the preview answers the count). */
  konfirmasi: (hari: number) =>
    hari === 0
      ? 'Tanggal ini sudah lewat, tetapi belum ada hari tercatat dengan shift ini sejak tanggal itu. Lanjutkan?'
      : `Perubahan ini mengubah ${hari} hari yang sudah tercatat. Lanjutkan?`,
  /** A Berlaku mulai inside (or before the end of) a posted period. */
  diposting: (periode: string, bolehMulai: string) =>
    `Berlaku mulai jatuh pada periode ${periode} yang sudah diposting. Pilih tanggal ${bolehMulai} atau sesudahnya.`,
} as const;

/** The fields whose change applies from Berlaku mulai (everything a day is judged or counted by). */
export const SHIFT_TIME_FIELDS = [
  'jam_mulai',
  'jam_selesai',
  'ada_uang_shift',
  'toleransi_terlambat',
  'toleransi_pulang_cepat',
  'batas_check_out',
] as const;

/**
 * `berlaku_mulai` of PUT /api/shift/{id}: optional (absent, null or empty = today, WIB), so a shift row
 * sent back as read (berlaku_mulai null) and the form's empty field both mean the default.
 */
export const berlakuMulaiSchema = v.pipe(
  v.nullish(v.string(SHIFT_HISTORY_MESSAGES.berlakuMulai)),
  v.transform((s) => s?.trim() ?? ''),
  v.check((s) => s === '' || isCalendarDate(s), SHIFT_HISTORY_MESSAGES.berlakuMulai),
  v.transform((s) => s || undefined),
);

/** GET /api/shift/{id}/dampak?berlaku_mulai=: what the change would re-judge. */
export const ShiftDampakQuerySchema = v.object({ berlaku_mulai: isoDate(SHIFT_HISTORY_MESSAGES.berlakuMulai) });

export const ShiftDampakSchema = v.object({
  berlaku_mulai: v.string(),
  /** Today in the business zone (WIB): a berlaku_mulai before it is back-dated. */
  hari_ini: v.string(),
  /** The recorded days (attendance rows) of this shift from berlaku_mulai to yesterday. */
  hari_tercatat: v.number(),
  /** The confirm text when back-dated, else null. */
  konfirmasi: v.nullable(v.string()),
  /** Set when berlaku_mulai falls in a posted period: the refusal the change would get. */
  ditolak: v.nullable(v.string()),
});
export type ShiftDampak = v.InferOutput<typeof ShiftDampakSchema>;
export const ShiftDampakAnswerSchema = resultAnswer(ShiftDampakSchema);
