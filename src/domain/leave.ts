/**
 * Leave (spec part 2 §2.9, §3, §4, §5 "Leave form", §6 leave.admin, §7 "Leave"): the five kinds and
 * what each needs, the approval chain's codes, the cuti entitlement, the schemas shared by the form,
 * the outbox payload and the server, and the answers' types. The decisions behind them are written
 * down in docs/decisions/006-leave.md.
 */
import dayjs from 'dayjs';
import * as v from 'valibot';
import { DATE_FORMAT } from './dates';

// ---------------------------------------------------------------- kinds

/**
 * The behaviour of a leave kind (jenis_leave.type). The spec's five kinds are seeded one per type;
 * an administrator may add more kinds of an existing type (e.g. "Izin Keluarga" of type IZIN).
 */
export const LEAVE_TYPES = {
  SAKIT: { label: 'Sakit (surat dokter wajib)', statusAbsensi: 'S', byPeriod: false },
  CUTI: { label: 'Cuti', statusAbsensi: 'C', byPeriod: false },
  IZIN: { label: 'Izin', statusAbsensi: 'I', byPeriod: false },
  TUKER_OFF: { label: 'Tuker Off Hari', statusAbsensi: 'OFF', byPeriod: true },
  PERUBAHAN_SHIFT: { label: 'Perubahan Shift Kerja', statusAbsensi: null, byPeriod: true },
} as const;
export type LeaveType = keyof typeof LEAVE_TYPES;
export const LEAVE_TYPE_IDS = Object.keys(LEAVE_TYPES) as LeaveType[];

export function isLeaveType(x: string): x is LeaveType {
  return x in LEAVE_TYPES;
}

