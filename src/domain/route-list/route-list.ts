/**
 * Route lists (a company's list of stores an SPG visits, with its weekly matrix), as the API answers
 * them and as the form and the upload check them (spec part 2 §2.5, §3 "Route list", §5 "Route list
 * new", §7). `outlet_count` is not stored: it is counted from the matrix on every read, so it is always
 * the number of stores the route list really has (docs/decisions/018-route-lists-and-matrix.md).
 */
import * as v from 'valibot';
import { angka } from '../number-text';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { requiredText } from '../primitives';
import { ROUTE_LIST_ID, ROUTE_LIST_QUERY_MESSAGES, routeListId } from './route-list-search';
import { UploadCountsSchema, uploadDone, UploadFailureSchema, uploadSummary, UPLOAD_STATUSES } from '../upload';

/** Spec §9: a new route list always belongs to company KM. */
export const ROUTE_LIST_COMPANY = 'KM';
/** Spec §9: 20 rows a page; the list query; a route list's id (route-list-search.ts). */
export { ROUTE_LIST_PAGE_SIZE, routeListId, RouteListQuerySchema, type RouteListQuery } from './route-list-search';

export const ROUTE_LIST_MESSAGES = {
  // notFound (an unknown id's, route-list-search.ts).
  ...ROUTE_LIST_QUERY_MESSAGES,
  notFoundId: (id: string) => `Route list ${id} tidak ditemukan`,
  outOfScope: 'Route list ini di luar cakupan akses Anda',
  idRequired: 'ID route list harus diisi',
  idFormat: 'ID route list maksimal 5 karakter: huruf, angka, titik, garis bawah atau strip',
  namaRequired: 'Nama route list harus diisi',
  namaTooLong: 'Nama route list maksimal 40 karakter',
  company: `Kode perusahaan route list baru selalu ${ROUTE_LIST_COMPANY}`,
  exists: (id: string) => `Route list ${id} sudah ada`,
  inUse: (id: string, employees: number, plans: number) =>
    `Route list ${id} tidak dapat dihapus: masih dipakai oleh ${employees} karyawan dan ${plans} rencana kunjungan`,
  created: 'Route list berhasil disimpan',
  updated: 'Route list berhasil diubah',
  deleted: 'Route list berhasil dihapus',
} as const;

export const RouteListRowSchema = v.object({
  id: v.string(),
  kode_prsh: v.string(),
  nama: v.string(),
  /** How many stores the route list's matrix holds (counted, never stale). */
  outlet_count: v.number(),
});
export type RouteListRow = v.InferOutput<typeof RouteListRowSchema>;
export const RouteListListAnswerSchema = listAnswer(RouteListRowSchema);
export const RouteListDetailAnswerSchema = resultAnswer(RouteListRowSchema);
export const RouteListSavedSchema = messageWith(RouteListRowSchema);

/** `{id}` of /api/route-list/{id}. */
export const RouteListIdParamSchema = v.object({ id: routeListId() });

// A missing field is read as blank, so it gets the form's "harus diisi" rather than a schema message.
const nama = v.optional(
  requiredText(40, ROUTE_LIST_MESSAGES.namaRequired, { tooLong: ROUTE_LIST_MESSAGES.namaTooLong }),
  '',
);

/** POST /api/route-list (spec §5 "Route list new": id max 5, name max 40; kode_prsh fixed KM). */
export const RouteListCreateSchema = v.object({
  id: v.optional(
    v.pipe(
      requiredText(5, ROUTE_LIST_MESSAGES.idRequired, { tooLong: ROUTE_LIST_MESSAGES.idFormat }),
      v.regex(ROUTE_LIST_ID, ROUTE_LIST_MESSAGES.idFormat),
    ),
    '',
  ),
  kode_prsh: v.optional(v.literal(ROUTE_LIST_COMPANY, ROUTE_LIST_MESSAGES.company), ROUTE_LIST_COMPANY),
  nama,
});
export type RouteListCreateInput = v.InferInput<typeof RouteListCreateSchema>;
export type RouteListCreate = v.InferOutput<typeof RouteListCreateSchema>;

/** PUT /api/route-list/{id}: the name (the id and the company do not change). */
export const RouteListUpdateSchema = v.object({ nama });
export type RouteListUpdateInput = v.InferInput<typeof RouteListUpdateSchema>;

// ---------------------------------------------------------------- upload

/** Data rows one route-list upload may hold. */
export const ROUTE_LIST_UPLOAD_MAX_ROWS = 20_000;

export const ROUTE_LIST_UPLOAD_MESSAGES = {
  noHeader: 'Kolom route_list_id tidak ditemukan di baris pertama. Gunakan template dari tombol Download Template.',
  unknownColumns: (cols: string[]) => `Kolom tidak dikenal: ${cols.join(', ')}`,
  duplicateColumn: (col: string) => `Kolom ${col} muncul lebih dari sekali`,
  empty: 'File tidak berisi data route list',
  tooManyRows: `Maksimal ${angka(ROUTE_LIST_UPLOAD_MAX_ROWS)} baris data per upload`,
  namaMismatch: (baris: number) => `Nama route list berbeda dengan baris ${baris} untuk ID yang sama`,
  duplicateStore: (baris: number) => `Store ini sudah ada di baris ${baris} untuk route list yang sama`,
  storeNotFound: (custCode: string) => `Store ${custCode} tidak ditemukan`,
  storeOutOfScope: (custCode: string) => `Store ${custCode} di luar cakupan akses Anda`,
  custCodeFormat: 'cust_code tidak valid',
  storeRequiredForDays: 'cust_code harus diisi bila ada hari kunjungan',
  flag: (key: string) => `${key} harus X atau kosong`,
  done: uploadDone,
  summary: uploadSummary,
} as const;

/**
 * A row is new when it creates a route list or adds a store to one, changed when it renames one or
 * changes a store's days, the same when it asks for what is stored.
 */
export const RouteListUploadResultSchema = v.object({
  log_id: v.number(),
  ...UploadCountsSchema.entries,
  /** Route lists created or renamed. */
  route_lists: v.number(),
  /** Matrix rows written (added or changed). */
  stores: v.number(),
  status: v.picklist(UPLOAD_STATUSES),
  /** The refused rows; `nrp` carries the row's "route list / store" key. */
  nrp_gagal: v.array(UploadFailureSchema),
});
export const RouteListUploadAnswerSchema = messageWith(RouteListUploadResultSchema);
export type RouteListUploadAnswer = v.InferOutput<typeof RouteListUploadAnswerSchema>;
