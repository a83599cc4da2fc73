/**
 * Cities the demo company operates in. Coordinates are the real city centres, so stores and check-ins
 * land on the right spot of the map; districts and postcodes are real places of that city. They span
 * Indonesia's three time zones: Java and Sumatra WIB, Makassar, Bali and Balikpapan WITA, Jayapura WIT.
 */
import type { TimeZone } from '../../../src/domain/time-zone';

export interface City {
  /** lokasi.id */
  id: string;
  /** Two letters used in route-list ids (max 5 chars: R + code + nn). */
  code: string;
  nama: string;
  kode_prsh: string;
  sales_office_id: string;
  /** The location's time zone (lokasi.time_zone): its employees' days and times. */
  time_zone: TimeZone;
  /** UMR area name as payroll writes it. */
  area: string;
  /** Approximate minimum monthly wage (UMK/UMP) for 2026, rupiah; demo values, not a reference. */
  umr: number;
  lat: number;
  long: number;
  phoneArea: string;
  /** First four digits of a NIK issued in this city (province + regency). */
  nikPrefix: string;
  /** Relative share of the workforce. */
  weight: number;
  /**
   * A city opened later: instead of a weighted share it takes every n-th employee (from the n-th on),
   * so the older cities keep the employees they had (tests and demos name some of them).
   */
  everyNth?: number;
  /**
   * Which way from the centre stores may lie, per axis (+1 only north/east, -1 only south/west, 0 both),
   * so coastal cities keep their stores on land.
   */
  landward: readonly [lat: -1 | 0 | 1, long: -1 | 0 | 1];
  districts: readonly (readonly [name: string, zip: string])[];
}

