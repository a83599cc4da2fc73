/**
 * Checks every row of an employee upload and turns the good ones into writes, in memory: the master
 * codes are loaded once, the employees the sheet names once (locked), so a 10,000-row file costs a few
 * queries instead of tens of thousands. The rules are those of the form and of POST/PUT
 * /api/karyawan (docs/decisions/007 and 008): the domain schemas, the §3 defaults and §5 derived
 * fields, the codes, the edit rights per tab, the resignation lock and the trustee scope. A bad row
 * becomes a failure with its reason; it never stops the others.
 */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/client';
import { contractEnd } from '../../../src/domain/dates';
import {
  canEditTab,
  KARYAWAN_TAB_LABELS,
  KaryawanCreateSchema,
  KaryawanUpdateSchema,
  tabOfField,
  type KaryawanTab,
} from '../../../src/domain/karyawan/karyawan';
import { GAJI_AMOUNTS, KARYAWAN_UPLOAD_COLUMNS, UPLOAD_MESSAGES } from '../../../src/domain/karyawan/karyawan-upload';
import type { UploadFailureRecord } from '../../db/schema/upload';
import { NRP_PATTERN } from '../../../src/domain/karyawan/karyawan-fields';
import { karyawan as k } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { assertInScope } from '../../middleware/trustee-scope';
import type { KaryawanRecord } from './karyawan-read.service';
import { KARYAWAN_WRITE_MESSAGES, requested } from './karyawan-write.service';
import { jsonList, loadRefs, refProblems, type Refs } from './karyawan-upload-refs';
import type { EmployeeSheet, SheetEmployee } from './karyawan-upload-sheet';

export type KaryawanInsert = typeof k.$inferInsert;

export interface CreateOp {
  baris: number;
  row: KaryawanInsert & { nrp: string; nama: string; kode_prsh: string; mulai_kontrak: string };
  lama: number;
}

export interface UpdateOp {
  baris: number;
  current: KaryawanRecord;
  merged: KaryawanRecord;
  changed: string[];
  /** The tabs the user changed (derived fields follow their cause): the P2 item's keterangan. */
  tabs: KaryawanTab[];
}

export interface UploadPlan {
  creates: CreateOp[];
  updates: UpdateOp[];
  unchanged: number;
  failures: UploadFailureRecord[];
}

function scopeProblem(actor: Actor, row: Parameters<typeof assertInScope>[1]): string | null {
  try {
    assertInScope(actor, row);
    return null;
  } catch (err) {
    if (err instanceof HttpError) return err.message;
    throw err;
  }
}

const issueText = (issues: readonly v.BaseIssue<unknown>[]) => [...new Set(issues.map((i) => i.message))].join('; ');

// ---------------------------------------------------------------- the rows

const FORM_FIELDS = KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key).filter(
  (key) => key !== 'nrp' && !(GAJI_AMOUNTS as readonly string[]).includes(key),
);

/** The body the form would send for this row: the sheet's columns, gaji as an object of its amounts. */
function bodyOf(r: SheetEmployee, columns: Set<string>, fallbackGaji?: Record<string, number>) {
  const body: Record<string, unknown> = {};
  for (const key of FORM_FIELDS) {
    if (!columns.has(key)) continue;
    // A blank cell of a present column clears the field (a required one answers its message).
    body[key] = r.cells.get(key) ?? '';
  }
  if (GAJI_AMOUNTS.some((a) => columns.has(a)) || !fallbackGaji) {
    body.gaji = Object.fromEntries(
      GAJI_AMOUNTS.map((a) => [a, columns.has(a) ? (r.cells.get(a) ?? null) : (fallbackGaji?.[a] ?? null)]),
    );
  }
  return body;
}

/**
 * A blank cell means on an existing employee what it means on a new one, so that a file uploaded
 * twice gives the same data both times: status_kel and bpjs_kes their §3 defaults, an allowance the
 * type's amount, tgl_awkerja and tgl_pph (set from the first contract on create) stay as they are.
 */
