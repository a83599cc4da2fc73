/** The texts of the employee upload, export and salary screens (spec part 1 §2, §8), in one place. */
export const KARYAWAN_UPLOAD_TEXTS = {
  /** Spec §2, verbatim. */
  title: 'Upload dan Download Data Karyawan',
  historyTitle: 'Log Upload Karyawan',
  filterTitle: 'Download Data Karyawan',
  filterHint:
    'Pilih filter lalu unduh data karyawan aktif dalam format upload: ubah di Excel dan upload kembali. Tanpa filter: semua karyawan aktif.',
  all: 'Semua',
  clear: 'Clear',
  template: 'Download Template',
  filterDownload: 'Filter & Download',
  exportButton: 'Export to Excel',
  // Info Gaji
  gajiTab: 'Info Gaji',
  gajiPeriod: 'Periode',
} as const;
