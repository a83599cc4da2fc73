/**
 * A few news items for the demo (issue 29), so a newcomer's Info is not empty: valid from a few days
 * before the seed's today to well after it, addressed to every company (the product training to the
 * demo team's client), so `spg` and `tl` see them all on /info. Inserted as rows, like the rest of the
 * seed: no bell row and no push job, so seeding notifies nobody.
 */
import dayjs from 'dayjs';
import type { Tx } from '../client';
import { DATE_FORMAT } from '../../../src/domain/dates';
import { news } from '../schema/news';
import { DEMO_ACCOUNTS } from './accounts';
import { COMPANIES } from './geo';
import { insertChunked } from '../insert';
import { DEMO_TEAM } from './karyawan';

const ALL_COMPANIES = COMPANIES.map((c) => c.kode_prsh);

/**
 * `from`/`to`: days relative to the seed's today. /info lists the newest `validfrom` first, so the
 * welcome, which a newcomer should read first, starts last.
 */
export const DEMO_NEWS: readonly {
  judul: string;
  isi: string;
  from: number;
  to: number;
  client?: string;
}[] = [
  {
    judul: 'Selamat datang di Hadir',
    isi:
      'Mulai sekarang absensi harian dicatat lewat Hadir.\n\n' +
      'Cara Check In: buka menu "Absensi Hari Ini", pilih toko yang Anda kunjungi, tekan Check In, lalu ' +
      'ambil foto di toko dengan lokasi HP menyala. Lakukan hal yang sama untuk Check Out saat selesai bertugas.\n\n' +
      'Tidak ada sinyal? Tetap catat seperti biasa. Data tersimpan di HP dan terkirim otomatis saat sinyal ' +
      'kembali. Statusnya bisa dilihat di menu Sinkron.',
    from: -1,
    to: 60,
  },
  {
    judul: 'Pengingat aturan cuti dan izin',
    isi:
      'Pengajuan cuti dan izin dilakukan lewat Hadir, sebaiknya jauh hari sebelum tanggalnya. Setiap ' +
      'pengajuan disetujui oleh Team Leader, lalu oleh Admin.\n\n' +
      'Hak cuti tahunan 12 hari berlaku setelah 12 bulan masa kerja. Izin sakit wajib melampirkan surat ' +
      'keterangan dokter.\n\n' +
      'Jika tanggal cuti bertepatan dengan jadwal kunjungan toko, koordinasikan dengan Team Leader Anda.',
    from: -4,
    to: 45,
  },
  {
    judul: 'Training produk baru minggu depan',
    isi:
      'Seluruh tim akan mengikuti training pengenalan varian produk baru minggu depan.\n\n' +
      'Materi: keunggulan produk, harga promo, penataan display di rak, dan cara menjawab pertanyaan ' +
      'pelanggan. Jadwal dan lokasi training per area akan disampaikan oleh Team Leader masing-masing.\n\n' +
      'Harap hadir tepat waktu dan memakai seragam lengkap.',
    from: -2,
    to: 14,
    client: DEMO_TEAM.client,
  },
  {
    judul: 'Jaga kerapian display di akhir bulan',
    isi:
      'Menjelang akhir bulan kunjungan toko biasanya ramai. Pastikan stok di rak selalu terisi, label harga ' +
      'terpasang, dan produk yang mendekati tanggal kedaluwarsa dilaporkan ke Team Leader.\n\n' +
      'Terima kasih atas kerja keras Anda!',
    from: -3,
    to: 30,
  },
];

export async function seedNews(tx: Tx, today: string, stamp: Date): Promise<number> {
  const day = (n: number) => dayjs(today).add(n, 'day').format(DATE_FORMAT);
  const rows = DEMO_NEWS.map((n) => ({
    judul: n.judul,
    isi: n.isi,
    foto: null,
    validfrom: day(n.from),
    validto: day(n.to),
    kode_prsh: ALL_COMPANIES,
    client: n.client ? [n.client] : [],
    updated_by: DEMO_ACCOUNTS.admin.userid,
    tglupdate: stamp,
  }));
  await insertChunked(tx, news, rows);
  return rows.length;
}
