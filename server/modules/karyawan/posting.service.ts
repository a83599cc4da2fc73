/**
 * Payroll posting items (docs/decisions/007-employee-lifecycle.md): every new employee (P1), data
 * change (P2) and resignation (P3) leaves an item, written in the same transaction as the change.
 * HR posts an item (open → posted); the payroll export takes every posted item and marks it completed
 * in the same transaction (posted → completed).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { alasanP3Of } from '../../../src/domain/karyawan/karyawan';
import {
  postingStatusOf,
  type JenisTrn,
  type PostingKey,
  type PostingRow,
  type PostingStatus,
} from '../../../src/domain/karyawan/karyawan-lifecycle';
import { JENIS_TRN } from '../../../src/domain/enums';
import type { ListAnswer } from '../../../src/domain/list-query';
import type { Db, Q } from '../../db/client';
import { karyawan, karyawanPosting as p } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/pagination';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';

/** Who made the change and when (the time of record of the item). */
export interface ChangeStamp {
  userid: string;
  now: Date;
}

export const POSTING_MESSAGES = {
  notFound: 'Data posting tidak ditemukan',
  alreadyPosted: (nrp: string, jenis: string) => `Data posting ${jenis} karyawan ${nrp} sudah diposting`,
  olderFirst: (nrp: string, jenis: string) =>
    `Posting ${jenis} karyawan ${nrp} yang lebih dulu harus diposting terlebih dahulu`,
  posted: (n: number, first: string) =>
    n === 1 ? `Posting data karyawan ${first} berhasil` : `${n} data karyawan berhasil diposting`,
  duplicate: 'Data posting yang sama dikirim lebih dari sekali',
} as const;

const rowColumns = {
  id: p.id,
  nrp: p.nrp,
  nama: p.nama,
  jenis_trn: p.jenis_trn,
  alasan_p3: p.alasan_p3,
  keterangan: p.keterangan,
  tgl_jam_trn: p.tgl_jam_trn,
  date_posting: p.date_posting,
  posted_by: p.posted_by,
  date_completed: p.date_completed,
};

interface Raw {
  id: number;
  nrp: string;
  nama: string;
  jenis_trn: string;
  alasan_p3: number | null;
  keterangan: string | null;
  tgl_jam_trn: Date;
  date_posting: Date | null;
  posted_by: string | null;
  date_completed: Date | null;
}

export function toPostingRow(r: Raw): PostingRow {
  return {
    id: r.id,
    nrp: r.nrp,
    nama: r.nama,
    jenis_trn: r.jenis_trn as JenisTrn,
    alasan_p3: r.alasan_p3,
    mst_alasan_p3: alasanP3Of(r.alasan_p3),
    keterangan: r.keterangan,
    tgl_jam_trn: r.tgl_jam_trn.toISOString(),
    date_posting: r.date_posting?.toISOString() ?? null,
    posted_by: r.posted_by,
    date_completed: r.date_completed?.toISOString() ?? null,
    status: postingStatusOf(r),
  };
}

const openItem = isNull(p.date_posting);

/**
 * Records a posting item for a change to employee `nrp`, inside the caller's transaction. Name and
 * resignation reason are read from the employee row as it stands in that transaction (call it after
 * the write). A data change (P2) while a P1 or P2 of the employee is still open adds nothing new:
 * payroll reads the employee's data when the item is posted, so the open item already carries it; an
 * open P2 only gains the names of the changed tabs.
 */
export async function createPostingItem(
  tx: Q,
  item: { nrp: string; jenis_trn: JenisTrn; keterangan?: string | null },
  by: ChangeStamp,
): Promise<void> {
  const [emp] = await tx
    .select({ nama: karyawan.nama, alasan_p3: karyawan.alasan_p3 })
    .from(karyawan)
    .where(eq(karyawan.nrp, item.nrp))
    .limit(1);
  if (!emp) throw notFound();
  if (item.jenis_trn === 'P2') {
    const open = await tx
      .select({ id: p.id, jenis_trn: p.jenis_trn, keterangan: p.keterangan })
      .from(p)
      .where(and(eq(p.nrp, item.nrp), openItem, inArray(p.jenis_trn, ['P1', 'P2'])))
      .orderBy(asc(p.tgl_jam_trn));
    const pending = open.find((o) => o.jenis_trn === 'P1') ?? open[0];
    if (pending) {
      const keterangan =
        pending.jenis_trn === 'P2' ? mergeNotes(pending.keterangan, item.keterangan ?? null) : pending.keterangan;
      await tx.update(p).set({ nama: emp.nama, keterangan }).where(eq(p.id, pending.id));
      return;
    }
  }
  await tx.insert(p).values({
    nrp: item.nrp,
    nama: emp.nama,
    jenis_trn: item.jenis_trn,
    alasan_p3: item.jenis_trn === 'P3' ? emp.alasan_p3 : null,
    keterangan: item.keterangan ?? null,
    tgl_jam_trn: by.now,
    created_by: by.userid,
  });
}

function mergeNotes(a: string | null, b: string | null): string | null {
  const parts = [...new Set([...(a ?? '').split(', '), ...(b ?? '').split(', ')].filter(Boolean))];
  return parts.length ? parts.join(', ').slice(0, 255) : null;
}

