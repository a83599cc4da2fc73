/**
 * The employee (karyawan) record of spec part 1 §3, §5: the create and update bodies (built from the
 * field schemas of ./karyawan-fields.ts, which the form shares), the tabs and the permission that edits
 * each, and the detail answer. The list is ./karyawan-list.ts, the lifecycle ./karyawan-lifecycle.ts.
 * docs/decisions/007-employee-lifecycle.md explains them.
 */
import * as v from 'valibot';
import { TIME_ZONES } from '../time-zone';
import { messageWith, resultAnswer } from '../api';
import { ALASAN_P3 } from '../enums';
import { fieldEntries, gajiEntry, KARYAWAN_MESSAGES, NRP_PATTERN, type KaryawanField } from './karyawan-fields';
import type { Permission } from '../roles/permissions';
import { code } from '../primitives';

/** The spec's refusal (§8), verbatim. */
export const deleteHasVisitsMessage = (nrp: string, nama: string) =>
  `Tidak bisa menghapus karyawan ${nrp} - ${nama}. Karyawan sudah memiliki kunjungan. Mohon hapus kunjungan terlebih dahulu.`;

/** Keeps the letters that may stand in an NPWP and groups them as 99.999.999.9-999.999 while typing. */
export function maskNpwp(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 15);
  const parts: [number, string][] = [
    [2, '.'],
    [5, '.'],
    [8, '.'],
    [9, '-'],
    [12, '.'],
  ];
  let out = '';
  for (let i = 0; i < d.length; i++) {
    const sep = parts.find(([at]) => at === i);
    if (sep) out += sep[1];
    out += d[i];
  }
  return out;
}

// ---------------------------------------------------------------- bodies

const emptyGaji = () => ({ gapok: '', tun_makan: null, tun_bensin: null, tun_lain: null });

/** A field left blank takes the §3 default of a new employee. */
const orDefault = <S extends v.GenericSchema<unknown, string | number | null>, D extends string | number>(
  schema: S,
  fallback: D,
) =>
  v.pipe(
    schema,
    v.transform((x) => (x ?? fallback) as NonNullable<v.InferOutput<S>> | D),
  );

/** POST /api/karyawan: every required field of §5, the new-employee defaults of §3 for the rest. */
export const KaryawanCreateSchema = v.object({
  ...fieldEntries,
  status_kel: orDefault(fieldEntries.status_kel, 'T'),
  bpjs_kes: orDefault(fieldEntries.bpjs_kes, 'Y'),
  bopk: orDefault(fieldEntries.bopk, 'T'),
  bp: orDefault(fieldEntries.bp, 'T'),
  inhealth: orDefault(fieldEntries.inhealth, 'T'),
  tg: orDefault(fieldEntries.tg, 'T'),
  jum_inhealth: orDefault(fieldEntries.jum_inhealth, 0),
  gaji: v.optional(gajiEntry, emptyGaji),
});
export type KaryawanCreateInput = v.InferInput<typeof KaryawanCreateSchema>;
export type KaryawanCreate = v.InferOutput<typeof KaryawanCreateSchema>;
/** The create's answer: the new NRP. */
export const KaryawanCreatedSchema = messageWith(v.object({ nrp: v.string() }));

/**
 * PUT /api/karyawan/{id}: the same fields, each optional — a field left out stays as it is, a field
 * sent blank is cleared (and a required one answers its message).
 */
export const KaryawanUpdateSchema = v.object({
  ...(Object.fromEntries(Object.entries(fieldEntries).map(([k, s]) => [k, v.optional(s)])) as {
    [K in KaryawanField]: v.OptionalSchema<(typeof fieldEntries)[K], undefined>;
  }),
  gaji: v.optional(gajiEntry),
});
export type KaryawanUpdateInput = v.InferInput<typeof KaryawanUpdateSchema>;
export type KaryawanUpdate = v.InferOutput<typeof KaryawanUpdateSchema>;

const textPart = v.optional(v.string());
const filePart = v.optional(v.pipe(v.string(), v.metadata({ format: 'binary' })));

/**
 * The multipart body of the create and the update as the API document shows it: the fields as text,
 * gaji as JSON text, the two photos. The server reads it (server/modules/karyawan/karyawan-body.ts) with
 * KaryawanCreateSchema / KaryawanUpdateSchema, or takes the same as JSON without photos.
 */
