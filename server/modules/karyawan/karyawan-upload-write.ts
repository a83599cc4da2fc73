/**
 * The writes of an employee upload, set-based inside the caller's transaction: new employees with
 * their first contract and P1 items, changed employees (and their latest contract) with their P2
 * items — each kind a few statements whatever the row count. Rows travel as one JSON parameter per
 * statement (json_populate_recordset), as the seed's insertChunked does.
 */
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { KARYAWAN_TAB_LABELS } from '../../../src/domain/karyawan/karyawan';
import { KARYAWAN_UPLOAD_COLUMNS } from '../../../src/domain/karyawan/karyawan-upload';
import { insertChunked } from '../../db/insert';
import { karyawan as k, karyawanPosting as p, kontrak } from '../../db/schema/karyawan';
import { nextNoKontrak } from './karyawan-numbers';
import type { CreateOp, UpdateOp } from './karyawan-upload-plan';

const CHUNK = 2_000;

/** Hands out contract numbers after the highest one (the caller holds the numbering lock). */
async function contractNumbers(tx: Tx) {
  let serial: number | null = null;
  return async (kodePrsh: string, mulai: string) => {
    if (serial === null) {
      const first = await nextNoKontrak(tx, kodePrsh, mulai);
      serial = Number(first.split('/')[3]);
    } else serial += 1;
    return `PKWT/${kodePrsh}/${mulai.slice(0, 4)}/${String(serial).padStart(6, '0')}`;
  };
}

/** The columns an upload may change (the sheet's, nrp aside) and the contract fields derived from them. */
const UPDATABLE = [
  ...KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key).filter((key) => key !== 'nrp'),
  'selesai_kontrak',
  'no_kontrak',
];

async function chunked<T>(rows: T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await run(rows.slice(i, i + CHUNK));
}

