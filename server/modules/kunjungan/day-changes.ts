/**
 * Approved Tuker Off Hari and Perubahan Shift Kerja requests, re-applied when a plan is generated
 * (docs/decisions/026-visit-plan-leftovers.md). Their approval moved or changed the lines of the plan
 * that existed then (server/modules/leave/leave-effects.service.ts); a plan deleted and generated again
 * from the matrix must not silently undo what was approved.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { GeneratedLine } from '../../../src/domain/kunjungan/kunjungan-plan';
import { LEAVE_STATUS } from '../../../src/domain/leave/leave-rules';
import type { Q } from '../../db/client';
import { jenisLeave, leave } from '../../db/schema/leave';

export interface DayChange {
  type: 'TUKER_OFF' | 'PERUBAHAN_SHIFT';
  start_date: string;
  hari_request: string | null;
  shift_request: string | null;
}

/** nrp → her approved day changes filed against the period, in the order they were filed. */
export async function dayChangesOf(db: Q, nrps: string[], periodId: string): Promise<Map<string, DayChange[]>> {
  const out = new Map<string, DayChange[]>();
  if (nrps.length === 0) return out;
  const rows = await db
    .select({
      nrp: leave.nrp,
      type: jenisLeave.type,
      start_date: leave.start_date,
      hari_request: leave.hari_request,
      shift_request: leave.shift_request,
    })
    .from(leave)
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .where(
      and(
        inArray(leave.nrp, nrps),
        eq(leave.periode, periodId),
        eq(leave.status, LEAVE_STATUS.approved),
        inArray(jenisLeave.type, ['TUKER_OFF', 'PERUBAHAN_SHIFT']),
      ),
    )
    .orderBy(asc(leave.leave_id));
  for (const { nrp, type, ...r } of rows) {
    const list = out.get(nrp) ?? [];
    list.push({ type: type as DayChange['type'], ...r });
    out.set(nrp, list);
  }
  return out;
}

/**
 * The generated lines with the approved changes applied as their approval did: Tuker Off moves the
 * day's lines to the requested day (only onto a day inside the plan without lines of its own),
 * Perubahan Shift gives the day's lines the requested shift. Lines stay sorted by day.
 */
export function applyDayChanges(lines: GeneratedLine[], changes: DayChange[] | undefined, days: readonly string[]) {
  if (!changes?.length) return lines;
  let out = lines;
  for (const c of changes) {
    if (c.type === 'TUKER_OFF') {
      const to = c.hari_request;
      if (!to || !days.includes(to) || out.some((l) => l.tgl_dcp === to)) continue;
      out = out.map((l) => (l.tgl_dcp === c.start_date ? { ...l, tgl_dcp: to } : l));
    } else if (c.shift_request) {
      const shiftId = c.shift_request;
      out = out.map((l) => (l.tgl_dcp === c.start_date ? { ...l, shift_id: shiftId } : l));
    }
  }
  return [...out].sort((a, b) => (a.tgl_dcp < b.tgl_dcp ? -1 : a.tgl_dcp > b.tgl_dcp ? 1 : 0));
}
