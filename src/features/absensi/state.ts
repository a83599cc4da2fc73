/**
 * What the screen shows = what the server last said + what is waiting in the outbox. Rows still on the
 * phone count as done for the user ("menunggu sinkron"); rows the server refused do not.
 */
import type { AbsensiSpgRecord, KunjunganLine } from '../../domain/absensi';
import type { OutboxRow } from '../../lib/offline/db';

export interface SideStatus {
  done: boolean;
  jam: string | null;
  /** Recorded on the phone, not yet confirmed by the server. */
  pending: boolean;
  /** The server refused it: the user must look at the sync screen. */
  refused: OutboxRow | null;
}

function side(serverJam: string | null, rows: OutboxRow[], jamField: string): SideStatus {
  const live = rows.filter((r) => r.state === 'pending' || r.state === 'sending');
  const delivered = rows.find((r) => r.state === 'done');
  const refused = rows.find((r) => r.state === 'needs-action') ?? null;
  if (serverJam) return { done: true, jam: serverJam, pending: false, refused: null };
  const local = live[0] ?? delivered;
  if (local) return { done: true, jam: String(local.payload[jamField] ?? ''), pending: live.length > 0, refused: null };
  return { done: false, jam: null, pending: false, refused };
}

export function dayStatus(record: AbsensiSpgRecord | null | undefined, rows: OutboxRow[], tanggal: string) {
  const today = rows.filter((r) => r.payload.tanggal === tanggal);
  return {
    in: side(
      record?.jam_masuk ?? null,
      today.filter((r) => r.kind === 'absensi.check-in'),
      'jam_masuk',
    ),
    out: side(
      record?.jam_keluar ?? null,
      today.filter((r) => r.kind === 'absensi.check-out'),
      'jam_keluar',
    ),
  };
}

export function visitStatus(line: KunjunganLine, rows: OutboxRow[]) {
  const mine = rows.filter((r) => r.payload.line_id === line.id);
  return {
    in: side(
      line.in_jam,
      mine.filter((r) => r.kind === 'kunjungan.check-in'),
      'jam',
    ),
    out: side(
      line.out_jam,
      mine.filter((r) => r.kind === 'kunjungan.check-out'),
      'jam',
    ),
  };
}

export type DayStatus = ReturnType<typeof dayStatus>;
