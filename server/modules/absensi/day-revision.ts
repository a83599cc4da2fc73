/**
 * A day of attendance is a stack (docs/decisions/027-field-evidence-immutable.md): at the bottom the field
 * record, what the employee's phone sent (field_* with the photos, positions and device times), which no
 * back-office action changes; on top of it the revisions of the back office (a manual entry, an upload
 * row, an approved leave). The day shows the top of the stack in shift_id / sts_abs_id / jam_masuk /
 * jam_keluar / sumber, so every report keeps reading one row per day.
 *
 * absensi_change is the stack's log: create / update / upload / leave push a revision, delete pops the
 * newest one. Deleting the last revision brings back the field record; a day without one is deleted
 * whole. Rows of the log are never changed, so the whole history stays readable.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AbsensiValues } from '../../db/schema/absensi';
import { absensiChange } from '../../db/schema/absensi';
import { absensi } from '../../db/schema/absensi';

/** What put the day's shown values there: S the phone, M HR by hand, U an upload, L an approved leave. */
export type DaySumber = 'S' | 'M' | 'U' | 'L';
export type RevisionAksi = 'create' | 'update' | 'upload' | 'leave';

const SUMBER_OF_AKSI: Record<RevisionAksi, DaySumber> = { create: 'M', update: 'M', upload: 'U', leave: 'L' };

export const sameValues = (a: AbsensiValues, b: AbsensiValues) =>
  a.shift_id === b.shift_id &&
  a.sts_abs_id === b.sts_abs_id &&
  a.jam_masuk === b.jam_masuk &&
  a.jam_keluar === b.jam_keluar;

export const pickValues = (r: AbsensiValues): AbsensiValues => ({
  shift_id: r.shift_id,
  sts_abs_id: r.sts_abs_id,
  jam_masuk: r.jam_masuk,
  jam_keluar: r.jam_keluar,
});

/** The day's row as a revision needs it, locked for the rest of the transaction. */
async function lockDay(tx: Tx, nrp: string, tanggal: string) {
  const [row] = await tx
    .select({
      id: absensi.id,
      sumber: absensi.sumber,
      shift_id: absensi.shift_id,
      sts_abs_id: absensi.sts_abs_id,
      jam_masuk: absensi.jam_masuk,
      jam_keluar: absensi.jam_keluar,
      field_shift_id: absensi.field_shift_id,
      field_jam_masuk: absensi.field_jam_masuk,
      field_jam_keluar: absensi.field_jam_keluar,
    })
    .from(absensi)
    .where(and(eq(absensi.nrp, nrp), eq(absensi.tanggal, tanggal)))
    .for('update')
    .limit(1);
  return row ?? null;
}
export type LockedDay = NonNullable<Awaited<ReturnType<typeof lockDay>>>;
export { lockDay };

/** The phone's own values of the day, or null when she never checked in that day. */
export function fieldValues(day: LockedDay): AbsensiValues | null {
  if (!day.field_jam_masuk) return null;
  return {
    shift_id: day.field_shift_id,
    sts_abs_id: 'H',
    jam_masuk: day.field_jam_masuk,
    jam_keluar: day.field_jam_keluar,
  };
}

export interface Revision {
  nrp: string;
  tanggal: string;
  values: AbsensiValues;
  aksi: RevisionAksi;
  alasan: string;
  /** userid of the one who made it */
  by: string;
  at: Date;
}

/**
 * Puts a revision on top of the day (creating the day when it has none). Values equal to what the day
 * shows write nothing. Runs inside the caller's transaction; the caller checks scope and the posting lock.
 */
