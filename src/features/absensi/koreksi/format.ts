import dayjs from 'dayjs';
import '../../../lib/format';

/** 'Jum, 27 Nov 2026': a request's day, short enough for a phone card beside its badge and a table column. */
export const hariPendek = (d: string) => dayjs(d).format('ddd, DD MMM YYYY');
