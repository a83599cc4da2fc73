/**
 * Stores (customers where SPGs work), as the API answers them and as the form and the upload send them
 * (spec part 2 §3 "Store", §5 "Store"). One schema checks the form, the JSON body and every upload row.
 */
import * as v from 'valibot';
import { angka } from '../number-text';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { code, hasControlCharacters } from '../primitives';
import { STORE_QUERY_MESSAGES } from './store-search';
import { UploadCountsSchema, uploadDone, UploadFailureSchema, uploadSummary, UPLOAD_STATUSES } from '../upload';

export const STORE_MESSAGES = {
  // clientId, salesOfficeId (the list query's, store-search.ts).
  ...STORE_QUERY_MESSAGES,
  storeNotFound: 'Store tidak ditemukan',
  notFound: (custCode: string) => `Store ${custCode} tidak ditemukan`,
  outOfScope: 'Store ini di luar cakupan akses Anda',
  custCodeRequired: 'Kode Customer harus diisi',
  custCodeFormat: 'Kode Customer hanya boleh huruf, angka, titik, garis bawah atau strip, maksimal 20 karakter',
  custNameRequired: 'Nama Customer harus diisi',
  custName: 'Nama Customer maksimal 40 karakter',
  kunnr: 'Kunnr maksimal 10 karakter',
  salesOffice: 'Sales Office maksimal 4 karakter',
  address: 'Alamat maksimal 255 karakter',
  zip: 'Kode Pos maksimal 5 karakter',
  latitude: 'Latitude harus berupa angka antara -90 dan 90, maksimal 12 karakter',
  longitude: 'Longitude harus berupa angka antara -180 dan 180, maksimal 12 karakter',
  contact: 'Contact maksimal 40 karakter',
  phone: 'No. Telp maksimal 15 karakter',
  email: 'Email maksimal 40 karakter',
  emailFormat: 'Format email tidak benar',
  keyAccount: 'Key Account maksimal 10 karakter',
  type: 'Type maksimal 4 karakter',
  client: 'Client maksimal 10 karakter',
  radius: 'Radius check-in harus bilangan bulat 10 sampai 100.000 meter',
  control: 'Teks mengandung karakter yang tidak diperbolehkan',
  duplicate: (custCode: string) => `Kode Customer ${custCode} sudah digunakan`,
  missingRef: 'Sales office, key account atau client tidak ditemukan',
  unknownSalesOffice: (id: string) => `Sales office ${id} tidak ditemukan`,
  unknownClient: (id: string) => `Client ${id} tidak ditemukan`,
  unknownKeyAccount: (id: string) => `Key account ${id} tidak ditemukan`,
  inUse: 'Store tidak dapat dihapus karena masih dipakai oleh rencana kunjungan, matrix route list atau karyawan',
  created: 'Store berhasil ditambahkan',
  updated: 'Store berhasil diubah',
  deleted: 'Store berhasil dihapus',
} as const;

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

export const StoreRowSchema = v.object({
  cust_code: v.string(),
  cust_name: v.string(),
  kunnr: nullableString,
  sales_office_id: nullableString,
  cust_address: nullableString,
  cust_zip: nullableString,
  cust_lat: nullableNumber,
  cust_long: nullableNumber,
  cust_contact: nullableString,
  cust_telp: nullableString,
  cust_email: nullableString,
  cust_key_account: nullableString,
  cust_type: nullableString,
  client_id: nullableString,
  /** Metres; null: the server's VISIT_RADIUS_M. */
  radius_m: nullableNumber,
});
export type StoreRow = v.InferOutput<typeof StoreRowSchema>;
export const StoreListAnswerSchema = listAnswer(StoreRowSchema);

/** The detail: the row, whether it may be deleted (no visit, plan or matrix uses it), the default radius. */
export const StoreDetailSchema = v.object({
  ...StoreRowSchema.entries,
  deletable: v.boolean(),
  default_radius_m: v.number(),
});
export type StoreDetail = v.InferOutput<typeof StoreDetailSchema>;
export const StoreDetailAnswerSchema = resultAnswer(StoreDetailSchema);
export const StoreSavedSchema = messageWith(StoreRowSchema);

/** GET /api/store: the list query plus the client and sales office (store-search.ts). */
export { StoreListQuerySchema, type StoreListQuery } from './store-search';

export const CUST_CODE = /^[A-Za-z0-9._-]{1,20}$/;

/** `{id}` of /api/store/{id}: a customer code. */
export const StoreIdParamSchema = v.object({ id: code(CUST_CODE, STORE_MESSAGES.storeNotFound) });

// ---------------------------------------------------------------- input

/** A text field that may be blank: no control characters, trimmed, at most `max`; blank is null. */
function optionalText(max: number, tooLong: string) {
  return v.optional(
    v.pipe(
      v.nullable(v.string(tooLong)),
      v.transform((s) => s ?? ''),
      v.check((s) => !hasControlCharacters(s), STORE_MESSAGES.control),
      v.trim(),
      v.maxLength(max, tooLong),
      v.transform((s): string | null => (s === '' ? null : s)),
    ),
    null,
  );
}

