/**
 * Resignation (P3), spec part 1 §2 "Resigned employees", §4, §5 "Resign dialog": register, change and
 * cancel a resignation, each with its P3 posting item in the same transaction. Once the P3 item is
 * posted to payroll the resignation is locked (409).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { kebijaksanaanOf, type Resign } from '../../../src/domain/karyawan/karyawan-lifecycle';
import type { Db, Tx } from '../../db/client';
import { karyawan as k, karyawanPosting } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { lockNumbering, nextNoPb } from './karyawan-numbers';
import { loadKaryawan, type KaryawanRecord } from './karyawan-read.service';
import { createPostingItem, latestP3 } from './posting.service';

export const RESIGN_MESSAGES = {
  done: (nrp: string, nama: string) => `Karyawan ${nrp} - ${nama} berhasil diproses keluar (P3)`,
  edited: (nrp: string, nama: string) => `Data resign karyawan ${nrp} - ${nama} berhasil diubah`,
  cancelled: (nrp: string, nama: string) => `Data resign karyawan ${nrp} - ${nama} berhasil dihapus`,
  already: (nrp: string, nama: string) => `Karyawan ${nrp} - ${nama} sudah resign`,
  notResigned: (nrp: string, nama: string) => `Karyawan ${nrp} - ${nama} belum resign`,
  locked: (nrp: string) => `Data resign karyawan ${nrp} sudah diposting dan tidak dapat diubah atau dihapus`,
  otherNrp: 'NRP pada data tidak sama dengan NRP pada alamat',
  beforeStart: 'Tanggal resign tidak boleh sebelum tanggal awal kerja',
} as const;

function assertDates(e: KaryawanRecord, input: Resign) {
  if (input.nrp && input.nrp.trim() !== e.nrp) throw badRequest(RESIGN_MESSAGES.otherNrp);
  const start = e.tgl_awkerja ?? e.mulai_kontrak;
  if (start && input.tgl_p3 < start) {
    throw badRequest(RESIGN_MESSAGES.beforeStart, [{ path: 'tgl_p3', message: RESIGN_MESSAGES.beforeStart }]);
  }
}

const resignValues = (input: Resign) => ({
  tgl_p3: input.tgl_p3,
  alasan_p3: input.alasan_p3,
  u_kebijaksanaan: input.u_kebijaksanaan,
  u_kebijaksanaan_desc: input.u_kebijaksanaan_desc,
  u_cuti: input.u_cuti,
  u_potongan: input.u_potongan,
  u_lumpdrop: input.u_lumpdrop,
  tgl_bast: input.tgl_bast,
});

/** Resigned, and not yet locked by a posted P3 item. */
async function loadEditable(tx: Tx, actor: Actor, nrp: string) {
  const e = await loadKaryawan(tx, actor, nrp, true);
  if (e.alasan_p3 === null) throw conflict(RESIGN_MESSAGES.notResigned(nrp, e.nama));
  const p3 = await latestP3(tx, nrp);
  if (p3?.date_posting) throw conflict(RESIGN_MESSAGES.locked(nrp));
  return e;
}

/** PUT /api/karyawan/{nrp}/resign: the resignation, its agreement number (no_pb) and a P3 item. */
export async function resignKaryawan(db: Db, actor: Actor, nrp: string, input: Resign, now: Date) {
  return db.transaction(async (tx) => {
    await lockNumbering(tx);
    const e = await loadKaryawan(tx, actor, nrp, true);
    if (e.alasan_p3 !== null) throw conflict(RESIGN_MESSAGES.already(nrp, e.nama));
    assertDates(e, input);
    const no_pb = await nextNoPb(tx, e.kode_prsh, input.tgl_p3);
    await tx
      .update(k)
      .set({ ...resignValues(input), no_pb, updatedAt: now })
      .where(eq(k.nrp, nrp));
    await createPostingItem(tx, { nrp, jenis_trn: 'P3' }, { userid: actor.userid, now });
    return { message: RESIGN_MESSAGES.done(nrp, e.nama), result: { nrp, no_pb } };
  });
}

/** PUT /api/karyawan/{nrp}/edit-resign: while the P3 item is open; the item follows the new reason. */
export async function editResign(db: Db, actor: Actor, nrp: string, input: Resign, now: Date) {
  return db.transaction(async (tx) => {
    const e = await loadEditable(tx, actor, nrp);
    assertDates(e, input);
    await tx
      .update(k)
      .set({ ...resignValues(input), updatedAt: now })
      .where(eq(k.nrp, nrp));
    await tx
      .update(karyawanPosting)
      .set({ alasan_p3: input.alasan_p3, nama: e.nama })
      .where(
        and(eq(karyawanPosting.nrp, nrp), eq(karyawanPosting.jenis_trn, 'P3'), isNull(karyawanPosting.date_posting)),
      );
    return { message: RESIGN_MESSAGES.edited(nrp, e.nama) };
  });
}

/** DELETE /api/karyawan/{nrp}/resign: the employee is active again; the open P3 item goes away. */
export async function cancelResign(db: Db, actor: Actor, nrp: string, now: Date) {
  return db.transaction(async (tx) => {
    const e = await loadEditable(tx, actor, nrp);
    await tx
      .update(k)
      .set({
        tgl_p3: null,
        no_pb: null,
        alasan_p3: null,
        u_kebijaksanaan: null,
        u_kebijaksanaan_desc: null,
        u_cuti: null,
        u_potongan: null,
        u_lumpdrop: null,
        tgl_bast: null,
        updatedAt: now,
      })
      .where(eq(k.nrp, nrp));
    await tx
      .delete(karyawanPosting)
      .where(
        and(eq(karyawanPosting.nrp, nrp), eq(karyawanPosting.jenis_trn, 'P3'), isNull(karyawanPosting.date_posting)),
      );
    return { message: RESIGN_MESSAGES.cancelled(nrp, e.nama) };
  });
}

/** GET /api/karyawan/{nrp}/resign-detail?tgl_p3=: the proposed discretionary amount (decision 007). */
export async function resignDetail(db: Db, actor: Actor, nrp: string, tglP3: string) {
  const e = await loadKaryawan(db, actor, nrp);
  const start = e.tgl_awkerja ?? e.mulai_kontrak ?? tglP3;
  const amount = kebijaksanaanOf({ gapok: e.gapok, tgl_awkerja: start, tgl_p3: tglP3 });
  return { ...amount, nrp, nama: e.nama, tgl_p3: tglP3, tgl_bast: tglP3 };
}
