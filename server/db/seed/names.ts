/** Word lists for Indonesian-looking people, streets and shops. */
import type { Random } from './rng';

const FEMALE = [
  'Siti',
  'Dewi',
  'Ayu',
  'Putri',
  'Rina',
  'Wulan',
  'Indah',
  'Fitri',
  'Sri',
  'Ratna',
  'Maya',
  'Anisa',
  'Dian',
  'Eka',
  'Intan',
  'Kartika',
  'Mega',
  'Novi',
  'Rizka',
  'Sekar',
  'Tiara',
  'Yuni',
  'Citra',
  'Aulia',
  'Nabila',
  'Salsabila',
  'Amelia',
  'Desi',
  'Febri',
  'Hana',
  'Lina',
  'Melati',
  'Nurul',
  'Rahma',
  'Suci',
  'Vina',
  'Winda',
  'Yulia',
  'Devi',
  'Nadia',
  'Oktaviani',
  'Puspita',
  'Anggun',
  'Bunga',
  'Cahya',
  'Laras',
  'Mirna',
  'Shinta',
] as const;
const MALE = [
  'Budi',
  'Agus',
  'Andi',
  'Arif',
  'Bayu',
  'Dedi',
  'Eko',
  'Fajar',
  'Gilang',
  'Hendra',
  'Irfan',
  'Joko',
  'Rizky',
  'Slamet',
  'Teguh',
  'Wahyu',
  'Yoga',
  'Dimas',
  'Rudi',
  'Ahmad',
  'Muhammad',
  'Bambang',
  'Hadi',
  'Iwan',
  'Rahmat',
  'Sigit',
  'Taufik',
  'Yusuf',
  'Aditya',
  'Reza',
  'Galih',
  'Hafiz',
  'Ilham',
  'Kevin',
  'Lukman',
  'Nanda',
  'Prasetyo',
] as const;
const FAMILY = [
  'Pratama',
  'Wijaya',
  'Lestari',
  'Kusuma',
  'Hidayat',
  'Santoso',
  'Setiawan',
  'Nugroho',
  'Wibowo',
  'Rahayu',
  'Susanti',
  'Handayani',
  'Sari',
  'Purnomo',
  'Gunawan',
  'Halim',
  'Maharani',
  'Anggraini',
  'Ramadhan',
  'Firmansyah',
  'Hakim',
  'Utami',
  'Wulandari',
  'Permatasari',
  'Kurniawan',
  'Hartono',
  'Suryani',
  'Fauzi',
  'Saputra',
  'Putri',
  'Novitasari',
  'Safitri',
  'Prabowo',
  'Susilo',
  'Yuliana',
  'Irawan',
] as const;
const FEMALE_ONLY = new Set([
  'Lestari',
  'Rahayu',
  'Susanti',
  'Handayani',
  'Sari',
  'Maharani',
  'Anggraini',
  'Utami',
  'Wulandari',
  'Permatasari',
  'Suryani',
  'Putri',
  'Novitasari',
  'Safitri',
  'Yuliana',
]);
const MALE_ONLY = new Set([
  'Pratama',
  'Hidayat',
  'Santoso',
  'Setiawan',
  'Nugroho',
  'Wibowo',
  'Purnomo',
  'Gunawan',
  'Ramadhan',
  'Firmansyah',
  'Hakim',
  'Kurniawan',
  'Hartono',
  'Fauzi',
  'Saputra',
  'Prabowo',
  'Susilo',
  'Irawan',
]);
const BATAK = [
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Lubis',
  'Harahap',
  'Hutapea',
  'Sitompul',
  'Manurung',
  'Pangaribuan',
  'Sinaga',
] as const;
const BALI_ORDER_MALE = ['I Wayan', 'I Made', 'I Nyoman', 'I Ketut', 'I Gede', 'I Putu', 'I Kadek'] as const;
const BALI_ORDER_FEMALE = ['Ni Wayan', 'Ni Made', 'Ni Nyoman', 'Ni Ketut', 'Ni Luh', 'Ni Putu', 'Ni Kadek'] as const;
const BALI_GIVEN = [
  'Ayu',
  'Sari',
  'Dewi',
  'Wirawan',
  'Suarta',
  'Artawan',
  'Sudarma',
  'Yasa',
  'Widiantari',
  'Astuti',
  'Purnami',
  'Mahendra',
] as const;