const setList = (columns: string[]): SQL =>
  sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = j.${sql.identifier(c)}`),
    sql`, `,
  );

export async function writeCreates(tx: Tx, creates: CreateOp[], by: { userid: string; now: Date }) {
  if (!creates.length) return;
  const number = await contractNumbers(tx);
  const contracts: (typeof kontrak.$inferInsert)[] = [];
  const rows: (typeof k.$inferInsert)[] = [];
  for (const op of creates) {
    const no_kontrak = await number(op.row.kode_prsh, op.row.mulai_kontrak);
    rows.push({ ...op.row, no_kontrak, createdAt: by.now, updatedAt: by.now });
    contracts.push({
      no_kontrak,
      nrp: op.row.nrp,
      per_kontrak: 1,
      lama_kontrak: op.lama,
      mulai_kontrak: op.row.mulai_kontrak,
      selesai_kontrak: op.row.selesai_kontrak ?? op.row.mulai_kontrak,
      sts_kontrak: 'B',
    });
  }
  await insertChunked(tx, k, rows);
  await insertChunked(tx, kontrak, contracts);
  await insertChunked(
    tx,
    p,
    creates.map((op) => ({
      nrp: op.row.nrp,
      nama: op.row.nama,
      jenis_trn: 'P1',
      tgl_jam_trn: by.now,
      created_by: by.userid,
    })),
  );
}

export async function writeUpdates(tx: Tx, updates: UpdateOp[], by: { userid: string; now: Date }) {
  if (!updates.length) return;
  const number = await contractNumbers(tx);

  // The latest contract follows the Kontrak fields (spec §4); an employee without one gets it now.
  const contractMoved = updates.filter((u) =>
    u.changed.some((f) => f === 'lama_kontrak' || f === 'mulai_kontrak' || f === 'selesai_kontrak'),
  );
  const withContract = contractMoved.filter(
    (u) => u.merged.no_kontrak && u.merged.mulai_kontrak && u.merged.lama_kontrak,
  );
  const touched = new Set<string>();
  await chunked(withContract, async (chunk) => {
    const json = JSON.stringify(
      chunk.map((u) => ({
        no_kontrak: u.merged.no_kontrak,
        lama_kontrak: u.merged.lama_kontrak,
        mulai_kontrak: u.merged.mulai_kontrak,
        selesai_kontrak: u.merged.selesai_kontrak,
      })),
    );
    const done = (await tx.execute(sql`
      update kontrak set ${setList(['lama_kontrak', 'mulai_kontrak', 'selesai_kontrak'])}
      from json_populate_recordset(null::kontrak, ${json}::json) as j
      where kontrak.no_kontrak = j.no_kontrak
      returning kontrak.no_kontrak`)) as unknown as { rows: { no_kontrak: string }[] };
    for (const r of done.rows) touched.add(r.no_kontrak);
  });
  const newContracts: (typeof kontrak.$inferInsert)[] = [];
  for (const u of contractMoved) {
    const e = u.merged;
    if (!e.mulai_kontrak || !e.lama_kontrak || !e.selesai_kontrak) continue;
    if (e.no_kontrak && touched.has(e.no_kontrak)) continue;
    e.no_kontrak = await number(e.kode_prsh, e.mulai_kontrak);
    newContracts.push({
      no_kontrak: e.no_kontrak,
      nrp: e.nrp,
      per_kontrak: e.per_kontrak,
      lama_kontrak: e.lama_kontrak,
      mulai_kontrak: e.mulai_kontrak,
      selesai_kontrak: e.selesai_kontrak,
      sts_kontrak: 'B',
    });
  }
  await insertChunked(tx, kontrak, newContracts);

  await chunked(updates, async (chunk) => {
    const json = JSON.stringify(
      chunk.map((u) => {
        const m = u.merged as unknown as Record<string, unknown>;
        return Object.fromEntries([['nrp', u.merged.nrp], ...UPDATABLE.map((c) => [c, m[c] ?? null])]);
      }),
    );
    await tx.execute(sql`
      update karyawan set ${setList(UPDATABLE)}, updated_at = ${by.now.toISOString()}::timestamptz
      from json_populate_recordset(null::karyawan, ${json}::json) as j
      where karyawan.nrp = j.nrp`);
  });

  await writeP2Items(tx, updates, by);
}

function mergeNotes(a: string | null, b: string | null): string | null {
  const parts = [...new Set([...(a ?? '').split(', '), ...(b ?? '').split(', ')].filter(Boolean))];
  return parts.length ? parts.join(', ').slice(0, 255) : null;
}

/**
 * A P2 item per changed employee, as posting.service.createPostingItem decides it one at a time: an
 * open P1 or P2 of the employee already carries the change (it gains the new name, and an open P2 the
 * changed tabs); otherwise a new P2 item.
 */
async function writeP2Items(tx: Tx, updates: UpdateOp[], by: { userid: string; now: Date }) {
  const open = new Map<string, { id: number; jenis_trn: string; keterangan: string | null }>();
  await chunked(updates, async (chunk) => {
    const rows = await tx
      .select({ id: p.id, nrp: p.nrp, jenis_trn: p.jenis_trn, keterangan: p.keterangan, tgl: p.tgl_jam_trn })
      .from(p)
      .where(
        and(
          inArray(
            p.nrp,
            chunk.map((u) => u.merged.nrp),
          ),
          isNull(p.date_posting),
          inArray(p.jenis_trn, ['P1', 'P2']),
        ),
      )
      .orderBy(p.tgl_jam_trn);
    for (const r of rows) {
      const seen = open.get(r.nrp);
      // The open P1 first; else the oldest open P2.
      if (!seen || (r.jenis_trn === 'P1' && seen.jenis_trn !== 'P1')) open.set(r.nrp, r);
    }
  });
  const refresh: { id: number; nama: string; keterangan: string | null }[] = [];
  const fresh: (typeof p.$inferInsert)[] = [];
  for (const u of updates) {
    const notes = u.tabs.map((t) => KARYAWAN_TAB_LABELS[t]).join(', ') || null;
    const pending = open.get(u.merged.nrp);
    if (pending) {
      const keterangan = pending.jenis_trn === 'P2' ? mergeNotes(pending.keterangan, notes) : pending.keterangan;
      refresh.push({ id: pending.id, nama: u.merged.nama, keterangan });
    } else {
      fresh.push({
        nrp: u.merged.nrp,
        nama: u.merged.nama,
        jenis_trn: 'P2',
        keterangan: notes,
        tgl_jam_trn: by.now,
        created_by: by.userid,
      });
    }
  }
  await chunked(refresh, (chunk) =>
    tx.execute(sql`
      update karyawan_posting set nama = j.nama, keterangan = j.keterangan
      from json_to_recordset(${JSON.stringify(chunk)}::json) as j(id integer, nama text, keterangan text)
      where karyawan_posting.id = j.id`),
  );
  await insertChunked(tx, p, fresh);
}
