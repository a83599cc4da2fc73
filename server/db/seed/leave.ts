/** Leave reference data: the spec's five leave kinds (part 2 §9) and the common cuti kinds. */
import type { Tx } from '../client';
import { SEEDED_JENIS_LEAVE } from '../../../src/domain/leave/leave-kinds';
import { jenisCuti, jenisLeave } from '../schema/leave';
import { insertChunked } from '../insert';

/**
 * Annual cuti in 1–3 day blocks counts against the 12 days a year; the statutory special leaves
 * (UU 13/2003 ps. 93: marriage, a child's marriage or circumcision, birth, bereavement) do not.
 */
export const SEEDED_JENIS_CUTI = [
  { jenis_cuti: 'Cuti Tahunan 1 Hari', lama_hari: 1, potong_tahunan: true },
  { jenis_cuti: 'Cuti Tahunan 2 Hari', lama_hari: 2, potong_tahunan: true },
  { jenis_cuti: 'Cuti Tahunan 3 Hari', lama_hari: 3, potong_tahunan: true },
  { jenis_cuti: 'Cuti Menikah', lama_hari: 3, potong_tahunan: false },
  { jenis_cuti: 'Cuti Menikahkan/Khitanan Anak', lama_hari: 2, potong_tahunan: false },
  { jenis_cuti: 'Cuti Istri Melahirkan', lama_hari: 2, potong_tahunan: false },
  { jenis_cuti: 'Cuti Melahirkan', lama_hari: 90, potong_tahunan: false },
  { jenis_cuti: 'Cuti Duka', lama_hari: 2, potong_tahunan: false },
] as const;

/** Ids come from the serial columns, in this order (1 = Surat Keterangan Dokter/Ijin Sakit, …). */
export async function seedLeave(tx: Tx): Promise<void> {
  await insertChunked(
    tx,
    jenisLeave,
    SEEDED_JENIS_LEAVE.map((j) => ({ ...j, status: true })),
  );
  await insertChunked(
    tx,
    jenisCuti,
    SEEDED_JENIS_CUTI.map((j) => ({ ...j, status: true })),
  );
}
