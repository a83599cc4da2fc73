/**
 * What each master screen shows: its table columns and its form fields. The list page and the form are
 * generic (components/master-list-page.tsx, components/master-form.tsx); this is all that differs.
 */
import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { batasOf } from '../../domain/absensi/forgot-checkout';
import { DEVICE_POLICY_LABEL } from '../../domain/device/device';
import type { MasterRows } from '../../domain/master/master';
import { TIME_ZONE_LABEL } from '../../domain/time-zone';
import { jam, rupiah } from '../../lib/format';
import { yaTidak } from './format';

export type ScreenResource =
  'perusahaan' | 'lokasi' | 'jabatan' | 'departemen' | 'divisi' | 'client' | 'shift' | 'karyawan-type';

export interface MasterColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** A long header may break onto two lines (the shift list's many columns at 1366 px). */
  wrapHeader?: boolean;
}

export type FieldKind =
  'text' | 'textarea' | 'company' | 'time' | 'rupiah' | 'yesno' | 'timezone' | 'minutes' | 'devicepolicy' | 'date';

export interface MasterField {
  name: string;
  label: string;
  kind: FieldKind;
  /** The row's key: typed on create, shown read-only on edit. */
  isKey?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** May be left empty (the label is not marked required). */
  optional?: boolean;
  /** A line under the field saying what it does. */
  helper?: string;
  /** Shown only when editing a row (a shift's Berlaku mulai: a new shift has no past to keep). */
  editOnly?: boolean;
}

export interface MasterScreen<R extends ScreenResource> {
  resource: R;
  /** "Lokasi", used in "Tambah Lokasi", "Ubah Lokasi", "Hapus Lokasi". */
  noun: string;
  columns: MasterColumn<MasterRows[R]>[];
  fields: MasterField[];
  /** How a row is named in the delete confirmation. */
  describe: (row: MasterRows[R]) => string;
}

/** A short value that reads badly when broken over lines ("Rp 25.000", "REG - SPG Reguler"). */
const nowrap = (text: string) => <Text whiteSpace="nowrap">{text}</Text>;

const kodePrsh = <T extends { kode_prsh: string }>(): MasterColumn<T> => ({
  key: 'kode_prsh',
  header: 'Kode Perusahaan',
  cell: (r) => r.kode_prsh,
});
const company: MasterField = { name: 'kode_prsh', label: 'Kode Perusahaan', kind: 'company' };
const kode = (label: string, maxLength = 10): MasterField => ({
  name: 'id',
  label,
  kind: 'text',
  isKey: true,
  maxLength,
  placeholder: 'Huruf/angka tanpa spasi',
});
const nama: MasterField = { name: 'nama', label: 'Nama', kind: 'text', maxLength: 40 };

/** Kode Perusahaan, Kode, Nama: the shape of jabatan, departemen and divisi. */
function simple<R extends 'jabatan' | 'departemen' | 'divisi' | 'client'>(
  resource: R,
  noun: string,
  kodeLabel = 'Kode',
): MasterScreen<R> {
  return {
    resource,
    noun,
    columns: [
      kodePrsh(),
      { key: 'id', header: kodeLabel, cell: (r) => r.id },
      { key: 'nama', header: 'Nama', cell: (r) => r.nama },
    ],
    fields: [company, kode(`Kode ${noun}`), nama],
    describe: (r) => `${r.id} - ${r.nama}`,
  };
}

