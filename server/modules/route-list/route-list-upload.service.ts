/**
 * POST /api/route-list/upload and its history (spec part 2 §2.5, §5 "Uploads", §7, §8): every row of
 * the sheet is checked; the good ones are saved in one transaction together with the log row naming
 * every refused row. Route lists are created (company KM) or renamed by id, matrix rows upserted by
 * (route list, store): uploading the same file twice changes nothing the second time. Stores missing
 * from the file stay in their matrix (an upload adds and changes, it never removes).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { MATRIX_KEYS, patternOf, type MatrixFlags } from '../../../src/domain/route-list/matrix-kunjungan';
import {
  ROUTE_LIST_COMPANY,
  ROUTE_LIST_MESSAGES as RM,
  ROUTE_LIST_UPLOAD_MESSAGES as M,
  type RouteListUploadAnswer,
} from '../../../src/domain/route-list/route-list';
import { failureRow } from '../../../src/domain/upload';
import { matrixKunjungan, routeList, store } from '../../db/schema/store';
import type { UploadFailureRecord } from '../../db/schema/upload';
import type { Actor, Deps } from '../../lib/context';
import { inMasterScope } from '../master/master-scope';
import { STORE_SCOPE } from '../store/store-access';
import { readRouteListSheet, type SheetRouteRow } from './route-list-sheet';
import { ROUTE_LIST_SCOPE } from './route-list.service';
import { writeUploadLog } from '../../lib/upload-log';

export const ROUTE_LIST_UPLOAD_JENIS = 'route-list';

const ID = /^[A-Za-z0-9._-]{1,5}$/;
const CUST = /^[A-Za-z0-9._-]{1,20}$/;

interface Known {
  routeLists: Map<string, { kode_prsh: string; nama: string }>;
  stores: Map<string, { client_id: string | null; sales_office_id: string | null }>;
  patterns: Map<string, string>;
}

const pairKey = (id: string, cust: string) => `${id}\u0001${cust}`;

async function loadKnown(tx: Tx, rows: SheetRouteRow[]): Promise<Known> {
  const ids = [...new Set(rows.map((r) => r.cells.get('route_list_id')).filter((x): x is string => !!x && ID.test(x)))];
  const custs = [...new Set(rows.map((r) => r.cells.get('cust_code')).filter((x): x is string => !!x && CUST.test(x)))];
  const lists = ids.length ? await tx.select().from(routeList).where(inArray(routeList.id, ids)) : [];
  const stores = custs.length
    ? await tx
        .select({ cust_code: store.cust_code, client_id: store.client_id, sales_office_id: store.sales_office_id })
        .from(store)
        .where(inArray(store.cust_code, custs))
    : [];
  const matrix = ids.length
    ? await tx.select().from(matrixKunjungan).where(inArray(matrixKunjungan.route_list_id, ids))
    : [];
  return {
    routeLists: new Map(lists.map((l) => [l.id, l])),
    stores: new Map(stores.map((s) => [s.cust_code, s])),
    patterns: new Map(matrix.map((m) => [pairKey(m.route_list_id, m.cust_code), m.pattern])),
  };
}

interface Plan {
  creates: Map<string, string>;
  renames: Map<string, string>;
  matrix: Map<string, { route_list_id: string; cust_code: string; pattern: string }>;
  created: number;
  updated: number;
  unchanged: number;
  failures: UploadFailureRecord[];
}

/** Checks every row against the database and the rows before it; what passes goes into the plan. */
function planRows(actor: Actor, rows: SheetRouteRow[], known: Known): Plan {
  const plan: Plan = {
    creates: new Map(),
    renames: new Map(),
    matrix: new Map(),
    created: 0,
    updated: 0,
    unchanged: 0,
    failures: [],
  };
  const namaAt = new Map<string, { nama: string; baris: number }>();
  const pairAt = new Map<string, number>();
  for (const row of rows) {
    const id = row.cells.get('route_list_id') ?? '';
    const cust = row.cells.get('cust_code') ?? '';
    const fail = (alasan: string) =>
      plan.failures.push({
        baris: row.baris,
        nrp: cust ? `${id}/${cust}` : id,
        alasan,
        values: Object.fromEntries(row.cells),
      });
    if (!id) {
      fail(RM.idRequired);
      continue;
    }
    if (!ID.test(id)) {
      fail(RM.idFormat);
      continue;
    }
    const nama = row.cells.get('nama') ?? '';
    if (nama.length > 40) {
      fail(RM.namaTooLong);
      continue;
    }
    const existing = known.routeLists.get(id);
    const company = existing?.kode_prsh ?? ROUTE_LIST_COMPANY;
    if (!inMasterScope(actor, ROUTE_LIST_SCOPE, { kode_prsh: company })) {
      fail(RM.outOfScope);
      continue;
    }
    const earlier = namaAt.get(id);
    if (nama && earlier && earlier.nama !== nama) {
      fail(M.namaMismatch(earlier.baris));
      continue;
    }
    if (!existing && !nama && !earlier) {
      fail(RM.namaRequired);
      continue;
    }
    const flags: Partial<MatrixFlags> = {};
    const badFlag = MATRIX_KEYS.find((k) => {
      if (!row.cells.has(k)) return false;
      const value = row.cells.get(k);
      if (value === null || value === undefined) flags[k] = null;
      else if (value.toUpperCase() === 'X') flags[k] = 'X';
      else return true;
      return false;
    });
    if (badFlag) {
      fail(M.flag(badFlag));
      continue;
    }
    if (cust) {
      if (!CUST.test(cust)) {
        fail(M.custCodeFormat);
        continue;
      }
      const st = known.stores.get(cust);
      if (!st) {
        fail(M.storeNotFound(cust));
        continue;
      }
      if (!inMasterScope(actor, STORE_SCOPE, st)) {
        fail(M.storeOutOfScope(cust));
        continue;
      }
      const pair = pairKey(id, cust);
      const seen = pairAt.get(pair);
      if (seen !== undefined) {
        fail(M.duplicateStore(seen));
        continue;
      }
      pairAt.set(pair, row.baris);
    } else if (Object.values(flags).some((f) => f === 'X')) {
      fail(M.storeRequiredForDays);
      continue;
    }

    // The row passed: what it asks for joins the plan. New: it creates the route list or adds the store;
    // changed: it renames the route list or changes the store's days; otherwise the same.
    let created = false;
    let changed = false;
    if (nama && !earlier) {
      namaAt.set(id, { nama, baris: row.baris });
      if (!existing) {
        plan.creates.set(id, nama);
        created = true;
      } else if (existing.nama !== nama) {
        plan.renames.set(id, nama);
        changed = true;
      }
    }
    if (cust) {
      const before = known.patterns.get(pairKey(id, cust));
      const pattern = patternOf(flags, before);
      if (before !== pattern) {
        plan.matrix.set(pairKey(id, cust), { route_list_id: id, cust_code: cust, pattern });
        if (before === undefined) created = true;
        else changed = true;
      }
    }
    if (created) plan.created += 1;
    else if (changed) plan.updated += 1;
    else plan.unchanged += 1;
  }
  return plan;
}

