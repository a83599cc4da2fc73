/**
 * What the screen shows = what the server last said + what is waiting in the outbox. Rows still on the
 * phone count as done for the user ("menunggu sinkron"); rows the server refused do not. A delivered row
 * counts only until the server's copy is read again after its delivery: from then on the server's day is
 * the truth (HR may have corrected it, or deleted a correction), so the phone follows it.
 */
import type { AbsensiSpgRecord } from '../../domain/absensi/absensi';
import type { KunjunganLine } from '../../domain/absensi/kunjungan-checkin';
import type { OutboxRow } from '../../lib/offline/db';
import { ofKind } from '../../lib/offline/outbox';
import { minutesWorked } from '../../domain/absensi/worked-time';

export interface SideStatus {
  done: boolean;
  jam: string | null;
  /** Recorded on the phone, not yet confirmed by the server. */
  pending: boolean;
  /** The server refused it: the user must look at the sync screen. */
  refused: OutboxRow | null;
}

function side<R extends OutboxRow>(
  serverJam: string | null,
  rows: R[],
  jamOf: (r: R) => string | undefined,
  /** When the server's copy was last read (ms); 0 when the phone has none. */
  readAt: number,
): SideStatus {
  const live = rows.filter((r) => r.state === 'pending' || r.state === 'sending');
  // Delivered after the copy was read: the copy cannot know it yet.
  const delivered = rows.find((r) => r.state === 'done' && (r.doneAt ?? 0) > readAt);
  const refused = rows.find((r) => r.state === 'needs-action') ?? null;
  if (serverJam) return { done: true, jam: serverJam, pending: false, refused: null };
  const local = live[0] ?? delivered;
  if (local) return { done: true, jam: jamOf(local) ?? '', pending: live.length > 0, refused: null };
  return { done: false, jam: null, pending: false, refused };
}

/**
 * `readAt`: when `record` was read from the server (React Query's dataUpdatedAt). The day's times are the
 * day as it stands; a day HR entered with another status (Sakit, Izin, …) still shows her own check-in.
 */
export function dayStatus(
  record: AbsensiSpgRecord | null | undefined,
  rows: OutboxRow[],
  tanggal: string,
  readAt = 0,
) {
  const ins = rows.filter(ofKind('absensi.check-in')).filter((r) => r.payload.tanggal === tanggal);
  const outs = rows.filter(ofKind('absensi.check-out')).filter((r) => r.payload.tanggal === tanggal);
  const known = record === undefined ? 0 : readAt;
  return {
    in: side(record?.jam_masuk ?? record?.field_jam_masuk ?? null, ins, (r) => r.payload.jam_masuk, known),
    out: side(record?.jam_keluar ?? record?.field_jam_keluar ?? null, outs, (r) => r.payload.jam_keluar, known),
  };
}

export function visitStatus(line: KunjunganLine, rows: OutboxRow[], readAt = 0) {
  const mine = rows
    .filter(ofKind('kunjungan.check-in', 'kunjungan.check-out'))
    .filter((r) => r.payload.line_id === line.id);
  return {
    in: side(line.in_jam, mine.filter(ofKind('kunjungan.check-in')), (r) => r.payload.jam, readAt),
    out: side(line.out_jam, mine.filter(ofKind('kunjungan.check-out')), (r) => r.payload.jam, readAt),
  };
}

export type DayStatus = ReturnType<typeof dayStatus>;

/**
 * 'Lama kerja: 8 jam 30 menit' from a day's check-in and check-out times; a check-out past midnight (night
 * shift) counts into the next day. Empty when a time is missing.
 */
export function workedText(jamMasuk: string | null, jamKeluar: string | null): string {
  if (!jamMasuk || !jamKeluar) return '';
  const minutes = minutesWorked(jamMasuk, jamKeluar);
  const hours = Math.floor(minutes / 60);
  return `Lama kerja: ${hours ? `${hours} jam ` : ''}${minutes % 60} menit`;
}
