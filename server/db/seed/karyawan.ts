/** The workforce: employees spread over the cities, their team leaders, and their contract histories. */
import dayjs from 'dayjs';
import { contractEnd, DATE_FORMAT } from '../../../src/domain/dates';
import { LAMA_KONTRAK } from '../../../src/domain/enums';
import type { karyawan, kontrak } from '../schema/karyawan';
import { addDays } from './calendar';
import { CITIES, type City } from './geo';
import { CLIENTS, TYPES, umrIdOf, type MasterData, type RoutePlan, type ShiftId } from './master';
import { BIRTH_PLACES, emailFor, homeAddress, mobileNumber, personName } from './names';
import { p3StateOf, RESIGN_AGE, type P3State } from './posting';
import { Random, seedFor } from './rng';

type KaryawanRow = typeof karyawan.$inferInsert;
type KontrakRow = typeof kontrak.$inferInsert;

export interface SeedEmployee {
  index: number;
  row: KaryawanRow & { nrp: string; kode_prsh: string; tgl_awkerja: string };
  contracts: KontrakRow[];
  isLeader: boolean;
  shiftId: ShiftId;
  /** The route the employee visits; team leaders have none. */
  route: RoutePlan | null;
  /** The state of a resigned employee's P3 posting item (seed/posting.ts); null when active. */
  p3: P3State | null;
}

/** NRP = "26" + six-digit serial: 26000001, 26000002, … */
export function nrpOf(index: number): string {
  return `26${String(index + 1).padStart(6, '0')}`;
}

/** Employee 0 is the demo team leader, employee 1 the demo SPG in that leader's team (both Jakarta). */
export const DEMO_TL_INDEX = 0;
export const DEMO_SPG_INDEX = 1;

const TEAM_SIZE = 15;
/**
 * The demo team leader's team (the first block of Jakarta) works for one client, and no other Jakarta
 * employee does: Jakarta × this client is exactly her team, so her account's data scope (trustee, seed
 * accounts.ts) shows her own team and nobody else, at any seed size.
 */
export const DEMO_TEAM = { lokasi: 'JKT', client: 'NSF' } as const;
const STREAM_CITY = 1;
const STREAM_EMPLOYEE = 2;

type ContractFate = 'within30' | 'within60' | 'within90' | 'expired' | 'resigned' | 'later';

/**
 * Fixed by position rather than by chance, so even a small seed holds each dashboard alert category
 * (5% each at 300 employees); the shuffled city order spreads them over the cities.
 */
function fateOf(index: number): ContractFate {
  switch ((index + 5) % 20) {
    case 0:
      return 'within30';
    case 1:
      return 'within60';
    case 2:
      return 'within90';
    case 3:
      return 'expired';
    case 10:
      return 'resigned';
    default:
      return 'later';
  }
}

/** Days from today of the latest contract's target end; month-end clamping can pull it up to 3 days earlier. */
const END_WINDOW: Record<Exclude<ContractFate, 'resigned'>, [number, number]> = {
  within30: [5, 28],
  within60: [35, 58],
  within90: [65, 88],
  expired: [-60, -2],
  later: [95, 330],
};

