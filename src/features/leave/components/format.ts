import type { LeaveRow, ShiftRef } from '../../../domain/leave/leave-answers';
import { daysInclusive } from '../../../domain/leave/leave-rules';
import { jam, tanggal } from '../../../lib/format';

/** "21/11/2026" or "21/11/2026 – 23/11/2026 (3 hari)". */
export function dateRange(start: string, end: string): string {
  if (start === end) return tanggal(start);
  return `${tanggal(start)} – ${tanggal(end)} (${daysInclusive(start, end)} hari)`;
}

export function shiftText(s: ShiftRef | null): string {
  return s ? `${s.nama} (${jam(s.jam_mulai)}–${jam(s.jam_selesai)})` : '-';
}

/** The days a request is about, in the words of its kind. */
export function leaveWhen(
  row: Pick<LeaveRow, 'jenis' | 'start_date' | 'end_date' | 'hari_request' | 'shiftRequest'>,
): string {
  if (row.jenis.type === 'TUKER_OFF') return `${tanggal(row.start_date)} → ${tanggal(row.hari_request)}`;
  if (row.jenis.type === 'PERUBAHAN_SHIFT') return `${tanggal(row.start_date)} → ${row.shiftRequest?.nama ?? '-'}`;
  return dateRange(row.start_date, row.end_date);
}