export const KaryawanFormDocSchema = v.object({
  ...(Object.fromEntries(Object.keys(fieldEntries).map((k) => [k, textPart])) as Record<
    keyof typeof fieldEntries,
    typeof textPart
  >),
  gaji: v.optional(
    v.pipe(v.string(), v.description('JSON text: {"gapok": …, "tun_makan": …, "tun_bensin": …, "tun_lain": …}')),
  ),
  foto_kar: filePart,
  foto_ktp: filePart,
});

/** An NRP in a path. One that cannot exist names nobody: the API answers 404, as for an unknown one. */
export const nrpParam = () => code(NRP_PATTERN, KARYAWAN_MESSAGES.notFound);
export const KaryawanIdParamSchema = v.object({ id: nrpParam() });
export const NrpParamSchema = v.object({ nrp: nrpParam() });

// ---------------------------------------------------------------- tabs and their edit rights

export const KARYAWAN_TABS = ['personal', 'pegawai', 'pajak', 'bpjs', 'kontrak', 'gaji'] as const;
export type KaryawanTab = (typeof KARYAWAN_TABS)[number];

export const KARYAWAN_TAB_LABELS: Record<KaryawanTab, string> = {
  personal: 'Personal',
  pegawai: 'Pegawai',
  pajak: 'Pajak',
  bpjs: 'BPJS',
  kontrak: 'Kontrak',
  gaji: 'Gaji & Tunjangan',
};

/** Which fields each tab holds; the photos belong to Personal, gaji's four amounts to Gaji. */
export const KARYAWAN_TAB_FIELDS: Record<KaryawanTab, readonly string[]> = {
  personal: [
    'nama',
    'jenis_kelamin',
    'nik',
    'tempat_lahir',
    'tgl_lahir',
    'alamat1',
    'alamat2',
    'kode_pos',
    'email',
    'telp_hp',
    'status_kel',
    'jumlah_anak',
    'agama_id',
    'pendidikan_id',
    'foto_kar',
    'foto_ktp',
  ],
  pegawai: [
    'kode_prsh',
    'kode_lokasi',
    'jobclass',
    'rek_bca',
    'tgl_awkerja',
    'type_spg_id',
    'jabatan_id',
    'departemen_id',
    'divisi_id',
    'client_id',
    'cust_code',
    'sales_office_id',
    'route_list_id',
    'pin',
    'team_leader_nrp',
  ],
  pajak: ['npwp', 'tgl_npwp', 'tgl_pph'],
  bpjs: ['bpjs_kes', 'ka_bpjs_kes', 'ka_bpjs_tk', 'bopk', 'bp', 'inhealth', 'tg', 'jum_inhealth'],
  kontrak: ['lama_kontrak', 'mulai_kontrak'],
  gaji: ['kode_umr', 'gapok', 'tun_makan', 'tun_bensin', 'tun_lain'],
};

export function tabOfField(field: string): KaryawanTab | undefined {
  return KARYAWAN_TABS.find((t) => KARYAWAN_TAB_FIELDS[t].includes(field));
}

/**
 * Spec §5 "Editing rights per tab". Gaji has no edit permission of its own: salary is "editable by admin
 * only", which we read as karyawan.gaji.read plus an administrator role (name containing ADM).
 */
export const KARYAWAN_TAB_EDIT: Record<Exclude<KaryawanTab, 'gaji'>, Permission> = {
  personal: 'karyawan.personal.edit',
  pegawai: 'karyawan.pegawai.edit',
  pajak: 'karyawan.pajak.edit',
  bpjs: 'karyawan.bpjs.edit',
  kontrak: 'karyawan.kontrak.edit',
};

export function canEditTab(tab: KaryawanTab, user: { permissions: readonly string[]; role: string }): boolean {
  if (tab === 'gaji') return user.permissions.includes('karyawan.gaji.read') && user.role.toUpperCase().includes('ADM');
  return user.permissions.includes(KARYAWAN_TAB_EDIT[tab]);
}

// ---------------------------------------------------------------- the detail answer

const str = v.nullable(v.string());
const num = v.nullable(v.number());
const named = v.nullable(v.object({ id: v.string(), nama: v.string() }));

