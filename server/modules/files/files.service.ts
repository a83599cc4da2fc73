/**
 * Who may see a stored photo: the rows that name it decide (docs/decisions/ — object storage). A
 * photo belongs to the employee of its record — an attendance day (foto_masuk/foto_keluar), a store
 * visit (in_foto/out_foto) or the employee's own data (foto_kar/foto_ktp) — and is shown to that
 * employee, and to users whose permission reads that kind of record and whose trustee scope covers
 * the employee. Each photo column has an index, so the lookup by name is a few index probes.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Permission } from '../../../src/domain/roles/permissions';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { absensi } from '../../db/schema/absensi';
import type { Actor } from '../../lib/context';
import { karyawanScope } from '../../middleware/trustee-scope';

export type PhotoRecord = 'absensi' | 'kunjungan' | 'karyawan';

/** The permissions that read each kind of record (the screens that show its photo). */
export const PHOTO_READERS: Record<PhotoRecord, readonly Permission[]> = {
  absensi: ['absensi.read', 'absensi.manual'],
  kunjungan: ['kunjungan.read'],
  karyawan: ['karyawan.read', 'karyawan.resign'],
};

export interface PhotoOwner {
  nrp: string;
  record: PhotoRecord;
}

/** Every record that names the photo (normally one). */
export async function photoOwners(db: Db, name: string): Promise<PhotoOwner[]> {
  const kind = (k: PhotoRecord) => sql<PhotoRecord>`${k}::text`.as('record');
  const rows = await unionAll(
    db
      .select({ nrp: absensi.nrp, record: kind('absensi') })
      .from(absensi)
      .where(or(eq(absensi.foto_masuk, name), eq(absensi.foto_keluar, name))),
    db
      .select({ nrp: kunjungan.nrp, record: kind('kunjungan') })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(or(eq(kunjunganDetail.in_foto, name), eq(kunjunganDetail.out_foto, name))),
    db
      .select({ nrp: karyawan.nrp, record: kind('karyawan') })
      .from(karyawan)
      .where(or(eq(karyawan.foto_kar, name), eq(karyawan.foto_ktp, name))),
  );
  return rows;
}

/** Whether the actor may see a photo with these owners: their own, or readable and in scope. */
export async function maySeePhoto(db: Db, actor: Actor, owners: PhotoOwner[]): Promise<boolean> {
  if (actor.nrp && owners.some((o) => o.nrp === actor.nrp)) return true;
  const readable = owners.filter((o) => PHOTO_READERS[o.record].some((p) => actor.permissions.includes(p)));
  for (const nrp of new Set(readable.map((o) => o.nrp))) {
    const [inScope] = await db
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(and(eq(karyawan.nrp, nrp), karyawanScope(actor)))
      .limit(1);
    if (inScope) return true;
  }
  return false;
}
