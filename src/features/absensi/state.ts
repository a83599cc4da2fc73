/**
 * What the screen shows = what the server last said + what is waiting in the outbox. Rows still on the
 * phone count as done for the user ("menunggu sinkron"); rows the server refused do not.
 */
import type { AbsensiSpgRecord } from '../../domain/absensi';
import type { KunjunganLine } from '../../domain/kunjungan';
import type { OutboxRow } from '../../lib/offline/db';
import { ofKind } from '../../lib/offline/outbox';
import { minutesWorked } from '../../domain/worked-time';

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
): SideStatus {
  const live = rows.filter((r) => r.state === 'pending' || r.state === 'sending');
  const delivered = rows.find((r) => r.state === 'done');
  const refused = rows.find((r) => r.state === 'needs-action') ?? null;
  if (serverJam) return { done: true, jam: serverJam, pending: false, refused: null };
  const local = live[0] ?? delivered;
  if (local) return { done: true, jam: jamOf(local) ?? '', pending: live.length > 0, refused: null };
  return { done: false, jam: null, pending: false, refused };
}

export function dayStatus(record: AbsensiSpgRecord | null | undefined, rows: OutboxRow[], tanggal: string) {
  const ins = rows.filter(ofKind('absensi.check-in')).filter((r) => r.payload.tanggal === tanggal);
  const outs = rows.filter(ofKind('absensi.check-out')).filter((r) => r.payload.tanggal === tanggal);
  return {
    in: side(record?.jam_masuk ?? null, ins, (r) => r.payload.jam_masuk),
    out: side(record?.jam_keluar ?? null, outs, (r) => r.payload.jam_keluar),
  };
}

export function visitStatus(line: KunjunganLine, rows: OutboxRow[]) {
  const mine = rows
    .filter(ofKind('kunjungan.check-in', 'kunjungan.check-out'))
    .filter((r) => r.payload.line_id === line.id);
  return {
    in: side(line.in_jam, mine.filter(ofKind('kunjungan.check-in')), (r) => r.payload.jam),
    out: side(line.out_jam, mine.filter(ofKind('kunjungan.check-out')), (r) => r.payload.jam),
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
