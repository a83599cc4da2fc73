/**
 * Leave's limits and texts (spec part 2 §5, §9): the numbers the rules count with and every Indonesian
 * message the form, the outbox and the server show. One place, so the form and the server say the same.
 */
import dayjs from 'dayjs';

/** Spec §5, §9: 2 MB (2097152 bytes), PDF, JPEG or PNG, checked by content on the server. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
export const KETERANGAN_MAX = 255;
/** A request spans at most a year (a cuti kind's lama_hari too). */
export const MAX_SPAN_DAYS = 366;
/** How far back the device's filing date may lie when the request reaches the server (the outbox retention). */
export const FILING_DATE_MAX_AGE_DAYS = 45;
/** The longest name of a leave or cuti kind (the columns are varchar(60)). */
export const KIND_NAME_MAX = 60;

/** Annual cuti: 12 days per calendar year once 12 months of service are complete (UU 13/2003 ps. 79). */
export const CUTI_TAHUNAN_HARI = 12;
export const CUTI_MASA_KERJA_BULAN = 12;

export function formatDate(d: string): string {
  return dayjs(d).format('DD/MM/YYYY');
}

export const LEAVE_MESSAGES = {
  incomplete: 'Mohon Melengkapi Formulir',
  jenisNotFound: 'Jenis leave tidak ditemukan',
  jenisInactive: 'Jenis leave ini tidak aktif',
  jenisCutiRequired: 'Jenis cuti harus diisi',
  jenisCutiNotFound: 'Jenis cuti tidak ditemukan',
  jenisCutiInactive: 'Jenis cuti ini tidak aktif',
  startRequired: 'Tanggal mulai harus diisi',
  dateFormat: 'Tanggal harus berformat YYYY-MM-DD',
  endBeforeStart: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  spanTooLong: `Rentang tanggal maksimal ${MAX_SPAN_DAYS} hari`,
  cutiEnd: (end: string) => `Tanggal selesai Pengajuan Cuti harus ${formatDate(end)} (tanggal mulai + lama cuti − 1)`,
  earliest: (min: string) => `Tanggal mulai paling awal ${formatDate(min)}`,
  tanggalRequired: 'Tanggal pengajuan harus diisi',
  tanggalFuture: 'Tanggal pengajuan tidak boleh melewati hari ini',
  tanggalTooOld: `Pengajuan ini tercatat lebih dari ${FILING_DATE_MAX_AGE_DAYS} hari yang lalu di perangkat; silakan ajukan ulang`,
  capturedAt: 'Waktu perangkat harus ISO 8601 dengan zona waktu',
  attachmentRequired: 'Lampiran (surat dokter) wajib untuk Surat Keterangan Dokter/Ijin Sakit',
  attachmentType: 'File harus berupa PDF, JPG atau PNG',
  attachmentTooLarge: 'File size exceeds 2 MB.',
  periodRequired: 'Period harus diisi',
  periodNotFound: 'Period tidak ditemukan',
  visitRequired: 'Tanggal kunjungan harus dipilih dari daftar kunjungan',
  visitNotFound: 'Tidak ada jadwal kunjungan pada tanggal tersebut di period ini',
  visitCheckedIn: 'Kunjungan pada tanggal tersebut sudah check in dan tidak dapat diubah',
  hariRequestRequired: 'Request Hari harus diisi',
  hariRequestSame: 'Request Hari harus berbeda dari tanggal kunjungan',
  hariRequestOutside: 'Request Hari harus berada di dalam period kunjungan',
  hariRequestBusy: 'Request Hari harus hari tanpa jadwal kunjungan (hari libur)',
  shiftRequestRequired: 'Shift Request harus diisi',
  shiftRequestNotFound: 'Shift Request tidak ditemukan',
  shiftRequestSame: 'Shift Request sama dengan shift saat ini',
  keteranganMax: `Keterangan maksimal ${KETERANGAN_MAX} karakter`,
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  onBehalfForbidden: 'Hanya pengguna dengan akses leave.admin yang dapat mengajukan untuk karyawan lain',
  karyawanNotFound: 'Karyawan tidak ditemukan',
  karyawanRequired: 'Karyawan harus dipilih',
  overlap: (nomor: string, jenis: string) => `Sudah ada pengajuan ${jenis} (${nomor}) pada tanggal tersebut`,
  cutiNotEligible: (from: string) =>
    `Hak cuti tahunan berlaku setelah ${CUTI_MASA_KERJA_BULAN} bulan masa kerja (mulai ${formatDate(from)})`,
  cutiInsufficient: (sisa: number) => `Sisa cuti tahunan tidak mencukupi (sisa ${sisa} hari)`,
  tahunInvalid: 'Tahun tidak valid',
  created: 'Pengajuan leave berhasil disimpan',
  updated: 'Pengajuan leave berhasil diubah',
  deleted: 'Pengajuan leave berhasil dihapus',
  notFound: 'Pengajuan leave tidak ditemukan',
  noAccess: 'Anda tidak memiliki akses ke pengajuan leave ini',
  notOwn: 'Anda hanya dapat mengubah atau menghapus pengajuan Anda sendiri',
  alreadyProcessed: 'Pengajuan yang sudah diproses approval tidak dapat diubah atau dihapus',
  noAttachment: 'Pengajuan ini tidak memiliki lampiran',
  // Approval
  stepNotFound: 'Data approval tidak ditemukan',
  decisionStatus: "Status harus 'A' (approve) atau 'R' (reject)",
  queueStatus: 'Status harus N, A, R atau all',
  notApprover: 'Anda bukan approver untuk langkah approval ini',
  ownRequest: 'Anda tidak dapat memproses pengajuan Anda sendiri',
  tlCannotBeAdmin: 'Team Leader karyawan ini tidak dapat sekaligus memberi approval Admin',
  waitingTl: 'Pengajuan ini masih menunggu approval Team Leader',
  alreadyRejected: 'Pengajuan ini sudah ditolak pada langkah approval sebelumnya',
  alreadyDecided: (what: 'approve' | 'reject', by: string, at: string) =>
    `Pengajuan ini sudah di-${what} oleh ${by} pada ${at}`,
  approved: 'Pengajuan leave berhasil di-approve',
  rejected: 'Pengajuan leave berhasil di-reject',
  effectVisitGone: (tanggal: string) =>
    `Jadwal kunjungan pada ${formatDate(tanggal)} tidak ditemukan lagi; pengajuan ini tidak dapat di-approve`,
  effectVisitCheckedIn: (tanggal: string) =>
    `Kunjungan pada ${formatDate(tanggal)} sudah check in; pengajuan ini tidak dapat di-approve`,
  // Lists, counts and reports
  filterFuture: 'Tanggal filter tidak boleh melewati hari ini',
  statusUnknown: 'Status tidak dikenal',
  countKindUnknown: 'Jenis hitungan tidak dikenal (year, month, open, reject)',
  reportPeriodRequired: 'Mohon pilih Period',
  // Jenis leave / jenis cuti
  jenisLeaveRequired: 'Jenis Leave harus diisi',
  typeRequired: 'Type harus diisi',
  typeUnknown: 'Type tidak dikenal',
  jenisCutiNameRequired: 'Jenis cuti harus diisi',
  lamaHariRequired: 'Lama cuti harus diisi',
  lamaHariMin: 'Lama cuti minimal 1 hari',
  lamaHariMax: `Lama cuti maksimal ${MAX_SPAN_DAYS} hari`,
  nameMax: `Maksimal ${KIND_NAME_MAX} karakter`,
  statusBool: 'Status harus true atau false',
  jenisDuplicate: 'Nama sudah digunakan',
} as const;
