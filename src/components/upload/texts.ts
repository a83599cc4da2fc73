/** The texts of the upload screens (spec part 1 §2 "Employee upload", part 2 §2.7), in one place. */
export const UPLOAD_TEXTS = {
  uploadTab: 'Upload & Download',
  historyTab: 'History Upload',
  dropTitle: 'Tarik & lepas file Excel (.xlsx) di sini',
  dropHint: 'atau klik untuk memilih file. Satu file, maksimal 20 MB.',
  dropActive: 'Lepaskan file di sini',
  remove: 'Hapus',
  cancel: 'Cancel',
  submit: 'Submit',
  sending: (percent: number) =>
    percent < 100 ? `Mengirim file… ${percent}%` : 'File terkirim, data sedang diperiksa…',
  logColumns: {
    file: 'File Name',
    tanggal: 'Tanggal',
    status: 'Status',
    keterangan: 'Keterangan',
    nrpGagal: 'NRP Gagal',
    uploadBy: 'Upload By',
  },
  allFailures: (n: number) => `Lihat semua (${n})`,
  failuresTitle: (file: string) => `Baris gagal: ${file}`,
  failureColumns: { baris: 'Baris', nrp: 'NRP', alasan: 'Alasan' },
  moreFailed: (n: number) => `… dan ${n} NRP lainnya`,
  blankNrp: '(tanpa NRP)',
  close: 'Tutup',
} as const;
