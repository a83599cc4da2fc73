/**
 * Laporan Bukti Kunjungan (issue 28 item 6): the planned store visits of one client's employees in one
 * period and what became of them, per store × SPG (definitions in src/domain/report/bukti-kunjungan.ts),
 * the visits themselves for the .xlsx's evidence sheet, and a sample of verified photos for the PDF.
 * Every query is limited to the caller's trustee scope in SQL.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { NOT_FOR_REVIEW } from '../../../src/domain/absensi/tinjau';
import {
  BUKTI_MESSAGES as M,
  compliance,
  type BuktiKunjunganQuery,
  type BuktiKunjunganRow,
} from '../../../src/domain/report/bukti-kunjungan';
import type { Db } from '../../db/client';
import { client, period } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { karyawanScope } from '../../middleware/trustee-scope';

export interface BuktiContext {
  period: { id: string; mulai: string; akhir: string };
  client: { id: string; nama: string };
}

/** The period and the client of the query: an unknown one is a 404 with its own message. */
export async function buktiContext(db: Db, q: BuktiKunjunganQuery): Promise<BuktiContext> {
  const [[p], [c]] = await Promise.all([
    db
      .select({ id: period.id, mulai: period.mulai, akhir: period.akhir })
      .from(period)
      .where(eq(period.id, q.period))
      .limit(1),
    db.select({ id: client.id, nama: client.nama }).from(client).where(eq(client.id, q.client_id)).limit(1),
  ]);
  if (!p) throw notFound(M.periodNotFound);
  if (!c) throw notFound(M.clientNotFound);
  return { period: p, client: c };
}

/** `flags` holds a code that asks for review (any but NOT_FOR_REVIEW), as the review queue reads it. */
const REVIEWABLE = sql.raw(
  `((d.flags - array[${NOT_FOR_REVIEW.map((f) => `'${f}'`).join(',')}]::text[]) <> '[]'::jsonb)`,
);

/**
 * The visit lines of the report with the columns every definition reads: `rejected`, `open` (flagged
 * for review, checked in, no decision) and `verified` (checked in, passkey, not rejected, not open).
 * `extra` adds conditions (the evidence sheet's keyset, the PDF's verified photos).
 */
function linesSql(actor: Actor, ctx: BuktiContext, extra?: SQL): SQL {
  const where = [
    sql`d.tgl_dcp between ${ctx.period.mulai}::date and ${ctx.period.akhir}::date`,
    sql`karyawan.client_id = ${ctx.client.id}`,
    karyawanScope(actor),
    extra,
  ].filter((x): x is SQL => x !== undefined);
  return sql`
    select d.id, d.tgl_dcp::text as tanggal, d.cust_code, coalesce(s.cust_name, d.cust_code) as store,
           p.nrp, karyawan.nama, d.in_jam::text as in_jam, d.out_jam::text as out_jam,
           d.in_foto, d.out_foto, d.in_verified, d.flags, t.keputusan,
           coalesce(t.keputusan = 'tolak', false) as rejected,
           (d.in_jam is not null and ${REVIEWABLE} and t.keputusan is null) as open,
           (d.in_jam is not null and d.in_verified = 'passkey' and coalesce(t.keputusan <> 'tolak', true)
             and not (${REVIEWABLE} and t.keputusan is null)) as verified
      from kunjungan_detail d
      join kunjungan p on p.no_dcp = d.no_dcp
      join karyawan on karyawan.nrp = p.nrp
      left join store s on s.cust_code = d.cust_code
      left join absensi_tinjau t on t.jenis = 'kunjungan' and t.record_id = d.id
     where ${sql.join(where, sql` and `)}`;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** One row per store × SPG, by store code then NRP. */
export async function buktiRows(db: Db, actor: Actor, ctx: BuktiContext): Promise<BuktiKunjunganRow[]> {
  const res = await db.execute(sql`
    select cust_code, min(store) as store, nrp, min(nama) as nama,
           count(*)::int as planned,
           count(*) filter (where in_jam is not null and not rejected)::int as visited,
           count(*) filter (where verified)::int as verified,
           count(*) filter (where rejected)::int as rejected,
           count(*) filter (where open)::int as open
      from (${linesSql(actor, ctx)}) l
     group by cust_code, nrp
     order by cust_code, nrp`);
  return rowsOf<Omit<BuktiKunjunganRow, 'compliance'>>(res).map((r) => ({
    cust_code: r.cust_code,
    store: r.store,
    nrp: r.nrp,
    nama: r.nama,
    planned: Number(r.planned),
    visited: Number(r.visited),
    verified: Number(r.verified),
    rejected: Number(r.rejected),
    open: Number(r.open),
    compliance: compliance(Number(r.visited), Number(r.planned)),
  }));
}

/** One checked-in visit line, for the evidence sheet and the PDF's photos. */
export interface BuktiVisit {
  id: number;
  tanggal: string;
  cust_code: string;
  store: string;
  nrp: string;
  nama: string;
  in_jam: string | null;
  out_jam: string | null;
  in_foto: string | null;
  out_foto: string | null;
  in_verified: string | null;
  flags: string[];
  keputusan: string | null;
  rejected: boolean;
  open: boolean;
  verified: boolean;
}

/** The position of a visit in the evidence sheet's order (keyset of the next batch). */
export type VisitKey = Pick<BuktiVisit, 'tanggal' | 'cust_code' | 'nrp' | 'id'>;

/** The next checked-in visits after `after`, by day, store, SPG and line. */
export async function buktiVisits(
  db: Db,
  actor: Actor,
  ctx: BuktiContext,
  after: VisitKey | null,
  limit: number,
): Promise<BuktiVisit[]> {
  const res = await db.execute(sql`
    select * from (${linesSql(actor, ctx, sql`d.in_jam is not null`)}) l
     ${after ? sql`where (tanggal, cust_code, nrp, id) > (${after.tanggal}, ${after.cust_code}, ${after.nrp}, ${after.id})` : sql``}
     order by tanggal, cust_code, nrp, id
     limit ${limit}`);
  return rowsOf<BuktiVisit>(res).map((r) => ({ ...r, id: Number(r.id), flags: r.flags ?? [] }));
}

/**
 * Up to `limit` verified visits with a check-in photo, spread over the period: the last of each
 * store × SPG first (one per row of the table), newest first.
 */
export async function verifiedPhotoVisits(
  db: Db,
  actor: Actor,
  ctx: BuktiContext,
  limit: number,
): Promise<BuktiVisit[]> {
  const res = await db.execute(sql`
    select * from (
      select l.*, row_number() over (partition by cust_code, nrp order by tanggal desc, id desc) as nth
        from (${linesSql(actor, ctx, sql`d.in_foto is not null`)}) l
       where verified
    ) v
     order by nth, tanggal desc, id desc
     limit ${limit}`);
  return rowsOf<BuktiVisit>(res).map((r) => ({ ...r, id: Number(r.id), flags: r.flags ?? [] }));
}
