/**
 * Visit plans (DCP) in the back office (spec part 2 §2.3, §3 visit, §4, §5 visit plan row, §7 visits):
 * the plan list with its evidence counts, one plan with its lines, generating the lines of a period
 * from the employee's route-list matrix, saving a plan, and editing its lines. Rules and messages are
 * shared by the form and the server (docs/decisions/019-visit-plans.md).
 */
import dayjs from 'dayjs';
import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { visitEvidenceEntries, VisitCustomerSchema } from '../absensi/kunjungan-checkin';
import { code, idString, isoDate, page, perPage, periodId, PRIMITIVE_MESSAGES, text } from '../primitives';

/** Shown in the period-range message (spec §9: displayed DD/MM/YYYY). */
export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const KUNJUNGAN_PLAN_MESSAGES = {
  shift: 'Shift harus diisi',
  customer: 'Customer harus diisi',
  tanggal: (min: string, max: string) => `Tanggal harus diantara ${min} & ${max}`,
  karyawan: 'Karyawan harus diisi',
  period: 'Period harus diisi',
  notFound: 'Kunjungan tidak ditemukan',
  lineNotFound: 'Detail kunjungan tidak ditemukan',
  karyawanNotFound: 'Karyawan tidak ditemukan',
  periodNotFound: 'Period tidak ditemukan',
  shiftNotFound: 'Shift tidak ditemukan',
  storeNotFound: 'Store tidak ditemukan',
  routeListNotFound: 'Route list tidak ditemukan',
  periodPast: 'Period tidak boleh sebelum period berjalan',
  rangeOutside: 'Tanggal period harus di dalam period yang dipilih',
  rangeOrder: 'Tanggal awal tidak boleh setelah tanggal akhir',
  noLines: 'Detail kunjungan masih kosong',
  tooManyLines: 'Detail kunjungan terlalu banyak',
  exists: (noDcp: string) => `Kunjungan karyawan ini untuk period tersebut sudah ada (${noDcp})`,
  duplicateLine: 'Store ini sudah direncanakan pada tanggal tersebut',
  lineCheckedInDelete: 'Kunjungan ini sudah check in dan tidak dapat dihapus',
  lineCheckedInStore: 'Kunjungan ini sudah check in, store tidak dapat diubah',
  planCheckedIn: (n: number) =>
    `Kunjungan ini memiliki ${n} detail yang sudah check in. Kirim konfirmasi force untuk tetap menghapus`,
  saved: 'Kunjungan berhasil disimpan',
  deleted: 'Kunjungan berhasil dihapus',
  lineAdded: 'Detail kunjungan berhasil ditambahkan',
  lineSaved: 'Detail kunjungan berhasil diubah',
  lineDeleted: 'Detail kunjungan berhasil dihapus',
  generated: (plans: number, lines: number) => `${plans} kunjungan dengan ${lines} detail berhasil dibuat`,
  pastFlag: 'hari_lalu harus true atau false',
  // Ganti Route List (docs/decisions/030-route-list-change-and-fresh-pickers.md)
  routeListRequired: 'Route list harus diisi',
  mulaiSebelumHariIni: (today: string) =>
    `Tanggal mulai tidak boleh sebelum hari ini (${today}). Centang "Termasuk hari yang sudah lewat" bila memang perlu`,
  mulaiDiLuarPeriod: (min: string, max: string) => `Tanggal mulai harus diantara ${min} & ${max}`,
  gantiResigned: (tgl: string) =>
    `Karyawan sudah berhenti bekerja sejak ${tgl}; tidak ada kunjungan yang dapat diganti`,
  gantiDone: (r: { tgl_mulai: string; added: number; removed: number; unchanged: number; kept: number }) =>
    `Route list diganti mulai ${ddmmyyyy(r.tgl_mulai)}: ${r.added} kunjungan baru, ${r.removed} kunjungan dihapus, ` +
    `${r.unchanged} tidak berubah, ${r.kept} kunjungan yang sudah check in tetap disimpan`,
} as const;

/** The most lines a plan may hold: a 31-day month × 20 stores a day. */
export const MAX_PLAN_LINES = 620;

// ---------------------------------------------------------------- rules

/**
 * Spec §5: a line's date lies inside the plan's period. The first day counts too (generated lines start
 * on it), so the range is inclusive on both ends (decision 019).
 */
export function tanggalIssue(tgl: string, min: string, max: string): string | null {
  return tgl >= min && tgl <= max ? null : KUNJUNGAN_PLAN_MESSAGES.tanggal(ddmmyyyy(min), ddmmyyyy(max));
}

