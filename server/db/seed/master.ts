/** Reference data: companies, places, clients, stores, route lists with their visit matrix, periods. */
import type { Tx } from '../client';
import { STATUS_ABSENSI, type KATEGORI } from '../../../src/domain/enums';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  keyAccount,
  lokasi,
  period,
  perusahaan,
  salesOffice,
  shift,
  statusAbsensi,
  umr,
} from '../schema/master';
import { matrixKunjungan, routeList, store } from '../schema/store';
import { periodsAround, type SeedPeriod } from './calendar';
import { CITIES, COMPANIES, SALES_OFFICES } from './geo';
import { insertChunked } from '../insert';
import { personName, SHOP_NAMES, STREETS } from './names';
import { Random } from './rng';

export const CLIENTS = [
  { id: 'NSF', nama: 'PT Nusa Segar Foods', divisi_id: 'FOOD' },
  { id: 'BRV', nama: 'PT Bintang Rasa Beverages', divisi_id: 'BEV' },
  { id: 'CMK', nama: 'PT Cahaya Murni Kosmetik', divisi_id: 'COS' },
  { id: 'PSH', nama: 'PT Pelangi Susu Harian', divisi_id: 'DAIRY' },
  { id: 'GHC', nama: 'PT Griya Home Care', divisi_id: 'HC' },
  { id: 'MBC', nama: 'PT Mentari Baby Care', divisi_id: 'BABY' },
] as const;

const DIVISI = [
  { id: 'FOOD', nama: 'Makanan' },
  { id: 'BEV', nama: 'Minuman' },
  { id: 'COS', nama: 'Kosmetik' },
  { id: 'DAIRY', nama: 'Susu & Nutrisi' },
  { id: 'HC', nama: 'Home Care' },
  { id: 'BABY', nama: 'Perawatan Bayi' },
] as const;

export const JABATAN = [
  { id: 'SPG', nama: 'Sales Promotion Girl' },
  { id: 'SPB', nama: 'Sales Promotion Boy' },
  { id: 'MD', nama: 'Merchandiser' },
  { id: 'TL', nama: 'Team Leader' },
  { id: 'SPV', nama: 'Supervisor' },
  { id: 'ADM', nama: 'Admin Area' },
] as const;

const DEPARTEMEN = [
  { id: 'SLS', nama: 'Sales' },
  { id: 'MKT', nama: 'Marketing' },
  { id: 'OPS', nama: 'Operasional' },
  { id: 'HRD', nama: 'Human Resources & GA' },
] as const;

/** Daily allowances in rupiah; tun_lain is the default shift money. */
export interface SeedType {
  id: string;
  type: string;
  tun_makan: number;
  tun_bensin: number;
  tun_lain: number;
}
export const TYPES: readonly [SeedType, SeedType, SeedType, SeedType] = [
  { id: 'REG', type: 'SPG Reguler', tun_makan: 25_000, tun_bensin: 15_000, tun_lain: 0 },
  { id: 'MOB', type: 'SPG Mobile', tun_makan: 30_000, tun_bensin: 35_000, tun_lain: 0 },
  { id: 'SHF', type: 'SPG Shift', tun_makan: 25_000, tun_bensin: 15_000, tun_lain: 20_000 },
  { id: 'TL', type: 'Team Leader', tun_makan: 35_000, tun_bensin: 50_000, tun_lain: 0 },
];

/** Lateness tolerances (docs/decisions/028): the default 5 minutes either way. */
const TOLERANSI = { toleransi_terlambat: 5, toleransi_pulang_cepat: 5 } as const;
export const SHIFTS = [
  { id: 'PAGI', nama: 'Pagi', jam_mulai: '08:00:00', jam_selesai: '16:00:00', ada_uang_shift: 'T', ...TOLERANSI },
  { id: 'MIDDLE', nama: 'Middle', jam_mulai: '10:00:00', jam_selesai: '18:00:00', ada_uang_shift: 'T', ...TOLERANSI },
  { id: 'SIANG', nama: 'Siang', jam_mulai: '12:00:00', jam_selesai: '20:00:00', ada_uang_shift: 'Y', ...TOLERANSI },
] as const;
export type ShiftId = (typeof SHIFTS)[number]['id'];

