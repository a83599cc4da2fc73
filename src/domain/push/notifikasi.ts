/**
 * The kinds of notification (the bell's list and Web Push) and their Indonesian names, shared by the
 * server that sends them and the /profile "Notifikasi" switches that turn each kind on or off.
 */
export const NOTIFIKASI_JENIS = ['pengajuan', 'keputusan', 'info', 'pengingat', 'rencana'] as const;
export type NotifikasiJenis = (typeof NOTIFIKASI_JENIS)[number];

export const NOTIFIKASI_LABEL: Record<NotifikasiJenis, string> = {
  pengajuan: 'Pengajuan baru untuk disetujui',
  keputusan: 'Keputusan atas pengajuan saya',
  info: 'Info perusahaan',
  pengingat: 'Pengingat check out',
  rencana: 'Perubahan rencana kunjungan hari ini',
};

/** The job that pushes stored notifications to the users' browsers. */
export const PUSH_SEND_JOB = 'push.send';