export async function reviseDay(tx: Tx, r: Revision): Promise<{ created: boolean; changed: boolean }> {
  const day = await lockDay(tx, r.nrp, r.tanggal);
  const before = day ? pickValues(day) : null;
  if (before && sameValues(before, r.values)) return { created: false, changed: false };
  const shown = {
    ...pickValues(r.values),
    sumber: SUMBER_OF_AKSI[r.aksi],
    updated_by: r.by,
    updated_at: r.at,
    alasan: r.alasan,
  };
  if (day) {
    await tx.update(absensi).set(shown).where(eq(absensi.id, day.id));
  } else {
    await tx.insert(absensi).values({
      nrp: r.nrp,
      tanggal: r.tanggal,
      tahun: Number(r.tanggal.slice(0, 4)),
      bulan: Number(r.tanggal.slice(5, 7)),
      createdAt: r.at,
      ...shown,
    });
  }
  await tx.insert(absensiChange).values({
    nrp: r.nrp,
    tanggal: r.tanggal,
    // A day that exists is changed by HR's form ('update') whatever the form was called from.
    aksi: r.aksi === 'create' && day ? 'update' : r.aksi,
    alasan: r.alasan,
    sebelum: before,
    sesudah: r.values,
    changed_by: r.by,
    changed_at: r.at,
  });
  return { created: !day, changed: true };
}

interface StackEntry {
  values: AbsensiValues;
  sumber: DaySumber;
  alasan: string;
  by: string;
  at: Date;
}

/**
 * The revisions still standing on the day, oldest first, replayed from its log. A delete that left the
 * day with values pops one revision; a delete that left nothing (the whole day deleted, as every delete
 * did before decision 027) clears the stack.
 */
export async function standingRevisions(tx: Tx, nrp: string, tanggal: string): Promise<StackEntry[]> {
  const log = await tx
    .select({
      aksi: absensiChange.aksi,
      alasan: absensiChange.alasan,
      sesudah: absensiChange.sesudah,
      changed_by: absensiChange.changed_by,
      changed_at: absensiChange.changed_at,
    })
    .from(absensiChange)
    .where(and(eq(absensiChange.nrp, nrp), eq(absensiChange.tanggal, tanggal)))
    .orderBy(asc(absensiChange.id));
  const stack: StackEntry[] = [];
  for (const c of log) {
    if (c.aksi === 'delete') {
      if (c.sesudah) stack.pop();
      else stack.length = 0;
    } else if (c.sesudah) {
      const aksi = c.aksi as RevisionAksi;
      stack.push({
        values: c.sesudah,
        sumber: SUMBER_OF_AKSI[aksi] ?? 'M',
        alasan: c.alasan,
        by: c.changed_by,
        at: c.changed_at,
      });
    }
  }
  return stack;
}

/**
 * Deletes the newest revision of the day: the day goes back to the revision before it, or to the field
 * record, or (with neither) is deleted whole. Answers what the day shows afterwards (null: deleted), or
 * 'field-only' when the day has no revision to delete (its values are the phone's).
 */
export async function revokeNewestRevision(
  tx: Tx,
  day: LockedDay,
  r: { nrp: string; tanggal: string; alasan: string; by: string; at: Date },
): Promise<{ after: AbsensiValues | null } | 'field-only'> {
  const stack = await standingRevisions(tx, r.nrp, r.tanggal);
  const field = fieldValues(day);
  // A day shown from the phone has nothing of the back office on it to delete.
  if (day.sumber === 'S' && field) return 'field-only';
  stack.pop();
  const below = stack.at(-1);
  const after = below?.values ?? field;
  if (below) {
    await tx
      .update(absensi)
      .set({
        ...pickValues(below.values),
        sumber: below.sumber,
        updated_by: below.by,
        updated_at: below.at,
        alasan: below.alasan,
      })
      .where(eq(absensi.id, day.id));
  } else if (field) {
    await tx
      .update(absensi)
      .set({ ...field, sumber: 'S', updated_by: null, updated_at: null, alasan: null })
      .where(eq(absensi.id, day.id));
  } else {
    await tx.delete(absensi).where(eq(absensi.id, day.id));
  }
  await tx.insert(absensiChange).values({
    nrp: r.nrp,
    tanggal: r.tanggal,
    aksi: 'delete',
    alasan: r.alasan,
    sebelum: pickValues(day),
    sesudah: after,
    changed_by: r.by,
    changed_at: r.at,
  });
  return { after };
}