const KEY_ACCOUNTS = [
  { id: 'TRM', nama: 'Transmart', cust_type: 'MT' },
  { id: 'HYP', nama: 'Hypermart', cust_type: 'MT' },
  { id: 'LTM', nama: 'Lotte Mart', cust_type: 'MT' },
  { id: 'SID', nama: 'Superindo', cust_type: 'MT' },
  { id: 'MTH', nama: 'Matahari', cust_type: 'CP' },
  { id: 'CRF', nama: 'Carrefour', cust_type: 'MT' },
  { id: 'RMY', nama: 'Ramayana', cust_type: 'CP' },
] as const satisfies readonly { id: string; nama: string; cust_type: (typeof KATEGORI)[number] }[];

export interface SeedStore {
  cust_code: string;
  client_id: string;
  lat: number;
  long: number;
}

export interface RoutePlan {
  id: string;
  /** 35 entries, one per matrix slot, each the stores visited then, in visiting order. */
  slots: SeedStore[][];
}

export interface MasterData {
  periods: SeedPeriod[];
  current: SeedPeriod;
  previous: SeedPeriod;
  year: number;
  storesByCity: Map<string, SeedStore[]>;
  /** Regular Monday–Saturday routes of each city. */
  routesByCity: Map<string, RoutePlan[]>;
  /** A Jakarta route with visits on every day of the week, for the demo SPG account. */
  dailyRoute: RoutePlan;
  counts: { stores: number; routeLists: number };
}

/** UMR rows are per area and year: JKT2026. */
export function umrIdOf(cityId: string, year: number): string {
  return `${cityId}${year}`;
}