/** Spec §4: only periods not before the current YYYYMM may be planned. */
export const periodPlannable = (id: string, currentId: string) => id >= currentId;

/** The matrix slot of a day: (week of month − 1) × 7 + (Monday 0 … Sunday 6); W{week}_{day} in the API. */
export function matrixSlot(date: string): number {
  const d = dayjs(date);
  return Math.floor((d.date() - 1) / 7) * 7 + ((d.day() + 6) % 7);
}

/** Every day from `mulai` to `akhir`, inclusive, as YYYY-MM-DD. */
export function daysOf(mulai: string, akhir: string): string[] {
  const out: string[] = [];
  for (let d = dayjs(mulai); !d.isAfter(akhir, 'day') && out.length < 400; d = d.add(1, 'day')) {
    out.push(d.format('YYYY-MM-DD'));
  }
  return out;
}

/**
 * The days generation fills: from today on (her zone) unless the user asked for the days already past
 * too (decision 030). A future period keeps every day; a day outside `days` is never added.
 */
export const generatedDays = (days: readonly string[], today: string, pastToo: boolean): string[] =>
  pastToo ? [...days] : days.filter((d) => d >= today);

/** Lines in the order the screens show them: by day, then as entered. */
export function byTanggal<T extends { tgl_dcp: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => (a.tgl_dcp < b.tgl_dcp ? -1 : a.tgl_dcp > b.tgl_dcp ? 1 : 0));
}

// ---------------------------------------------------------------- inputs

const nrp = (message: string) => code(/^[A-Za-z0-9._-]{1,12}$/, message);
const shiftId = v.pipe(
  v.string(KUNJUNGAN_PLAN_MESSAGES.shift),
  v.nonEmpty(KUNJUNGAN_PLAN_MESSAGES.shift),
  v.regex(/^[A-Za-z0-9._-]{1,10}$/, KUNJUNGAN_PLAN_MESSAGES.shiftNotFound),
);
const custCode = v.pipe(
  v.string(KUNJUNGAN_PLAN_MESSAGES.customer),
  v.nonEmpty(KUNJUNGAN_PLAN_MESSAGES.customer),
  v.regex(/^[A-Za-z0-9._-]{1,20}$/, KUNJUNGAN_PLAN_MESSAGES.storeNotFound),
);
const requiredPeriod = v.pipe(
  v.string(KUNJUNGAN_PLAN_MESSAGES.period),
  v.nonEmpty(KUNJUNGAN_PLAN_MESSAGES.period),
  periodId(),
);
const requiredNrp = v.pipe(
  v.string(KUNJUNGAN_PLAN_MESSAGES.karyawan),
  v.nonEmpty(KUNJUNGAN_PLAN_MESSAGES.karyawan),
  nrp(KUNJUNGAN_PLAN_MESSAGES.karyawanNotFound),
);

/** GET /api/kunjungan: the page, the period and `q` (kunjungan-search.ts). */
export { KunjunganListQuerySchema, type KunjunganListQuery } from './kunjungan-search';

/** `{id}` / `{no_dcp}` of a plan (the seed writes DCP/YYYYMM/NRP; sent URL-encoded). */
export const NoDcpSchema = code(/^[A-Za-z0-9/._-]{1,30}$/, KUNJUNGAN_PLAN_MESSAGES.notFound);
export const PlanParamSchema = v.object({ id: NoDcpSchema });
export const NoDcpParamSchema = v.object({ no_dcp: NoDcpSchema });
export const LineParamSchema = v.object({ id: idString(KUNJUNGAN_PLAN_MESSAGES.lineNotFound) });

/** The plan header of the form (spec §4: valid only when employee, period and shift are set). */
export const PlanHeaderSchema = v.object({
  nrp: v.optional(requiredNrp, ''),
  shift_id: v.optional(shiftId, ''),
  period_id: v.optional(requiredPeriod, ''),
  tgl_period1: isoDate(),
  tgl_period2: isoDate(),
});
export type PlanHeader = v.InferOutput<typeof PlanHeaderSchema>;

/**
 * "Termasuk hari yang sudah lewat": generation makes lines for the days of the running month already past
 * only when asked (decision 030). A query sends 'true'/'false', a JSON body a boolean too.
 */
const pastToo = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false'])], KUNJUNGAN_PLAN_MESSAGES.pastFlag),
    v.transform((x) => x === true || x === 'true'),
  ),
  false,
);

/** GET /api/kunjungan/create/new: generate the rows of a plan (nothing is written). */
export const GenerateQuerySchema = v.object({ ...PlanHeaderSchema.entries, hari_lalu: pastToo });
export type GenerateQuery = v.InferInput<typeof GenerateQuerySchema>;

