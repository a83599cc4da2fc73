/**
 * HR's manual attendance (spec part 2 §2.7 /absensi/new and /absensi/manual, §5): create or change a
 * day (sumber M), delete a manual or uploaded day, read a day's change history, and look employees up
 * for the picker. Every write keeps who, when, why and the values before and after in absensi_change,
 * in the same transaction; a day inside a posted period is refused (409).
 */
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import {
  ABSENSI_ADMIN_MESSAGES as M,
  type AbsensiChange,
  type AbsensiDelete,
  type AbsensiManual,
  type AbsensiManualAnswer,
  type FindNrpRow,
} from '../../../src/domain/absensi/absensi-admin';
import { ABSENSI_MESSAGES } from '../../../src/domain/absensi/absensi';
import { asTimeZone, dateIn } from '../../../src/domain/time-zone';
import type { Db, Q, Tx } from '../../db/client';
import { absensiChange, type AbsensiValues, absensi } from '../../db/schema/absensi';
import { lockDay, reviseDay, revokeNewestRevision } from './day-revision';
import { users } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan } from '../../db/schema/kunjungan';
import { karyawanType, lokasi, shift, statusAbsensi } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { likePattern } from '../../lib/pagination';
import { postedPeriodMessage, postedPeriodOf } from '../../lib/posting-lock';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';

export const valuesColumns = {
  shift_id: absensi.shift_id,
  sts_abs_id: absensi.sts_abs_id,
  jam_masuk: absensi.jam_masuk,
  jam_keluar: absensi.jam_keluar,
};

export { sameValues } from './day-revision';

/** The employee in the caller's scope (404 unknown, 403 outside the scope), with her zone. */
async function employeeInScope(db: Q, actor: Actor, nrp: string) {
  const [row] = await db
    .select({
      nrp: karyawan.nrp,
      kode_prsh: karyawan.kode_prsh,
      sales_office_id: karyawan.sales_office_id,
      kode_lokasi: karyawan.kode_lokasi,
      client_id: karyawan.client_id,
      jabatan_id: karyawan.jabatan_id,
      type_spg_id: karyawan.type_spg_id,
      time_zone: lokasi.time_zone,
    })
    .from(karyawan)
    .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  if (!row) throw notFound(M.karyawanNotFound);
  assertInScope(actor, row);
  return row;
}

async function refusePosted(tx: Tx, tanggal: string) {
  const posted = await postedPeriodOf(tx, tanggal);
  if (posted) throw conflict(postedPeriodMessage(posted));
}

/** POST /api/absensi: create the day (201) or change it (200); equal values write nothing. */
export async function saveManual(
  db: Db,
  actor: Actor,
  input: AbsensiManual,
  now: Date,
): Promise<{ status: 200 | 201; body: AbsensiManualAnswer }> {
  return db.transaction(async (tx) => {
    const employee = await employeeInScope(tx, actor, input.nrp);
    if (input.tanggal > dateIn(asTimeZone(employee.time_zone), now)) {
      throw badRequest(ABSENSI_MESSAGES.futureDate, [{ path: 'tanggal', message: ABSENSI_MESSAGES.futureDate }]);
    }
    const [s] = await tx.select({ id: shift.id }).from(shift).where(eq(shift.id, input.shift_id)).limit(1);
    if (!s)
      throw badRequest(M.unknownShift(input.shift_id), [{ path: 'shift_id', message: M.unknownShift(input.shift_id) }]);
    const [st] = await tx
      .select({ id: statusAbsensi.id })
      .from(statusAbsensi)
      .where(eq(statusAbsensi.id, input.sts_abs_id))
      .limit(1);
    if (!st) {
      const message = M.unknownStatus(input.sts_abs_id);
      throw badRequest(message, [{ path: 'sts_abs_id', message }]);
    }
    await refusePosted(tx, input.tanggal);

    const after: AbsensiValues = {
      shift_id: input.shift_id,
      sts_abs_id: input.sts_abs_id,
      // A status without times (Sakit, Izin, …) leaves them blank.
      jam_masuk: input.jam_masuk || null,
      jam_keluar: input.jam_keluar || null,
    };
    const { created, changed } = await reviseDay(tx, {
      nrp: input.nrp,
      tanggal: input.tanggal,
      values: after,
      aksi: 'create',
      alasan: input.alasan,
      by: actor.userid,
      at: now,
    });
    const record = await savedRecord(tx, input.nrp, input.tanggal);
    if (!changed) return { status: 200 as const, body: { message: M.unchanged, changed: false, result: record } };
    return { status: created ? 201 : 200, body: { message: M.saved, changed: true, result: record } };
  });
}

