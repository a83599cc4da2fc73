/**
 * The address of /absensi/tinjau and the query of GET /api/absensi/tinjau ("Perlu Ditinjau"), apart from
 * tinjau.ts: the route tree keeps validateSearch in the app chunk with everything its module imports
 * (decision 011), and tinjau.ts holds the queue's answers, flags and messages. tinjau.ts re-exports these.
 */
import * as v from 'valibot';
import { isoDate, page, perPage } from '../primitives';
import { digitsAsText } from './absensi-search';

export const TINJAU_JENIS = ['hari', 'kunjungan'] as const;
export type TinjauJenis = (typeof TINJAU_JENIS)[number];

/** The list query's messages; TINJAU_MESSAGES (tinjau.ts) carries them too. */
export const TINJAU_QUERY_MESSAGES = {
  status: 'Status harus open atau closed',
  jenis: 'Jenis harus hari atau kunjungan',
  tanggal: 'Tanggal harus berformat YYYY-MM-DD',
  dateOrder: 'Tanggal mulai tidak boleh setelah tanggal selesai',
  lokasi: 'Kode lokasi tidak valid',
} as const;
const M = TINJAU_QUERY_MESSAGES;

const day = v.optional(v.pipe(v.string(M.tanggal), v.trim(), isoDate(M.tanggal)));

export const TinjauListQuerySchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(['open', 'closed'], M.status), 'open'),
    startDate: day,
    endDate: day,
    lokasi_id: v.optional(v.pipe(digitsAsText, v.trim(), v.regex(/^[A-Za-z0-9._-]{0,10}$/, M.lokasi)), ''),
    jenis: v.optional(v.picklist(['', ...TINJAU_JENIS], M.jenis), ''),
    page: page(),
    per_page: perPage(20, 200),
  }),
  v.check((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, M.dateOrder),
);
export type TinjauListQuery = v.InferOutput<typeof TinjauListQuerySchema>;
