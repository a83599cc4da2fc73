/**
 * The request form's values, its checks (the domain's schema and kind rules, the same the server
 * applies, as the form's resolver schema) and the payload it sends: only the fields the chosen kind uses.
 */
import * as v from 'valibot';
import { LeaveFieldsSchema, type LeaveFormFields } from '../../domain/leave/leave';
import type { JenisCutiRow, JenisLeaveRow } from '../../domain/leave/leave-kinds';
import { LEAVE_MESSAGES } from '../../domain/leave/leave-messages';
import { cutiEndDate, leaveRuleIssues, type FieldIssue } from '../../domain/leave/leave-rules';

/**
 * The form's values: the request's fields as text (the select and date inputs' values), '' when empty,
 * and the attachment's file name (the file itself travels beside the form, to the outbox as bytes).
 */
export type LeaveFormValues = { attachment: string } & Required<
  Pick<
    LeaveFormFields,
    | 'karyawan_nrp'
    | 'karyawan_nama'
    | 'jenis_leave'
    | 'jenis_cuti'
    | 'start_date'
    | 'end_date'
    | 'keterangan'
    | 'period_id'
    | 'tanggal_off'
    | 'shift_id'
    | 'shift_name'
    | 'shift_request'
    | 'hari_request'
  >
>;

export const BLANK_FORM: LeaveFormValues = {
  attachment: '',
  karyawan_nrp: '',
  karyawan_nama: '',
  jenis_leave: '',
  jenis_cuti: '',
  start_date: '',
  end_date: '',
  keterangan: '',
  period_id: '',
  tanggal_off: '',
  shift_id: '',
  shift_name: '',
  shift_request: '',
  hari_request: '',
};

const FIELDS_BY_TYPE: Record<JenisLeaveRow['type'], (keyof LeaveFormFields & keyof LeaveFormValues)[]> = {
  SAKIT: ['start_date', 'end_date', 'keterangan'],
  IZIN: ['start_date', 'end_date', 'keterangan'],
  CUTI: ['jenis_cuti', 'start_date', 'end_date', 'keterangan'],
  TUKER_OFF: ['period_id', 'tanggal_off', 'shift_id', 'hari_request', 'keterangan'],
  PERUBAHAN_SHIFT: ['period_id', 'tanggal_off', 'shift_id', 'shift_request', 'keterangan'],
};

/** What is sent: the kind, the employee when filing on behalf, and the kind's own fields. */
export function leavePayload(values: LeaveFormValues, kind: JenisLeaveRow, cuti?: JenisCutiRow): LeaveFormFields {
  const out: LeaveFormFields = { jenis_leave: String(kind.id) };
  if (values.karyawan_nrp) out.karyawan_nrp = values.karyawan_nrp;
  for (const f of FIELDS_BY_TYPE[kind.type]) if (values[f].trim() !== '') out[f] = values[f].trim();
  if (kind.type === 'CUTI' && cuti && values.start_date) out.end_date = cutiEndDate(values.start_date, cuti.lama_hari);
  return out;
}

export interface FormContext {
  kind: JenisLeaveRow | undefined;
  cuti: JenisCutiRow | undefined;
  filedOn: string;
  isLeaveAdmin: boolean;
  /** An account without an NRP must name the employee (leave.admin). */
  needsKaryawan: boolean;
}

/** Every problem of the form, field by field, with the spec's messages. */
export function leaveFormIssues(values: LeaveFormValues, ctx: FormContext): FieldIssue[] {
  if (!ctx.kind) return [{ path: 'jenis_leave', message: LEAVE_MESSAGES.incomplete }];
  const issues: FieldIssue[] = [];
  if (ctx.needsKaryawan && !values.karyawan_nrp)
    issues.push({ path: 'karyawan_nrp', message: LEAVE_MESSAGES.karyawanRequired });
  const parsed = v.safeParse(LeaveFieldsSchema, leavePayload(values, ctx.kind, ctx.cuti));
  if (!parsed.success) {
    return [...issues, ...parsed.issues.map((i) => ({ path: v.getDotPath(i) ?? 'jenis_leave', message: i.message }))];
  }
  return [
    ...issues,
    ...leaveRuleIssues(parsed.output, {
      type: ctx.kind.type,
      lamaHari: ctx.cuti?.lama_hari ?? null,
      filedOn: ctx.filedOn,
      isLeaveAdmin: ctx.isLeaveAdmin,
      hasAttachment: values.attachment !== '',
    }),
  ];
}

const LeaveFormValuesSchema = v.object(
  Object.fromEntries(Object.keys(BLANK_FORM).map((k) => [k, v.string()])) as Record<
    keyof LeaveFormValues,
    v.StringSchema<undefined>
  >,
);

/**
 * The form's resolver schema (formResolver): every issue of leaveFormIssues under its field. Built
 * for what the form knows now (the kind and cuti chosen, who files), so it is made again each render.
 */
export function leaveFormSchema(ctx: FormContext) {
  return v.pipe(
    LeaveFormValuesSchema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      for (const issue of leaveFormIssues(input, ctx)) {
        const key = issue.path as keyof LeaveFormValues;
        addIssue({
          message: issue.message,
          path: [{ type: 'object', origin: 'value', input, key, value: input[key] }],
        });
      }
    }),
  );
}