/** The spec's five kinds (part 2 §9), seeded in this order with these types. */
export const SEEDED_JENIS_LEAVE: readonly { jenis_leave: string; type: LeaveType }[] = [
  { jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit', type: 'SAKIT' },
  { jenis_leave: 'Pengajuan Cuti', type: 'CUTI' },
  { jenis_leave: 'Izin Tidak Masuk', type: 'IZIN' },
  { jenis_leave: 'Tuker Off Hari', type: 'TUKER_OFF' },
  { jenis_leave: 'Perubahan Shift Kerja', type: 'PERUBAHAN_SHIFT' },
];

// ---------------------------------------------------------------- statuses

/** Leave status (free text on the wire; spec §4). */
export const LEAVE_STATUS = {
  pending: 'Pending',
  approved1: 'Approved 1',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;
export type LeaveStatus = (typeof LEAVE_STATUS)[keyof typeof LEAVE_STATUS];
export const LEAVE_STATUS_VALUES = Object.values(LEAVE_STATUS);

/** Spec §4: the status is shown as is, except Approved 1, shown as Approve By Team Leader. */
export function leaveStatusLabel(status: string): string {
  return status === LEAVE_STATUS.approved1 ? 'Approve By Team Leader' : status;
}

/** Approval step codes (spec §9): N waiting, Y/A approved, R rejected. */
export type StepStatus = 'N' | 'A' | 'R';
export type ApprovalRole = 'TL' | 'ADMIN';

/** Spec §4: N Menunggu approval, Y and A Approved, R Reject, others raw. A step after a rejection is never reached. */
export function stepStatusLabel(status: string, leaveStatus?: string): string {
  if (status === 'N') return leaveStatus === LEAVE_STATUS.rejected ? 'Tidak diproses' : 'Menunggu approval';
  if (status === 'Y' || status === 'A') return 'Approved';
  if (status === 'R') return 'Reject';
  return status;
}

export const APPROVAL_ROLE_LABELS: Record<ApprovalRole, string> = { TL: 'Team Leader', ADMIN: 'Admin' };

/** Tabs of /approval/leave: a status list plus Semua. */
export const APPROVAL_TABS = [
  { status: 'N', tab: 'Outstanding', label: 'Outstanding Approval', perPage: 5 },
  { status: 'A', tab: 'Approved', label: 'Approved Leave', perPage: 10 },
  { status: 'R', tab: 'Rejected', label: 'Rejected Leave', perPage: 10 },
  { status: 'all', tab: 'Semua', label: 'Semua Pengajuan', perPage: 10 },
] as const;
export type ApprovalTabStatus = (typeof APPROVAL_TABS)[number]['status'];

// ---------------------------------------------------------------- constants and rules

/** Spec §5, §9: 2 MB (2097152 bytes), PDF, JPEG or PNG, checked by content on the server. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
export const KETERANGAN_MAX = 255;
/** A request spans at most a year (a cuti kind's lama_hari too). */
export const MAX_SPAN_DAYS = 366;
/** How far back the device's filing date may lie when the request reaches the server (the outbox retention). */
export const FILING_DATE_MAX_AGE_DAYS = 45;

/** Annual cuti: 12 days per calendar year once 12 months of service are complete (UU 13/2003 ps. 79). */
export const CUTI_TAHUNAN_HARI = 12;
export const CUTI_MASA_KERJA_BULAN = 12;

export const LEAVE_MESSAGES = {
  incomplete: 'Mohon Melengkapi Formulir',
  jenisNotFound: 'Jenis leave tidak ditemukan',
  jenisInactive: 'Jenis leave ini tidak aktif',
  jenisCutiRequired: 'Jenis cuti harus diisi',
  jenisCutiNotFound: 'Jenis cuti tidak ditemukan',
  jenisCutiInactive: 'Jenis cuti ini tidak aktif',
  startRequired: 'Tanggal mulai harus diisi',
  dateFormat: 'Tanggal harus berformat YYYY-MM-DD',
  endBeforeStart: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  spanTooLong: `Rentang tanggal maksimal ${MAX_SPAN_DAYS} hari`,
  cutiEnd: (end: string) => `Tanggal selesai Pengajuan Cuti harus ${formatDate(end)} (tanggal mulai + lama cuti − 1)`,
  earliest: (min: string) => `Tanggal mulai paling awal ${formatDate(min)}`,
  tanggalRequired: 'Tanggal pengajuan harus diisi',
  tanggalFuture: 'Tanggal pengajuan tidak boleh melewati hari ini',
  tanggalTooOld: `Pengajuan ini tercatat lebih dari ${FILING_DATE_MAX_AGE_DAYS} hari yang lalu di perangkat; silakan ajukan ulang`,
  attachmentRequired: 'Lampiran (surat dokter) wajib untuk Surat Keterangan Dokter/Ijin Sakit',
  attachmentType: 'File harus berupa PDF, JPG atau PNG',
  attachmentTooLarge: 'File size exceeds 2 MB.',
  periodRequired: 'Period harus diisi',
  periodNotFound: 'Period tidak ditemukan',
  visitRequired: 'Tanggal kunjungan harus dipilih dari daftar kunjungan',
  visitNotFound: 'Tidak ada jadwal kunjungan pada tanggal tersebut di period ini',
  visitCheckedIn: 'Kunjungan pada tanggal tersebut sudah check in dan tidak dapat diubah',
  hariRequestRequired: 'Request Hari harus diisi',
  hariRequestSame: 'Request Hari harus berbeda dari tanggal kunjungan',
  hariRequestOutside: 'Request Hari harus berada di dalam period kunjungan',
  hariRequestBusy: 'Request Hari harus hari tanpa jadwal kunjungan (hari libur)',
  shiftRequestRequired: 'Shift Request harus diisi',
  shiftRequestNotFound: 'Shift Request tidak ditemukan',
  shiftRequestSame: 'Shift Request sama dengan shift saat ini',
  keteranganMax: `Keterangan maksimal ${KETERANGAN_MAX} karakter`,
  textChars: 'Teks berisi karakter yang tidak diizinkan',
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  onBehalfForbidden: 'Hanya pengguna dengan akses leave.admin yang dapat mengajukan untuk karyawan lain',
  karyawanNotFound: 'Karyawan tidak ditemukan',
  karyawanRequired: 'Karyawan harus dipilih',
  overlap: (nomor: string, jenis: string) => `Sudah ada pengajuan ${jenis} (${nomor}) pada tanggal tersebut`,
  cutiNotEligible: (from: string) =>
    `Hak cuti tahunan berlaku setelah ${CUTI_MASA_KERJA_BULAN} bulan masa kerja (mulai ${formatDate(from)})`,
  cutiInsufficient: (sisa: number) => `Sisa cuti tahunan tidak mencukupi (sisa ${sisa} hari)`,
  created: 'Pengajuan leave berhasil disimpan',
  updated: 'Pengajuan leave berhasil diubah',
  deleted: 'Pengajuan leave berhasil dihapus',
  notFound: 'Pengajuan leave tidak ditemukan',
  noAccess: 'Anda tidak memiliki akses ke pengajuan leave ini',
  notOwn: 'Anda hanya dapat mengubah atau menghapus pengajuan Anda sendiri',
  alreadyProcessed: 'Pengajuan yang sudah diproses approval tidak dapat diubah atau dihapus',
  noAttachment: 'Pengajuan ini tidak memiliki lampiran',
  // Approval
  stepNotFound: 'Data approval tidak ditemukan',
  decisionStatus: "Status harus 'A' (approve) atau 'R' (reject)",
  notApprover: 'Anda bukan approver untuk langkah approval ini',
  ownRequest: 'Anda tidak dapat memproses pengajuan Anda sendiri',
  tlCannotBeAdmin: 'Team Leader karyawan ini tidak dapat sekaligus memberi approval Admin',
  waitingTl: 'Pengajuan ini masih menunggu approval Team Leader',
  alreadyRejected: 'Pengajuan ini sudah ditolak pada langkah approval sebelumnya',
  alreadyDecided: (what: 'approve' | 'reject', by: string, at: string) =>
    `Pengajuan ini sudah di-${what} oleh ${by} pada ${at}`,
  approved: 'Pengajuan leave berhasil di-approve',
  rejected: 'Pengajuan leave berhasil di-reject',
  effectVisitGone: (tanggal: string) =>
    `Jadwal kunjungan pada ${formatDate(tanggal)} tidak ditemukan lagi; pengajuan ini tidak dapat di-approve`,
  effectVisitCheckedIn: (tanggal: string) =>
    `Kunjungan pada ${formatDate(tanggal)} sudah check in; pengajuan ini tidak dapat di-approve`,
  // Lists and reports
  filterFuture: 'Tanggal filter tidak boleh melewati hari ini',
  reportPeriodRequired: 'Mohon pilih Period',
  // Jenis leave / jenis cuti
  jenisLeaveRequired: 'Jenis Leave harus diisi',
  typeRequired: 'Type harus diisi',
  typeUnknown: 'Type tidak dikenal',
  jenisCutiNameRequired: 'Jenis cuti harus diisi',
  lamaHariRequired: 'Lama cuti harus diisi',
  lamaHariMin: 'Lama cuti minimal 1 hari',
  lamaHariMax: `Lama cuti maksimal ${MAX_SPAN_DAYS} hari`,
  nameMax: 'Maksimal 60 karakter',
  statusBool: 'Status harus true atau false',
  jenisDuplicate: 'Nama sudah digunakan',
} as const;

function formatDate(d: string): string {
  return dayjs(d).format('DD/MM/YYYY');
}

/** Spec §5: a cuti's end date = start + lama_hari − 1 days (weekends included). */
export function cutiEndDate(start: string, lamaHari: number): string {
  return dayjs(start)
    .add(lamaHari - 1, 'day')
    .format(DATE_FORMAT);
}

/** Spec §5, §9: the earliest start date, measured from the day the request is filed. */
export function earliestStart(filedOn: string, isLeaveAdmin: boolean): string {
  const d = dayjs(filedOn);
  return (isLeaveAdmin ? d.subtract(6, 'month') : d.subtract(2, 'day')).format(DATE_FORMAT);
}

/** Inclusive number of calendar days from start to end. */
export function daysInclusive(start: string, end: string): number {
  return dayjs(end).diff(dayjs(start), 'day') + 1;
}

/** Every date from start to end, inclusive. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayjs(start); !d.isAfter(end, 'day'); d = d.add(1, 'day')) out.push(d.format(DATE_FORMAT));
  return out;
}

/**
 * The annual cuti entitlement of a year: 12 days once the employee has completed 12 months of service
 * on or before the last day of that year, else 0. An unknown start of work counts as eligible.
 */
export function cutiEntitlement(
  tglAwkerja: string | null,
  tahun: number,
): { hak: number; eligibleFrom: string | null } {
  if (!tglAwkerja) return { hak: CUTI_TAHUNAN_HARI, eligibleFrom: null };
  const from = dayjs(tglAwkerja).add(CUTI_MASA_KERJA_BULAN, 'month').format(DATE_FORMAT);
  return { hak: from <= `${tahun}-12-31` ? CUTI_TAHUNAN_HARI : 0, eligibleFrom: from };
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** What the kind-specific rules need to know beyond the fields themselves. */
export interface LeaveRuleContext {
  type: LeaveType;
  /** lama_hari of the chosen jenis cuti (Pengajuan Cuti). */
  lamaHari?: number | null;
  /** The day the request is filed (the device's date). */
  filedOn: string;
  isLeaveAdmin: boolean;
  hasAttachment: boolean;
}

/**
 * Spec §5 for each kind, on the fields alone: the form shows these under the fields and the server
 * answers the first as a 400. Checks against stored data (visit plan, overlaps, balance) are the server's.
 */
export function leaveRuleIssues(f: LeaveFields, ctx: LeaveRuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const min = earliestStart(ctx.filedOn, ctx.isLeaveAdmin);
  if (LEAVE_TYPES[ctx.type].byPeriod) {
    if (!f.period_id) add('period_id', LEAVE_MESSAGES.periodRequired);
    if (!f.tanggal_off) add('tanggal_off', LEAVE_MESSAGES.visitRequired);
    else if (f.tanggal_off < min) add('tanggal_off', LEAVE_MESSAGES.earliest(min));
    if (ctx.type === 'TUKER_OFF') {
      if (!f.hari_request) add('hari_request', LEAVE_MESSAGES.hariRequestRequired);
      else if (f.hari_request === f.tanggal_off) add('hari_request', LEAVE_MESSAGES.hariRequestSame);
      else if (f.hari_request < min) add('hari_request', LEAVE_MESSAGES.earliest(min));
    } else if (!f.shift_request) add('shift_request', LEAVE_MESSAGES.shiftRequestRequired);
    return issues;
  }
  if (ctx.type === 'SAKIT' && !ctx.hasAttachment) add('attachment', LEAVE_MESSAGES.attachmentRequired);
  if (ctx.type === 'CUTI' && !f.jenis_cuti) add('jenis_cuti', LEAVE_MESSAGES.jenisCutiRequired);
  if (!f.start_date) {
    add('start_date', LEAVE_MESSAGES.startRequired);
    return issues;
  }
  if (f.start_date < min) add('start_date', LEAVE_MESSAGES.earliest(min));
  if (ctx.type === 'CUTI') {
    if (ctx.lamaHari && f.end_date && f.end_date !== cutiEndDate(f.start_date, ctx.lamaHari)) {
      add('end_date', LEAVE_MESSAGES.cutiEnd(cutiEndDate(f.start_date, ctx.lamaHari)));
    }
    return issues;
  }
  const end = f.end_date ?? f.start_date;
  if (end < f.start_date) add('end_date', LEAVE_MESSAGES.endBeforeStart);
  else if (daysInclusive(f.start_date, end) > MAX_SPAN_DAYS) add('end_date', LEAVE_MESSAGES.spanTooLong);
  return issues;
}

// ---------------------------------------------------------------- schemas

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const dateField = v.pipe(
  v.string(LEAVE_MESSAGES.dateFormat),
  v.trim(),
  v.regex(DATE_RE, LEAVE_MESSAGES.dateFormat),
  v.check(isRealDate, LEAVE_MESSAGES.dateFormat),
);
const text = v.pipe(
  v.string(LEAVE_MESSAGES.keteranganMax),
  v.trim(),
  v.maxLength(KETERANGAN_MAX, LEAVE_MESSAGES.keteranganMax),
  v.check((s) => !s.includes('\u0000'), LEAVE_MESSAGES.textChars),
);
const code = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.maxLength(max, message), v.regex(/^[A-Za-z0-9._-]+$/, message));
const positiveId = (message: string) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\d{1,9}$/.test(x.trim()) ? Number(x.trim()) : NaN)),
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
  );
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const capturedAt = v.pipe(
  v.string(),
  v.trim(),
  v.regex(ISO_WITH_OFFSET, 'Waktu perangkat harus ISO 8601 dengan zona waktu'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'Waktu perangkat harus ISO 8601 dengan zona waktu'),
);

