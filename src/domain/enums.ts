/** Enumerations of spec part 1 §3 (and part 2 where noted), as code → label. */
export const PENDIDIKAN = { 1: 'SD', 2: 'SLTP', 3: 'SLTA', 4: 'Akademi', 5: 'S1', 6: 'S2', 7: 'S3' } as const;
export const AGAMA = { 1: 'Islam', 2: 'Kristen', 3: 'Katolik', 4: 'Budha', 5: 'Hindu', 6: 'Kepercayaan' } as const;
export const JENIS_KELAMIN = { L: 'Laki-laki', P: 'Perempuan' } as const;
export const STATUS_KARYAWAN = { 1: 'Tetap', 2: 'Kontrak', 9: 'NA' } as const;
export const STATUS_KELUARGA = { T: 'Single', K: 'Menikah', D: 'Duda', J: 'Janda' } as const;
export const KATEGORI = ['GT', 'MT', 'CP'] as const;
export const ALASAN_P3 = {
  1: 'Resign',
  2: 'Meninggal',
  3: 'Sakit',
  4: 'Pensiun',
  5: 'PHKK',
  6: 'PHK',
  9: 'Internal',
} as const;
export const LAMA_KONTRAK = [1, 3, 6, 9, 12] as const;
export const YA_TIDAK = { Y: 'Ya', T: 'Tidak' } as const;
export const JENIS_TRN = { P1: 'Karyawan Baru', P2: 'Perubahan Data', P3: 'Resign/Keluar' } as const;

/**
 * Attendance status values (documented in docs/decisions/003-demo-data.md); defined with the attendance
 * list's filter, which the entry chunk carries, in absensi-search.ts.
 */
export { STATUS_ABSENSI } from './absensi/absensi-search';
