/**
 * The kinds of record that travel through the offline outbox, with the label the sync screen shows.
 * Each kind's payload and path are built by its feature (src/features/<area>/outbox.ts).
 */
export const OUTBOX_KINDS = {
  'absensi.check-in': 'Check In hari ini',
  'absensi.check-out': 'Check Out hari ini',
  'kunjungan.check-in': 'Check In kunjungan toko',
  'kunjungan.check-out': 'Check Out kunjungan toko',
  'leave.create': 'Pengajuan leave',
  'leave.decide': 'Keputusan approval leave',
  'profile.change': 'Permintaan perubahan profil',
} as const;

export type OutboxKind = keyof typeof OUTBOX_KINDS;

export function outboxKindLabel(kind: string): string {
  return (OUTBOX_KINDS as Record<string, string>)[kind] ?? kind;
}
