import { tanggalPanjang } from '../../../lib/format';

/** Last login as the spec's display format (DD MMM YYYY) with the time; "-" when never. */
export const formatLastLogin = (iso: string | null): string => tanggalPanjang(iso, true);
