/**
 * The employee form, tab by tab, as data: each field's label, kind and limits. The same list draws the
 * view mode (text) and the edit mode (inputs), and maps the form to the multipart body of
 * POST/PUT /api/karyawan. Rules live in src/domain/karyawan/karyawan.ts; here only how fields look.
 */
import {
  AGAMA,
  JENIS_KELAMIN,
  LAMA_KONTRAK,
  PENDIDIKAN,
  STATUS_KARYAWAN,
  STATUS_KELUARGA,
  YA_TIDAK,
} from '../../../domain/enums';
import type { KaryawanDetail, KaryawanTab } from '../../../domain/karyawan/karyawan';
import type { KaryawanField } from '../../../domain/karyawan/karyawan-fields';
import {
  SHOWN_FIELDS,
  type GajiField,
  type KaryawanEditFormValues,
  type KaryawanFormValues,
  type ShownField,
} from '../../../domain/karyawan/karyawan-form';
import type { LookupSource } from './lookup-options';

export type TextFieldName = KaryawanField | ShownField;
export type FieldName = TextFieldName | `gaji.${GajiField}`;

export type FieldKind =
  | 'text'
  | 'date'
  | 'number'
  | 'choice'
  | 'lookup'
  | 'rupiah'
  | 'npwp'
  | 'derived'
  /** An employee picked in the employee picker (the team leader), shown as "NRP - Nama". */
  | 'karyawan';

export interface FieldDef {
  name: FieldName;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  options?: Readonly<Record<string, string>>;
  lookup?: LookupSource;
  /** Only the rows of the chosen company (lokasi, sales office, route list). */
  byCompany?: boolean;
  /** Only the rows of the chosen client (store). */
  byClient?: boolean;
  inputMode?: 'numeric' | 'email' | 'tel';
  helper?: string;
  /** Shown in create mode only, or in the detail only. */
  only?: 'create' | 'detail';
}

const lamaOptions = Object.fromEntries(LAMA_KONTRAK.map((n) => [String(n), `${n} bulan`]));

