import dayjs from 'dayjs';
import { YA_TIDAK } from '../../domain/enums';

const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** 1234567 → "Rp 1.234.567". */
export const rupiah = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : `Rp ${number.format(n)}`;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (spec part 2 §9). */
export const tanggal = (d: string | null | undefined) => (d ? dayjs(d).format('DD/MM/YYYY') : '-');

/** 'HH:mm:ss' → 'HH:mm'. */
export const jam = (t: string | null | undefined) => (t ? t.slice(0, 5) : '-');

export const yaTidak = (flag: string | null | undefined) => (flag === 'Y' ? YA_TIDAK.Y : YA_TIDAK.T);
