/**
 * The payroll feed (docs/decisions/007): GET /api/karyawan/posting/export?status=posted answers every
 * posted item of the user's scope as CSV, with the employee data payroll needs, and marks those items
 * completed in the same transaction. What was exported is exactly what was completed.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { karyawan as k, karyawanPosting as p } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { karyawanScope } from '../../middleware/trustee-scope';

const COLUMNS = {
  jenis_trn: p.jenis_trn,
  tgl_jam_trn: p.tgl_jam_trn,
  date_posting: p.date_posting,
  nrp: k.nrp,
  nama: k.nama,
  nik: k.nik,
  jenis_kelamin: k.jenis_kelamin,
  kode_prsh: k.kode_prsh,
  kode_lokasi: k.kode_lokasi,
  sales_office_id: k.sales_office_id,
  type_spg_id: k.type_spg_id,
  jabatan_id: k.jabatan_id,
  departemen_id: k.departemen_id,
  divisi_id: k.divisi_id,
  client_id: k.client_id,
  status: k.status,
  jobclass: k.jobclass,
  tgl_awkerja: k.tgl_awkerja,
  no_kontrak: k.no_kontrak,
  per_kontrak: k.per_kontrak,
  lama_kontrak: k.lama_kontrak,
  mulai_kontrak: k.mulai_kontrak,
  selesai_kontrak: k.selesai_kontrak,
  rek_bca: k.rek_bca,
  npwp: k.npwp,
  tgl_pph: k.tgl_pph,
  status_kel: k.status_kel,
  jumlah_anak: k.jumlah_anak,
  bpjs_kes: k.bpjs_kes,
  ka_bpjs_kes: k.ka_bpjs_kes,
  ka_bpjs_tk: k.ka_bpjs_tk,
  kode_umr: k.kode_umr,
  gapok: k.gapok,
  tun_makan: k.tun_makan,
  tun_bensin: k.tun_bensin,
  tun_lain: k.tun_lain,
  tgl_p3: k.tgl_p3,
  alasan_p3: p.alasan_p3,
  no_pb: k.no_pb,
  u_kebijaksanaan: k.u_kebijaksanaan,
  u_cuti: k.u_cuti,
  u_potongan: k.u_potongan,
  u_lumpdrop: k.u_lumpdrop,
  tgl_bast: k.tgl_bast,
  keterangan: p.keterangan,
};

/** RFC 4180 quoting; text that a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return String(value);
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export async function exportPosted(
  db: Db,
  actor: Actor,
  now: Date,
): Promise<{ name: string; csv: string; count: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: p.id, ...COLUMNS })
      .from(p)
      .innerJoin(k, eq(k.nrp, p.nrp))
      .where(and(isNotNull(p.date_posting), isNull(p.date_completed), karyawanScope(actor)))
      .orderBy(asc(p.tgl_jam_trn), asc(p.id))
      .for('update', { of: p });
    if (rows.length) {
      await tx
        .update(p)
        .set({ date_completed: now, completed_by: actor.userid })
        .where(
          inArray(
            p.id,
            rows.map((r) => r.id),
          ),
        );
    }
    const header = Object.keys(COLUMNS);
    const lines = [header.join(',')];
    for (const r of rows) lines.push(header.map((h) => csvCell(r[h as keyof typeof r])).join(','));
    const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 15);
    // A BOM, so a spreadsheet opening the file reads the names as UTF-8.
    return { name: `posting-karyawan-${stamp}.csv`, csv: `\ufeff${lines.join('\r\n')}\r\n`, count: rows.length };
  });
}
