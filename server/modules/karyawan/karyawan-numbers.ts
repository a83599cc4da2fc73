/**
 * Numbers the employee area hands out: NRP, contract number, termination-agreement number. Each is
 * "the highest one so far + 1", so two writers must not compute it at the same time: every write
 * that numbers something first takes one transaction-scoped advisory lock (released at commit or
 * rollback), which serialises numbering across server copies sharing one PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Q, Tx } from '../../db/client';

/** An arbitrary constant: "karyawan numbering" among the application's advisory locks. */
const NUMBERING_LOCK = 7_260_001;

export async function lockNumbering(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK})`);
}

async function scalar(db: Q, query: ReturnType<typeof sql>): Promise<string | null> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const value = result.rows[0]?.v;
  return value === null || value === undefined ? null : String(value);
}

/**
 * NRP: the seed's series of 8 digits, "26" + a six-digit serial (26000001, 26000002, …); a new
 * employee gets the highest 8-digit NRP + 1, 26000001 when there is none. (Upload keeps the NRP a row
 * carries.) The PK index serves the descending scan, so this stays fast on 100,000 rows.
 */
export async function nextNrp(db: Q): Promise<string> {
  const top = await scalar(db, sql`select nrp as v from karyawan where nrp ~ '^[0-9]{8}$' order by nrp desc limit 1`);
  return top ? String(Number(top) + 1).padStart(8, '0') : '26000001';
}

/** PKWT/{kode_prsh}/{year of the start}/{six-digit serial}, the serial counting over all contracts (as the seed). */
export async function nextNoKontrak(db: Q, kodePrsh: string, mulai: string): Promise<string> {
  const top = await scalar(
    db,
    sql`select max(cast(split_part(no_kontrak, '/', 4) as integer)) as v from kontrak
        where no_kontrak ~ '^PKWT/[^/]+/[0-9]{4}/[0-9]{1,9}$'`,
  );
  const serial = (top ? Number(top) : 0) + 1;
  return `PKWT/${kodePrsh}/${mulai.slice(0, 4)}/${String(serial).padStart(6, '0')}`;
}

/** PB/{kode_prsh}/{year of tgl_p3}/{five-digit serial}, the serial counting over all agreements (as the seed). */
export async function nextNoPb(db: Q, kodePrsh: string, tglP3: string): Promise<string> {
  const top = await scalar(
    db,
    sql`select max(cast(split_part(no_pb, '/', 4) as integer)) as v from karyawan
        where no_pb ~ '^PB/[^/]+/[0-9]{4}/[0-9]{1,9}$'`,
  );
  const serial = (top ? Number(top) : 0) + 1;
  return `PB/${kodePrsh}/${tglP3.slice(0, 4)}/${String(serial).padStart(5, '0')}`;
}
