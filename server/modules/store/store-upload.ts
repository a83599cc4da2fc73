/**
 * POST /api/store/upload (spec part 2 §2.4, §5 "Uploads", §8): row 1 names the columns (the field
 * names, any order, cust_code required), every later non-blank row is one store. Each row is checked
 * with the form's own schema (src/domain/store/store.ts), its codes against the master tables and the
 * uploader's trustee scope; the good rows are upserted by cust_code in one transaction together with
 * the upload-log row naming every refused row (with its cells, for the download of refused rows). A
 * column the sheet leaves out keeps the stored value; a row equal to the stored store is counted "sama"
 * and not written, so the export uploaded back, or the same file twice, changes nothing.
 */
import { inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  STORE_COLUMNS,
  STORE_UPLOAD_MAX_ROWS,
  STORE_UPLOAD_MESSAGES as M,
  StoreCreateSchema,
  type StoreCreate,
  type StoreRow,
  type StoreUploadAnswer,
} from '../../../src/domain/store/store';
import type { Tx } from '../../db/client';
import { failureRow } from '../../../src/domain/upload';
import { client, keyAccount, salesOffice } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import type { UploadFailureRecord } from '../../db/schema/upload';
import type { Actor, Deps } from '../../lib/context';
import { readUploadSheet, type UploadSheetRow } from '../../lib/excel';
import { badRequest } from '../../lib/errors';
import { STORE_MESSAGES } from '../../../src/domain/store/store';
import { inWriteScope } from './store-access';
import { writeUploadLog } from '../../lib/upload-log';

export const STORE_UPLOAD_JENIS = 'store';
const KNOWN = new Set<string>(STORE_COLUMNS);
const CHUNK = 2_000;

type SheetStore = UploadSheetRow;

async function readStoreSheet(bytes: Uint8Array): Promise<SheetStore[]> {
  const sheet = await readUploadSheet(bytes, {
    columnOf: (name) => {
      const key = name.toLowerCase();
      return KNOWN.has(key) ? { key } : { unknown: key };
    },
    checkHeader: (keys) => {
      if (!keys.has('cust_code')) throw badRequest(M.noHeader);
    },
    maxRows: STORE_UPLOAD_MAX_ROWS,
    messages: M,
  });
  return sheet.rows;
}

async function existingCodes(tx: Tx, table: typeof salesOffice | typeof client | typeof keyAccount, ids: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, ids.slice(i, i + CHUNK)));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

const codesOf = (rows: StoreCreate[], key: 'sales_office_id' | 'client_id' | 'cust_key_account') => [
  ...new Set(rows.map((r) => r[key]).filter((x): x is string => !!x)),
];

export async function uploadStores(
  deps: Deps,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
): Promise<StoreUploadAnswer> {
  const sheet = await readStoreSheet(file.bytes);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const codes = [...new Set(sheet.map((r) => r.cells.get('cust_code')).filter((c): c is string => !!c))];
    const stored = new Map<string, StoreRow>();
    for (let i = 0; i < codes.length; i += CHUNK) {
      const rows = await tx
        .select()
        .from(store)
        .where(inArray(store.cust_code, codes.slice(i, i + CHUNK)));
      for (const r of rows) stored.set(r.cust_code, r);
    }

    const failures: UploadFailureRecord[] = [];
    const fail = (row: SheetStore, alasan: string) =>
      failures.push({
        baris: row.baris,
        nrp: row.cells.get('cust_code') ?? '',
        alasan,
        values: Object.fromEntries(row.cells),
      });
    const seen = new Map<string, number>();
    const checked: { row: SheetStore; value: StoreCreate }[] = [];
    for (const row of sheet) {
      const code = row.cells.get('cust_code') ?? '';
      const first = seen.get(code);
      if (code && first !== undefined) {
        fail(row, M.duplicateCode(first));
        continue;
      }
      if (code) seen.set(code, row.baris);
      const before = stored.get(code);
      const merged: Record<string, unknown> = { ...before };
      for (const [key, value] of row.cells) merged[key] = value;
      const parsed = v.safeParse(StoreCreateSchema, merged);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
        fail(row, field ? `${field}: ${issue.message}` : issue.message);
        continue;
      }
      if ((before && !inWriteScope(actor, before)) || !inWriteScope(actor, parsed.output)) {
        fail(row, STORE_MESSAGES.outOfScope);
        continue;
      }
      checked.push({ row, value: parsed.output });
    }

    const values = checked.map((c) => c.value);
    const [offices, clients, accounts] = [
      await existingCodes(tx, salesOffice, codesOf(values, 'sales_office_id')),
      await existingCodes(tx, client, codesOf(values, 'client_id')),
      await existingCodes(tx, keyAccount, codesOf(values, 'cust_key_account')),
    ];
    const good: StoreCreate[] = [];
    let unchanged = 0;
    for (const { row, value } of checked) {
      if (value.sales_office_id && !offices.has(value.sales_office_id))
        fail(row, STORE_MESSAGES.unknownSalesOffice(value.sales_office_id));
      else if (value.client_id && !clients.has(value.client_id))
        fail(row, STORE_MESSAGES.unknownClient(value.client_id));
      else if (value.cust_key_account && !accounts.has(value.cust_key_account))
        fail(row, STORE_MESSAGES.unknownKeyAccount(value.cust_key_account));
      else if (sameStore(stored.get(value.cust_code), value)) unchanged++;
      else good.push(value);
    }
    failures.sort((a, b) => a.baris - b.baris);

    await upsert(tx, good);
    const created = good.filter((g) => !stored.has(g.cust_code)).length;
    const total = sheet.length;
    const failed = failures.length;
    const counts = { total, created, updated: good.length - created, unchanged, failed };
    const log = await writeUploadLog(tx, {
      jenis: STORE_UPLOAD_JENIS,
      fileName: file.name,
      by: actor.userid,
      at: now,
      keterangan: M.summary(counts),
      total,
      failures: failures,
    });
    return {
      message: M.done(counts),
      result: { log_id: log.id, ...counts, status: log.status, nrp_gagal: failures.map(failureRow) },
    };
  });
}

/** A row that would write exactly what is stored: "sama", and not written again. */
function sameStore(before: StoreRow | undefined, value: StoreCreate): boolean {
  return !!before && STORE_COLUMNS.every((c) => before[c] === value[c]);
}

/** Insert or update by cust_code, one JSON parameter per 2,000 rows (as server/db/insert.ts). */
async function upsert(tx: Tx, rows: StoreCreate[]) {
  const names = sql.join(
    STORE_COLUMNS.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const updates = sql.join(
    STORE_COLUMNS.filter((c) => c !== 'cust_code').map(
      (c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(sql`insert into ${store} (${names})
      select ${names} from json_populate_recordset(null::${store}, ${json}::json)
      on conflict (cust_code) do update set ${updates}`);
  }
}