/** Multipart sends every field as text and an empty input as ''; blank fields count as absent. */
const withoutBlanks = v.transform((input: unknown) =>
  input !== null && typeof input === 'object' && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([, x]) => !(typeof x === 'string' && x.trim() === '')))
    : input,
);

/**
 * POST /api/leave (multipart; `attachment` travels beside these) and PUT /api/leave/{id}: the leave
 * form fields of spec §3. `tanggal` is the device's date of filing (the time of record, GUIDE §4).
 */
export const LeaveFieldsSchema = v.pipe(
  v.unknown(),
  withoutBlanks,
  v.object({
    karyawan_nrp: v.optional(code(12, LEAVE_MESSAGES.karyawanNotFound)),
    karyawan_nama: v.optional(v.string()),
    jenis_leave: v.optional(positiveId(LEAVE_MESSAGES.incomplete), 0),
    jenis_cuti: v.optional(positiveId(LEAVE_MESSAGES.jenisCutiNotFound)),
    start_date: v.optional(dateField),
    end_date: v.optional(dateField),
    keterangan: v.optional(text),
    tanggal_off: v.optional(dateField),
    shift_name: v.optional(v.string()),
    shift_id: v.optional(code(10, LEAVE_MESSAGES.shiftRequestNotFound)),
    period_id: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, LEAVE_MESSAGES.periodNotFound))),
    shift_request: v.optional(code(10, LEAVE_MESSAGES.shiftRequestNotFound)),
    hari_request: v.optional(dateField),
    tanggal: v.optional(dateField),
    captured_at: v.optional(capturedAt),
  }),
  v.check((x) => x.jenis_leave > 0, LEAVE_MESSAGES.incomplete),
);
export type LeaveFields = v.InferOutput<typeof LeaveFieldsSchema>;

