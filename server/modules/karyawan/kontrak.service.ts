/**
 * Contracts (spec part 1 §4 "Contract renewal"): the renewal that appends the next contract, and the
 * generated documents — the contract (PKWT) and the termination agreement (perjanjian bersama) — as
 * one-page PDFs whose file names carry the number with its slashes turned into dashes.
 */
import { eq, or, sql } from 'drizzle-orm';
import { contractEnd } from '../../../src/domain/dates';
import { ALASAN_P3, AGAMA, JENIS_KELAMIN } from '../../../src/domain/enums';
import { KARYAWAN_MESSAGES } from '../../../src/domain/karyawan/karyawan-fields';
import { downloadId, renewProposal, type Renew } from '../../../src/domain/karyawan/karyawan-lifecycle';
import type { Db } from '../../db/client';
import { karyawan as k, kontrak } from '../../db/schema/karyawan';
import { jabatan, lokasi, perusahaan } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { withCodeNames } from '../../lib/employee';
import { renderPdf, type PdfLine } from '../../lib/pdf';
import { assertInScope } from '../../middleware/trustee-scope';
import { createPostingItem } from './posting.service';
import { lockNumbering, nextNoKontrak } from './karyawan-numbers';
import { loadKaryawan } from './karyawan-read.service';
import { rupiahText } from '../../../src/domain/number-text';

export const KONTRAK_MESSAGES = {
  renewed: (nrp: string, nama: string, per: number) => `Kontrak ke-${per} karyawan ${nrp} - ${nama} berhasil dibuat`,
  resigned: (nrp: string) => `Karyawan ${nrp} sudah resign: kontrak tidak dapat diperpanjang`,
  noContract: (nrp: string) => `Karyawan ${nrp} belum memiliki kontrak`,
  notFound: KARYAWAN_MESSAGES.kontrakNotFound,
  pbNotFound: KARYAWAN_MESSAGES.pbNotFound,
} as const;

/**
 * POST /api/karyawan/kontrak/renew. The server holds the §4 rule: the next sequence, starting the day
 * after the current end, ending start + months − 1 day, status B. A body that disagrees is a 400 on
 * the field that disagrees (the dialog computes the same values from the same domain function).
 */
export async function renewKontrak(db: Db, actor: Actor, input: Renew, now: Date) {
  return db.transaction(async (tx) => {
    await lockNumbering(tx);
    const e = await loadKaryawan(tx, actor, input.nrp, true);
    if (e.alasan_p3 !== null) throw conflict(KONTRAK_MESSAGES.resigned(e.nrp));
    if (!e.selesai_kontrak) throw conflict(KONTRAK_MESSAGES.noContract(e.nrp));
    const rule = renewProposal({
      per_kontrak: e.per_kontrak,
      lama_kontrak: e.lama_kontrak,
      selesai_kontrak: e.selesai_kontrak,
    });
    const issue = (path: string, message: string) => badRequest(message, [{ path, message }]);
    if (input.per_kontrak !== rule.per_kontrak) throw issue('per_kontrak', KARYAWAN_MESSAGES.perKontrak);
    if (input.mulai_kontrak !== rule.mulai_kontrak) throw issue('mulai_kontrak', KARYAWAN_MESSAGES.mulaiRenew);
    const selesai = contractEnd(input.mulai_kontrak, input.lama_kontrak);
    if (input.selesai_kontrak && input.selesai_kontrak !== selesai) {
      throw issue('selesai_kontrak', KARYAWAN_MESSAGES.selesaiKontrak);
    }
    const no_kontrak = await nextNoKontrak(tx, e.kode_prsh, input.mulai_kontrak);
    const values = {
      per_kontrak: input.per_kontrak,
      lama_kontrak: input.lama_kontrak,
      mulai_kontrak: input.mulai_kontrak,
      selesai_kontrak: selesai,
      sts_kontrak: input.status_kontrak,
    };
    await tx.insert(kontrak).values({ ...values, no_kontrak, nrp: e.nrp });
    await tx
      .update(k)
      .set({ ...values, no_kontrak, updatedAt: now })
      .where(eq(k.nrp, e.nrp));
    await createPostingItem(tx, { nrp: e.nrp, jenis_trn: 'P2', keterangan: 'Kontrak' }, { userid: actor.userid, now });
    return {
      message: KONTRAK_MESSAGES.renewed(e.nrp, e.nama, input.per_kontrak),
      result: { no_kontrak, ...values },
    };
  });
}