function blanksAsOnCreate(body: Record<string, unknown>, refs: Refs, current: KaryawanRecord) {
  if (body.status_kel === '') body.status_kel = 'T';
  if (body.bpjs_kes === '') body.bpjs_kes = 'Y';
  if (body.tgl_awkerja === '') delete body.tgl_awkerja;
  if (body.tgl_pph === '') delete body.tgl_pph;
  const gaji = body.gaji as Record<string, unknown> | undefined;
  if (gaji) {
    const type = refs.types.get(
      typeof body.type_spg_id === 'string' && body.type_spg_id ? body.type_spg_id : current.type_spg_id,
    );
    for (const a of ['tun_makan', 'tun_bensin', 'tun_lain'] as const) {
      if (gaji[a] === null || gaji[a] === '') gaji[a] = type?.[a] ?? 0;
    }
  }
}

/**
 * The §5 derived fields of a change, as the form's PUT derives them (karyawan-write.service): a new
 * start or length recomputes the end; a new start of the first contract moves tgl_awkerja and tgl_pph;
 * a new client clears the store unless the row names one.
 */
function derive(current: KaryawanRecord, want: Record<string, unknown>, hasStoreColumn: boolean) {
  const values: Record<string, unknown> = {};
  const explained = new Set<string>();
  const mulai = (want.mulai_kontrak ?? current.mulai_kontrak) as string | null;
  const lama = (want.lama_kontrak ?? current.lama_kontrak) as number | null;
  const startMoved = want.mulai_kontrak !== undefined && want.mulai_kontrak !== current.mulai_kontrak;
  const lengthChanged = want.lama_kontrak !== undefined && want.lama_kontrak !== current.lama_kontrak;
  if (mulai && lama && (startMoved || lengthChanged)) values.selesai_kontrak = contractEnd(mulai, lama);
  if (startMoved && current.per_kontrak === 1) {
    for (const f of ['tgl_awkerja', 'tgl_pph'] as const) {
      if (want[f] === undefined || want[f] === current[f] || want[f] === mulai) {
        values[f] = mulai;
        explained.add(f);
      }
    }
  }
  if (want.client_id !== undefined && want.client_id !== current.client_id && !hasStoreColumn) values.cust_code = null;
  return { values, explained };
}

export async function planUpload(tx: Tx, actor: Actor, sheet: EmployeeSheet): Promise<UploadPlan> {
  const plan: UploadPlan = { creates: [], updates: [], unchanged: 0, failures: [] };
  const fail = (r: SheetEmployee, alasan: string) =>
    plan.failures.push({ baris: r.baris, nrp: r.cells.get('nrp') ?? '', alasan, values: Object.fromEntries(r.cells) });

  // NRP: required, a plain code, once per file (the first row with it wins).
  const firstRow = new Map<string, number>();
  const rows: { r: SheetEmployee; nrp: string }[] = [];
  for (const r of sheet.rows) {
    const nrp = r.cells.get('nrp');
    if (!nrp) fail(r, UPLOAD_MESSAGES.nrpRequired);
    else if (!NRP_PATTERN.test(nrp)) fail(r, UPLOAD_MESSAGES.nrpFormat);
    else if (firstRow.has(nrp)) fail(r, UPLOAD_MESSAGES.duplicateNrp(firstRow.get(nrp) ?? 0));
    else {
      firstRow.set(nrp, r.baris);
      rows.push({ r, nrp });
    }
  }

  const refs = await loadRefs(tx, sheet);
  const existing = new Map<string, KaryawanRecord>();
  if (rows.length) {
    // Locked for the rest of the transaction: no form edit slips in between the check and the write.
    const found = await tx
      .select()
      .from(k)
      .where(sql`${k.nrp} in ${jsonList(rows.map((x) => x.nrp))}`)
      .for('update');
    for (const e of found) existing.set(e.nrp, e);
  }

  for (const { r, nrp } of rows) {
    const current = existing.get(nrp);
    const problem = current
      ? planUpdate(plan, actor, refs, sheet, r, current)
      : planCreate(plan, actor, refs, sheet, r, nrp);
    if (problem) fail(r, problem);
  }
  plan.failures.sort((a, b) => a.baris - b.baris);
  return plan;
}