/** POST /api/leave/approved/status. `id` is the approval step (approval_id of the queue row). */
export const LeaveDecisionSchema = v.object({
  id: positiveId(LEAVE_MESSAGES.stepNotFound),
  status: v.picklist(['A', 'R'], LEAVE_MESSAGES.decisionStatus),
  keterangan: v.optional(v.nullable(text), null),
  captured_at: v.optional(capturedAt),
});
export type LeaveDecision = v.InferOutput<typeof LeaveDecisionSchema>;

const pageEntries = {
  page: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1)), 1),
  per_page: v.optional(
    v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(1000)),
    10,
  ),
};
const optionalFilter = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');
const statusFilter = v.optional(v.picklist(['', ...LEAVE_STATUS_VALUES], 'Status tidak dikenal'), '');

/** POST /api/leave/karyawan/get (own list) and GET /api/leave (leave.admin: everyone in scope). */
export const LeaveListQuerySchema = v.object({
  ...pageEntries,
  startDate: v.optional(dateField),
  endDate: v.optional(dateField),
  jenis: v.optional(v.union([v.literal(''), positiveId(LEAVE_MESSAGES.jenisNotFound)]), ''),
  status: statusFilter,
  period_id: optionalFilter(6),
  nrp: optionalFilter(12),
});
export type LeaveListQuery = v.InferOutput<typeof LeaveListQuerySchema>;