async function writePlan(tx: Tx, plan: Plan) {
  if (plan.creates.size) {
    await tx
      .insert(routeList)
      .values([...plan.creates].map(([id, nama]) => ({ id, nama, kode_prsh: ROUTE_LIST_COMPANY })));
  }
  for (const [id, nama] of plan.renames) await tx.update(routeList).set({ nama }).where(eq(routeList.id, id));
  const rows = [...plan.matrix.values()];
  for (let i = 0; i < rows.length; i += 2000) {
    await tx
      .insert(matrixKunjungan)
      .values(rows.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [matrixKunjungan.route_list_id, matrixKunjungan.cust_code],
        set: { pattern: sql`excluded.pattern` },
      });
  }
}

export async function uploadRouteList(
  deps: Deps,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
): Promise<RouteListUploadAnswer> {
  const sheet = await readRouteListSheet(file.bytes);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // One upload at a time: two uploads creating the same new route list would collide on its id.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('route-list-upload'))`);
    const plan = planRows(actor, sheet.rows, await loadKnown(tx, sheet.rows));
    await writePlan(tx, plan);
    const total = sheet.rows.length;
    const failed = plan.failures.length;
    const counts = { total, created: plan.created, updated: plan.updated, unchanged: plan.unchanged, failed };
    const log = await writeUploadLog(tx, {
      jenis: ROUTE_LIST_UPLOAD_JENIS,
      fileName: file.name,
      by: actor.userid,
      at: now,
      keterangan: M.summary(counts),
      total,
      failures: plan.failures,
    });
    return {
      message: M.done(counts),
      result: {
        log_id: log.id,
        ...counts,
        route_lists: plan.creates.size + plan.renames.size,
        stores: plan.matrix.size,
        status: log.status,
        nrp_gagal: plan.failures.map(failureRow),
      },
    };
  });
}
