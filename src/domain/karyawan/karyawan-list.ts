/**
 * The employee lists (spec part 1 §2, §7): the active and the resigned list share one query — paging,
 * search, the `resigned` flag and a whitelisted `sort` — and one row. The Excel export takes the same
 * filter without paging.
 */
import * as v from 'valibot';
import { listAnswer } from '../api';
import { AlasanP3Schema, P3StampSchema } from './karyawan';
import { KARYAWAN_MESSAGES } from './karyawan-fields';
import { KaryawanSortSchema } from './karyawan-search';
import { ListQuerySchema } from '../list-query';

/** The sort of the list's query: its columns, its check and its reading (karyawan-search.ts). */
export { KARYAWAN_SORT_FIELDS, KaryawanSortSchema, parseSort, type KaryawanSortField } from './karyawan-search';

export const ResignedFilterSchema = v.optional(
  v.pipe(
    v.union([v.string(), v.number()], KARYAWAN_MESSAGES.resignedFilter),
    v.transform(String),
    v.picklist(['0', '1', 'true', 'false'], KARYAWAN_MESSAGES.resignedFilter),
    v.transform((s) => s === '1' || s === 'true'),
  ),
  '0',
);

/** GET /api/karyawan: the active (resigned=0) or resigned (resigned=1) list. */
export const KaryawanListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  resigned: ResignedFilterSchema,
  sort: KaryawanSortSchema,
});
export type KaryawanListQuery = v.InferOutput<typeof KaryawanListQuerySchema>;

/** GET /api/karyawan/export/excel: the list's filter, every row. */
export const KaryawanExportQuerySchema = v.object({ resigned: ResignedFilterSchema, q: ListQuerySchema.entries.q });

/** One row of GET /api/karyawan; the resignation columns fill the resigned list. */
export const KaryawanRowSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  foto_kar: v.nullable(v.string()),
  telp_hp: v.nullable(v.string()),
  kode_lokasi: v.string(),
  type: v.object({ id: v.string(), type: v.string() }),
  sales_office: v.nullable(v.object({ id: v.string(), nama: v.string() })),
  per_kontrak: v.number(),
  lama_kontrak: v.nullable(v.number()),
  mulai_kontrak: v.nullable(v.string()),
  selesai_kontrak: v.nullable(v.string()),
  tgl_p3: v.nullable(v.string()),
  no_pb: v.nullable(v.string()),
  alasan_p3: v.nullable(v.number()),
  mst_alasan_p3: AlasanP3Schema,
  u_kebijaksanaan: v.nullable(v.number()),
  u_kebijaksanaan_desc: v.nullable(v.string()),
  u_cuti: v.nullable(v.number()),
  u_potongan: v.nullable(v.number()),
  u_lumpdrop: v.nullable(v.number()),
  tgl_bast: v.nullable(v.string()),
  /** The P3 posting item: a date_posting locks the resignation. */
  p3: P3StampSchema,
});
export type KaryawanRow = v.InferOutput<typeof KaryawanRowSchema>;
export const KaryawanListAnswerSchema = listAnswer(KaryawanRowSchema);