export const TAB_FIELDS: Record<KaryawanTab, FieldDef[]> = {
  personal: [
    { name: 'nama', label: 'Nama', kind: 'text', required: true, maxLength: 40 },
    { name: 'jenis_kelamin', label: 'Jenis Kelamin', kind: 'choice', required: true, options: JENIS_KELAMIN },
    { name: 'nik', label: 'NIK', kind: 'text', maxLength: 18, inputMode: 'numeric' },
    { name: 'tempat_lahir', label: 'Tempat Lahir', kind: 'text', maxLength: 40 },
    { name: 'tgl_lahir', label: 'Tanggal Lahir', kind: 'date' },
    { name: 'agama_id', label: 'Agama', kind: 'choice', options: AGAMA },
    { name: 'pendidikan_id', label: 'Pendidikan', kind: 'choice', options: PENDIDIKAN },
    { name: 'status_kel', label: 'Status Keluarga', kind: 'choice', options: STATUS_KELUARGA },
    { name: 'jumlah_anak', label: 'Jumlah Anak', kind: 'number', required: true, inputMode: 'numeric' },
    { name: 'alamat1', label: 'Alamat 1', kind: 'text', maxLength: 40 },
    { name: 'alamat2', label: 'Alamat 2', kind: 'text', maxLength: 40 },
    { name: 'kode_pos', label: 'Kode Pos', kind: 'text', maxLength: 5, inputMode: 'numeric' },
    { name: 'email', label: 'Email', kind: 'text', maxLength: 40, inputMode: 'email' },
    { name: 'telp_hp', label: 'Nomor HP', kind: 'text', maxLength: 15, inputMode: 'tel' },
  ],
  pegawai: [
    { name: 'kode_prsh', label: 'Kode Perusahaan', kind: 'lookup', lookup: 'perusahaan', required: true },
    { name: 'kode_lokasi', label: 'Kode Lokasi', kind: 'lookup', lookup: 'lokasi', byCompany: true, required: true },
    { name: 'status', label: 'Status Karyawan', kind: 'derived', options: STATUS_KARYAWAN },
    { name: 'type_spg_id', label: 'Tipe', kind: 'lookup', lookup: 'karyawan-type', required: true },
    { name: 'jabatan_id', label: 'Jabatan', kind: 'lookup', lookup: 'jabatan' },
    { name: 'departemen_id', label: 'Departemen', kind: 'lookup', lookup: 'departemen', required: true },
    { name: 'divisi_id', label: 'Divisi', kind: 'lookup', lookup: 'divisi' },
    { name: 'sales_office_id', label: 'Sales Office', kind: 'lookup', lookup: 'sales-office', byCompany: true },
    {
      name: 'team_leader_nrp',
      label: 'Team Leader',
      kind: 'karyawan',
      helper: 'Approver pertama leave dan koreksi absensi',
    },
    { name: 'client_id', label: 'Client', kind: 'lookup', lookup: 'client' },
    {
      name: 'cust_code',
      label: 'Store',
      kind: 'lookup',
      lookup: 'store',
      byClient: true,
      helper: 'Store milik client terpilih; kosong bila berganti client',
    },
    { name: 'route_list_id', label: 'Route List', kind: 'lookup', lookup: 'route-list', byCompany: true },
    { name: 'jobclass', label: 'Job Class', kind: 'number', inputMode: 'numeric', helper: 'Angka 10 sampai 38' },
    { name: 'tgl_awkerja', label: 'Tanggal Awal Kerja', kind: 'date', helper: 'Mengikuti mulai kontrak pertama' },
    { name: 'rek_bca', label: 'Rekening BCA', kind: 'text', maxLength: 12, inputMode: 'numeric' },
    { name: 'pin', label: 'PIN', kind: 'text', maxLength: 20 },
  ],
  pajak: [
    { name: 'npwp', label: 'NPWP', kind: 'npwp', helper: 'Format 99.999.999.9-999.999' },
    { name: 'tgl_npwp', label: 'Tanggal NPWP', kind: 'date' },
    { name: 'tgl_pph', label: 'Tanggal PPh', kind: 'date', helper: 'Mengikuti mulai kontrak pertama' },
  ],
  bpjs: [
    { name: 'bpjs_kes', label: 'BPJS Kesehatan', kind: 'choice', options: YA_TIDAK },
    { name: 'ka_bpjs_kes', label: 'No. Kartu BPJS Kesehatan', kind: 'text', maxLength: 20 },
    { name: 'ka_bpjs_tk', label: 'No. Kartu BPJS Ketenagakerjaan', kind: 'text', maxLength: 20 },
    { name: 'inhealth', label: 'InHealth', kind: 'choice', options: YA_TIDAK },
    { name: 'jum_inhealth', label: 'Jumlah InHealth', kind: 'number', inputMode: 'numeric' },
    { name: 'bopk', label: 'BOPK', kind: 'choice', options: YA_TIDAK },
    { name: 'bp', label: 'BP', kind: 'choice', options: YA_TIDAK },
    { name: 'tg', label: 'TG', kind: 'choice', options: YA_TIDAK },
  ],
  kontrak: [
    { name: 'lama_kontrak', label: 'Lama Kontrak', kind: 'choice', options: lamaOptions, required: true },
    { name: 'mulai_kontrak', label: 'Mulai Kontrak', kind: 'date', required: true },
    { name: 'selesai_kontrak', label: 'Selesai Kontrak', kind: 'derived', helper: 'Mulai + lama kontrak − 1 hari' },
    { name: 'per_kontrak', label: 'Kontrak Ke-', kind: 'derived' },
    { name: 'sts_kontrak', label: 'Status Kontrak', kind: 'derived' },
    { name: 'no_kontrak', label: 'No. Kontrak', kind: 'derived', only: 'detail' },
  ],
  gaji: [
    { name: 'kode_umr', label: 'Kode UMR', kind: 'lookup', lookup: 'umr', required: true },
    { name: 'gaji.gapok', label: 'Gaji Pokok', kind: 'rupiah', required: true, helper: 'Terisi dari UMR' },
    { name: 'gaji.tun_makan', label: 'Uang Makan (per hari)', kind: 'rupiah', helper: 'Terisi dari tipe' },
    { name: 'gaji.tun_bensin', label: 'Uang Transport (per hari)', kind: 'rupiah', helper: 'Terisi dari tipe' },
    { name: 'gaji.tun_lain', label: 'Uang Shift (per hari)', kind: 'rupiah', helper: 'Terisi dari tipe' },
  ],
};