const rp = (n: number | null) => rupiahText(n ?? 0);
const tgl = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '-');

/** The employee with the names the documents print. */
async function documentParty(db: Db, nrp: string) {
  const [row] = await withCodeNames(
    db.select({ k, prsh: perusahaan.nama, lokasi: lokasi.nama, jabatan: jabatan.nama }).from(k).$dynamic(),
  )
    .where(eq(k.nrp, nrp))
    .limit(1);
  return row;
}

export interface PdfFile {
  name: string;
  bytes: Uint8Array;
}

/** GET /api/karyawan/kontrak/{no}/download: `no` with dashes (or the stored slashes). */
export async function kontrakDocument(db: Db, actor: Actor, no: string): Promise<PdfFile> {
  const [c] = await db
    .select()
    .from(kontrak)
    .where(or(eq(kontrak.no_kontrak, no), eq(sql`replace(${kontrak.no_kontrak}, '/', '-')`, no)))
    .limit(1);
  if (!c) throw notFound(KONTRAK_MESSAGES.notFound);
  const party = await documentParty(db, c.nrp);
  if (!party) throw notFound(KONTRAK_MESSAGES.notFound);
  const e = party.k;
  assertInScope(actor, e);
  const showGaji = actor.permissions.includes('karyawan.gaji.read');
  const lines: PdfLine[] = [
    { text: 'PERJANJIAN KERJA WAKTU TERTENTU (PKWT)', size: 14, bold: true },
    { text: `Nomor: ${c.no_kontrak}`, gap: 2 },
    { text: 'Yang bertanda tangan di bawah ini:', gap: 14 },
    { text: `1. ${party.prsh ?? e.kode_prsh} (${e.kode_prsh}), selanjutnya disebut Pihak Pertama.`, gap: 4 },
    { text: `2. ${e.nama}, NRP ${e.nrp}, selanjutnya disebut Pihak Kedua.` },
    { text: 'Data Pihak Kedua', bold: true, gap: 12 },
    { label: 'Nama', text: e.nama },
    { label: 'NRP', text: e.nrp },
    { label: 'NIK', text: e.nik ?? '-' },
    { label: 'Jenis kelamin', text: JENIS_KELAMIN[e.jenis_kelamin as 'L'] ?? e.jenis_kelamin },
    { label: 'Tempat, tgl lahir', text: `${e.tempat_lahir ?? '-'}, ${tgl(e.tgl_lahir)}` },
    { label: 'Agama', text: e.agama_id ? (AGAMA[e.agama_id as 1] ?? '-') : '-' },
    { label: 'Alamat', text: [e.alamat1, e.alamat2].filter(Boolean).join(', ') || '-' },
    { label: 'Jabatan', text: party.jabatan ?? e.jabatan_id ?? '-' },
    { label: 'Lokasi kerja', text: party.lokasi ?? e.kode_lokasi },
    { text: 'Masa Kontrak', bold: true, gap: 12 },
    { label: 'Kontrak ke-', text: String(c.per_kontrak) },
    { label: 'Lama kontrak', text: `${c.lama_kontrak} bulan` },
    { label: 'Mulai', text: tgl(c.mulai_kontrak) },
    { label: 'Selesai', text: tgl(c.selesai_kontrak) },
    { label: 'Status kontrak', text: c.sts_kontrak },
  ];
  if (showGaji) {
    lines.push(
      { text: 'Upah', bold: true, gap: 12 },
      { label: 'Gaji pokok per bulan', text: rp(e.gapok) },
      { label: 'Uang makan per hari', text: rp(e.tun_makan) },
      { label: 'Uang transport/hari', text: rp(e.tun_bensin) },
      { label: 'Uang shift per hari', text: rp(e.tun_lain) },
    );
  }
  lines.push(
    {
      text: 'Perjanjian ini berakhir dengan sendirinya pada tanggal selesai di atas, kecuali diperpanjang.',
      gap: 14,
    },
    { text: 'Pihak Pertama', right: 'Pihak Kedua', gap: 30 },
    { text: `( ${party.prsh ?? e.kode_prsh} )`, right: `( ${e.nama} )`, gap: 50 },
  );
  return { name: `${downloadId(c.no_kontrak)}.pdf`, bytes: renderPdf(lines, c.no_kontrak) };
}

