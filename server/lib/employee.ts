/**
 * Employee reads other areas share: the employee as access checks need her (loadEmployee: her team
 * leader and the columns the trustee scope reads, server/middleware/trustee-scope.ts; used by leave,
 * who decides step 1, and devices, who may see and manage her passkeys), and her codes joined to
 * their names (withCodeNames).
 */
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Q } from '../db/client';
import { karyawan } from '../db/schema/karyawan';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  lokasi,
  perusahaan,
  salesOffice,
} from '../db/schema/master';
import { store } from '../db/schema/store';

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

/**
 * The employee's codes joined to the names they stand for (left joins: most codes are optional): the
 * one employee-with-names join, for the detail, the Excel export and the contract documents alike. The
 * query must select from karyawan.
 */
export function withCodeNames<T extends PgSelect>(query: T): T {
  // A dynamic query's builder methods change the query in place (and return it); its selection, and
  // so its row type, was fixed by select(), which is why T comes back unchanged.
  query
    .leftJoin(perusahaan, eq(perusahaan.kode_prsh, karyawan.kode_prsh))
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(karyawanType, eq(karyawanType.id, karyawan.type_spg_id))
    .leftJoin(jabatan, eq(jabatan.id, karyawan.jabatan_id))
    .leftJoin(departemen, eq(departemen.id, karyawan.departemen_id))
    .leftJoin(divisi, eq(divisi.id, karyawan.divisi_id))
    .leftJoin(client, eq(client.id, karyawan.client_id))
    .leftJoin(store, eq(store.cust_code, karyawan.cust_code))
    .leftJoin(salesOffice, eq(salesOffice.id, karyawan.sales_office_id));
  return query;
}