/** One line as the form sends it (spec §5 visit plan row). */
export const PlanLineInputSchema = v.object({
  tgl_dcp: isoDate(),
  shift_id: v.optional(shiftId, ''),
  cust_code: v.optional(custCode, ''),
});
export type PlanLineInput = v.InferOutput<typeof PlanLineInputSchema>;

/** POST /api/kunjungan: header and lines. */
export const PlanCreateSchema = v.object({
  ...PlanHeaderSchema.entries,
  details: v.pipe(
    v.array(PlanLineInputSchema),
    v.minLength(1, KUNJUNGAN_PLAN_MESSAGES.noLines),
    v.maxLength(MAX_PLAN_LINES, KUNJUNGAN_PLAN_MESSAGES.tooManyLines),
  ),
});
export type PlanCreate = v.InferOutput<typeof PlanCreateSchema>;

/** POST /api/kunjungan/{no_dcp}/detail/add. */
export const LineAddSchema = PlanLineInputSchema;
/** PUT /api/kunjungan/detail/{id}: shift and store (the day stays). */
export const LineUpdateSchema = v.object({ shift_id: v.optional(shiftId, ''), cust_code: v.optional(custCode, '') });
export type LineUpdate = v.InferOutput<typeof LineUpdateSchema>;

/** DELETE /api/kunjungan/{id}?force=true: the second, explicit confirmation when lines are checked in. */
export const PlanDeleteQuerySchema = v.object({
  force: v.optional(v.picklist(['true', 'false'], 'force harus true atau false'), 'false'),
});

/** GET /api/kunjungan/create/karyawan: the employee picker of the form. */
export const PlanKaryawanQuerySchema = v.object({
  page: page(),
  per_page: perPage(10, 50),
  q: v.optional(text(100, { tooLong: 'Kata kunci terlalu panjang' }), ''),
});

/** GET /api/kunjungan/karyawan/v2/{period_id}/nrp/{nrp|0}: an employee's plan of a period (0 = the caller). */
export const KaryawanPeriodParamSchema = v.object({
  a: periodId(),
  b: v.union([v.literal('0'), nrp(KUNJUNGAN_PLAN_MESSAGES.karyawanNotFound)], KUNJUNGAN_PLAN_MESSAGES.karyawanNotFound),
});

/** The route list's bulk generation: its period and the shift every plan gets. */
export const RouteListGenerateSchema = v.object({
  period_id: v.optional(requiredPeriod, ''),
  shift_id: v.optional(shiftId, ''),
  hari_lalu: pastToo,
});

const routeListId = v.pipe(
  v.string(KUNJUNGAN_PLAN_MESSAGES.routeListRequired),
  v.nonEmpty(KUNJUNGAN_PLAN_MESSAGES.routeListRequired),
  v.regex(/^[A-Za-z0-9._-]{1,5}$/, KUNJUNGAN_PLAN_MESSAGES.routeListNotFound),
);

/**
 * GET (preview) and POST /api/kunjungan/{no_dcp}/ganti-route-list: the new route list, the first day
 * it applies to (blank: today in her zone) and whether a day before today is meant (decision 030).
 */
export const GantiRouteListSchema = v.object({
  route_list_id: v.optional(routeListId, ''),
  tgl_mulai: v.optional(v.union([v.literal(''), isoDate()], PRIMITIVE_MESSAGES.date), ''),
  hari_lalu: pastToo,
});
export type GantiRouteListInput = v.InferInput<typeof GantiRouteListSchema>;
export const RouteListParamSchema = v.object({
  id: code(/^[A-Za-z0-9._-]{1,5}$/, KUNJUNGAN_PLAN_MESSAGES.routeListNotFound),
});

// ---------------------------------------------------------------- answers

const nullableString = v.nullable(v.string());

export const PlanCountsSchema = v.object({
  planned: v.number(),
  checked_in: v.number(),
  checked_out: v.number(),
  outside_radius: v.number(),
});
export type PlanCounts = v.InferOutput<typeof PlanCountsSchema>;

export const PlanRowSchema = v.object({
  no_dcp: v.string(),
  route_list_id: nullableString,
  nrp: v.string(),
  karyawan: v.object({ nama: v.string(), sales_office: nullableString }),
  shift_id: v.string(),
  shift: v.string(),
  period_id: v.string(),
  tgl_period1: v.string(),
  tgl_period2: v.string(),
  route_list: nullableString,
  counts: PlanCountsSchema,
});
export type PlanRow = v.InferOutput<typeof PlanRowSchema>;
export const PlanListAnswerSchema = listAnswer(PlanRowSchema);