async function savedRecord(tx: Tx, nrp: string, tanggal: string) {
  const [row] = await tx
    .select({
      nrp: absensi.nrp,
      tanggal: absensi.tanggal,
      sumber: absensi.sumber,
      ...valuesColumns,
      alasan: absensi.alasan,
    })
    .from(absensi)
    .where(and(eq(absensi.nrp, nrp), eq(absensi.tanggal, tanggal)))
    .limit(1);
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * DELETE /api/absensi: deletes the day's newest revision (a manual entry, an upload, an approved leave):
 * the day goes back to the one before, down to her own check-in, which is never deleted
 * (docs/decisions/027-field-evidence-immutable.md). A day with no revision left and no check-in is gone.
 */
export async function deleteManual(db: Db, actor: Actor, input: AbsensiDelete, now: Date) {
  return db.transaction(async (tx) => {
    await employeeInScope(tx, actor, input.nrp);
    const day = await lockDay(tx, input.nrp, input.tanggal);
    if (!day) throw notFound(M.notFound);
    if (day.sumber === 'S') throw conflict(M.fieldRowDelete);
    await refusePosted(tx, input.tanggal);
    const done = await revokeNewestRevision(tx, day, {
      nrp: input.nrp,
      tanggal: input.tanggal,
      alasan: input.alasan,
      by: actor.userid,
      at: now,
    });
    if (done === 'field-only') throw conflict(M.fieldRowDelete);
    return { message: done.after ? M.revisionDeleted : M.deleted };
  });
}

/** GET /api/absensi/{nrp}/{tanggal}/history: every change of the day, newest first (kept after a delete). */
export async function dayHistory(db: Db, actor: Actor, nrp: string, tanggal: string): Promise<AbsensiChange[]> {
  await employeeInScope(db, actor, nrp);
  const rows = await db
    .select({
      id: absensiChange.id,
      aksi: absensiChange.aksi,
      alasan: absensiChange.alasan,
      sebelum: absensiChange.sebelum,
      sesudah: absensiChange.sesudah,
      changed_by: absensiChange.changed_by,
      nama: users.nama,
      changed_at: absensiChange.changed_at,
    })
    .from(absensiChange)
    .leftJoin(users, eq(users.userid, absensiChange.changed_by))
    .where(and(eq(absensiChange.nrp, nrp), eq(absensiChange.tanggal, tanggal)))
    .orderBy(desc(absensiChange.changed_at), desc(absensiChange.id));
  return rows.map((r) => ({
    id: r.id,
    aksi: r.aksi as AbsensiChange['aksi'],
    alasan: r.alasan,
    sebelum: r.sebelum ?? null,
    sesudah: r.sesudah ?? null,
    changed_by: r.changed_by,
    changed_by_nama: r.nama ? `${r.changed_by} - ${r.nama}` : null,
    changed_at: r.changed_at.toISOString(),
  }));
}

const FIND_PAGE = 10;

/**
 * GET /api/absensi/find/nrp: active employees in scope whose NRP or name contains `q` (the manual
 * form's picker), NRP order, 10 a page, with the zone her times are in and her current plan's shift.
 */
export async function findNrp(db: Db, actor: Actor, q: { q: string; page: number }, today: string) {
  const where = and(
    sql`${karyawan.alasan_p3} is null`,
    q.q ? like(karyawan.cari, sql`lower(${likePattern(q.q)})`) : undefined,
    karyawanScope(actor),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        nrp: karyawan.nrp,
        nama: karyawan.nama,
        lokasi: lokasi.nama,
        time_zone: lokasi.time_zone,
        type: karyawanType.type,
      })
      .from(karyawan)
      .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
      .innerJoin(karyawanType, eq(karyawanType.id, karyawan.type_spg_id))
      .where(where)
      .orderBy(asc(karyawan.nrp))
      .limit(FIND_PAGE)
      .offset((q.page - 1) * FIND_PAGE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(karyawan)
      .where(where),
  ]);
  const plans = rows.length
    ? await db
        .select({ nrp: kunjungan.nrp, shift_id: kunjungan.shift_id })
        .from(kunjungan)
        .where(
          and(
            inArray(
              kunjungan.nrp,
              rows.map((r) => r.nrp),
            ),
            sql`${kunjungan.tgl_period1} <= ${today} and ${kunjungan.tgl_period2} >= ${today}`,
          ),
        )
    : [];
  const result: FindNrpRow[] = rows.map((r) => ({
    ...r,
    time_zone: asTimeZone(r.time_zone),
    shift_id: plans.find((p) => p.nrp === r.nrp)?.shift_id ?? null,
  }));
  return { result, totalCount: total?.n ?? 0 };
}