/** Spec §3 "Report filter": period mandatory (§9), the rest optional. */
export const LeaveReportQuerySchema = v.object({
  ...pageEntries,
  period: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(\d{6})?$/, LEAVE_MESSAGES.reportPeriodRequired)), ''),
  client: optionalFilter(10),
  divisi: optionalFilter(10),
  jabatan: optionalFilter(10),
  key_account: optionalFilter(10),
  lokasi: optionalFilter(10),
  spg_type: optionalFilter(10),
  karyawan: optionalFilter(40),
  sales_office: optionalFilter(4),
  jenis_leave: v.optional(v.union([v.literal(''), positiveId(LEAVE_MESSAGES.jenisNotFound)]), ''),
  jenis_cuti: v.optional(v.union([v.literal(''), positiveId(LEAVE_MESSAGES.jenisCutiNotFound)]), ''),
  status: statusFilter,
});
export type LeaveReportQuery = v.InferOutput<typeof LeaveReportQuerySchema>;
export type LeaveReportFilter = Omit<LeaveReportQuery, 'page' | 'per_page'>;

const nameField = (required: string) =>
  v.optional(v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(60, LEAVE_MESSAGES.nameMax)), '');
const lamaHari = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], LEAVE_MESSAGES.lamaHariRequired),
    v.transform((x) => (typeof x === 'number' ? x : x.trim() === '' ? NaN : Number(x))),
    v.number(LEAVE_MESSAGES.lamaHariRequired),
    v.integer(LEAVE_MESSAGES.lamaHariRequired),
    v.minValue(1, LEAVE_MESSAGES.lamaHariMin),
    v.maxValue(MAX_SPAN_DAYS, LEAVE_MESSAGES.lamaHariMax),
  ),
  '',
);

