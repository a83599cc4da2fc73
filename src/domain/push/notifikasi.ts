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

/** Who decides requests, and so is told of new ones (leave, Koreksi Absensi). */
const APPROVER_PERMISSIONS = ['leave.approve', 'leave.admin', 'absensi.koreksi'];

/**
 * The kinds this user can receive, for the "Notifikasi" switches: "Pengajuan baru" only to those who
 * decide requests; decisions, check-out reminders and visit-plan changes only to an employee's account;
 * company news to everyone. An SPG sees no switch for what never reaches her.
 */
export function receivableKinds(user: { permissions: readonly string[]; nrp: string | null }): NotifikasiJenis[] {
  return NOTIFIKASI_JENIS.filter((jenis) => {
    if (jenis === 'pengajuan') return user.permissions.some((p) => APPROVER_PERMISSIONS.includes(p));
    if (jenis === 'info') return true;
    return user.nrp !== null;
  });
}

/** The job that pushes stored notifications to the users' browsers. */
export const PUSH_SEND_JOB = 'push.send';