export async function seedMaster(tx: Tx, today: string): Promise<MasterData> {
  const r = new Random(0x4b4d2026);
  const year = Number(today.slice(0, 4));
  const periods = periodsAround(today);

  await insertChunked(
    tx,
    perusahaan,
    COMPANIES.map((c) => ({ ...c })),
  );
  await insertChunked(
    tx,
    salesOffice,
    SALES_OFFICES.map((s) => ({ ...s })),
  );
  await insertChunked(
    tx,
    lokasi,
    CITIES.map((c) => ({
      id: c.id,
      kode_prsh: c.kode_prsh,
      nama: c.nama,
      alamat: `Jl. ${r.pick(STREETS)} No. ${r.int(1, 200)}, ${c.districts[0]?.[0] ?? ''}, ${c.nama}`,
      time_zone: c.time_zone,
    })),
  );
  await insertChunked(
    tx,
    client,
    CLIENTS.map((c) => ({ id: c.id, kode_prsh: 'KM', nama: c.nama })),
  );
  await insertChunked(
    tx,
    jabatan,
    JABATAN.map((j) => ({ ...j, kode_prsh: 'KM' })),
  );
  await insertChunked(
    tx,
    departemen,
    DEPARTEMEN.map((d) => ({ ...d, kode_prsh: 'KM' })),
  );
  await insertChunked(
    tx,
    divisi,
    DIVISI.map((d) => ({ ...d, kode_prsh: 'KM' })),
  );
  await insertChunked(
    tx,
    karyawanType,
    TYPES.map((t) => ({ ...t, kode_prsh: 'KM' })),
  );
  await insertChunked(
    tx,
    umr,
    CITIES.map((c) => ({ id: umrIdOf(c.id, year), area: c.area, tahun: year, umr: c.umr })),
  );
  await insertChunked(
    tx,
    shift,
    SHIFTS.map((s) => ({ ...s, kode_prsh: 'KM' })),
  );
  await insertChunked(
    tx,
    keyAccount,
    KEY_ACCOUNTS.map(({ id, nama }) => ({ id, nama })),
  );
  await insertChunked(
    tx,
    period,
    periods.map((p) => ({ ...p, kode_prsh: 'KM' })),
  );
  await insertChunked(
    tx,
    statusAbsensi,
    STATUS_ABSENSI.map((s) => ({ ...s })),
  );

  const storeRows: (typeof store.$inferInsert)[] = [];
  const storesByCity = new Map<string, SeedStore[]>();
  CITIES.forEach((city, ci) => {
    const spread = 4_000 / 111_000;
    const list: SeedStore[] = [];
    city.districts.forEach(([district, zip], k) => {
      // Eight slots per city, rotated so each city has a different mix; the last slot is a local shop.
      const ka = KEY_ACCOUNTS[(k + ci) % 8];
      const clientId = CLIENTS[(k + ci) % CLIENTS.length]?.id ?? 'NSF';
      const cust_code = `${city.id}${String(k + 1).padStart(3, '0')}`;
      const axis = (side: -1 | 0 | 1) => (side === 0 ? r.next() * 2 - 1 : side * (0.15 + r.next() * 0.85));
      const lat = Math.round((city.lat + axis(city.landward[0]) * spread) * 1e6) / 1e6;
      const long = Math.round((city.long + axis(city.landward[1]) * spread) * 1e6) / 1e6;
      storeRows.push({
        cust_code,
        cust_name: ka ? `${ka.nama} ${district}` : r.pick(SHOP_NAMES),
        kunnr: `10${String(ci + 1).padStart(2, '0')}${String(k + 1).padStart(6, '0')}`,
        sales_office_id: city.sales_office_id,
        cust_address: `Jl. ${r.pick(STREETS)} No. ${r.int(1, 250)}, ${district}, ${city.nama} ${zip}`,
        cust_zip: zip,
        cust_lat: lat,
        cust_long: long,
        cust_contact: personName(r, r.chance(0.5) ? 'L' : 'P', city.id),
        cust_telp: `${city.phoneArea}-${r.int(2, 8)}${r.digits(6)}`,
        cust_email: `${cust_code.toLowerCase()}@example.com`,
        cust_key_account: ka?.id ?? null,
        cust_type: ka?.cust_type ?? 'GT',
        client_id: clientId,
      });
      list.push({ cust_code, client_id: clientId, lat, long });
    });
    storesByCity.set(city.id, list);
  });
  await insertChunked(tx, store, storeRows);

  const routeRows: (typeof routeList.$inferInsert)[] = [];
  const matrixRows: (typeof matrixKunjungan.$inferInsert)[] = [];
  const routesByCity = new Map<string, RoutePlan[]>();
  const addRoute = (id: string, nama: string, stores: SeedStore[], days: number): RoutePlan => {
    const slots: SeedStore[][] = [];
    for (let s = 0; s < 35; s++) {
      if (s % 7 >= days) {
        slots.push([]);
        continue;
      }
      const n = Math.min(stores.length, r.chance(0.55) ? 2 : 3);
      // Keep the stores' own order within a day so the visiting sequence reads naturally.
      const chosen = new Set(r.shuffle([...stores.keys()]).slice(0, n));
      slots.push(stores.filter((_, i) => chosen.has(i)));
    }
    routeRows.push({ id, kode_prsh: 'KM', nama });
    for (const st of stores) {
      const pattern = slots.map((list) => (list.includes(st) ? 'X' : '.')).join('');
      matrixRows.push({ route_list_id: id, cust_code: st.cust_code, pattern });
    }
    return { id, slots };
  };
  const pickStores = (list: SeedStore[], idx: number[]) => idx.flatMap((i) => (list[i] ? [list[i]] : []));
  for (const city of CITIES) {
    const list = storesByCity.get(city.id) ?? [];
    routesByCity.set(city.id, [
      addRoute(`R${city.code}01`, `${city.nama} Rute 1`, pickStores(list, [0, 1, 2, 3]), 6),
      addRoute(`R${city.code}02`, `${city.nama} Rute 2`, pickStores(list, [4, 5, 6, 7]), 6),
      addRoute(`R${city.code}03`, `${city.nama} Rute 3`, pickStores(list, [1, 3, 5, 7]), 6),
    ]);
  }
  const jakarta = storesByCity.get('JKT') ?? [];
  const dailyRoute = addRoute('RJK00', 'Jakarta Rute Harian (7 hari)', pickStores(jakarta, [0, 2, 4, 6]), 7);
  await insertChunked(tx, routeList, routeRows);
  await insertChunked(tx, matrixKunjungan, matrixRows);

  const current = periods[3];
  const previous = periods[2];
  if (!current || !previous) throw new Error('periods');
  return {
    periods,
    current,
    previous,
    year,
    storesByCity,
    routesByCity,
    dailyRoute,
    counts: { stores: storeRows.length, routeLists: routeRows.length },
  };
}