/** A plausible full name for someone from `cityId`, at most 40 characters. */
export function personName(r: Random, gender: 'L' | 'P', cityId: string): string {
  const given = gender === 'P' ? FEMALE : MALE;
  if (cityId === 'DPS' && r.chance(0.7)) {
    return `${r.pick(gender === 'P' ? BALI_ORDER_FEMALE : BALI_ORDER_MALE)} ${r.pick(BALI_GIVEN)}`;
  }
  if (cityId === 'MDN' && r.chance(0.6)) return `${r.pick(given)} ${r.pick(BATAK)}`;
  if (cityId === 'MKS' && gender === 'L' && r.chance(0.3))
    return `Andi ${r.pick(given)} ${r.pick(FAMILY.filter((f) => !FEMALE_ONLY.has(f)))}`;
  if (r.chance(0.15)) return r.pick(given);
  const family = FAMILY.filter((f) => !(gender === 'L' ? FEMALE_ONLY : MALE_ONLY).has(f));
  const name = r.chance(0.25)
    ? `${r.pick(given)} ${r.pick(given)} ${r.pick(family)}`
    : `${r.pick(given)} ${r.pick(family)}`;
  return name.length <= 40 ? name : name.slice(0, 40).trimEnd();
}

export const STREETS = [
  'Jend. Sudirman',
  'Ahmad Yani',
  'Diponegoro',
  'Gatot Subroto',
  'Hayam Wuruk',
  'Merdeka',
  'Pahlawan',
  'Veteran',
  'Pemuda',
  'Imam Bonjol',
  'Gajah Mada',
  'Dr. Sutomo',
  'Cendrawasih',
  'Melati',
  'Kenanga',
  'Mawar',
  'Flamboyan',
  'Cempaka',
  'Teratai',
  'Anggrek',
  'Kartini',
  'Pattimura',
  'Hasanuddin',
  'Sisingamangaraja',
  'Kapten Tendean',
] as const;

export const SHOP_NAMES = [
  'Toko Sumber Rejeki',
  'Toko Makmur Jaya',
  'Toserba Sinar Baru',
  'Toko Berkah Abadi',
  'Toko Sahabat',
  'Grosir Maju Bersama',
  'Toko Sentosa',
  'Swalayan Mitra Keluarga',
  'Toko Harapan Kita',
  'Toserba Lancar',
] as const;

export const BIRTH_PLACES: Readonly<Record<string, readonly string[]>> = {
  JKT: ['Jakarta', 'Bogor', 'Bekasi', 'Tangerang', 'Depok', 'Cirebon', 'Tegal', 'Brebes'],
  BDG: ['Bandung', 'Cimahi', 'Garut', 'Tasikmalaya', 'Sumedang', 'Cianjur'],
  SBY: ['Surabaya', 'Sidoarjo', 'Gresik', 'Mojokerto', 'Lamongan', 'Malang', 'Jombang'],
  MDN: ['Medan', 'Binjai', 'Pematangsiantar', 'Tebing Tinggi', 'Deli Serdang', 'Tarutung'],
  MKS: ['Makassar', 'Gowa', 'Maros', 'Bone', 'Pare-Pare', 'Bulukumba'],
  DPS: ['Denpasar', 'Gianyar', 'Tabanan', 'Singaraja', 'Klungkung', 'Badung'],
  SMG: ['Semarang', 'Kendal', 'Demak', 'Salatiga', 'Kudus', 'Ungaran'],
  YOG: ['Yogyakarta', 'Sleman', 'Bantul', 'Klaten', 'Magelang', 'Wonosari'],
  PLB: ['Palembang', 'Prabumulih', 'Lahat', 'Baturaja', 'Banyuasin'],
  BPN: ['Balikpapan', 'Samarinda', 'Penajam', 'Tenggarong', 'Makassar', 'Surabaya'],
};

/** A home address line that fits alamat1 (max 40). */
export function homeAddress(r: Random): string {
  const line = `Jl. ${r.pick(STREETS)} No. ${r.int(1, 150)} RT ${String(r.int(1, 15)).padStart(2, '0')}/RW ${String(r.int(1, 12)).padStart(2, '0')}`;
  return line.length <= 40 ? line : line.slice(0, 40).trimEnd();
}

const MOBILE_PREFIXES = [
  '0811',
  '0812',
  '0813',
  '0821',
  '0822',
  '0852',
  '0853',
  '0814',
  '0815',
  '0856',
  '0857',
  '0858',
  '0817',
  '0818',
  '0819',
  '0859',
  '0877',
  '0878',
  '0881',
  '0882',
  '0895',
  '0896',
  '0897',
] as const;

export function mobileNumber(r: Random): string {
  return `${r.pick(MOBILE_PREFIXES)}${r.digits(r.int(7, 8))}`;
}

/** Lower-case ASCII mailbox on the reserved example domain, so nothing reaches a real person. */
export function emailFor(nama: string, serial: number): string {
  const local = nama
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .join('.');
  const tail = `${serial}@example.com`;
  return `${local.slice(0, 40 - tail.length - 1)}.${tail}`;
}
