/**
 * Data scope: a user's trustee lists (company, sales office, location, client, position, employee
 * type) restrict every employee-based query. An empty list, or no trustee at all, means no
 * restriction on that dimension. Services call `karyawanScope(actor)` and add it to their WHERE, so
 * lists, details, exports and reports are all filtered in the database, not in the browser.
 */
import { and, inArray, type SQL } from 'drizzle-orm';
import { karyawan } from '../db/schema/karyawan';
import { lokasi } from '../db/schema/master';
import type { Actor } from '../lib/context';
import { forbidden } from '../lib/errors';

type KaryawanColumns = Pick<
  typeof karyawan,
  'kode_prsh' | 'sales_office_id' | 'kode_lokasi' | 'client_id' | 'jabatan_id' | 'type_spg_id'
>;

export function karyawanScope(actor: Pick<Actor, 'trustee'>, k: KaryawanColumns = karyawan): SQL | undefined {
  const t = actor.trustee;
  if (!t) return undefined;
  const parts = [
    t.kode_prsh.length ? inArray(k.kode_prsh, t.kode_prsh) : undefined,
    t.sales_office.length ? inArray(k.sales_office_id, t.sales_office) : undefined,
    t.lokasi.length ? inArray(k.kode_lokasi, t.lokasi) : undefined,
    t.client.length ? inArray(k.client_id, t.client) : undefined,
    t.jabatan.length ? inArray(k.jabatan_id, t.jabatan) : undefined,
    t.spg_type.length ? inArray(k.type_spg_id, t.spg_type) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? and(...parts) : undefined;
}

type ScopedRow = {
  kode_prsh: string | null;
  sales_office_id: string | null;
  kode_lokasi: string | null;
  client_id: string | null;
  jabatan_id: string | null;
  type_spg_id: string | null;
};

/** The same rule for one loaded employee, as a yes or no (a row to refuse or a person to skip). */
export function inScope(actor: Pick<Actor, 'trustee'>, row: ScopedRow): boolean {
  const t = actor.trustee;
  if (!t) return true;
  const ok = (list: string[], value: string | null) => list.length === 0 || (value !== null && list.includes(value));
  return (
    ok(t.kode_prsh, row.kode_prsh) &&
    ok(t.sales_office, row.sales_office_id) &&
    ok(t.lokasi, row.kode_lokasi) &&
    ok(t.client, row.client_id) &&
    ok(t.jabatan, row.jabatan_id) &&
    ok(t.spg_type, row.type_spg_id)
  );
}

/** The same rule for one loaded employee (e.g. before a write): out of scope is a 403. */
export function assertInScope(actor: Pick<Actor, 'trustee'>, row: ScopedRow): void {
  if (!inScope(actor, row)) throw forbidden('Data karyawan ini di luar cakupan akses Anda');
}

/** The locations the user's trustee allows (its location and company lists). */
export function lokasiScope(actor: Pick<Actor, 'trustee'>): SQL | undefined {
  const t = actor.trustee;
  if (!t) return undefined;
  return and(
    t.lokasi.length ? inArray(lokasi.id, t.lokasi) : undefined,
    t.kode_prsh.length ? inArray(lokasi.kode_prsh, t.kode_prsh) : undefined,
  );
}

/** The same rule for one location. */
export function lokasiInScope(actor: Pick<Actor, 'trustee'>, row: { id: string; kode_prsh: string }): boolean {
  const t = actor.trustee;
  return !(
    t &&
    ((t.lokasi.length && !t.lokasi.includes(row.id)) || (t.kode_prsh.length && !t.kode_prsh.includes(row.kode_prsh)))
  );
}

/** Whether the trustee narrows employees beyond location and company (then empty locations are hidden). */
export function narrowsEmployees(actor: Pick<Actor, 'trustee'>): boolean {
  const t = actor.trustee;
  return !!t && (t.sales_office.length > 0 || t.client.length > 0 || t.jabatan.length > 0 || t.spg_type.length > 0);
}
