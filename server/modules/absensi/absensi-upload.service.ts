/**
 * POST /api/absensi/upload (spec part 2 §2.7, §5 "Uploads", §8): row 1 names the columns (the template's,
 * any order), every later filled row is one employee's day. Each row is checked with the manual form's
 * schema (src/domain/absensi/absensi-admin.ts), against the employees (missing_nrp), the caller's scope, the
 * shifts and statuses, and the posting lock. The good rows are upserted by (nrp, tanggal) with sumber U
 * in one transaction, together with an absensi_change row per changed day and the upload-log row naming
 * every refused row (with its values, for GET /api/absensi/temporary/upload). A row equal to the stored
 * day writes nothing, so the same file uploaded twice changes nothing the second time.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ABSENSI_UPLOAD_COLUMNS,
  ABSENSI_UPLOAD_MAX_ROWS,
  ABSENSI_UPLOAD_MESSAGES as U,
  ABSENSI_UPLOAD_REQUIRED_COLUMNS,
  AbsensiUploadCellsSchema,
  AbsensiUploadRowSchema,
  type AbsensiUploadAnswer,
  type AbsensiUploadCells,
  type AbsensiUploadRow,
} from '../../../src/domain/absensi/absensi-admin';
import { ABSENSI_MESSAGES } from '../../../src/domain/absensi/absensi';
import { asTimeZone, dateIn } from '../../../src/domain/time-zone';
import { failureRow } from '../../../src/domain/upload';
import type { Tx } from '../../db/client';
import { absensiChange, absensiPosting, type AbsensiValues, absensi } from '../../db/schema/absensi';
import { karyawan } from '../../db/schema/karyawan';
import { lokasi, period, shift, statusAbsensi } from '../../db/schema/master';
import type { Actor, Deps } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { inScope } from '../../middleware/trustee-scope';
import { cellDate, cellText, readUploadSheet } from '../../lib/excel';
import { writeUploadLog } from '../../lib/upload-log';
import { sameValues } from './absensi-admin.service';

export const ABSENSI_UPLOAD_JENIS = 'absensi';
const KNOWN = new Set<string>(ABSENSI_UPLOAD_COLUMNS);
const CHUNK = 2_000;

/** A refused row as the log keeps it: the shared failure plus the row's cells, to fix and upload again. */
export interface AbsensiFailure {
  baris: number;
  nrp: string;
  alasan: string;
  values: Record<string, string | null>;
}

interface SheetRow {
  baris: number;
  cells: Record<string, string | null>;
}