/** One city per employee, in proportion to the city weights, in a shuffled order. */
function cityPlan(count: number): City[] {
  const jakarta = CITIES[0];
  if (!jakarta) throw new Error('no cities');
  const rest = Math.max(0, count - 2);
  const weighted = CITIES.filter((c) => !c.everyNth);
  const total = weighted.reduce((s, c) => s + c.weight, 0);
  const quotas = weighted.map((c) => (rest * c.weight) / total);
  const counts = quotas.map(Math.floor);
  const order = quotas.map((q, i) => [q - Math.floor(q), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const leftover = rest - counts.reduce((s, n) => s + n, 0);
  for (let k = 0; k < leftover; k++) {
    const i = order[k]?.[1] ?? 0;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  const slots = weighted.flatMap((c, i) => Array.from({ length: counts[i] ?? 0 }, () => c));
  const plan = [jakarta, jakarta, ...new Random(seedFor(STREAM_CITY, 0)).shuffle(slots)].slice(0, count);
  // Cities opened later take every n-th employee (the demo accounts, the first two, stay in Jakarta).
  for (const late of CITIES.filter((c) => c.everyNth)) {
    const n = late.everyNth ?? 0;
    for (let i = n - 1; i < plan.length; i += n) if (i >= 2) plan[i] = late;
  }
  return plan;
}

/** The latest contract: ends near `targetEnd` and started no later than `notAfter`. */
function latestContract(r: Random, targetEnd: string, notAfter: string): { mulai: string; months: number } {
  const weights: Record<number, number> = { 1: 1, 3: 3, 6: 4, 9: 1, 12: 4 };
  const options = LAMA_KONTRAK.flatMap((months) => {
    let start = dayjs(targetEnd).add(1, 'day').subtract(months, 'month');
    // Starts on the 1st–28th only, so stepping back whole months gives back-to-back earlier contracts.
    if (start.date() > 28) start = start.date(28);
    const mulai = start.format(DATE_FORMAT);
    return mulai <= notAfter ? [[{ mulai, months }, weights[months] ?? 1] as const] : [];
  });
  return r.weighted(options);
}

interface Counters {
  kontrak: number;
  resign: number;
}

function contractsFor(
  r: Random,
  nrp: string,
  kode_prsh: string,
  today: string,
  fate: ContractFate,
  earlier: number,
  counters: Counters,
): { contracts: KontrakRow[]; tgl_p3: string | null; p3: P3State | null } {
  let tgl_p3: string | null = null;
  let p3: P3State | null = null;
  let latest: { mulai: string; months: number };
  if (fate === 'resigned') {
    // counters.resign counts the resignations before this one; the state decides how long ago it was.
    p3 = p3StateOf(counters.resign);
    const [lo, hi] = RESIGN_AGE[p3];
    tgl_p3 = addDays(today, -r.int(lo, hi));
    latest = latestContract(r, addDays(tgl_p3, r.int(10, 200)), addDays(tgl_p3, -1));
  } else {
    const [lo, hi] = END_WINDOW[fate];
    latest = latestContract(r, addDays(today, r.int(lo, hi)), today);
  }
  const chain = [latest];
  for (let k = 0; k < earlier; k++) {
    const next = chain[0] ?? latest;
    const months = r.weighted([
      [3, 3],
      [6, 4],
      [12, 3],
    ] as const);
    chain.unshift({ mulai: dayjs(next.mulai).subtract(months, 'month').format(DATE_FORMAT), months });
  }
  const contracts = chain.map((c, k) => {
    counters.kontrak += 1;
    return {
      no_kontrak: `PKWT/${kode_prsh}/${c.mulai.slice(0, 4)}/${String(counters.kontrak).padStart(6, '0')}`,
      nrp,
      per_kontrak: k + 1,
      lama_kontrak: c.months,
      mulai_kontrak: c.mulai,
      selesai_kontrak: contractEnd(c.mulai, c.months),
      sts_kontrak: 'B',
    };
  });
  return { contracts, tgl_p3, p3 };
}

const RELIGION: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  DPS: [
    [5, 80],
    [1, 12],
    [2, 4],
    [3, 2],
    [4, 2],
  ],
  MDN: [
    [1, 55],
    [2, 30],
    [3, 8],
    [4, 7],
  ],
  default: [
    [1, 85],
    [2, 7],
    [3, 4],
    [4, 2],
    [5, 1],
    [6, 1],
  ],
};

/** All employees with their contracts, in NRP order. */
export function planWorkforce(count: number, master: MasterData, today: string, stamp: Date): SeedEmployee[] {
  const cities = cityPlan(count);
  const position = new Map<string, number>();
  const leaders = new Map<string, string[]>();
  const counters: Counters = { kontrak: 0, resign: 0 };
  const out: SeedEmployee[] = [];

  cities.forEach((city, index) => {
    const r = new Random(seedFor(STREAM_EMPLOYEE, index));
    const nrp = nrpOf(index);
    const demoSpg = index === DEMO_SPG_INDEX;
    // Each block of TEAM_SIZE employees of a city opens with its team leader, who leads that block.
    const pos = position.get(city.id) ?? 0;
    position.set(city.id, pos + 1);
    const isLeader = pos % TEAM_SIZE === 0;
    const cityLeaders = leaders.get(city.id) ?? [];
    if (isLeader) leaders.set(city.id, [...cityLeaders, nrp]);
    const team_leader_nrp = isLeader ? null : (cityLeaders[Math.floor(pos / TEAM_SIZE)] ?? null);

    const jabatan_id = isLeader
      ? 'TL'
      : demoSpg
        ? 'SPG'
        : r.weighted([
            ['SPG', 75],
            ['SPB', 13],
            ['MD', 12],
          ] as const);
    const gender = jabatan_id === 'SPG' ? 'P' : jabatan_id === 'SPB' ? 'L' : r.chance(0.5) ? 'L' : 'P';
    const nama = personName(r, gender, city.id);
    const type = isLeader
      ? TYPES[3]
      : demoSpg
        ? TYPES[0]
        : r.weighted([
            [TYPES[0], 50],
            [TYPES[1], 30],
            [TYPES[2], 20],
          ] as const);
    const shiftId: ShiftId =
      isLeader || demoSpg
        ? 'PAGI'
        : type.id === 'SHF'
          ? r.pick(['MIDDLE', 'SIANG'] as const)
          : r.weighted([
              ['PAGI', 65],
              ['MIDDLE', 25],
              ['SIANG', 10],
            ] as const);
    const picked = r.pick(CLIENTS);
    const others = CLIENTS.filter((c) => c.id !== DEMO_TEAM.client);
    const clientRef =
      city.id !== DEMO_TEAM.lokasi
        ? picked
        : pos < TEAM_SIZE
          ? (CLIENTS.find((c) => c.id === DEMO_TEAM.client) ?? picked)
          : picked.id === DEMO_TEAM.client
            ? others[index % others.length]!
            : picked;
    const homeStores = (master.storesByCity.get(city.id) ?? []).filter((s) => s.client_id === clientRef.id);
    const route = isLeader ? null : demoSpg ? master.dailyRoute : r.pick(master.routesByCity.get(city.id) ?? []);

    const fate = demoSpg ? 'later' : fateOf(index);
    const earlier = demoSpg
      ? 1
      : r.weighted([
          [0, 40],
          [1, 35],
          [2, 25],
        ] as const);
    const { contracts, tgl_p3, p3 } = contractsFor(r, nrp, city.kode_prsh, today, fate, earlier, counters);
    const first = contracts[0];
    const last = contracts[contracts.length - 1];
    if (!first || !last) throw new Error('contracts');

    const age = isLeader ? r.int(27, 45) : r.int(19, 35);
    const tgl_lahir = dayjs(today).subtract(age, 'year').subtract(r.int(0, 364), 'day');
    const [district, zip] = r.pick(city.districts);
    const married = age >= 24 && r.chance(age >= 30 ? 0.7 : 0.35);
    const dd = tgl_lahir.date() + (gender === 'P' ? 40 : 0);
    const hasNpwp = r.chance(0.4);
    const bpjsKes = r.chance(0.92);
    if (tgl_p3) counters.resign += 1;

    out.push({
      index,
      isLeader,
      shiftId,
      route,
      contracts,
      p3,
      row: {
        nrp,
        nama,
        jenis_kelamin: gender,
        nik: `${city.nikPrefix}${String(r.int(1, 12)).padStart(2, '0')}${String(dd).padStart(2, '0')}${tgl_lahir.format('MMYY')}${String((index % 9999) + 1).padStart(4, '0')}`,
        tempat_lahir: r.pick(BIRTH_PLACES[city.id] ?? [city.nama]),
        tgl_lahir: tgl_lahir.format(DATE_FORMAT),
        alamat1: homeAddress(r),
        alamat2: `${district}, ${city.nama}`.slice(0, 40),
        kode_pos: zip,
        email: emailFor(nama, index + 1),
        telp_hp: mobileNumber(r),
        status_kel: married ? 'K' : 'T',
        jumlah_anak: married
          ? r.weighted([
              [0, 3],
              [1, 4],
              [2, 3],
              [3, 1],
            ] as const)
          : 0,
        agama_id: r.weighted(RELIGION[city.id] ?? RELIGION.default ?? []),
        pendidikan_id: isLeader
          ? r.weighted([
              [4, 40],
              [5, 55],
              [6, 5],
            ] as const)
          : r.weighted([
              [2, 5],
              [3, 70],
              [4, 12],
              [5, 13],
            ] as const),
        kode_prsh: city.kode_prsh,
        kode_lokasi: city.id,
        status: 2,
        jobclass: isLeader ? r.int(25, 38) : r.int(10, 20),
        rek_bca: `${r.int(1, 9)}${r.digits(9)}`,
        tgl_awkerja: first.mulai_kontrak,
        type_spg_id: type.id,
        jabatan_id,
        departemen_id: jabatan_id === 'MD' ? 'OPS' : r.chance(0.85) ? 'SLS' : 'MKT',
        divisi_id: clientRef.divisi_id,
        client_id: clientRef.id,
        cust_code: homeStores.length > 0 ? r.pick(homeStores).cust_code : null,
        sales_office_id: city.sales_office_id,
        route_list_id: route?.id ?? null,
        team_leader_nrp,
        npwp: hasNpwp ? `${r.digits(2)}.${r.digits(3)}.${r.digits(3)}.${r.digits(1)}-${r.digits(3)}.000` : null,
        tgl_npwp: hasNpwp ? addDays(first.mulai_kontrak, -r.int(5, 400)) : null,
        tgl_pph: hasNpwp ? first.mulai_kontrak : null,
        bpjs_kes: bpjsKes ? 'Y' : 'T',
        ka_bpjs_kes: bpjsKes ? `000${r.digits(10)}` : null,
        ka_bpjs_tk: r.chance(0.9) ? `${r.int(1, 9)}${r.digits(10)}` : null,
        kode_umr: umrIdOf(city.id, master.year),
        gapok: city.umr,
        tun_makan: type.tun_makan,
        tun_bensin: type.tun_bensin,
        tun_lain: type.tun_lain,
        sts_kontrak: last.sts_kontrak ?? 'B',
        per_kontrak: last.per_kontrak,
        lama_kontrak: last.lama_kontrak,
        mulai_kontrak: last.mulai_kontrak,
        selesai_kontrak: last.selesai_kontrak,
        no_kontrak: last.no_kontrak,
        tgl_p3,
        no_pb: tgl_p3 ? `PB/${city.kode_prsh}/${tgl_p3.slice(0, 4)}/${String(counters.resign).padStart(5, '0')}` : null,
        alasan_p3: tgl_p3
          ? r.weighted([
              [1, 70],
              [3, 5],
              [5, 8],
              [6, 7],
              [9, 8],
              [2, 1],
              [4, 1],
            ] as const)
          : null,
        createdAt: stamp,
        updatedAt: stamp,
      },
    });
  });
  return out;
}