export const CITIES: readonly City[] = [
  {
    id: 'JKT',
    code: 'JK',
    nama: 'Jakarta',
    kode_prsh: 'KM',
    sales_office_id: 'JKT',
    time_zone: 'Asia/Jakarta',
    area: 'DKI Jakarta',
    umr: 5_729_876,
    lat: -6.2088,
    long: 106.8456,
    phoneArea: '021',
    nikPrefix: '3171',
    weight: 22,
    landward: [-1, 0],
    districts: [
      ['Cempaka Putih', '10510'],
      ['Kelapa Gading', '14240'],
      ['Puri Indah', '11610'],
      ['Lebak Bulus', '12440'],
      ['Cibubur', '13720'],
      ['Kalibata', '12740'],
      ['Pluit', '14450'],
      ['Tebet', '12810'],
    ],
  },
  {
    id: 'BDG',
    code: 'BD',
    nama: 'Bandung',
    kode_prsh: 'KM',
    sales_office_id: 'JBR',
    time_zone: 'Asia/Jakarta',
    area: 'Kota Bandung',
    umr: 4_774_300,
    lat: -6.9175,
    long: 107.6191,
    phoneArea: '022',
    nikPrefix: '3273',
    weight: 12,
    landward: [0, 0],
    districts: [
      ['Buah Batu', '40264'],
      ['Cihampelas', '40131'],
      ['Antapani', '40291'],
      ['Pasteur', '40161'],
      ['Kopo', '40225'],
      ['Dago', '40135'],
      ['Setiabudi', '40141'],
      ['Soekarno Hatta', '40286'],
    ],
  },
  {
    id: 'SBY',
    code: 'SB',
    nama: 'Surabaya',
    kode_prsh: 'KM',
    sales_office_id: 'JTM',
    time_zone: 'Asia/Jakarta',
    area: 'Kota Surabaya',
    umr: 5_284_200,
    lat: -7.2575,
    long: 112.7521,
    phoneArea: '031',
    nikPrefix: '3578',
    weight: 14,
    landward: [-1, 0],
    districts: [
      ['Rungkut', '60293'],
      ['Tunjungan', '60261'],
      ['Darmo', '60241'],
      ['Kenjeran', '60127'],
      ['Mulyosari', '60113'],
      ['Wiyung', '60228'],
      ['Gubeng', '60281'],
      ['Ngagel', '60246'],
    ],
  },
  {
    id: 'MDN',
    code: 'MD',
    nama: 'Medan',
    kode_prsh: 'KM',
    sales_office_id: 'SMU',
    time_zone: 'Asia/Jakarta',
    area: 'Kota Medan',
    umr: 4_274_800,
    lat: 3.5952,
    long: 98.6722,
    phoneArea: '061',
    nikPrefix: '1271',
    weight: 10,
    landward: [0, 0],
    districts: [
      ['Polonia', '20157'],
      ['Setiabudi', '20132'],
      ['Amplas', '20219'],
      ['Marelan', '20254'],
      ['Helvetia', '20124'],
      ['Johor', '20144'],
      ['Sunggal', '20128'],
      ['Petisah', '20112'],
    ],
  },
  {
    id: 'MKS',
    code: 'MK',
    nama: 'Makassar',
    kode_prsh: 'KM',
    sales_office_id: 'SLS',
    time_zone: 'Asia/Makassar',
    area: 'Kota Makassar',
    umr: 4_132_200,
    lat: -5.1477,
    long: 119.4327,
    phoneArea: '0411',
    nikPrefix: '7371',
    weight: 8,
    landward: [0, 1],
    districts: [
      ['Panakkukang', '90231'],
      ['Tamalanrea', '90245'],
      ['Mariso', '90126'],
      ['Rappocini', '90222'],
      ['Biringkanaya', '90241'],
      ['Tallo', '90212'],
      ['Manggala', '90234'],
      ['Ujung Pandang', '90111'],
    ],
  },
  {
    id: 'DPS',
    code: 'DP',
    nama: 'Denpasar',
    kode_prsh: 'KM',
    sales_office_id: 'JTM',
    time_zone: 'Asia/Makassar',
    area: 'Kota Denpasar',
    umr: 3_512_600,
    lat: -8.6705,
    long: 115.2126,
    phoneArea: '0361',
    nikPrefix: '5171',
    weight: 7,
    landward: [0, 0],
    districts: [
      ['Sanur', '80228'],
      ['Renon', '80234'],
      ['Teuku Umar', '80113'],
      ['Gatot Subroto', '80116'],
      ['Sesetan', '80223'],
      ['Ubung', '80116'],
      ['Imam Bonjol', '80119'],
      ['Panjer', '80225'],
    ],
  },
  {
    id: 'SMG',
    code: 'SM',
    nama: 'Semarang',
    kode_prsh: 'KM',
    sales_office_id: 'JTG',
    time_zone: 'Asia/Jakarta',
    area: 'Kota Semarang',
    umr: 3_679_400,
    lat: -6.9667,
    long: 110.4167,
    phoneArea: '024',
    nikPrefix: '3374',
    weight: 9,
    landward: [-1, 0],
    districts: [
      ['Simpang Lima', '50241'],
      ['Banyumanik', '50264'],
      ['Tembalang', '50275'],
      ['Ngaliyan', '50181'],
      ['Pedurungan', '50192'],
      ['Srondol', '50263'],
      ['Kaligawe', '50117'],
      ['Candisari', '50257'],
    ],
  },
  {
    id: 'YOG',
    code: 'YG',
    nama: 'Yogyakarta',
    kode_prsh: 'KM',
    sales_office_id: 'JTG',
    time_zone: 'Asia/Jakarta',
    area: 'Kota Yogyakarta',
    umr: 2_827_600,
    lat: -7.7956,
    long: 110.3695,
    phoneArea: '0274',
    nikPrefix: '3471',
    weight: 7,
    landward: [0, 0],
    districts: [
      ['Malioboro', '55213'],
      ['Kaliurang', '55581'],
      ['Ambarukmo', '55281'],
      ['Jombor', '55285'],
      ['Seturan', '55281'],
      ['Godean', '55564'],
      ['Gejayan', '55281'],
      ['Wirobrajan', '55252'],
    ],
  },
  {
    id: 'PLB',
    code: 'PL',
    nama: 'Palembang',
    kode_prsh: 'SJA',
    sales_office_id: 'SMS',
    time_zone: 'Asia/Jakarta',
    area: 'Kota Palembang',
    umr: 4_199_300,
    lat: -2.9761,
    long: 104.7754,
    phoneArea: '0711',
    nikPrefix: '1671',
    weight: 6,
    landward: [0, 0],
    districts: [
      ['Ilir Barat', '30137'],
      ['Sako', '30163'],
      ['Kenten', '30114'],
      ['Demang Lebar Daun', '30137'],
      ['Kertapati', '30258'],
      ['Plaju', '30266'],
      ['Seberang Ulu', '30251'],
      ['Sukarami', '30152'],
    ],
  },
  {
    id: 'BPN',
    code: 'BP',
    nama: 'Balikpapan',
    kode_prsh: 'SJA',
    sales_office_id: 'KLT',
    time_zone: 'Asia/Makassar',
    area: 'Kota Balikpapan',
    umr: 4_010_800,
    lat: -1.2379,
    long: 116.8529,
    phoneArea: '0542',
    nikPrefix: '6471',
    weight: 5,
    landward: [1, 0],
    districts: [
      ['Klandasan', '76112'],
      ['Gunung Malang', '76124'],
      ['Sepinggan', '76115'],
      ['Batu Ampar', '76136'],
      ['Muara Rapak', '76125'],
      ['Damai', '76114'],
      ['Manggar', '76116'],
      ['Gunung Samarinda', '76125'],
    ],
  },
  {
    id: 'DJJ',
    code: 'DJ',
    nama: 'Jayapura',
    kode_prsh: 'KM',
    sales_office_id: 'PPA',
    time_zone: 'Asia/Jayapura',
    area: 'Kota Jayapura',
    umr: 4_436_283,
    lat: -2.5337,
    long: 140.7181,
    phoneArea: '0967',
    nikPrefix: '9171',
    weight: 0,
    everyNth: 33,
    // Yos Sudarso Bay lies north of the centre.
    landward: [-1, 0],
    districts: [
      ['Gurabesi', '99111'],
      ['Bhayangkara', '99112'],
      ['Hamadi', '99221'],
      ['Argapura', '99221'],
      ['Entrop', '99224'],
      ['Kotaraja', '99225'],
      ['Abepura', '99351'],
      ['Waena', '99358'],
    ],
  },
];

