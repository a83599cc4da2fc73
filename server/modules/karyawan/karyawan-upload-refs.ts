/**
 * The reference data of an employee upload, loaded once per file: every master code an employee may
 * point at, the company of each location, the allowances of each type, and the stores the sheet names.
 * Each row's codes are then checked in memory, with the messages of karyawan-refs.assertRefs.
 */
import { sql } from 'drizzle-orm';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  lokasi,
  perusahaan,
  salesOffice,
  umr,
} from '../../db/schema/master';
import type { Tx } from '../../db/client';
import { routeList, store } from '../../db/schema/store';
import { lokasiOtherCompany, refMissing, storeOtherClient, type RefValues } from './karyawan-refs';
import type { EmployeeSheet } from './karyawan-upload-sheet';

const STORE_CODE = /^[A-Za-z0-9._-]{1,20}$/;

const REF_FIELDS: { field: keyof RefValues; label: string }[] = [
  { field: 'kode_prsh', label: 'Kode Perusahaan' },
  { field: 'kode_lokasi', label: 'Kode Lokasi' },
  { field: 'type_spg_id', label: 'Tipe' },
  { field: 'departemen_id', label: 'Departemen' },
  { field: 'kode_umr', label: 'Kode UMR' },
  { field: 'jabatan_id', label: 'Jabatan' },
  { field: 'divisi_id', label: 'Divisi' },
  { field: 'client_id', label: 'Client' },
  { field: 'sales_office_id', label: 'Sales Office' },
  { field: 'route_list_id', label: 'Route List' },
];

export interface Refs {
  codes: Map<keyof RefValues, Set<string>>;
  lokasiPrsh: Map<string, string>;
  types: Map<string, { tun_makan: number; tun_bensin: number; tun_lain: number }>;
  /** Stores the sheet names: cust_code → client_id. */
  stores: Map<string, string | null>;
}

/** A list of codes as one query parameter (a JSON array), for `in`. */
export const jsonList = (values: string[]) => sql`(select json_array_elements_text(${JSON.stringify(values)}::json))`;

export async function loadRefs(tx: Tx, sheet: EmployeeSheet): Promise<Refs> {
  const ids = async (q: Promise<{ id: string }[]>) => new Set((await q).map((r) => r.id));
  const lok = await tx.select({ id: lokasi.id, kode_prsh: lokasi.kode_prsh }).from(lokasi);
  const types = await tx
    .select({
      id: karyawanType.id,
      tun_makan: karyawanType.tun_makan,
      tun_bensin: karyawanType.tun_bensin,
      tun_lain: karyawanType.tun_lain,
    })
    .from(karyawanType);
  const codes = new Map<keyof RefValues, Set<string>>([
    ['kode_prsh', await ids(tx.select({ id: perusahaan.kode_prsh }).from(perusahaan))],
    ['kode_lokasi', new Set(lok.map((r) => r.id))],
    ['type_spg_id', new Set(types.map((r) => r.id))],
    ['departemen_id', await ids(tx.select({ id: departemen.id }).from(departemen))],
    ['kode_umr', await ids(tx.select({ id: umr.id }).from(umr))],
    ['jabatan_id', await ids(tx.select({ id: jabatan.id }).from(jabatan))],
    ['divisi_id', await ids(tx.select({ id: divisi.id }).from(divisi))],
    ['client_id', await ids(tx.select({ id: client.id }).from(client))],
    ['sales_office_id', await ids(tx.select({ id: salesOffice.id }).from(salesOffice))],
    ['route_list_id', await ids(tx.select({ id: routeList.id }).from(routeList))],
  ]);
  // Only codes that could exist: another (a control character, say) fails its row's check anyway, and
  // must not reach the query.
  const custCodes = [
    ...new Set(sheet.rows.map((r) => r.cells.get('cust_code')).filter((c): c is string => !!c && STORE_CODE.test(c))),
  ];
  const stores = new Map<string, string | null>();
  if (custCodes.length) {
    const rows = await tx
      .select({ cust_code: store.cust_code, client_id: store.client_id })
      .from(store)
      .where(sql`${store.cust_code} in ${jsonList(custCodes)}`);
    for (const r of rows) stores.set(r.cust_code, r.client_id);
  }
  return {
    codes,
    lokasiPrsh: new Map(lok.map((r) => [r.id, r.kode_prsh])),
    types: new Map(types.map(({ id, ...t }) => [id, t])),
    stores,
  };
}

/** The codes of `row` (those in `fields`, all by default), as karyawan-refs.assertRefs checks them. */
export function refProblems(refs: Refs, row: RefValues, fields?: ReadonlySet<string>): string[] {
  const wanted = (f: string) => !fields || fields.has(f);
  const out: string[] = [];
  for (const { field, label } of REF_FIELDS) {
    const code = row[field];
    if (code !== null && wanted(field) && !refs.codes.get(field)?.has(code)) out.push(refMissing(label, code));
  }
  if (wanted('kode_lokasi') || wanted('kode_prsh')) {
    const prsh = refs.lokasiPrsh.get(row.kode_lokasi);
    if (prsh !== undefined && prsh !== row.kode_prsh) out.push(lokasiOtherCompany(row.kode_lokasi, row.kode_prsh));
  }
  if (row.cust_code !== null && (wanted('cust_code') || wanted('client_id'))) {
    const owner = refs.stores.get(row.cust_code);
    if (owner === undefined) out.push(refMissing('Store', row.cust_code));
    else if (row.client_id !== null && owner !== row.client_id)
      out.push(storeOtherClient(row.cust_code, row.client_id));
  }
  return out;
}
