/**
 * The kinds of record that travel through the offline outbox: the label the sync screen shows, and
 * what each kind's row holds as its payload, typed from the schema of the route it is sent to. Each
 * kind's path and how it is built live with its feature (src/features/<area>/outbox.ts).
 */
import type * as v from 'valibot';
import type { AbsensiCheckInPayloadSchema, AbsensiCheckOutPayloadSchema } from './absensi/absensi';
import type { KunjunganCheckPayloadSchema } from './absensi/kunjungan-checkin';
import type { LeaveDecisionInput, LeaveFormFields } from './leave/leave';
import type { NewsReadBody } from './news/news';
import type { ProfileChangePayload } from './karyawan/request';
import type { TinjauCatatanSchema } from './absensi/tinjau';
import type { KoreksiDecisionInput, KoreksiFormFields } from './absensi/koreksi';

export const OUTBOX_KINDS = {
  'absensi.check-in': 'Check In hari ini',
  'absensi.check-out': 'Check Out hari ini',
  'kunjungan.check-in': 'Check In kunjungan toko',
  'kunjungan.check-out': 'Check Out kunjungan toko',
  'leave.create': 'Pengajuan leave',
  'leave.decide': 'Keputusan approval leave',
  'profile.change': 'Permintaan perubahan profil',
  'news.read': 'Tanda sudah membaca info',
  'tinjau.catatan': 'Catatan absensi yang ditinjau',
  'absensi.koreksi': 'Koreksi Absensi',
  'absensi.koreksi.decide': 'Keputusan Koreksi Absensi',
} as const;

export type OutboxKind = keyof typeof OUTBOX_KINDS;

/**
 * The payload of each kind: the body as the phone sends it (a multipart row's values become text).
 * Rows already stored on phones keep these field names, so a change here must still read them.
 */
export interface OutboxPayloads {
  'absensi.check-in': v.InferInput<typeof AbsensiCheckInPayloadSchema>;
  'absensi.check-out': v.InferInput<typeof AbsensiCheckOutPayloadSchema>;
  'kunjungan.check-in': v.InferInput<typeof KunjunganCheckPayloadSchema>;
  'kunjungan.check-out': v.InferInput<typeof KunjunganCheckPayloadSchema>;
  /** The leave form's fields; `jenis_label` is the kind's name the own list shows while the row waits. */
  'leave.create': LeaveFormFields & { jenis_label?: string };
  'leave.decide': LeaveDecisionInput;
  'profile.change': ProfileChangePayload;
  /** The item's id travels in the path; `news_id` lets the phone count it read while the row waits. */
  'news.read': NewsReadBody & { news_id: number };
  /** Her note on a flagged check-in; the item's id (`hari-12`, `kunjungan-34`) travels in the path and here. */
  'tinjau.catatan': v.InferInput<typeof TinjauCatatanSchema> & { tinjau_id: string };
  /** The correction form's fields (multipart: text); the photo travels as the row's file `foto`. */
  'absensi.koreksi': KoreksiFormFields;
  /** The request's id travels in the path and here. */
  'absensi.koreksi.decide': KoreksiDecisionInput & { koreksi_id: number };
}

export type OutboxPayload<K extends OutboxKind = OutboxKind> = OutboxPayloads[K];

export function isOutboxKind(kind: string): kind is OutboxKind {
  return Object.hasOwn(OUTBOX_KINDS, kind);
}

export function outboxKindLabel(kind: string): string {
  return isOutboxKind(kind) ? OUTBOX_KINDS[kind] : kind;
}