/** The employee's latest P3 item (its date_posting locks the resignation), or null. */
export async function latestP3(tx: Q, nrp: string) {
  const [row] = await tx
    .select({ id: p.id, tgl_jam_trn: p.tgl_jam_trn, date_posting: p.date_posting })
    .from(p)
    .where(and(eq(p.nrp, nrp), eq(p.jenis_trn, 'P3')))
    .orderBy(desc(p.tgl_jam_trn))
    .limit(1);
  return row ?? null;
}

export async function p3ByNrp(db: Q, nrps: string[]) {
  if (!nrps.length) return new Map<string, { tgl_jam_trn: string; date_posting: string | null }>();
  const rows = await db
    .select({ nrp: p.nrp, tgl_jam_trn: p.tgl_jam_trn, date_posting: p.date_posting })
    .from(p)
    .where(and(inArray(p.nrp, nrps), eq(p.jenis_trn, 'P3')))
    .orderBy(asc(p.tgl_jam_trn));
  // Ascending, so the latest item of each employee is the one left in the map.
  return new Map(
    rows.map((r) => [
      r.nrp,
      { tgl_jam_trn: r.tgl_jam_trn.toISOString(), date_posting: r.date_posting?.toISOString() ?? null },
    ]),
  );
}

function statusFilter(status: PostingStatus): SQL | undefined {
  if (status === 'open') return isNull(p.date_posting);
  if (status === 'posted') return and(isNotNull(p.date_posting), isNull(p.date_completed));
  return isNotNull(p.date_completed);
}

/** GET /api/karyawan/posting/list: items of one status, of employees in the user's scope. */
export async function listPosting(
  db: Db,
  actor: Actor,
  q: { status: PostingStatus; page: number; per_page: number },
): Promise<ListAnswer<PostingRow>> {
  const where = and(statusFilter(q.status), karyawanScope(actor));
  const { limit, offset } = pageWindow(q);
  const order = q.status === 'open' ? [asc(p.tgl_jam_trn), asc(p.id)] : [desc(p.date_posting), desc(p.id)];
  const rows = await db
    .select(rowColumns)
    .from(p)
    .innerJoin(karyawan, eq(karyawan.nrp, p.nrp))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(p).innerJoin(karyawan, eq(karyawan.nrp, p.nrp)).where(where);
  return { result: rows.map(toPostingRow), totalCount: total?.n ?? 0 };
}

/** GET /api/karyawan/{id}/posting/status: the employee's items, pending (open) ones first in time order. */
export async function postingStatus(db: Db, nrp: string) {
  const rows = await db.select(rowColumns).from(p).where(eq(p.nrp, nrp)).orderBy(asc(p.tgl_jam_trn), asc(p.id));
  const items = rows.map(toPostingRow);
  const pending = items.filter((i) => i.status === 'open');
  const latest = items[items.length - 1];
  return { pending: pending.length > 0, status: latest?.status ?? null, items };
}

/**
 * PUT /api/karyawan/posting: open → posted, for one item or several, all or nothing. An employee's
 * items go out in the order they happened: an item cannot be posted while an older one of the same
 * employee is still open (payroll must not receive a resignation before the hiring).
 */
export async function postItems(db: Db, actor: Actor, keys: PostingKey[], now: Date): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const found = [];
    for (const key of keys) {
      const at = new Date(key.tgl_jam_trn);
      const [row] = await tx
        .select({
          ...rowColumns,
          kode_prsh: karyawan.kode_prsh,
          sales_office_id: karyawan.sales_office_id,
          kode_lokasi: karyawan.kode_lokasi,
          client_id: karyawan.client_id,
          jabatan_id: karyawan.jabatan_id,
          type_spg_id: karyawan.type_spg_id,
        })
        .from(p)
        .innerJoin(karyawan, eq(karyawan.nrp, p.nrp))
        .where(and(eq(p.nrp, key.nrp), eq(p.jenis_trn, key.jenis_trn), eq(p.tgl_jam_trn, at)))
        .for('update', { of: p })
        .limit(1);
      if (!row) throw notFound(POSTING_MESSAGES.notFound);
      assertInScope(actor, row);
      if (row.date_posting) throw conflict(POSTING_MESSAGES.alreadyPosted(row.nrp, row.jenis_trn));
      found.push(row);
    }
    const ids = found.map((r) => r.id);
    if (new Set(ids).size !== ids.length) throw badRequest(POSTING_MESSAGES.duplicate);
    for (const row of found) {
      const older = await tx
        .select({ id: p.id, jenis_trn: p.jenis_trn })
        .from(p)
        .where(and(eq(p.nrp, row.nrp), openItem, lt(p.tgl_jam_trn, row.tgl_jam_trn), ne(p.id, row.id)));
      const waiting = older.find((o) => !ids.includes(o.id));
      if (waiting) throw conflict(POSTING_MESSAGES.olderFirst(row.nrp, waiting.jenis_trn));
    }
    await tx.update(p).set({ date_posting: now, posted_by: actor.userid }).where(inArray(p.id, ids));
    const first = found[0];
    const label = first
      ? `${first.nrp} - ${first.nama} (${JENIS_TRN[first.jenis_trn as JenisTrn] ?? first.jenis_trn})`
      : '';
    return { message: POSTING_MESSAGES.posted(found.length, label) };
  });
}