/** A time cell: Excel keeps a typed 07:30 as a fraction of a day (or a 1899-12-30 date). */
function cellJam(value: unknown): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const ofSeconds = (total: number) =>
    `${pad(Math.floor(total / 3600) % 24)}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
  if (typeof value === 'number' && value >= 0 && value < 1) return ofSeconds(Math.round(value * 86_400));
  if (value instanceof Date && value.getUTCFullYear() <= 1900) {
    return ofSeconds(value.getUTCHours() * 3600 + value.getUTCMinutes() * 60 + value.getUTCSeconds());
  }
  return cellText(value);
}

const cellOf = (key: string) => (key === 'tanggal' ? cellDate : key.startsWith('jam_') ? cellJam : cellText);

async function readSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  const sheet = await readUploadSheet(bytes, {
    // Other columns (a note, alasan_gagal of a re-uploaded refusal sheet) are ignored.
    columnOf: (name) => {
      const key = name.toLowerCase();
      return KNOWN.has(key) ? { key, read: cellOf(key) } : null;
    },
    checkHeader: (keys) => {
      if (keys.size === 0) throw badRequest(U.noHeader);
      const missing = ABSENSI_UPLOAD_REQUIRED_COLUMNS.filter((c) => !keys.has(c));
      if (missing.length) throw badRequest(U.missingColumns(missing));
    },
    // A template row nobody filled in (status, times and reason blank) is not an entry.
    isBlank: (cells) =>
      !cells.get('sts_abs_id') && !cells.get('jam_masuk') && !cells.get('jam_keluar') && !cells.get('alasan'),
    maxRows: ABSENSI_UPLOAD_MAX_ROWS,
    messages: U,
  });
  return sheet.rows.map((row) => ({ baris: row.baris, cells: Object.fromEntries(row.cells) }));
}

async function inChunks<T, R>(items: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))));
  return out;
}

export async function uploadAbsensi(
  deps: Deps,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
): Promise<AbsensiUploadAnswer> {
  const sheet = await readSheet(file.bytes);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const failures: AbsensiFailure[] = [];
    const fail = (row: SheetRow, alasan: string) =>
      failures.push({ baris: row.baris, nrp: row.cells.nrp ?? '', alasan, values: row.cells });

    // 1. Each row on its own: each cell's format, and one row per employee and day in the file.
    // A blank cell is an absent field: its own "harus diisi" message, never "Harus berupa teks".
    const filledOf = (row: SheetRow) => Object.fromEntries(Object.entries(row.cells).filter(([, x]) => x !== null));
    const seen = new Map<string, number>();
    const parsed: { row: SheetRow; cells: AbsensiUploadCells }[] = [];
    for (const row of sheet) {
      const result = v.safeParse(AbsensiUploadCellsSchema, filledOf(row));
      if (!result.success) {
        fail(row, issueText(result.issues));
        continue;
      }
      const key = `${result.output.nrp}|${result.output.tanggal}`;
      const first = seen.get(key);
      if (first !== undefined) {
        fail(row, U.duplicateRow(first));
        continue;
      }
      seen.set(key, row.baris);
      parsed.push({ row, cells: result.output });
    }

    // 2. Against the database: employees (and scope), shifts, statuses, posted periods, stored days.
    const nrps = [...new Set(parsed.map((p) => p.cells.nrp))];
    const employees = new Map(
      (
        await inChunks(nrps, (chunk) =>
          tx
            .select({
              nrp: karyawan.nrp,
              kode_prsh: karyawan.kode_prsh,
              sales_office_id: karyawan.sales_office_id,
              kode_lokasi: karyawan.kode_lokasi,
              client_id: karyawan.client_id,
              jabatan_id: karyawan.jabatan_id,
              type_spg_id: karyawan.type_spg_id,
              time_zone: lokasi.time_zone,
            })
            .from(karyawan)
            .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
            .where(inArray(karyawan.nrp, chunk)),
        )
      ).map((e) => [e.nrp, e]),
    );
    const shifts = new Set((await tx.select({ id: shift.id }).from(shift)).map((s) => s.id));
    const statuses = new Set((await tx.select({ id: statusAbsensi.id }).from(statusAbsensi)).map((s) => s.id));
    const posted = await tx
      .select({ id: period.id, mulai: period.mulai, akhir: period.akhir })
      .from(period)
      .innerJoin(absensiPosting, eq(absensiPosting.period_id, period.id));
    const stored = new Map<string, AbsensiValues>();
    const dates = parsed.map((p) => p.cells.tanggal).sort();
    if (dates.length) {
      const rows = await inChunks(nrps, (chunk) =>
        tx
          .select({
            nrp: absensi.nrp,
            tanggal: absensi.tanggal,
            shift_id: absensi.shift_id,
            sts_abs_id: absensi.sts_abs_id,
            jam_masuk: absensi.jam_masuk,
            jam_keluar: absensi.jam_keluar,
          })
          .from(absensi)
          .where(and(inArray(absensi.nrp, chunk), sql`${absensi.tanggal} between ${dates[0]} and ${dates.at(-1)}`)),
      );
      for (const r of rows) stored.set(`${r.nrp}|${r.tanggal}`, r);
    }

    const missing = new Set<string>();
    const creates: { value: AbsensiUploadRow; alasan: string }[] = [];
    const updates: { value: AbsensiUploadRow; before: AbsensiValues; alasan: string }[] = [];
    let unchanged = 0;
    for (const { row, cells } of parsed) {
      const employee = employees.get(cells.nrp);
      if (!employee) {
        missing.add(cells.nrp);
        fail(row, U.nrpNotFound);
        continue;
      }
      if (!inScope(actor, employee)) {
        fail(row, U.outOfScope);
        continue;
      }
      // The stored day again (a downloaded template sent back): nothing to write, so no rule of a write
      // applies: an open day without check-out, a leave day without shift, a posted period are all "sama".
      const before = stored.get(`${cells.nrp}|${cells.tanggal}`);
      if (before && sameValues(before, valuesOf(cells))) {
        unchanged++;
        continue;
      }
      // 3. A row that writes: the form's rules, then the codes, the date and the posting lock.
      const checked = v.safeParse(AbsensiUploadRowSchema, filledOf(row));
      if (!checked.success) {
        fail(row, issueText(checked.issues));
        continue;
      }
      const value = checked.output;
      if (value.tanggal > dateIn(asTimeZone(employee.time_zone), now)) {
        fail(row, `tanggal: ${ABSENSI_MESSAGES.futureDate}`);
        continue;
      }
      if (!shifts.has(value.shift_id)) {
        fail(row, `shift_id: Shift ${value.shift_id} tidak ditemukan`);
        continue;
      }
      if (!statuses.has(value.sts_abs_id)) {
        fail(row, `sts_abs_id: Status Absensi ${value.sts_abs_id} tidak ditemukan`);
        continue;
      }
      const lock = posted.find((p) => p.mulai <= value.tanggal && p.akhir >= value.tanggal);
      if (lock) {
        fail(row, U.posted(lock.id));
        continue;
      }
      const alasan = value.alasan || U.defaultAlasan(file.name);
      if (!before) creates.push({ value, alasan });
      else updates.push({ value, before, alasan });
    }
    failures.sort((a, b) => a.baris - b.baris);

    await writeDays(tx, actor, now, creates, updates);
    const total = sheet.length;
    const failed = failures.length;
    const counts = { total, created: creates.length, updated: updates.length, unchanged, failed };
    const log = await writeUploadLog(tx, {
      jenis: ABSENSI_UPLOAD_JENIS,
      fileName: file.name,
      by: actor.userid,
      at: now,
      keterangan: U.summary(counts),
      total,
      failures: failures,
    });
    return {
      message: U.done(counts),
      result: {
        log_id: log.id,
        ...counts,
        status: log.status,
        nrp_gagal: failures.map(failureRow),
        missing_nrp: [...missing],
      },
    };
  });
}

/** The first issue as "field: message" (the form's own message, named by its column). */
function issueText(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!;
  const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** A row's values as the day stores them: a blank shift or time is null. */
const valuesOf = (r: AbsensiUploadRow | AbsensiUploadCells): AbsensiValues => ({
  shift_id: r.shift_id || null,
  sts_abs_id: r.sts_abs_id,
  jam_masuk: r.jam_masuk || null,
  jam_keluar: r.jam_keluar || null,
});

async function writeDays(
  tx: Tx,
  actor: Actor,
  now: Date,
  creates: { value: AbsensiUploadRow; alasan: string }[],
  updates: { value: AbsensiUploadRow; before: AbsensiValues; alasan: string }[],
) {
  const stamp = { updated_by: actor.userid, updated_at: now };
  for (let i = 0; i < creates.length; i += CHUNK) {
    const chunk = creates.slice(i, i + CHUNK);
    await tx
      .insert(absensi)
      .values(
        chunk.map(({ value, alasan }) => ({
          nrp: value.nrp,
          tanggal: value.tanggal,
          tahun: Number(value.tanggal.slice(0, 4)),
          bulan: Number(value.tanggal.slice(5, 7)),
          ...valuesOf(value),
          sumber: 'U',
          createdAt: now,
          alasan,
          ...stamp,
        })),
      )
      // A day stored meanwhile by another request: this upload's values win, as for an update.
      .onConflictDoUpdate({
        target: [absensi.nrp, absensi.tanggal],
        set: {
          shift_id: sql`excluded.shift_id`,
          sts_abs_id: sql`excluded.sts_abs_id`,
          jam_masuk: sql`excluded.jam_masuk`,
          jam_keluar: sql`excluded.jam_keluar`,
          sumber: 'U',
          alasan: sql`excluded.alasan`,
          ...stamp,
        },
      });
  }
  for (let i = 0; i < updates.length; i += CHUNK) {
    const json = JSON.stringify(
      updates
        .slice(i, i + CHUNK)
        .map(({ value, alasan }) => ({ ...valuesOf(value), nrp: value.nrp, tanggal: value.tanggal, alasan })),
    );
    await tx.execute(sql`update ${absensi} a set
        shift_id = v.shift_id, sts_abs_id = v.sts_abs_id, jam_masuk = v.jam_masuk::time, jam_keluar = v.jam_keluar::time,
        sumber = 'U', alasan = v.alasan, updated_by = ${actor.userid}, updated_at = ${now.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as v(nrp text, tanggal date, shift_id text, sts_abs_id text,
        jam_masuk text, jam_keluar text, alasan text)
      where a.nrp = v.nrp and a.tanggal = v.tanggal`);
  }
  const changes = [
    ...creates.map(({ value, alasan }) => ({ value, alasan, before: null as AbsensiValues | null })),
    ...updates,
  ];
  for (let i = 0; i < changes.length; i += CHUNK) {
    await tx.insert(absensiChange).values(
      changes.slice(i, i + CHUNK).map(({ value, alasan, before }) => ({
        nrp: value.nrp,
        tanggal: value.tanggal,
        aksi: 'upload',
        alasan,
        sebelum: before,
        sesudah: valuesOf(value),
        changed_by: actor.userid,
        changed_at: now,
      })),
    );
  }
}
