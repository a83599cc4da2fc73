/**
 * A user points at codes in other tables (role, employee, the six trustee dimensions). Only the role
 * has a foreign key; the others live in a JSON list or an optional column, so they are checked here
 * before the write, and a missing code is the client's mistake (400), not a conflict.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  TRUSTEE_KEYS,
  TRUSTEE_LABELS,
  USER_MESSAGES,
  type TrusteeKey,
  type TrusteeLists,
} from '../../../src/domain/users/users';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { client, jabatan, karyawanType, lokasi, perusahaan, salesOffice } from '../../db/schema/master';
import { badRequest } from '../../lib/errors';

const TRUSTEE_COLUMNS = {
  kode_prsh: { table: perusahaan, code: perusahaan.kode_prsh },
  sales_office: { table: salesOffice, code: salesOffice.id },
  lokasi: { table: lokasi, code: lokasi.id },
  client: { table: client, code: client.id },
  jabatan: { table: jabatan, code: jabatan.id },
  spg_type: { table: karyawanType, code: karyawanType.id },
} as const satisfies Record<TrusteeKey, unknown>;

export async function loadRole(db: Db, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw badRequest(USER_MESSAGES.roleMissing, [{ path: 'role', message: USER_MESSAGES.roleMissing }]);
  return row;
}

export async function assertKaryawanExists(db: Db, nrp: string | null | undefined): Promise<void> {
  if (!nrp) return;
  const [row] = await db.select({ nrp: karyawan.nrp }).from(karyawan).where(eq(karyawan.nrp, nrp)).limit(1);
  if (!row) throw badRequest(USER_MESSAGES.nrpMissing, [{ path: 'nrp', message: USER_MESSAGES.nrpMissing }]);
}

/** Every code of every list must exist in its master table; the answer names the ones that do not. */
export async function assertTrusteeCodesExist(db: Db, trustee: TrusteeLists | undefined): Promise<void> {
  if (!trustee) return;
  for (const key of TRUSTEE_KEYS) {
    const wanted = trustee[key];
    if (!wanted.length) continue;
    const { table, code } = TRUSTEE_COLUMNS[key];
    const found = await db.select({ code }).from(table).where(inArray(code, wanted));
    const known = new Set(found.map((r) => r.code));
    const missing = wanted.filter((c) => !known.has(c));
    if (missing.length) {
      const message = `${TRUSTEE_LABELS[key]} tidak ditemukan: ${missing.slice(0, 5).join(', ')}`;
      throw badRequest(message, [{ path: `trustee.${key}`, message }]);
    }
  }
}
