/**
 * Company news (spec part 2 §2.10, §3 "News", §5 "News", §7): the admin's form and list, and what each
 * employee's phone receives. The audience travels as the spec's comma-joined codes (kode_prsh required;
 * an empty list of the others means "all of the chosen companies"); the server keeps them as lists.
 * Who is addressed is one rule (`addresses`, over AUDIENCE_MEMBER_FIELD): the server's photo and read
 * checks call it, its list queries use the SQL form built from the same table
 * (docs/decisions/024-news.md).
 */
import * as v from 'valibot';
import { fileField, listAnswer, resultAnswer } from '../api';
import { ListQuerySchema } from '../list-query';
import { hasControlCharacters, isCalendarDate, PRIMITIVE_MESSAGES, requiredText } from '../primitives';
import { NEWS_ITEM_ENTRIES } from './mine';

export const NEWS_MESSAGES = {
  judulRequired: 'Judul tidak boleh kosong',
  isiRequired: 'Isi tidak boleh kosong',
  kodePrshRequired: 'Kode Perusahaan tidak boleh kosong',
  validfromRequired: 'Tanggal Mulai Berlaku tidak boleh kosong',
  validtoRequired: 'Tanggal Akhir Berlaku tidak boleh kosong',
  validRange: 'Tanggal Akhir Berlaku tidak boleh lebih awal dari Tanggal Mulai Berlaku',
  judulMax: `Judul maksimal ${200} karakter`,
  isiMax: `Isi maksimal ${5000} karakter`,
  codes: (label: string) => `Daftar ${label} tidak valid`,
  tooMany: (label: string, max: number) => `${label} maksimal ${max} pilihan`,
  unknown: (label: string, codes: string[]) => `${label} tidak ditemukan: ${codes.join(', ')}`,
  outOfScope: 'Penerima news di luar cakupan akses Anda',
  notFound: 'News tidak ditemukan',
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  created: 'News berhasil ditambahkan',
  updated: 'News berhasil diubah',
  deleted: 'News berhasil dihapus',
  read: 'News sudah dibaca',
  removeFoto: 'Nilai hapus foto harus true atau false',
} as const;

/** The photo's recommended size (spec §2.10); the browser scales a bigger one down to fit. */
export const NEWS_PHOTO_WIDTH = 960;
export const NEWS_PHOTO_HEIGHT = 720;
export const NEWS_JUDUL_MAX = 200;
export const NEWS_ISI_MAX = 5000;

/** The audience dimensions, in the form's order, with the label people read. */
export const AUDIENCE_FIELDS = ['kode_prsh', 'kode_lokasi', 'client', 'sales_office', 'type_spg', 'nrp'] as const;
export type AudienceField = (typeof AUDIENCE_FIELDS)[number];

export const AUDIENCE_LABEL: Record<AudienceField, string> = {
  kode_prsh: 'Perusahaan',
  kode_lokasi: 'Lokasi',
  client: 'Client',
  sales_office: 'Sales Office',
  type_spg: 'Type Karyawan',
  nrp: 'Karyawan (NRP)',
};

const CODE_MAX: Record<AudienceField, number> = {
  kode_prsh: 4,
  kode_lokasi: 10,
  client: 10,
  sales_office: 4,
  type_spg: 10,
  nrp: 12,
};
/** How many codes one list may hold (individual NRPs: a team or two, not a company). */
const LIST_MAX: Record<AudienceField, number> = {
  kode_prsh: 100,
  kode_lokasi: 500,
  client: 500,
  sales_office: 500,
  type_spg: 200,
  nrp: 1000,
};

export type Audience = Record<AudienceField, string[]>;

/** Comma-joined codes (as the spec sends them) or a list → the distinct codes, in the order given. */
export function codeList(field: AudienceField) {
  const label = AUDIENCE_LABEL[field];
  const re = new RegExp(`^[A-Za-z0-9._-]{1,${CODE_MAX[field]}}$`);
  return v.pipe(
    v.optional(v.union([v.string(NEWS_MESSAGES.codes(label)), v.array(v.string(NEWS_MESSAGES.codes(label)))]), ''),
    v.transform((x) => (Array.isArray(x) ? x : x.split(','))),
    v.transform((parts) => [...new Set(parts.map((p) => p.trim()).filter((p) => p !== ''))]),
    v.check((codes) => codes.every((c) => re.test(c)), NEWS_MESSAGES.codes(label)),
    v.check((codes) => codes.length <= LIST_MAX[field], NEWS_MESSAGES.tooMany(label, LIST_MAX[field])),
  );
}

const audienceEntries = {
  kode_prsh: codeList('kode_prsh'),
  kode_lokasi: codeList('kode_lokasi'),
  client: codeList('client'),
  sales_office: codeList('sales_office'),
  type_spg: codeList('type_spg'),
  nrp: codeList('nrp'),
};