const str = (x: unknown) => (x === null || x === undefined ? '' : String(x));

/** A new employee: the §3 defaults, blank salary, a contract starting today. */
export function emptyValues(today: string): KaryawanFormValues {
  const values = {} as Record<TextFieldName, string>;
  for (const defs of Object.values(TAB_FIELDS))
    for (const d of defs) if (!d.name.startsWith('gaji.')) values[d.name as TextFieldName] = '';
  return {
    ...values,
    status: '2',
    team_leader_nama: '',
    status_kel: 'T',
    jumlah_anak: '0',
    bpjs_kes: 'Y',
    bopk: 'T',
    bp: 'T',
    inhealth: 'T',
    tg: 'T',
    jum_inhealth: '0',
    sts_kontrak: 'B',
    per_kontrak: '1',
    mulai_kontrak: today,
    gaji: { gapok: '', tun_makan: '', tun_bensin: '', tun_lain: '' },
  };
}

export function valuesOf(e: KaryawanDetail): KaryawanFormValues {
  const values = emptyValues('');
  for (const key of Object.keys(values) as TextFieldName[]) {
    if (key in e) values[key] = str((e as unknown as Record<string, unknown>)[key]);
  }
  values.gaji = {
    gapok: str(e.gaji?.gapok),
    tun_makan: str(e.gaji?.tun_makan),
    tun_bensin: str(e.gaji?.tun_bensin),
    tun_lain: str(e.gaji?.tun_lain),
  };
  return values;
}

const SHOWN_ONLY = new Set<string>(SHOWN_FIELDS);

/** The multipart body: the fields of the tabs being sent, gaji as JSON text, the new photos as files. */
export function toFormData(
  values: KaryawanFormValues,
  tabs: readonly KaryawanTab[],
  photos: { foto_kar?: File | null; foto_ktp?: File | null },
): FormData {
  const body = new FormData();
  for (const tab of tabs) {
    for (const def of TAB_FIELDS[tab]) {
      if (SHOWN_ONLY.has(def.name) || def.name.startsWith('gaji.')) continue;
      body.append(def.name, values[def.name as TextFieldName] ?? '');
    }
  }
  if (tabs.includes('gaji')) body.append('gaji', JSON.stringify(values.gaji));
  if (tabs.includes('personal')) {
    if (photos.foto_kar) body.append('foto_kar', photos.foto_kar, 'foto_kar.jpg');
    if (photos.foto_ktp) body.append('foto_ktp', photos.foto_ktp, 'foto_ktp.jpg');
  }
  return body;
}

/** The tab that holds a field named by a form error path ('gaji.gapok', 'nama'). */
export function tabOfPath(path: string): KaryawanTab | undefined {
  const name = path.startsWith('gaji') ? 'gaji.gapok' : path;
  return (Object.keys(TAB_FIELDS) as KaryawanTab[]).find((t) =>
    TAB_FIELDS[t].some((d) => d.name === name || (name === 'gaji.gapok' && d.name.startsWith('gaji.'))),
  );
}

/** Only the fields of these tabs (what an edit sends, and so what its form checks). */
export function pickTabs(values: KaryawanFormValues, tabs: readonly KaryawanTab[]): KaryawanEditFormValues {
  const out: Record<string, unknown> = {};
  for (const tab of tabs) {
    for (const def of TAB_FIELDS[tab]) {
      if (SHOWN_ONLY.has(def.name) || def.name.startsWith('gaji.')) continue;
      out[def.name] = values[def.name as TextFieldName];
    }
  }
  if (tabs.includes('gaji')) out.gaji = values.gaji;
  return out as KaryawanEditFormValues;
}
