/**
 * "Laporan Bukti Kunjungan" (issue 28 item 6): the evidence the agency sends a brand client for the SPG
 * store visits it bills. For one period and one client (master `client`, karyawan.client_id), one row
 * per store × SPG counting the planned visits and what became of them. The definitions, the same on
 * the screen, in the .xlsx and in the PDF:
 *
 * - planned: a kunjungan_detail line with tgl_dcp in the period, of an employee of the client;
 * - visited: checked in (in_jam) and not rejected;
 * - rejected: the review queue decided 'tolak' (absensi_tinjau, jenis 'kunjungan');
 * - open: checked in, flagged with a code that asks for review (any but NOT_FOR_REVIEW, tinjau.ts), and
 *   not decided yet;
 * - verified: checked in, signed by her passkey (in_verified 'passkey'), not rejected and not open (a
 *   flagged line accepted with 'terima' counts);
 * - compliance: visited / planned × 100, one decimal (0 when nothing was planned).
 */
import * as v from 'valibot';
import { resultAnswer } from '../api';
import { periodId } from '../primitives';
import { BUKTI_SEARCH_MESSAGES } from './report-search';

export const BUKTI_KUNJUNGAN_TITLE = 'Laporan Bukti Kunjungan';

/** How many verified photos the PDF shows as a sample. */
export const BUKTI_PDF_PHOTOS = 6;

export const BUKTI_MESSAGES = {
  // periodInvalid, clientInvalid: the address's (report-search.ts).
  ...BUKTI_SEARCH_MESSAGES,
  periodRequired: 'Period wajib diisi',
  periodNotFound: 'Period tidak ditemukan',
  clientRequired: 'Client wajib diisi',
  clientNotFound: 'Client tidak ditemukan',
  choose: 'Pilih period dan client lalu tekan Tampilkan.',
  empty: 'Tidak ada kunjungan terencana untuk client ini pada period tersebut.',
} as const;
const M = BUKTI_MESSAGES;

// The screen's address lives in report-search.ts (the route tree imports it: decision 011).
export { BuktiKunjunganSearchSchema, type BuktiKunjunganSearch } from './report-search';

/** The API's query: both are required, each with its own message. */
export const BuktiKunjunganQuerySchema = v.object({
  period: v.pipe(
    v.optional(v.string(M.periodRequired), ''),
    v.trim(),
    v.nonEmpty(M.periodRequired),
    periodId(M.periodInvalid),
  ),
  client_id: v.pipe(
    v.optional(v.string(M.clientRequired), ''),
    v.trim(),
    v.nonEmpty(M.clientRequired),
    v.regex(/^[A-Za-z0-9._-]{1,10}$/, M.clientInvalid),
  ),
});
export type BuktiKunjunganQuery = v.InferOutput<typeof BuktiKunjunganQuerySchema>;

/** One store × SPG over the period. */
export const BuktiKunjunganRowSchema = v.object({
  cust_code: v.string(),
  /** The store's name (cust_name). */
  store: v.string(),
  nrp: v.string(),
  nama: v.string(),
  planned: v.number(),
  visited: v.number(),
  verified: v.number(),
  rejected: v.number(),
  /** Checked in, flagged for review, not decided yet. */
  open: v.number(),
  /** visited / planned × 100, one decimal. */
  compliance: v.number(),
});
export type BuktiKunjunganRow = v.InferOutput<typeof BuktiKunjunganRowSchema>;

/** `{ result: rows }`, ordered by store code then NRP. */
export const BuktiKunjunganAnswerSchema = resultAnswer(v.array(BuktiKunjunganRowSchema));
export type BuktiKunjunganAnswer = v.InferOutput<typeof BuktiKunjunganAnswerSchema>;

/** visited / planned × 100 with one decimal; 0 when nothing was planned. */
export function compliance(visited: number, planned: number): number {
  return planned > 0 ? Math.round((visited / planned) * 1000) / 10 : 0;
}

/** '92,5%' (Indonesian decimal comma). */
export const complianceText = (pct: number) => `${pct.toFixed(1).replace('.', ',')}%`;

export type BuktiTotals = Pick<
  BuktiKunjunganRow,
  'planned' | 'visited' | 'verified' | 'rejected' | 'open' | 'compliance'
> & {
  stores: number;
  spg: number;
};

/** The sums of the rows, compliance computed on the sums (not an average of the rows). */
export function buktiTotals(rows: readonly BuktiKunjunganRow[]): BuktiTotals {
  const t = { planned: 0, visited: 0, verified: 0, rejected: 0, open: 0 };
  for (const r of rows) {
    t.planned += r.planned;
    t.visited += r.visited;
    t.verified += r.verified;
    t.rejected += r.rejected;
    t.open += r.open;
  }
  return {
    ...t,
    compliance: compliance(t.visited, t.planned),
    stores: new Set(rows.map((r) => r.cust_code)).size,
    spg: new Set(rows.map((r) => r.nrp)).size,
  };
}

/** The columns' headers, the same words on the screen, in the .xlsx and in the PDF. */
export const BUKTI_LABEL = {
  cust_code: 'Kode Store',
  store: 'Store',
  nrp: 'NRP',
  nama: 'Nama SPG',
  planned: 'Rencana',
  visited: 'Dikunjungi',
  verified: 'Terverifikasi',
  rejected: 'Ditolak',
  open: 'Perlu Ditinjau',
  compliance: 'Kepatuhan',
} as const satisfies Record<keyof BuktiKunjunganRow, string>;

/** One visit's decision in words (the evidence sheet). */
export function keputusanText(keputusan: string | null, open: boolean): string {
  if (keputusan === 'tolak') return 'Ditolak';
  if (keputusan === 'terima') return 'Diterima';
  return open ? 'Menunggu tinjauan' : '-';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** '2026-11-03' → '3 Nov 2026'. */
export function tanggalText(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${d ?? ''} ${MONTHS[(m ?? 1) - 1] ?? ''} ${y ?? ''}`;
}

/** The period as people read it: '202611 (21 Okt 2026 – 20 Nov 2026)'. */
export const periodText = (p: { id: string; mulai: string; akhir: string }) =>
  `${p.id} (${tanggalText(p.mulai)} – ${tanggalText(p.akhir)})`;