export const JenisLeaveCreateSchema = v.object({
  jenis_leave: nameField(LEAVE_MESSAGES.jenisLeaveRequired),
  type: v.optional(
    v.pipe(
      v.string(LEAVE_MESSAGES.typeRequired),
      v.nonEmpty(LEAVE_MESSAGES.typeRequired),
      v.check(isLeaveType, LEAVE_MESSAGES.typeUnknown),
      v.transform((s) => s as LeaveType),
    ),
    '',
  ),
});
/** The type is read-only once created (spec §2.6: "Type (read-only)"): it decides the kind's rules. */
export const JenisLeaveUpdateSchema = v.object({ jenis_leave: nameField(LEAVE_MESSAGES.jenisLeaveRequired) });

export const JenisCutiSchema = v.object({
  jenis_cuti: nameField(LEAVE_MESSAGES.jenisCutiNameRequired),
  lama_hari: lamaHari,
  potong_tahunan: v.optional(v.boolean(), true),
});

export const StatusBodySchema = v.object({ status: v.boolean(LEAVE_MESSAGES.statusBool) });

// ---------------------------------------------------------------- answers

export interface JenisLeaveRow {
  id: number;
  jenis_leave: string;
  type: LeaveType;
  status: boolean;
}

export interface JenisCutiRow {
  jenis_cuti_id: number;
  jenis_cuti: string;
  lama_hari: number;
  /** Counts against the 12 days of annual cuti (statutory special leave does not). */
  potong_tahunan: boolean;
  status: boolean;
}

export interface ShiftRef {
  id: string;
  nama: string;
  jam_mulai: string;
  jam_selesai: string;
}

export interface ApprovalStep {
  approval_id: number;
  approval_num: number;
  approval_role: ApprovalRole;
  /** The team leader's NRP on step TL; on step ADMIN the deciding admin's NRP, if any. */
  approval_nrp: string | null;
  approval_status: string;
  /** Device time of the decision (ISO). */
  approval_date: string | null;
  approver: { userid: string; nama: string } | null;
  keterangan: string | null;
}

/** A planned store visit the leave would leave without the employee (spec issue: coverage). */
export interface CoverageLine {
  tanggal: string;
  cust_code: string;
  cust_name: string;
  shift_id: string;
  checked_in: boolean;
}

export interface LeaveRow {
  leave_id: number;
  nomor: string;
  nrp: string;
  karyawan: {
    nama: string;
    lokasi: { id: string; nama: string };
    client: { id: string; nama: string } | null;
    sales_office: { id: string; nama: string } | null;
    team_leader_nrp: string | null;
  };
  jenis: { id: number; jenis_leave: string; type: LeaveType };
  start_date: string;
  end_date: string;
  /** The day the request was filed (device date). */
  tanggal: string;
  hari_request: string | null;
  keterangan: string | null;
  periode: string | null;
  status: string;
  /** The attachment's original file name, or null; download it through /api/leave/attachment/{id}/download. */
  attachment: string | null;
  cuti: { jenis_cuti_id: number; jenis_cuti: string; lama_hari: number } | null;
  shift: ShiftRef | null;
  shiftRequest: ShiftRef | null;
  approval: ApprovalStep[];
  created_by: string | null;
  captured_at: string | null;
  received_at: string;
  coverage?: CoverageLine[];
}

/** A row of the approval queue: the step waiting for (or decided by) this approver, with its request. */
export interface ApprovalQueueRow {
  approval_id: number;
  transaksi_id: number;
  approval_num: number;
  approval_role: ApprovalRole;
  approval_status: string;
  approval_date: string | null;
  keterangan: string | null;
  leave: LeaveRow;
}

/** GET /api/leave/cuti/sisa and the balance shown on /leave and to approvers. */
export interface CutiBalance {
  nrp: string;
  tahun: number;
  hak: number;
  /** Approved days of kinds that count against the annual cuti. */
  terpakai: number;
  /** Days of such requests still in approval. */
  menunggu: number;
  sisa: number;
  eligible_from: string | null;
}

/** GET /api/leave/visit/list: one day of the employee's visit plan in the period. */
export interface VisitDay {
  tanggal: string;
  kunjungan_detail_id: number;
  shift: ShiftRef;
  stores: { cust_code: string; cust_name: string }[];
  checked_in: boolean;
}

export interface VisitDays {
  nrp: string;
  period_id: string;
  no_dcp: string | null;
  mulai: string;
  akhir: string;
  days: VisitDay[];
  /** Days of the period without any planned visit (candidates for Request Hari). */
  free_days: string[];
}

export type LeaveCountKind = 'year' | 'month' | 'open' | 'reject';