/** A coordinate as typed (text, max 12 characters) or sent (a number); blank is null. */
function coordinate(limit: number, message: string) {
  return v.optional(
    v.pipe(
      v.nullable(v.union([v.string(message), v.number(message)], message)),
      v.transform((x) => (x === null ? '' : typeof x === 'number' ? String(x) : x.trim())),
      v.check((s) => s.length <= 12, message),
      v.check((s) => s === '' || /^-?\d+(\.\d+)?$/.test(s), message),
      v.transform((s): number | null => (s === '' ? null : Number(s))),
      v.check((n) => n === null || (n >= -limit && n <= limit), message),
    ),
    null,
  );
}

const radius = v.optional(
  v.pipe(
    v.nullable(v.union([v.string(STORE_MESSAGES.radius), v.number(STORE_MESSAGES.radius)], STORE_MESSAGES.radius)),
    v.transform((x) => (x === null ? '' : String(x).trim())),
    v.check((s) => s === '' || /^\d{2,6}$/.test(s), STORE_MESSAGES.radius),
    v.transform((s): number | null => (s === '' ? null : Number(s))),
    v.check((n) => n === null || (n >= 10 && n <= 100_000), STORE_MESSAGES.radius),
  ),
  null,
);

const email = v.optional(
  v.pipe(
    v.nullable(v.string(STORE_MESSAGES.email)),
    v.transform((s) => s ?? ''),
    v.check((s) => !hasControlCharacters(s), STORE_MESSAGES.control),
    v.trim(),
    v.maxLength(40, STORE_MESSAGES.email),
    v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), STORE_MESSAGES.emailFormat),
    v.transform((s): string | null => (s === '' ? null : s)),
  ),
  null,
);

/** Every field of a store but its code: the PUT body, and the rest of the POST body and of an upload row. */
export const StoreFieldsSchema = v.object({
  cust_name: v.pipe(
    v.string(STORE_MESSAGES.custNameRequired),
    v.check((s) => !hasControlCharacters(s), STORE_MESSAGES.control),
    v.trim(),
    v.nonEmpty(STORE_MESSAGES.custNameRequired),
    v.maxLength(40, STORE_MESSAGES.custName),
  ),
  kunnr: optionalText(10, STORE_MESSAGES.kunnr),
  sales_office_id: optionalText(4, STORE_MESSAGES.salesOffice),
  cust_address: optionalText(255, STORE_MESSAGES.address),
  cust_zip: optionalText(5, STORE_MESSAGES.zip),
  cust_lat: coordinate(90, STORE_MESSAGES.latitude),
  cust_long: coordinate(180, STORE_MESSAGES.longitude),
  cust_contact: optionalText(40, STORE_MESSAGES.contact),
  cust_telp: optionalText(15, STORE_MESSAGES.phone),
  cust_email: email,
  cust_key_account: optionalText(10, STORE_MESSAGES.keyAccount),
  cust_type: optionalText(4, STORE_MESSAGES.type),
  client_id: optionalText(10, STORE_MESSAGES.client),
  radius_m: radius,
});
export type StoreFields = v.InferOutput<typeof StoreFieldsSchema>;

const custCode = v.pipe(
  v.string(STORE_MESSAGES.custCodeRequired),
  v.trim(),
  v.nonEmpty(STORE_MESSAGES.custCodeRequired),
  v.regex(CUST_CODE, STORE_MESSAGES.custCodeFormat),
);

/** POST /api/store (and one upload row): the code and every field. */
export const StoreCreateSchema = v.object({ cust_code: custCode, ...StoreFieldsSchema.entries });
export type StoreCreate = v.InferOutput<typeof StoreCreateSchema>;
export type StoreFormValues = v.InferInput<typeof StoreCreateSchema>;

// ---------------------------------------------------------------- upload

/** The columns of the upload sheet and the export, in order: the field names (row 1 of the template). */
export const STORE_COLUMNS = [
  'cust_code',
  'cust_name',
  'kunnr',
  'sales_office_id',
  'cust_address',
  'cust_zip',
  'cust_lat',
  'cust_long',
  'cust_contact',
  'cust_telp',
  'cust_email',
  'cust_key_account',
  'cust_type',
  'client_id',
  'radius_m',
] as const;
export type StoreColumn = (typeof STORE_COLUMNS)[number];

export const STORE_UPLOAD_MAX_ROWS = 20_000;

export const STORE_UPLOAD_MESSAGES = {
  noHeader: 'Kolom cust_code tidak ditemukan di baris pertama. Gunakan template dari tombol Download Template.',
  unknownColumns: (cols: string[]) => `Kolom tidak dikenal: ${cols.join(', ')}`,
  duplicateColumn: (col: string) => `Kolom ${col} muncul lebih dari sekali`,
  empty: 'File tidak berisi data store',
  tooManyRows: `Maksimal ${angka(STORE_UPLOAD_MAX_ROWS)} baris data per upload`,
  duplicateCode: (baris: number) => `Kode Customer ganda di file (sudah ada di baris ${baris})`,
  done: uploadDone,
  summary: uploadSummary,
} as const;

export const StoreUploadAnswerSchema = v.object({
  message: v.string(),
  result: v.object({
    log_id: v.number(),
    ...UploadCountsSchema.entries,
    status: v.picklist(UPLOAD_STATUSES),
    /** Each refused row; `nrp` holds the row's cust_code as written (the shared upload-log shape). */
    nrp_gagal: v.array(UploadFailureSchema),
  }),
});
export type StoreUploadAnswer = v.InferOutput<typeof StoreUploadAnswerSchema>;
