/** Display formats of the spec (part 1 §1, part 2 §9): Rupiah with grouping, Indonesian dates. */
import dayjs from 'dayjs';
import 'dayjs/locale/id';

dayjs.locale('id');

const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** 1234567 → "Rp 1.234.567". */
export const rupiah = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : `Rp ${number.format(n)}`;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const tanggal = (d: string | null | undefined) => (d ? dayjs(d).format('DD/MM/YYYY') : '-');

/** A date or timestamp → 'DD MMM YYYY' ('21 Nov 2026'); with time when asked. */
export const tanggalPanjang = (d: string | number | null | undefined, withTime = false) =>
  d === null || d === undefined ? '-' : dayjs(d).format(withTime ? 'DD MMM YYYY HH:mm' : 'DD MMM YYYY');

/** 'YYYY-MM-DD' → 'Sabtu, 21 Nov 2026'. */
export const hariTanggal = (d: string) => dayjs(d).format('dddd, DD MMM YYYY');

/** 'HH:mm:ss' → 'HH:mm'. */
export const jam = (t: string | null | undefined) => (t ? t.slice(0, 5) : '-');