/** GET /api/karyawan/pb/{no}/download: the termination agreement of a resignation, by no_pb. */
export async function pbDocument(db: Db, actor: Actor, no: string): Promise<PdfFile> {
  const [hit] = await db
    .select({ nrp: k.nrp })
    .from(k)
    .where(or(eq(k.no_pb, no), eq(sql`replace(${k.no_pb}, '/', '-')`, no)))
    .limit(1);
  const party = hit ? await documentParty(db, hit.nrp) : undefined;
  if (!party?.k.no_pb) throw notFound(KONTRAK_MESSAGES.pbNotFound);
  const e = party.k;
  assertInScope(actor, e);
  const noPb = party.k.no_pb;
  const total = (e.u_kebijaksanaan ?? 0) + (e.u_cuti ?? 0) + (e.u_lumpdrop ?? 0) - (e.u_potongan ?? 0);
  const lines: PdfLine[] = [
    { text: 'PERJANJIAN BERSAMA', size: 14, bold: true },
    { text: `Nomor: ${noPb}`, gap: 2 },
    { label: 'Pihak Pertama', text: `${party.prsh ?? e.kode_prsh} (${e.kode_prsh})`, gap: 14 },
    { label: 'Pihak Kedua', text: `${e.nama}, NRP ${e.nrp}, NIK ${e.nik ?? '-'}` },
    { label: 'Jabatan', text: `${party.jabatan ?? e.jabatan_id ?? '-'}, lokasi ${party.lokasi ?? e.kode_lokasi}` },
    { text: 'Para pihak sepakat mengakhiri hubungan kerja dengan ketentuan berikut:', gap: 12 },
    { label: 'Tanggal awal kerja', text: tgl(e.tgl_awkerja), gap: 4 },
    { label: 'Tanggal berakhir (P3)', text: tgl(e.tgl_p3) },
    { label: 'Alasan', text: e.alasan_p3 ? (ALASAN_P3[e.alasan_p3 as 1] ?? String(e.alasan_p3)) : '-' },
    { label: 'Uang kebijaksanaan', text: rp(e.u_kebijaksanaan) },
    ...(e.u_kebijaksanaan_desc ? [{ label: '', text: e.u_kebijaksanaan_desc, size: 8 }] : []),
    { label: 'Uang cuti', text: rp(e.u_cuti) },
    { label: 'Uang lumpdrop', text: rp(e.u_lumpdrop) },
    { label: 'Potongan', text: rp(e.u_potongan) },
    { label: 'Jumlah diterima', text: rp(total), bold: true },
    { label: 'Serah terima (BAST)', text: tgl(e.tgl_bast) },
    { text: 'Dengan ini para pihak tidak akan saling menuntut di kemudian hari.', gap: 14 },
    { text: 'Pihak Pertama', right: 'Pihak Kedua', gap: 30 },
    { text: `( ${party.prsh ?? e.kode_prsh} )`, right: `( ${e.nama} )`, gap: 50 },
  ];
  return { name: `${downloadId(noPb)}.pdf`, bytes: renderPdf(lines, noPb) };
}
