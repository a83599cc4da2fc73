/**
 * Salary information of one period (spec part 1 §2 "Info Gaji", §3 "salary by period (info_gaji text
 * of label:value lines)", part 2 §3 "Attendance summary"): what the period's attendance earns. The rule
 * is ours (the spec shows only the counts) and is written down in
 * docs/decisions/008-employee-upload-and-salary.md.
 */
import * as v from 'valibot';
import { nrpParam } from './karyawan';
import { rupiahText } from '../number-text';
import { periodId } from '../primitives';

export const GAJI_MESSAGES = {
  /** Spec §8, verbatim: the empty state of the tab. */
  noData: 'Tidak menemukan data gaji di periode terpilih',
  period: 'Periode harus berformat YYYYMM',
  pickPeriod: 'Pilih periode',
} as const;

export const GajiPeriodSchema = periodId(GAJI_MESSAGES.period);

/** `{nrp}/gaji/{period}`. */
export const GajiParamSchema = v.object({ nrp: nrpParam(), period: GajiPeriodSchema });

/** `/api/profile/gaji/{period}`: the own salary, the NRP being the account's. */
export const OwnGajiParamSchema = v.object({ period: GajiPeriodSchema });

/**
 * How each attendance status counts. Present days (H Hadir, DL Dinas Luar) earn the base salary and
 * the daily allowances; paid absence (S Sakit, C Cuti) earns the base salary only; I Izin, A Alpa and
 * OFF Libur earn nothing.
 */
export const PRESENT_STATUSES: readonly string[] = ['H', 'DL'];
export const PAID_ABSENCE_STATUSES: readonly string[] = ['S', 'C'];

/** One attendance day of the period: its status and whether its shift pays shift money. */
export interface GajiDay {
  sts_abs_id: string;
  ada_uang_shift: boolean;
}

export const GajiRatesSchema = v.object({
  gapok: v.number(),
  tun_makan: v.number(),
  tun_bensin: v.number(),
  tun_lain: v.number(),
});
export type GajiRates = v.InferOutput<typeof GajiRatesSchema>;

export const GajiInfoSchema = v.object({
  period_id: v.string(),
  mulai: v.string(),
  akhir: v.string(),
  jum_hk: v.number(),
  count_attend: v.number(),
  count_gapok: v.number(),
  count_tun_makan: v.number(),
  count_tun_bensin: v.number(),
  count_uang_shift: v.number(),
  rates: GajiRatesSchema,
  gapok: v.number(),
  tun_makan: v.number(),
  tun_bensin: v.number(),
  uang_shift: v.number(),
  total: v.number(),
  /** The same figures as label:value lines (spec §3), for the tab. */
  info_gaji: v.string(),
});
export type GajiInfo = v.InferOutput<typeof GajiInfoSchema>;

/** GET /api/karyawan/{nrp}/gaji/{period}: the period's pay, or null with the spec's empty-state text. */
export const GajiPeriodAnswerSchema = v.object({
  result: v.nullable(GajiInfoSchema),
  message: v.optional(v.string()),
});
export type GajiPeriodAnswer = v.InferOutput<typeof GajiPeriodAnswerSchema>;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the spec's table date). */
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The period's pay from its attendance:
 * - base salary pro rata: gapok × min(paid days, jum_hk) ÷ jum_hk, paid days = present + paid absence;
 * - meal and transport allowances: the daily amount × present days;
 * - shift money (tun_lain): the daily amount × present days on a shift with ada_uang_shift 'Y'.
 * Amounts are whole rupiah (the pro rata rounded half up).
 */
export function computeGaji(
  period: { id: string; mulai: string; akhir: string; jum_hk: number },
  rates: GajiRates,
  days: readonly GajiDay[],
): GajiInfo {
  const present = days.filter((d) => PRESENT_STATUSES.includes(d.sts_abs_id));
  const paidAbsence = days.filter((d) => PAID_ABSENCE_STATUSES.includes(d.sts_abs_id)).length;
  const jumHk = Math.max(0, period.jum_hk);
  const countGapok = Math.min(present.length + paidAbsence, jumHk);
  const countShift = present.filter((d) => d.ada_uang_shift).length;
  const gapok = jumHk === 0 ? 0 : Math.round((rates.gapok * countGapok) / jumHk);
  const tun_makan = rates.tun_makan * present.length;
  const tun_bensin = rates.tun_bensin * present.length;
  const uang_shift = rates.tun_lain * countShift;
  const total = gapok + tun_makan + tun_bensin + uang_shift;
  const lines: [string, string][] = [
    ['Periode', `${period.id} (${ddmmyyyy(period.mulai)} s/d ${ddmmyyyy(period.akhir)})`],
    ['Hari Kerja Periode', String(jumHk)],
    ['Hari Hadir', String(present.length)],
    ['Hari Dibayar Gaji Pokok', `${countGapok} (hadir + sakit/cuti)`],
    ['Gaji Pokok', `${rupiahText(rates.gapok)} × ${countGapok}/${jumHk} = ${rupiahText(gapok)}`],
    ['Tunjangan Makan', `${rupiahText(rates.tun_makan)} × ${present.length} hari = ${rupiahText(tun_makan)}`],
    ['Tunjangan Bensin', `${rupiahText(rates.tun_bensin)} × ${present.length} hari = ${rupiahText(tun_bensin)}`],
    ['Uang Shift', `${rupiahText(rates.tun_lain)} × ${countShift} hari = ${rupiahText(uang_shift)}`],
    ['Total', rupiahText(total)],
  ];
  return {
    period_id: period.id,
    mulai: period.mulai,
    akhir: period.akhir,
    jum_hk: jumHk,
    count_attend: present.length,
    count_gapok: countGapok,
    count_tun_makan: present.length,
    count_tun_bensin: present.length,
    count_uang_shift: countShift,
    rates,
    gapok,
    tun_makan,
    tun_bensin,
    uang_shift,
    total,
    info_gaji: lines.map(([label, value]) => `${label}: ${value}`).join('\n'),
  };
}

/** Splits info_gaji into its label:value lines (the first colon separates them). */
export function gajiLines(infoGaji: string): { label: string; value: string }[] {
  return infoGaji
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0 ? { label: line, value: '' } : { label: line.slice(0, at), value: line.slice(at + 1).trim() };
    });
}