/** GET /api/news/audience-count: the audience as the form holds it (kode_prsh may still be empty: 0). */
export const NewsAudienceQuerySchema = v.object(audienceEntries);
export type NewsAudienceQueryInput = v.InferInput<typeof NewsAudienceQuerySchema>;

const requiredDate = (required: string) =>
  v.pipe(
    v.optional(v.string(required), ''),
    v.trim(),
    v.nonEmpty(required),
    v.check(isCalendarDate, PRIMITIVE_MESSAGES.date),
  );

/**
 * The text fields of POST /api/news and PUT /api/news/{id} (multipart; the photo travels beside them
 * as `foto`). `remove_foto` = 'true' drops the stored photo on a change.
 */
export const NewsFieldsSchema = v.pipe(
  v.object({
    judul: v.pipe(
      v.optional(v.string(NEWS_MESSAGES.judulRequired), ''),
      requiredText(NEWS_JUDUL_MAX, NEWS_MESSAGES.judulRequired, { tooLong: NEWS_MESSAGES.judulMax }),
    ),
    isi: v.pipe(
      v.optional(v.string(NEWS_MESSAGES.isiRequired), ''),
      requiredText(NEWS_ISI_MAX, NEWS_MESSAGES.isiRequired, { multiline: true, tooLong: NEWS_MESSAGES.isiMax }),
    ),
    validfrom: requiredDate(NEWS_MESSAGES.validfromRequired),
    validto: requiredDate(NEWS_MESSAGES.validtoRequired),
    ...audienceEntries,
    kode_prsh: v.pipe(codeList('kode_prsh'), v.minLength(1, NEWS_MESSAGES.kodePrshRequired)),
    remove_foto: v.pipe(
      v.optional(v.picklist(['true', 'false', ''], NEWS_MESSAGES.removeFoto), ''),
      v.transform((s) => s === 'true'),
    ),
  }),
  v.forward(
    v.check((f) => f.validto >= f.validfrom, NEWS_MESSAGES.validRange),
    ['validto'],
  ),
);
export type NewsFields = v.InferOutput<typeof NewsFieldsSchema>;
/** The form's values as sent: each list comma-joined. */
export type NewsFieldsInput = Record<Exclude<keyof NewsFields, 'remove_foto'>, string> & { remove_foto?: string };

/** The multipart body, for the API document. */
export const NewsFormDocSchema = v.object({
  judul: v.string(),
  isi: v.string(),
  validfrom: v.pipe(v.string(), v.description('YYYY-MM-DD')),
  validto: v.pipe(v.string(), v.description('YYYY-MM-DD, not before validfrom')),
  kode_prsh: v.pipe(v.string(), v.description('Comma-joined company codes; at least one')),
  kode_lokasi: v.optional(v.pipe(v.string(), v.description('Comma-joined; empty: every location'))),
  client: v.optional(v.string()),
  sales_office: v.optional(v.string()),
  type_spg: v.optional(v.string()),
  nrp: v.optional(v.string()),
  remove_foto: v.optional(v.picklist(['true', 'false'])),
  foto: v.optional(
    fileField('The photo: JPEG, PNG or WebP (recognised by content), at most 2 MB; 960 × 720 px recommended'),
  ),
});

/** GET /api/news and the /news address: the common list query (news-search.ts). */
export { NewsListQuerySchema, type NewsListQuery } from './news-search';

export const NewsIdParamSchema = v.object({
  id: v.pipe(
    v.string(NEWS_MESSAGES.notFound),
    v.regex(/^[1-9]\d{0,9}$/, NEWS_MESSAGES.notFound),
    v.transform(Number),
    v.maxValue(2_147_483_647, NEWS_MESSAGES.notFound),
  ),
});

/** POST /api/news/{id}/read: when she opened it, on her device (the outbox may send it later). */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const NewsReadBodySchema = v.object({
  captured_at: v.optional(
    v.pipe(
      v.string(PRIMITIVE_MESSAGES.date),
      v.check((s) => !hasControlCharacters(s), PRIMITIVE_MESSAGES.control),
      v.regex(ISO_WITH_OFFSET, 'Format waktu perangkat tidak benar'),
      v.check((s) => !Number.isNaN(Date.parse(s)), 'Format waktu perangkat tidak benar'),
    ),
  ),
});
export type NewsReadBody = v.InferInput<typeof NewsReadBodySchema>;

export const NewsReadersQuerySchema = v.object({
  ...ListQuerySchema.entries,
  status: v.optional(v.picklist(['unread', 'read', 'all'], 'Status harus unread, read atau all'), 'unread'),
});
export type NewsReadersQuery = v.InferOutput<typeof NewsReadersQuerySchema>;

export const NewsKaryawanQuerySchema = v.object({
  ...ListQuerySchema.entries,
  kode_prsh: codeList('kode_prsh'),
});
export type NewsKaryawanQuery = v.InferOutput<typeof NewsKaryawanQuerySchema>;

