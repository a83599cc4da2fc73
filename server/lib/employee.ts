/**
 * An employee as access checks need her: her team leader and the columns the trustee scope reads
 * (server/middleware/trustee-scope.ts). Shared by leave (who decides step 1) and devices (who may see
 * and manage her passkeys).
 */
import { eq } from 'drizzle-orm';
import type { Q } from '../db/client';
import { karyawan } from '../db/schema/karyawan';

export async function loadEmployee(db: Q, nrp: string) {
  const [emp] = await db
    .select({
      nrp: karyawan.nrp,
      team_leader_nrp: karyawan.team_leader_nrp,
      kode_prsh: karyawan.kode_prsh,
      sales_office_id: karyawan.sales_office_id,
      kode_lokasi: karyawan.kode_lokasi,
      client_id: karyawan.client_id,
      jabatan_id: karyawan.jabatan_id,
      type_spg_id: karyawan.type_spg_id,
    })
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return emp ?? null;
}
