/** Display formats of the spec (part 1 §1, part 2 §9): Rupiah with grouping, Indonesian dates. */
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { rupiahText } from '../domain/number-text';

dayjs.locale('id');

/** 1234567 → "Rp 1.234.567", rounded to whole Rupiah; without Intl (src/domain/number-text.ts says why). */
export const rupiah = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : rupiahText(Math.sign(n) * Math.round(Math.abs(n)));

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const tanggal = (d: string | null | undefined) => (d ? dayjs(d).format('DD/MM/YYYY') : '-');

const LONG_FORMATS = { date: 'DD MMM YYYY', time: 'DD MMM YYYY HH:mm', seconds: 'DD MMM YYYY HH:mm:ss' } as const;

/**
 * A date or timestamp → 'DD MMM YYYY' ('21 Nov 2026'); with the time ('21 Nov 2026 08:15') when asked,
 * or with seconds ('21 Nov 2026 08:15:02', when each second of a record counts).
 */
export const tanggalPanjang = (d: string | number | null | undefined, withTime: boolean | 'seconds' = false) =>
  d === null || d === undefined
    ? '-'
    : dayjs(d).format(LONG_FORMATS[withTime === 'seconds' ? 'seconds' : withTime ? 'time' : 'date']);

/** 'YYYY-MM-DD' → 'Sabtu, 21 Nov 2026'. */
export const hariTanggal = (d: string) => dayjs(d).format('dddd, DD MMM YYYY');

/** 'HH:mm:ss' → 'HH:mm'. */
export const jam = (t: string | null | undefined) => (t ? t.slice(0, 5) : '-');

/** A timestamp → its 'HH:mm' on this device. */
export const jamDari = (d: string | number | null | undefined) =>
  d === null || d === undefined ? '-' : dayjs(d).format('HH:mm');