// ---------------------------------------------------------------- answers

const audienceAnswerEntries = {
  kode_prsh: v.string(),
  kode_lokasi: v.string(),
  client: v.string(),
  sales_office: v.string(),
  type_spg: v.string(),
  nrp: v.string(),
};

export const NewsRowSchema = v.object({
  ...NEWS_ITEM_ENTRIES,
  ...audienceAnswerEntries,
  updated_by: v.string(),
  tglupdate: v.string(),
});
export type NewsRow = v.InferOutput<typeof NewsRowSchema>;

export const NewsListRowSchema = v.object({ ...NewsRowSchema.entries, read_count: v.number() });
export type NewsListRow = v.InferOutput<typeof NewsListRowSchema>;
export const NewsListAnswerSchema = listAnswer(NewsListRowSchema);

export const SelectOptionSchema = v.object({ value: v.string(), label: v.string(), kode_prsh: v.string() });
export type SelectOption = v.InferOutput<typeof SelectOptionSchema>;

/** The option lists of the form's multi-selects, within the editor's scope; `nrp`: the chosen ones only. */
export const NewsSelectOptionsSchema = v.object({
  kode_prsh: v.array(SelectOptionSchema),
  kode_lokasi: v.array(SelectOptionSchema),
  client: v.array(SelectOptionSchema),
  sales_office: v.array(SelectOptionSchema),
  type_spg: v.array(SelectOptionSchema),
  nrp: v.array(SelectOptionSchema),
});
export type NewsSelectOptions = v.InferOutput<typeof NewsSelectOptionsSchema>;

export const NewsDetailAnswerSchema = v.object({ result: NewsRowSchema, selectOptions: NewsSelectOptionsSchema });
export const NewsOptionsAnswerSchema = v.object({ selectOptions: NewsSelectOptionsSchema });
export const NewsSavedSchema = v.object({ message: v.string(), result: NewsRowSchema });

export const NewsAudienceCountAnswerSchema = resultAnswer(v.object({ count: v.number() }));

export const NewsReaderRowSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  lokasi: v.nullable(v.string()),
  read_at: v.nullable(v.string()),
});
export type NewsReaderRow = v.InferOutput<typeof NewsReaderRowSchema>;
export const NewsReadersAnswerSchema = v.object({
  ...listAnswer(NewsReaderRowSchema).entries,
  /** Active employees the item reaches (within the editor's scope), and how many of them opened it. */
  audience: v.number(),
  read: v.number(),
});
export type NewsReadersAnswer = v.InferOutput<typeof NewsReadersAnswerSchema>;

export const NewsKaryawanAnswerSchema = listAnswer(SelectOptionSchema);

export { MyNewsAnswerSchema, MyNewsRowSchema, type MyNewsAnswer, type MyNewsRow } from './mine';

export const NewsReadAnswerSchema = v.object({
  message: v.string(),
  result: v.object({ news_id: v.number(), read_at: v.string() }),
});
export type NewsReadAnswer = v.InferOutput<typeof NewsReadAnswerSchema>;

// ---------------------------------------------------------------- the rule

/** The employee fields the audience is matched on. */
export interface AudienceMember {
  nrp: string;
  kode_prsh: string | null;
  kode_lokasi: string | null;
  client_id: string | null;
  sales_office_id: string | null;
  type_spg_id: string | null;
}

/**
 * Each audience list and the employee field it is matched on: the one table `addresses` and the
 * server's SQL forms of it (server/modules/news/news-audience.ts) are built from, so they cannot name
 * different fields.
 */
export const AUDIENCE_MEMBER_FIELD = {
  kode_prsh: 'kode_prsh',
  kode_lokasi: 'kode_lokasi',
  client: 'client_id',
  sales_office: 'sales_office_id',
  type_spg: 'type_spg_id',
  nrp: 'nrp',
} as const satisfies Record<AudienceField, keyof AudienceMember>;

/**
 * Whether an item addresses an employee: her company is listed, and each other non-empty list names
 * her location, client, sales office, type or NRP. An empty company list addresses nobody.
 */
export function addresses(a: Audience, e: AudienceMember): boolean {
  return AUDIENCE_FIELDS.every((field) => {
    const list = a[field];
    const value = e[AUDIENCE_MEMBER_FIELD[field]];
    if (list.length === 0) return field !== 'kode_prsh';
    return value !== null && list.includes(value);
  });
}

/** Whether an item is shown on a day (its validity, both ends included). */
export const validOn = (n: { validfrom: string; validto: string }, day: string) =>
  n.validfrom <= day && day <= n.validto;

export const joinCodes = (codes: readonly string[]) => codes.join(',');
export const splitCodes = (s: string) => (s ? s.split(',').filter(Boolean) : []);