/** The resignation reason with its name (the list, the detail, the posting items). */
export const AlasanP3Schema = v.nullable(v.object({ id: v.number(), nama: v.string() }));
/** The latest P3 posting item: a date_posting locks the resignation. */
export const P3StampSchema = v.nullable(v.object({ tgl_jam_trn: v.string(), date_posting: str }));

export const alasanP3Of = (id: number | null) =>
  id === null ? null : { id, nama: ALASAN_P3[id as keyof typeof ALASAN_P3] ?? String(id) };

export const KontrakRowSchema = v.object({
  no_kontrak: v.string(),
  per_kontrak: v.number(),
  lama_kontrak: v.number(),
  mulai_kontrak: v.string(),
  selesai_kontrak: v.string(),
  sts_kontrak: v.string(),
});
export type KontrakRow = v.InferOutput<typeof KontrakRowSchema>;

/** The stored salary: every amount is a column with a default, never null. */
export const GajiAmountsSchema = v.object({
  gapok: v.number(),
  tun_makan: v.number(),
  tun_bensin: v.number(),
  tun_lain: v.number(),
});

/** GET /api/karyawan/{id}: the employee row, the names of its codes, and what the user may see of salary and contracts. */
export const KaryawanDetailSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  jenis_kelamin: v.string(),
  nik: str,
  tempat_lahir: str,
  tgl_lahir: str,
  alamat1: str,
  alamat2: str,
  kode_pos: str,
  email: str,
  telp_hp: str,
  status_kel: v.string(),
  jumlah_anak: v.number(),
  agama_id: num,
  pendidikan_id: num,
  foto_kar: str,
  foto_ktp: str,
  kode_prsh: v.string(),
  kode_lokasi: v.string(),
  status: v.number(),
  jobclass: num,
  rek_bca: str,
  tgl_awkerja: str,
  type_spg_id: v.string(),
  jabatan_id: str,
  departemen_id: v.string(),
  divisi_id: str,
  client_id: str,
  cust_code: str,
  sales_office_id: str,
  route_list_id: str,
  pin: str,
  /** The team leader who decides this employee's leave first. */
  team_leader_nrp: str,
  /** The team leader's name; null without a team leader (or when her row is gone). */
  team_leader_nama: str,
  npwp: str,
  tgl_npwp: str,
  tgl_pph: str,
  bpjs_kes: v.string(),
  ka_bpjs_kes: str,
  ka_bpjs_tk: str,
  bopk: v.string(),
  bp: v.string(),
  inhealth: v.string(),
  tg: v.string(),
  jum_inhealth: v.number(),
  sts_kontrak: v.string(),
  per_kontrak: v.number(),
  lama_kontrak: num,
  mulai_kontrak: str,
  selesai_kontrak: str,
  no_kontrak: str,
  tgl_p3: str,
  no_pb: str,
  alasan_p3: num,
  u_kebijaksanaan: num,
  u_kebijaksanaan_desc: str,
  u_cuti: num,
  u_potongan: num,
  u_lumpdrop: num,
  tgl_bast: str,
  // Names of the codes, for the view mode
  perusahaan: v.nullable(v.object({ kode_prsh: v.string(), nama: v.string() })),
  lokasi: named,
  /** The location's time zone: the employee's days and times are in it (docs/decisions/020-time-zones.md). */
  time_zone: v.picklist(TIME_ZONES),
  type: v.nullable(v.object({ id: v.string(), type: v.string() })),
  jabatan: named,
  departemen: named,
  divisi: named,
  client: named,
  store: v.nullable(v.object({ cust_code: v.string(), cust_name: v.string() })),
  sales_office: named,
  route_list: named,
  mst_alasan_p3: AlasanP3Schema,
  /** Null without karyawan.gaji.read (the Gaji tab is hidden then). */
  kode_umr: str,
  umr: v.nullable(v.object({ id: v.string(), area: v.string(), umr: v.number() })),
  gaji: v.nullable(GajiAmountsSchema),
  /** Contract history, oldest first; null without karyawan.kontrak.read. */
  kontrak: v.nullable(v.array(KontrakRowSchema)),
  p3: P3StampSchema,
});
export type KaryawanDetail = v.InferOutput<typeof KaryawanDetailSchema>;
export const KaryawanDetailAnswerSchema = resultAnswer(KaryawanDetailSchema);