export const MASTER_SCREENS: { [R in ScreenResource]: MasterScreen<R> } = {
  // A company and how its check-ins are verified (docs/decisions/032): the policy is this screen's reason.
  perusahaan: {
    resource: 'perusahaan',
    noun: 'Perusahaan',
    columns: [
      kodePrsh(),
      { key: 'nama', header: 'Nama', cell: (r) => r.nama },
      { key: 'device_policy', header: 'Verifikasi Perangkat', cell: (r) => DEVICE_POLICY_LABEL[r.device_policy] },
    ],
    fields: [
      {
        name: 'kode_prsh',
        label: 'Kode Perusahaan',
        kind: 'text',
        isKey: true,
        maxLength: 4,
        placeholder: 'Huruf/angka tanpa spasi',
      },
      { name: 'nama', label: 'Nama', kind: 'text', maxLength: 60 },
      { name: 'device_policy', label: 'Verifikasi Perangkat', kind: 'devicepolicy' },
    ],
    describe: (r) => `${r.kode_prsh} - ${r.nama}`,
  },
  lokasi: {
    resource: 'lokasi',
    noun: 'Lokasi',
    columns: [
      kodePrsh(),
      { key: 'id', header: 'Kode', cell: (r) => r.id },
      { key: 'nama', header: 'Nama', cell: (r) => r.nama },
      {
        key: 'alamat',
        header: 'Alamat',
        // Wide enough to stay readable on a phone, where the table scrolls sideways.
        cell: (r) => <Text minW="56">{r.alamat ?? '-'}</Text>,
      },
      // Everything an employee of this location records and is shown is in this zone.
      { key: 'time_zone', header: 'Zona Waktu', cell: (r) => TIME_ZONE_LABEL[r.time_zone] },
    ],
    fields: [
      company,
      kode('Kode Lokasi'),
      nama,
      { name: 'alamat', label: 'Alamat', kind: 'textarea', maxLength: 255 },
      { name: 'time_zone', label: 'Zona Waktu', kind: 'timezone' },
    ],
    describe: (r) => `${r.id} - ${r.nama}`,
  },
  jabatan: simple('jabatan', 'Jabatan'),
  departemen: simple('departemen', 'Departemen'),
  divisi: simple('divisi', 'Divisi'),
  client: simple('client', 'Client', 'Kode Client'),
  shift: {
    resource: 'shift',
    noun: 'Shift',
    columns: [
      kodePrsh(),
      { key: 'id', header: 'Kode Shift', cell: (r) => r.id },
      { key: 'nama', header: 'Nama', cell: (r) => r.nama },
      { key: 'jam_mulai', header: 'Jam Mulai', cell: (r) => jam(r.jam_mulai) },
      { key: 'jam_selesai', header: 'Jam Selesai', cell: (r) => jam(r.jam_selesai) },
      { key: 'ada_uang_shift', header: 'Uang Shift', cell: (r) => yaTidak(r.ada_uang_shift) },
      // Lateness tolerances (docs/decisions/028): every report and the dashboard count with them.
      {
        key: 'toleransi_terlambat',
        header: 'Toleransi Terlambat',
        wrapHeader: true,
        cell: (r) => nowrap(`${r.toleransi_terlambat} menit`),
        align: 'end',
      },
      {
        key: 'toleransi_pulang_cepat',
        header: 'Toleransi Pulang Cepat',
        wrapHeader: true,
        cell: (r) => nowrap(`${r.toleransi_pulang_cepat} menit`),
        align: 'end',
      },
      {
        key: 'batas_check_out',
        header: 'Batas Check Out',
        wrapHeader: true,
        cell: (r) => nowrap(batasOf(r).slice(0, 5)),
      },
    ],
    fields: [
      company,
      kode('Kode Shift'),
      nama,
      { name: 'jam_mulai', label: 'Jam Mulai', kind: 'time' },
      { name: 'jam_selesai', label: 'Jam Selesai', kind: 'time' },
      { name: 'ada_uang_shift', label: 'Uang Shift', kind: 'yesno' },
      { name: 'toleransi_terlambat', label: 'Toleransi Terlambat', kind: 'minutes' },
      { name: 'toleransi_pulang_cepat', label: 'Toleransi Pulang Cepat', kind: 'minutes' },
      {
        name: 'batas_check_out',
        label: 'Batas Check Out',
        kind: 'time',
        optional: true,
        helper: 'Lewat jam ini, absensi tanpa check out ditandai Lupa Check Out. Kosongkan untuk Jam Selesai + 2 jam.',
      },
      // docs/decisions/045: the days before keep the times they were judged by.
      {
        name: 'berlaku_mulai',
        label: 'Berlaku mulai',
        kind: 'date',
        editOnly: true,
        helper: 'Jam dan toleransi baru dipakai mulai tanggal ini. Hari sebelumnya tetap memakai jam lama.',
      },
    ],
    describe: (r) => `${r.id} - ${r.nama}`,
  },
  'karyawan-type': {
    resource: 'karyawan-type',
    noun: 'Type Karyawan',
    columns: [
      kodePrsh(),
      { key: 'type', header: 'Type', cell: (r) => nowrap(`${r.id} - ${r.type}`) },
      { key: 'tun_makan', header: 'Tunjangan Makan', cell: (r) => nowrap(rupiah(r.tun_makan)), align: 'end' },
      { key: 'tun_bensin', header: 'Bantuan Transport', cell: (r) => nowrap(rupiah(r.tun_bensin)), align: 'end' },
    ],
    fields: [
      company,
      kode('Kode Type'),
      { name: 'type', label: 'Nama Type', kind: 'text', maxLength: 40 },
      { name: 'tun_makan', label: 'Tunjangan Makan (Rp)', kind: 'rupiah' },
      { name: 'tun_bensin', label: 'Bantuan Transport (Rp)', kind: 'rupiah' },
      { name: 'tun_lain', label: 'Uang Shift (Rp)', kind: 'rupiah' },
    ],
    describe: (r) => `${r.id} - ${r.type}`,
  },
};
