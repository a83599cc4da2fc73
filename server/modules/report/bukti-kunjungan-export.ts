/**
 * GET /api/report/bukti-kunjungan/export: the report as a streamed .xlsx (server/lib/excel.ts). Sheet
 * "Bukti Kunjungan": one row per store × SPG, as the screen shows it. Sheet "Bukti": one row per
 * checked-in visit (day, store, SPG, times, verified, flags, decision) with links to its photos at
 * /uploads/photo/<file> of the server the request reached (that route shows a photo only to those who
 * may see its record). Visits are read in keyset batches, so a large client's period never sits in memory.
 */
import { FIELD_FLAG_LABEL, type FieldFlag } from '../../../src/domain/absensi/absensi';
import { BUKTI_LABEL as L, keputusanText, type BuktiKunjunganQuery } from '../../../src/domain/report/bukti-kunjungan';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { isoDateToCell, xlsxStream, type XlsxCell, type XlsxColumn } from '../../lib/excel';
import { buktiContext, buktiRows, buktiVisits, type BuktiVisit, type VisitKey } from './bukti-kunjungan.service';

const VISIT_BATCH = 1000;
const TEXT = '@';
const col = (header: string, width: number, numFmt?: string): XlsxColumn => ({ header, width, numFmt });
const yaTidak = (b: boolean) => (b ? 'Ya' : 'Tidak');

export interface BuktiFile {
  name: string;
  body: ReadableStream;
}

/** A stored photo's address on this server; null when the side has none. */
export function photoUrl(origin: string, file: string | null): string | null {
  return file ? `${origin}/uploads/photo/${encodeURIComponent(file)}` : null;
}

const flagText = (flags: readonly string[]) =>
  flags.map((f) => FIELD_FLAG_LABEL[f as FieldFlag] ?? f).join(', ') || null;

function visitCells(v: BuktiVisit, origin: string): XlsxCell[] {
  const link = (file: string | null): XlsxCell => {
    const url = photoUrl(origin, file);
    return url ? { text: url, hyperlink: url } : null;
  };
  return [
    isoDateToCell(v.tanggal),
    v.cust_code,
    v.store,
    v.nrp,
    v.nama,
    v.in_jam,
    v.out_jam,
    yaTidak(v.verified),
    flagText(v.flags),
    keputusanText(v.keputusan, v.open),
    link(v.in_foto),
    link(v.out_foto),
  ];
}

export async function exportBukti(db: Db, actor: Actor, q: BuktiKunjunganQuery, origin: string): Promise<BuktiFile> {
  const ctx = await buktiContext(db, q);
  const rows = await buktiRows(db, actor, ctx);
  const body = xlsxStream(
    [
      {
        name: 'Bukti Kunjungan',
        columns: [
          col(L.cust_code, 14, TEXT),
          col(L.store, 30),
          col(L.nrp, 12, TEXT),
          col(L.nama, 28),
          col(L.planned, 10),
          col(L.visited, 11),
          col(L.verified, 13),
          col(L.rejected, 9),
          col(L.open, 14),
          col(`${L.compliance} (%)`, 13, '0.0'),
        ],
        fill: async (add) => {
          if (rows.length)
            await add(
              rows.map((r) => [
                r.cust_code,
                r.store,
                r.nrp,
                r.nama,
                r.planned,
                r.visited,
                r.verified,
                r.rejected,
                r.open,
                r.compliance,
              ]),
            );
        },
      },
      {
        name: 'Bukti',
        columns: [
          col('Tanggal', 12, 'yyyy-mm-dd'),
          col(L.cust_code, 14, TEXT),
          col(L.store, 30),
          col(L.nrp, 12, TEXT),
          col(L.nama, 28),
          col('Jam Masuk', 11, TEXT),
          col('Jam Keluar', 11, TEXT),
          col(L.verified, 13),
          col('Flag', 30),
          col('Keputusan', 18),
          col('Foto Masuk', 60),
          col('Foto Keluar', 60),
        ],
        fill: async (add, aborted) => {
          let after: VisitKey | null = null;
          for (;;) {
            const visits = await buktiVisits(db, actor, ctx, after, VISIT_BATCH);
            if (visits.length) await add(visits.map((v) => visitCells(v, origin)));
            if (visits.length < VISIT_BATCH || aborted()) return;
            after = visits[visits.length - 1]!;
          }
        },
      },
    ],
    { onError: (err) => console.error('[report bukti-kunjungan] streaming failed:', err) },
  );
  return { name: `bukti-kunjungan-${ctx.client.id}-${ctx.period.id}.xlsx`, body };
}