/** A new NRP: a new employee, as POST /api/karyawan makes one (defaults, first contract). */
function planCreate(
  plan: UploadPlan,
  actor: Actor,
  refs: Refs,
  sheet: EmployeeSheet,
  r: SheetEmployee,
  nrp: string,
): string | null {
  const parsed = v.safeParse(KaryawanCreateSchema, bodyOf(r, sheet.columns));
  if (!parsed.success) return issueText(parsed.issues);
  const { gaji, lama_kontrak: lama, mulai_kontrak, tgl_awkerja: _ignored, ...fields } = parsed.output;
  const problems = refProblems(refs, fields);
  if (problems.length) return problems.join('; ');
  const scope = scopeProblem(actor, fields);
  if (scope) return scope;
  const type = refs.types.get(fields.type_spg_id) ?? { tun_makan: 0, tun_bensin: 0, tun_lain: 0 };
  plan.creates.push({
    baris: r.baris,
    lama,
    row: {
      ...fields,
      nrp,
      status: 2,
      // §5: the first working day and the tax start follow the first contract's start.
      tgl_awkerja: mulai_kontrak,
      tgl_pph: fields.tgl_pph ?? mulai_kontrak,
      gapok: gaji.gapok,
      tun_makan: gaji.tun_makan ?? type.tun_makan,
      tun_bensin: gaji.tun_bensin ?? type.tun_bensin,
      tun_lain: gaji.tun_lain ?? type.tun_lain,
      sts_kontrak: 'B',
      per_kontrak: 1,
      lama_kontrak: lama,
      mulai_kontrak,
      selesai_kontrak: contractEnd(mulai_kontrak, lama),
    },
  });
  return null;
}

/** A known NRP: the row's columns change the employee, as PUT /api/karyawan/{id} would. */
function planUpdate(
  plan: UploadPlan,
  actor: Actor,
  refs: Refs,
  sheet: EmployeeSheet,
  r: SheetEmployee,
  current: KaryawanRecord,
): string | null {
  const outOfScope = scopeProblem(actor, current);
  if (outOfScope) return outOfScope;
  // A resigned employee is not changed; her row as stored (the resigned list's export) is "sama".
  const resigned = current.alasan_p3 !== null ? KARYAWAN_WRITE_MESSAGES.resigned(current.nrp, current.nama) : null;
  const gajiNow = {
    gapok: current.gapok,
    tun_makan: current.tun_makan,
    tun_bensin: current.tun_bensin,
    tun_lain: current.tun_lain,
  };
  const body = bodyOf(r, sheet.columns, gajiNow);
  blanksAsOnCreate(body, refs, current);
  const parsed = v.safeParse(KaryawanUpdateSchema, body);
  if (!parsed.success) return resigned ?? issueText(parsed.issues);
  const want = requested(parsed.output, {});
  const { values: derived, explained } = derive(current, want, sheet.columns.has('cust_code'));
  const next: Record<string, unknown> = { ...want, ...derived };
  const cur = current as unknown as Record<string, unknown>;
  const changed = Object.keys(next).filter((f) => next[f] !== cur[f]);
  if (changed.length === 0) {
    plan.unchanged += 1;
    return null;
  }
  if (resigned) return resigned;
  const tabs = new Set<KaryawanTab>();
  for (const f of changed) {
    if (f === 'selesai_kontrak' || explained.has(f)) continue;
    const tab = tabOfField(f);
    if (tab) tabs.add(tab);
  }
  for (const tab of tabs) {
    if (!canEditTab(tab, actor)) return KARYAWAN_WRITE_MESSAGES.tabForbidden(KARYAWAN_TAB_LABELS[tab]);
  }
  const merged = { ...current, ...next } as KaryawanRecord;
  const problems = refProblems(refs, merged, new Set(changed));
  if (problems.length) return problems.join('; ');
  const scope = scopeProblem(actor, merged);
  if (scope) return scope;
  plan.updates.push({ baris: r.baris, current, merged, changed, tabs: [...tabs] });
  return null;
}