export const COMPANIES = [
  { kode_prsh: 'KM', nama: 'PT Karya Mandiri' },
  { kode_prsh: 'SJA', nama: 'PT Sinar Jaya Abadi' },
] as const;

export const SALES_OFFICES = [
  { id: 'JKT', kode_prsh: 'KM', nama: 'Sales Office Jakarta Raya' },
  { id: 'JBR', kode_prsh: 'KM', nama: 'Sales Office Jawa Barat' },
  { id: 'JTG', kode_prsh: 'KM', nama: 'Sales Office Jawa Tengah & DIY' },
  { id: 'JTM', kode_prsh: 'KM', nama: 'Sales Office Jawa Timur & Bali' },
  { id: 'SMU', kode_prsh: 'KM', nama: 'Sales Office Sumatera Utara' },
  { id: 'SLS', kode_prsh: 'KM', nama: 'Sales Office Sulawesi' },
  { id: 'SMS', kode_prsh: 'SJA', nama: 'Sales Office Sumatera Selatan' },
  { id: 'KLT', kode_prsh: 'SJA', nama: 'Sales Office Kalimantan Timur' },
  { id: 'PPA', kode_prsh: 'KM', nama: 'Sales Office Papua' },
] as const;

/** A point within roughly `meters` of (lat, long), rounded as a phone GPS reports it. */
export function jitter(lat: number, long: number, meters: number, r: () => number): { lat: number; long: number } {
  const deg = meters / 111_000;
  return {
    lat: Math.round((lat + (r() * 2 - 1) * deg) * 1e6) / 1e6,
    long: Math.round((long + (r() * 2 - 1) * deg) * 1e6) / 1e6,
  };
}
