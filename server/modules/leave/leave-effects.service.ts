/**
 * What a final approval changes (docs/decisions/006-leave.md): the status of the days off, or the visit
 * plan for Tuker Off Hari and Perubahan Shift Kerja. Runs inside the decision's transaction, so a
 * refusal here (409) leaves the request undecided.
 *
 * An approved leave writes each of its days' status as a revision of the day (reviseDay, aksi 'leave',
 * sumber 'L' "Pengajuan"), with its history row, so every report and the posting count the leave from
 * the day's final status (docs/decisions/028-one-count-and-tolerance.md). An approved leave is final
 * here: no action undoes an approval (a request can be deleted only while nobody decided it).
 */
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { LEAVE_TYPES, type LeaveType } from '../../../src/domain/leave/leave-kinds';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { datesBetween } from '../../../src/domain/leave/leave-rules';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { absensi } from '../../db/schema/absensi';
import { shift } from '../../db/schema/master';
import { conflict } from '../../lib/errors';
import { reviseDay } from '../absensi/day-revision';

export interface Approved {
  leave_id: number;
  nrp: string;
  type: LeaveType;
  start_date: string;
  end_date: string;
  hari_request: string | null;
  periode: string | null;
  shift_request: string | null;
}

/** Why the day changed, in its history: "Pengajuan #12 disetujui". */
export const leaveRevisionReason = (leaveId: number) => `Pengajuan #${leaveId} disetujui`;

/**
 * Absence kinds: each day gets the kind's status (S, C, I) as a revision by the final approver —
 * the day created, or revised where it shows no check-in (a day the employee did check in stays as it
 * is). Tuker Off Hari moves the day's visit lines to the requested day and marks the day OFF; Perubahan
 * Shift Kerja gives the day's lines the requested shift. A visit day already checked in, or gone,
 * refuses (409).
 */
export async function applyEffects(tx: Tx, now: Date, r: Approved, by: string) {
  const code = LEAVE_TYPES[r.type].statusAbsensi;
  if (r.type === 'TUKER_OFF' || r.type === 'PERUBAHAN_SHIFT') {
    const lines = await tx
      .select({ id: kunjunganDetail.id, no_dcp: kunjunganDetail.no_dcp, in_jam: kunjunganDetail.in_jam })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(
        and(
          eq(kunjungan.nrp, r.nrp),
          r.periode ? eq(kunjungan.period_id, r.periode) : undefined,
          eq(kunjunganDetail.tgl_dcp, r.start_date),
        ),
      );
    if (!lines.length) throw conflict(LEAVE_MESSAGES.effectVisitGone(r.start_date));
    if (lines.some((l) => l.in_jam !== null)) throw conflict(LEAVE_MESSAGES.effectVisitCheckedIn(r.start_date));
    const ids = lines.map((l) => l.id);
    if (r.type === 'TUKER_OFF') {
      const busy = await tx
        .select({ id: kunjunganDetail.id })
        .from(kunjunganDetail)
        .where(and(eq(kunjunganDetail.no_dcp, lines[0]!.no_dcp), eq(kunjunganDetail.tgl_dcp, r.hari_request!)))
        .limit(1);
      if (busy.length) throw conflict(LEAVE_MESSAGES.hariRequestBusy);
      await tx.update(kunjunganDetail).set({ tgl_dcp: r.hari_request! }).where(inArray(kunjunganDetail.id, ids));
    } else {
      await tx.update(kunjunganDetail).set({ shift_id: r.shift_request! }).where(inArray(kunjunganDetail.id, ids));
      return;
    }
  }
  if (!code) return;
  const days = datesBetween(r.start_date, r.type === 'TUKER_OFF' ? r.start_date : r.end_date);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const shifts = await dayShifts(tx, r.nrp, from, to);
  const existing = await tx
    .select({ tanggal: absensi.tanggal, shift_id: absensi.shift_id, jam_masuk: absensi.jam_masuk })
    .from(absensi)
    .where(and(eq(absensi.nrp, r.nrp), gte(absensi.tanggal, from), lte(absensi.tanggal, to)));
  const shown = new Map(existing.map((d) => [d.tanggal, d]));
  for (const tanggal of days) {
    const day = shown.get(tanggal);
    if (day?.jam_masuk) continue;
    await reviseDay(tx, {
      nrp: r.nrp,
      tanggal,
      values: {
        shift_id: day?.shift_id ?? shifts.get(tanggal) ?? null,
        sts_abs_id: code,
        jam_masuk: null,
        jam_keluar: null,
      },
      aksi: 'leave',
      alasan: leaveRevisionReason(r.leave_id),
      by,
      at: now,
    });
  }
}

/** The shift of each planned day (the first line's, by shift start), for the attendance rows. */
async function dayShifts(tx: Tx, nrp: string, from: string, to: string): Promise<Map<string, string>> {
  const lines = await tx
    .select({ tanggal: kunjunganDetail.tgl_dcp, shift_id: kunjunganDetail.shift_id })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(shift, eq(shift.id, kunjunganDetail.shift_id))
    .where(and(eq(kunjungan.nrp, nrp), gte(kunjunganDetail.tgl_dcp, from), lte(kunjunganDetail.tgl_dcp, to)))
    .orderBy(desc(shift.jam_mulai));
  // Ordered latest start first, so the earliest shift of a day is written last and wins.
  return new Map(lines.map((l) => [l.tanggal, l.shift_id]));
}
