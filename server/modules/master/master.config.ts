/**
 * The master lists served by the generic module: table, key, search and order fields and trustee scope.
 * Adding a list is one entry here and its kind in src/domain/master/master.ts (its row and body schemas,
 * from which src/domain/master/contracts.ts makes its endpoints).
 */
import { MASTER_LABELS, type MasterResource } from '../../../src/domain/master/master';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  keyAccount,
  lokasi,
  perusahaan,
  salesOffice,
  shift,
  statusAbsensi,
  umr,
} from '../../db/schema/master';
import type { ScopeFields, TrusteeDimension } from './master-scope';

export interface MasterTableConfig {
  resource: MasterResource;
  label: string;
  table: PgTable;
  /** The key field (also the column name): `id`, or `kode_prsh` for perusahaan. */
  key: string;
  /** Fields searched by `q` (the key and the name). */
  search: string[];
  order: string[];
  scope: ScopeFields;
}

type Field<T extends PgTable> = keyof T['_']['columns'] & string;

function define<T extends PgTable>(c: {
  resource: MasterResource;
  table: T;
  key: Field<T>;
  search: Field<T>[];
  order: Field<T>[];
  scope: Partial<Record<TrusteeDimension, Field<T>>>;
}): MasterTableConfig {
  return { ...c, label: MASTER_LABELS[c.resource] };
}

const byCompany = ['kode_prsh', 'id'] as const;

export const MASTER_TABLES: MasterTableConfig[] = [
  define({
    resource: 'perusahaan',
    table: perusahaan,
    key: 'kode_prsh',
    search: ['kode_prsh', 'nama'],
    order: ['kode_prsh'],
    scope: { kode_prsh: 'kode_prsh' },
  }),
  define({
    resource: 'sales-office',
    table: salesOffice,
    key: 'id',
    search: ['id', 'nama'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh', sales_office: 'id' },
  }),
  define({
    resource: 'lokasi',
    table: lokasi,
    key: 'id',
    search: ['id', 'nama'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh', lokasi: 'id' },
  }),
  define({
    resource: 'client',
    table: client,
    key: 'id',
    search: ['id', 'nama'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh', client: 'id' },
  }),
  define({
    resource: 'jabatan',
    table: jabatan,
    key: 'id',
    search: ['id', 'nama'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh', jabatan: 'id' },
  }),
  define({
    resource: 'departemen',
    table: departemen,
    key: 'id',
    search: ['id', 'nama'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh' },
  }),
  define({
    resource: 'divisi',
    table: divisi,
    key: 'id',
    search: ['id', 'nama'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh' },
  }),
  define({
    resource: 'karyawan-type',
    table: karyawanType,
    key: 'id',
    search: ['id', 'type'],
    order: [...byCompany],
    scope: { kode_prsh: 'kode_prsh', spg_type: 'id' },
  }),
  define({
    resource: 'shift',
    table: shift,
    key: 'id',
    search: ['id', 'nama'],
    order: ['kode_prsh', 'jam_mulai', 'id'],
    scope: { kode_prsh: 'kode_prsh' },
  }),
  define({ resource: 'umr', table: umr, key: 'id', search: ['id', 'area'], order: ['id'], scope: {} }),
  define({ resource: 'key-account', table: keyAccount, key: 'id', search: ['id', 'nama'], order: ['id'], scope: {} }),
  define({
    resource: 'status-absensi',
    table: statusAbsensi,
    key: 'id',
    search: ['id', 'nama'],
    order: ['id'],
    scope: {},
  }),
];