/** One line with its store and evidence (spec §3: in_*, out_*, absensi foto_masuk/foto_keluar). */
export const PlanLineSchema = v.object({
  id: v.number(),
  tgl_dcp: v.string(),
  shift_id: v.string(),
  cust_code: v.string(),
  customer: VisitCustomerSchema,
  ...visitEvidenceEntries,
  absensi: v.nullable(v.object({ foto_masuk: nullableString, foto_keluar: nullableString })),
});
export type PlanLine = v.InferOutput<typeof PlanLineSchema>;

export const PlanDetailSchema = v.object({
  ...PlanRowSchema.entries,
  karyawan: v.object({
    nama: v.string(),
    sales_office: nullableString,
    client: nullableString,
    type_spg: nullableString,
    lokasi: nullableString,
    jabatan: nullableString,
  }),
  /** The check-in radius the out-of-radius flag used, metres. */
  radius_m: v.number(),
  details: v.array(PlanLineSchema),
});
export type PlanDetail = v.InferOutput<typeof PlanDetailSchema>;
export const PlanDetailAnswerSchema = resultAnswer(PlanDetailSchema);
export const PlanSavedSchema = messageWith(PlanDetailSchema);
export const LineSavedSchema = messageWith(PlanLineSchema);

/** A generated row, not yet saved. */
export const GeneratedLineSchema = v.object({
  tgl_dcp: v.string(),
  shift_id: v.string(),
  cust_code: v.string(),
  cust_name: v.string(),
  cust_address: nullableString,
});
export type GeneratedLine = v.InferOutput<typeof GeneratedLineSchema>;

export const GeneratedPlanSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  route_list: nullableString,
  /** Days of approved leave left out. */
  leave_days: v.array(v.string()),
  /** The plan the employee already has for the period, if any: saving again would be refused. */
  existing_no_dcp: nullableString,
  details: v.array(GeneratedLineSchema),
});
export type GeneratedPlan = v.InferOutput<typeof GeneratedPlanSchema>;
export const GeneratedPlanAnswerSchema = resultAnswer(GeneratedPlanSchema);

export const PlanKaryawanRowSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  route_list_id: nullableString,
  route_list: nullableString,
  sales_office: nullableString,
});
export type PlanKaryawanRow = v.InferOutput<typeof PlanKaryawanRowSchema>;
export const PlanKaryawanListAnswerSchema = listAnswer(PlanKaryawanRowSchema);

/** What generating a route list's plans will do (preview) or did. */
export const RouteListGenerationSchema = v.object({
  route_list_id: v.string(),
  period_id: v.string(),
  employees: v.number(),
  plans: v.number(),
  lines: v.number(),
  /** Employees who already have a plan for the period (left as they are). */
  skipped: v.number(),
});
export type RouteListGeneration = v.InferOutput<typeof RouteListGenerationSchema>;
export const RouteListPreviewAnswerSchema = resultAnswer(RouteListGenerationSchema);
export const RouteListGeneratedAnswerSchema = messageWith(RouteListGenerationSchema);

/** What changing a plan's route list from a day does (preview) or did: counts of lines. */
export const GantiRouteListResultSchema = v.object({
  no_dcp: v.string(),
  route_list_id: v.string(),
  route_list: v.string(),
  /** The first day changed, and the plan's last day. */
  tgl_mulai: v.string(),
  tgl_akhir: v.string(),
  /** Open lines (no check-in or check-out) from tgl_mulai that the new route list does not plan: removed. */
  removed: v.number(),
  /** Lines from tgl_mulai with a check-in or check-out: kept as they are, whatever the route list. */
  kept: v.number(),
  /** Open lines the new route list plans the same way (day, store, shift): left in place. */
  unchanged: v.number(),
  /** New lines of the new route list. */
  added: v.number(),
  /** Days of approved leave left out. */
  leave_days: v.array(v.string()),
});
export type GantiRouteListResult = v.InferOutput<typeof GantiRouteListResultSchema>;
export const GantiRouteListPreviewAnswerSchema = resultAnswer(GantiRouteListResultSchema);
export const GantiRouteListSavedSchema = messageWith(GantiRouteListResultSchema);

/** An employee's plan of a period, day by day (the field app and the leave form read it). */
export const KaryawanPeriodPlanSchema = v.object({
  nrp: v.string(),
  period_id: v.string(),
  no_dcp: nullableString,
  details: v.array(PlanLineSchema),
});
export const KaryawanPeriodPlanAnswerSchema = resultAnswer(KaryawanPeriodPlanSchema);
