/**
 * The codes an employee points at (company, location, type, …) must exist: each unknown code is a 400
 * on its own field, before the database's foreign keys would answer with a less helpful error. The
 * store (cust_code) must belong to the chosen client, and the location to the chosen company.
 */
import { and, eq } from 'drizzle-orm';
import { karyawan } from '../../db/schema/karyawan';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Q } from '../../db/client';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  lokasi,
  perusahaan,
  salesOffice,
  umr,
} from '../../db/schema/master';
import { routeList, store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest, type FieldIssue } from '../../lib/errors';
import { karyawanScope } from '../../middleware/trustee-scope';

export interface RefValues {
  kode_prsh: string;
  kode_lokasi: string;
  type_spg_id: string;
  departemen_id: string;
  kode_umr: string;
  jabatan_id: string | null;
  divisi_id: string | null;
  client_id: string | null;
  cust_code: string | null;
  sales_office_id: string | null;
  route_list_id: string | null;
}

const REFS: { field: keyof RefValues; label: string; table: PgTable; key: PgColumn }[] = [
  { field: 'kode_prsh', label: 'Kode Perusahaan', table: perusahaan, key: perusahaan.kode_prsh },
  { field: 'kode_lokasi', label: 'Kode Lokasi', table: lokasi, key: lokasi.id },
  { field: 'type_spg_id', label: 'Tipe', table: karyawanType, key: karyawanType.id },
  { field: 'departemen_id', label: 'Departemen', table: departemen, key: departemen.id },
  { field: 'kode_umr', label: 'Kode UMR', table: umr, key: umr.id },
  { field: 'jabatan_id', label: 'Jabatan', table: jabatan, key: jabatan.id },
  { field: 'divisi_id', label: 'Divisi', table: divisi, key: divisi.id },
  { field: 'client_id', label: 'Client', table: client, key: client.id },
  { field: 'sales_office_id', label: 'Sales Office', table: salesOffice, key: salesOffice.id },
  { field: 'route_list_id', label: 'Route List', table: routeList, key: routeList.id },
];

export const refMissing = (label: string, code: string) => `${label} ${code} tidak ditemukan`;
export const lokasiOtherCompany = (id: string, prsh: string) => `Lokasi ${id} bukan lokasi perusahaan ${prsh}`;
export const storeOtherClient = (code: string, clientId: string) => `Store ${code} bukan store client ${clientId}`;

/**
 * Checks the codes in `fields` (all of them by default) of the employee `row` as it will be saved.
 * Every problem is reported at once, the first one as the message.
 */
export async function assertRefs(tx: Q, row: RefValues, fields?: ReadonlySet<string>): Promise<void> {
  const issues: FieldIssue[] = [];
  const wanted = (f: string) => !fields || fields.has(f);
  for (const ref of REFS) {
    const code = row[ref.field];
    if (code === null || !wanted(ref.field)) continue;
    const [hit] = await tx.select({ one: ref.key }).from(ref.table).where(eq(ref.key, code)).limit(1);
    if (!hit) issues.push({ path: ref.field, message: refMissing(ref.label, code) });
  }
  if (wanted('kode_lokasi') || wanted('kode_prsh')) {
    const [loc] = await tx
      .select({ kode_prsh: lokasi.kode_prsh })
      .from(lokasi)
      .where(eq(lokasi.id, row.kode_lokasi))
      .limit(1);
    if (loc && loc.kode_prsh !== row.kode_prsh) {
      issues.push({ path: 'kode_lokasi', message: lokasiOtherCompany(row.kode_lokasi, row.kode_prsh) });
    }
  }
  if (row.cust_code !== null && (wanted('cust_code') || wanted('client_id'))) {
    const [st] = await tx
      .select({ client_id: store.client_id })
      .from(store)
      .where(eq(store.cust_code, row.cust_code))
      .limit(1);
    if (!st) issues.push({ path: 'cust_code', message: refMissing('Store', row.cust_code) });
    else if (row.client_id !== null && st.client_id !== row.client_id) {
      issues.push({ path: 'cust_code', message: storeOtherClient(row.cust_code, row.client_id) });
    }
  }
  if (issues.length) throw badRequest(issues[0]?.message ?? 'Data tidak valid', issues);
}

export const TEAM_LEADER_MESSAGES = {
  missing: (nrp: string) => `Team Leader ${nrp} tidak ditemukan`,
  resigned: (nrp: string, nama: string) => `Team Leader ${nrp} - ${nama} sudah resign`,
  self: 'Team Leader tidak boleh karyawan itu sendiri',
} as const;

/**
 * The team leader of employee `nrp` (null on a create: her NRP is not drawn yet) must be another,
 * active employee the user may see: one outside the user's trustee scope reads as unknown, as in the
 * employee picker (docs/decisions/043-team-leader.md).
 */
export async function assertTeamLeader(tx: Q, actor: Actor, nrp: string | null, leader: string): Promise<void> {
  const refuse = (message: string) => badRequest(message, [{ path: 'team_leader_nrp', message }]);
  if (nrp !== null && leader === nrp) throw refuse(TEAM_LEADER_MESSAGES.self);
  const [row] = await tx
    .select({ nrp: karyawan.nrp, nama: karyawan.nama, alasan_p3: karyawan.alasan_p3 })
    .from(karyawan)
    .where(and(eq(karyawan.nrp, leader), karyawanScope(actor)))
    .limit(1);
  if (!row) throw refuse(TEAM_LEADER_MESSAGES.missing(leader));
  if (row.alasan_p3 !== null) throw refuse(TEAM_LEADER_MESSAGES.resigned(row.nrp, row.nama));
}

/** The type's three allowances and the UMR amount: the defaults of a new employee's salary. */
export async function salaryDefaults(tx: Q, typeId: string, umrId: string) {
  const [type] = await tx
    .select({ tun_makan: karyawanType.tun_makan, tun_bensin: karyawanType.tun_bensin, tun_lain: karyawanType.tun_lain })
    .from(karyawanType)
    .where(eq(karyawanType.id, typeId))
    .limit(1);
  const [u] = await tx.select({ umr: umr.umr }).from(umr).where(eq(umr.id, umrId)).limit(1);
  return { type: type ?? { tun_makan: 0, tun_bensin: 0, tun_lain: 0 }, umr: u?.umr ?? null };
}
