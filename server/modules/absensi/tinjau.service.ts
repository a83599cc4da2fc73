/**
 * "Perlu Ditinjau" (issue 28, docs/decisions/035): the flagged check-ins of the caller's data scope, days
 * and visit lines alike, read from the records' flags, with what people added from absensi_tinjau (the
 * decision, the employee's note). A decision is written once (a second one answers 409), at the server's
 * clock, never by the employee herself (issue 41 item 3). She reads only `ownReviews`: open, accepted or
 * not, and the reviewer's message for her; never the flags nor the internal reason.
 */
import dayjs from 'dayjs';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FieldFlag, OwnReview } from '../../../src/domain/absensi/absensi';
import {
  kemiripanOf,
  needsReview,
  NOT_FOR_REVIEW,
  OTHER_EMPLOYEE,
  TINJAU_MESSAGES as M,
  TINJAU_JENIS,
  TINJAU_LIST_COUNT_CAP,
  tinjauId,
  type Keputusan,
  type TinjauDecision,
  type TinjauDetail,
  type TinjauItem,
  type TinjauJenis,
  type TinjauListQuery,
  type TinjauLocationMatch,
  type TinjauMatch,
} from '../../../src/domain/absensi/tinjau';
import { absensi } from '../../db/schema/absensi';
import type { Db, Q } from '../../db/client';
import { absensiTinjau } from '../../db/schema/absensi';
import { karyawan } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newestToday } from '../../lib/time-zone';
import { assertInScope, inScope, karyawanScope } from '../../middleware/trustee-scope';
import { saveManual } from './absensi-admin.service';

/** The flags that put a record in the queue: any but NOT_FOR_REVIEW. */
const reviewable = (flags: SQL | string) =>
  sql`(${typeof flags === 'string' ? sql.raw(flags) : flags} - ${sql.raw(
    `array[${NOT_FOR_REVIEW.map((f) => `'${f}'`).join(',')}]::text[]`,
  )}) <> '[]'::jsonb`;

interface Row {
  jenis: TinjauJenis;
  record_id: number;
  nrp: string;
  nama: string;
  tanggal: string;
  lokasi_id: string | null;
  flags: string[];
  keputusan: Keputusan | null;
  alasan: string | null;
  pesan_karyawan: string | null;
  decided_by: string | null;
  decided_at: string | Date | null;
  catatan: string | null;
  cust_code: string | null;
  store_nama: string | null;
  store_lat: number | null;
  store_long: number | null;
  store_radius: number | null;
  in_jam: string | null;
  in_foto: string | null;
  in_lat: number | null;
  in_long: number | null;
  in_accuracy: number | null;
  in_verified: string | null;
  out_jam: string | null;
  out_foto: string | null;
  out_lat: number | null;
  out_long: number | null;
  out_accuracy: number | null;
  out_verified: string | null;
}

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
const num = (x: unknown) => (x === null || x === undefined ? null : Number(x));

function toItem(r: Row): TinjauItem {
  return {
    id: tinjauId(r.jenis, r.record_id),
    jenis: r.jenis,
    nrp: r.nrp,
    nama: r.nama,
    tanggal: String(r.tanggal).slice(0, 10),
    lokasi_id: r.lokasi_id,
    flags: r.flags ?? [],
    status: r.keputusan ? 'closed' : 'open',
    keputusan: r.keputusan,
    alasan: r.alasan,
    pesan_karyawan: r.pesan_karyawan,
    diputuskan_oleh: r.decided_by,
    diputuskan_pada: iso(r.decided_at),
    catatan: r.catatan,
    store:
      r.jenis === 'kunjungan' && r.cust_code
        ? {
            cust_code: r.cust_code,
            nama: r.store_nama ?? r.cust_code,
            lat: num(r.store_lat),
            long: num(r.store_long),
            radius_m: num(r.store_radius),
          }
        : null,
    in: {
      jam: r.in_jam,
      foto: r.in_foto,
      lat: num(r.in_lat),
      long: num(r.in_long),
      accuracy: num(r.in_accuracy),
      verified: r.in_verified,
    },
    out: {
      jam: r.out_jam,
      foto: r.out_foto,
      lat: num(r.out_lat),
      long: num(r.out_long),
      accuracy: num(r.out_accuracy),
      verified: r.out_verified,
    },
  };
}

/** One select per kind with the same columns; `where` holds the conditions on each side. */
function daySelect(where: SQL, sortDate: SQL = sql`a.tanggal`, sortKey: SQL = sql`a.nrp`) {
  return sql`
    select 'hari' as jenis, a.id as record_id, ${sortDate} as sort_date, ${sortKey} as sort_key, a.nrp, karyawan.nama, a.tanggal, karyawan.kode_lokasi as lokasi_id,
           a.flags, t.keputusan, t.alasan, t.pesan_karyawan, t.decided_by, t.decided_at, t.catatan,
           null::varchar as cust_code, null::varchar as store_nama, null::float8 as store_lat, null::float8 as store_long, null::int as store_radius,
           a.field_jam_masuk::text as in_jam, a.foto_masuk as in_foto, a.masuk_lat as in_lat, a.masuk_long as in_long,
           a.masuk_accuracy as in_accuracy, a.in_verified,
           a.field_jam_keluar::text as out_jam, a.foto_keluar as out_foto, a.keluar_lat as out_lat,
           a.keluar_long as out_long, a.keluar_accuracy as out_accuracy, a.out_verified
      from absensi a
      join karyawan on karyawan.nrp = a.nrp
      left join absensi_tinjau t on t.jenis = 'hari' and t.record_id = a.id
     where a.flags <> '[]'::jsonb and ${reviewable('a.flags')} and ${where}`;
}

function visitSelect(where: SQL, sortDate: SQL = sql`d.tgl_dcp`, sortKey: SQL = sql`d.no_dcp`) {
  return sql`
    select 'kunjungan' as jenis, d.id as record_id, ${sortDate} as sort_date, ${sortKey}::varchar as sort_key, p.nrp, karyawan.nama, d.tgl_dcp as tanggal,
           karyawan.kode_lokasi as lokasi_id,
           d.flags, t.keputusan, t.alasan, t.pesan_karyawan, t.decided_by, t.decided_at, t.catatan,
           d.cust_code, s.cust_name as store_nama, s.cust_lat as store_lat, s.cust_long as store_long, s.radius_m as store_radius,
           d.in_jam::text as in_jam, d.in_foto, d.in_lat, d.in_long, d.in_accuracy, d.in_verified,
           d.out_jam::text as out_jam, d.out_foto, d.out_lat, d.out_long, d.out_accuracy, d.out_verified
      from kunjungan_detail d
      join kunjungan p on p.no_dcp = d.no_dcp
      join karyawan on karyawan.nrp = p.nrp
      left join store s on s.cust_code = d.cust_code
      left join absensi_tinjau t on t.jenis = 'kunjungan' and t.record_id = d.id
     where d.flags <> '[]'::jsonb and ${reviewable('d.flags')} and ${where}`;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * The queue's order: newest day first; in a day the attendance days (by NRP), then the visit lines (by
 * plan, then line). Each side is read in the order of an index, backwards, so a page costs its own rows
 * and not the period's hundreds of thousands of flagged check-ins (issue 28 item 8: p95 < 100 ms at
 * 100,000 employees): the open ones in that of the flagged records (absensi_flagged_idx,
 * kunjungan_detail_flagged_idx), the closed ones in that of the decisions (absensi_tinjau_closed_idx: the
 * day and NRP the decision was taken on, then the record).
 */
const ORDER = {
  open: {
    hari: { date: sql`a.tanggal`, key: sql`a.nrp`, by: sql`a.tanggal desc, a.nrp desc` },
    kunjungan: { date: sql`d.tgl_dcp`, key: sql`d.no_dcp`, by: sql`d.tgl_dcp desc, d.no_dcp desc, d.id desc` },
  },
  closed: {
    hari: { date: sql`t.tanggal`, key: sql`t.nrp`, by: sql`t.tanggal desc, t.nrp desc, t.record_id desc` },
    kunjungan: { date: sql`t.tanggal`, key: sql`t.nrp`, by: sql`t.tanggal desc, t.nrp desc, t.record_id desc` },
  },
} as const;
const QUEUE_ORDER = sql`sort_date desc, jenis, sort_key desc, record_id desc`;

/**
 * Decided or not, as a condition on the record. Open: `not exists` (the planner counts on nearly all
 * flagged records being open; `t.keputusan is null` after the left join it takes for almost none, and then
 * reads the whole period before sorting it). Closed: the decision's own day too, so that the decisions of
 * the period are found in absensi_tinjau_closed_idx.
 */
function onStatus(status: 'open' | 'closed', jenis: TinjauJenis, recordId: SQL, t: SQL, start: string, end: string) {
  return status === 'open'
    ? sql`not exists (select 1 from absensi_tinjau x where x.jenis = ${jenis} and x.record_id = ${recordId} and x.keputusan is not null)`
    : sql`${t}.jenis = ${jenis} and ${t}.keputusan is not null and ${t}.tanggal between ${start}::date and ${end}::date`;
}

/** Conditions of one side: the period, the status, the location filter and the caller's scope. */
function sideWhere(jenis: TinjauJenis, status: 'open' | 'closed', start: string, end: string, onKaryawan: SQL[]) {
  const [dateCol, recordId] = jenis === 'hari' ? [sql`a.tanggal`, sql`a.id`] : [sql`d.tgl_dcp`, sql`d.id`];
  return sql.join(
    [
      sql`${dateCol} between ${start}::date and ${end}::date`,
      onStatus(status, jenis, recordId, sql`t`, start, end),
      ...onKaryawan,
    ],
    sql` and `,
  );
}

/**
 * How many items, counted up to TINJAU_LIST_COUNT_CAP (+1 to know it is more), with only the joins the
 * conditions need. Open: each side reads at most that many flagged records of the period. Closed: one read
 * of the period's decisions (absensi_tinjau_closed_idx) for both sides, their employee (the decision's
 * NRP is the record's) filtered before the record is read.
 */
async function cappedCount(
  db: Db,
  sides: readonly TinjauJenis[],
  status: 'open' | 'closed',
  start: string,
  end: string,
  onKaryawan: SQL[],
): Promise<number> {
  const within = (col: SQL) => sql`${col} between ${start}::date and ${end}::date`;
  const flagged = (flags: string) => sql`${sql.raw(flags)} <> '[]'::jsonb and ${reviewable(flags)}`;
  const count = async (keys: SQL) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${keys} limit ${TINJAU_LIST_COUNT_CAP + 1}) k`),
    )[0]?.n ?? 0;
  const scoped = onKaryawan.length ? sql` and ${sql.join(onKaryawan, sql` and `)}` : sql``;
  if (status === 'closed') {
    const has = (j: TinjauJenis) => sides.includes(j);
    return count(sql`
      select t.record_id from absensi_tinjau t
        ${onKaryawan.length ? sql`join karyawan on karyawan.nrp = t.nrp` : sql``}
        ${has('hari') ? sql`left join absensi a on t.jenis = 'hari' and a.id = t.record_id` : sql``}
        ${has('kunjungan') ? sql`left join kunjungan_detail d on t.jenis = 'kunjungan' and d.id = t.record_id` : sql``}
       where t.jenis in (${sql.join(
         sides.map((j) => sql`${j}`),
         sql`, `,
       )}) and t.keputusan is not null and ${within(sql`t.tanggal`)}
         and (${sql.join(
           [
             has('hari') ? sql`(${flagged('a.flags')} and ${within(sql`a.tanggal`)})` : undefined,
             has('kunjungan') ? sql`(${flagged('d.flags')} and ${within(sql`d.tgl_dcp`)})` : undefined,
           ].filter((x): x is SQL => x !== undefined),
           sql` or `,
         )})${scoped}`);
  }
  const counts = await Promise.all(
    sides.map((j) =>
      count(
        j === 'hari'
          ? sql`select r.id from absensi r ${onKaryawan.length ? sql`join karyawan on karyawan.nrp = r.nrp` : sql``}
                 where ${flagged('r.flags')} and ${within(sql`r.tanggal`)}
                   and ${onStatus('open', j, sql`r.id`, sql`t`, start, end)}${scoped}`
          : sql`select r.id from kunjungan_detail r
                   ${onKaryawan.length ? sql`join kunjungan p on p.no_dcp = r.no_dcp join karyawan on karyawan.nrp = p.nrp` : sql``}
                 where ${flagged('r.flags')} and ${within(sql`r.tgl_dcp`)}
                   and ${onStatus('open', j, sql`r.id`, sql`t`, start, end)}${scoped}`,
      ),
    ),
  );
  return counts.reduce((x, y) => x + y, 0);
}

export async function listTinjau(
  db: Db,
  actor: Actor,
  q: TinjauListQuery,
  now: Date,
): Promise<{ result: TinjauItem[]; totalCount: number; totalCapped: boolean }> {
  const end = q.endDate ?? newestToday(now);
  const start = q.startDate ?? dayjs(end).subtract(30, 'day').format('YYYY-MM-DD');
  const onKaryawan = [
    q.lokasi_id ? sql`karyawan.kode_lokasi = ${q.lokasi_id}` : undefined,
    karyawanScope(actor),
  ].filter((x): x is SQL => x !== undefined);
  const sides = TINJAU_JENIS.filter((j) => !q.jenis || q.jenis === j);
  const offset = (q.page - 1) * q.per_page;
  // Each side's first offset + per_page items in the queue's order, then the page of those.
  const upTo = offset + q.per_page;
  const parts = sides.map((j) => {
    const o = ORDER[q.status][j];
    const where = sideWhere(j, q.status, start, end, onKaryawan);
    const select = j === 'hari' ? daySelect(where, o.date, o.key) : visitSelect(where, o.date, o.key);
    return sql`(${select} order by ${o.by} limit ${upTo})`;
  });
  const [rows, total] = await Promise.all([
    db.execute(
      sql`select * from (${sql.join(parts, sql` union all `)}) q order by ${QUEUE_ORDER} limit ${q.per_page} offset ${offset}`,
    ),
    cappedCount(db, sides, q.status, start, end, onKaryawan),
  ]);
  return {
    result: rowsOf<Row>(rows).map(toItem),
    totalCount: Math.min(total, TINJAU_LIST_COUNT_CAP),
    totalCapped: total > TINJAU_LIST_COUNT_CAP,
  };
}

/**
 * Open review items of a period's company (days and visits between `start` and `end`): the posting screen
 * names them and asks before posting (issue 28 item 4).
 */
export async function countOpenReviews(
  db: Db,
  start: string,
  end: string,
  kodePrsh: string,
): Promise<{ n: number; capped: boolean }> {
  // Capped like the list: before enrolment a company flags every check-in (millions in a month).
  const total = await cappedCount(db, TINJAU_JENIS, 'open', start, end, [sql`karyawan.kode_prsh = ${kodePrsh}`]);
  return { n: Math.min(total, TINJAU_LIST_COUNT_CAP), capped: total > TINJAU_LIST_COUNT_CAP };
}

/**
 * Days of a period a reviewer rejected that still count as present (status H: nobody changed them in
 * Absensi Manual), in the caller's scope: the posting screen lists them beside its open items.
 */
export async function rejectedDaysCounting(
  db: Db,
  actor: Actor,
  start: string,
  end: string,
  kodePrsh: string,
): Promise<{ nrp: string; nama: string; tanggal: string }[]> {
  const scope = karyawanScope(actor);
  const rows = rowsOf<{ nrp: string; nama: string; tanggal: string | Date }>(
    await db.execute(sql`
      select t.nrp, karyawan.nama, t.tanggal
        from absensi_tinjau t
        join absensi a on a.id = t.record_id
        join karyawan on karyawan.nrp = t.nrp
       where t.jenis = 'hari' and t.keputusan = 'tolak' and t.tanggal between ${start}::date and ${end}::date
         and a.sts_abs_id = 'H' and karyawan.kode_prsh = ${kodePrsh}${scope ? sql` and ${scope}` : sql``}
       order by t.tanggal, t.nrp
       limit ${REJECTED_DAYS_SHOWN}`),
  );
  return rows.map((r) => ({ nrp: r.nrp, nama: r.nama, tanggal: String(r.tanggal).slice(0, 10) }));
}
export const REJECTED_DAYS_SHOWN = 100;

/** One record of the queue with its employee's scope columns; null when it does not exist. */
async function loadItem(db: Q, jenis: TinjauJenis, recordId: number) {
  const where = jenis === 'hari' ? sql`a.id = ${recordId}` : sql`d.id = ${recordId}`;
  // The select reads every flagged record; one without a review flag is not an item.
  const select = jenis === 'hari' ? daySelect(where) : visitSelect(where);
  const [row] = rowsOf<Row>(await db.execute(select));
  if (!row) return null;
  const [emp] = await db
    .select({
      kode_prsh: karyawan.kode_prsh,
      sales_office_id: karyawan.sales_office_id,
      kode_lokasi: karyawan.kode_lokasi,
      client_id: karyawan.client_id,
      jabatan_id: karyawan.jabatan_id,
      type_spg_id: karyawan.type_spg_id,
    })
    .from(karyawan)
    .where(eq(karyawan.nrp, row.nrp))
    .limit(1);
  return { row, emp: emp! };
}

/** An employee's scope columns as a select list, prefixed (the matched records' employees). */
const scopeColumns = (k: string) =>
  sql.raw(
    ['kode_prsh', 'sales_office_id', 'kode_lokasi', 'client_id', 'jabatan_id', 'type_spg_id']
      .map((c) => `${k}.${c}`)
      .join(', '),
  );
type ScopeRow = {
  kode_prsh: string;
  sales_office_id: string | null;
  kode_lokasi: string | null;
  client_id: string | null;
  jabatan_id: string | null;
  type_spg_id: string | null;
};

export async function tinjauDetail(
  db: Db,
  actor: Actor,
  id: { jenis: TinjauJenis; recordId: number },
): Promise<TinjauDetail> {
  const found = await loadItem(db, id.jenis, id.recordId);
  if (!found) throw notFound(M.notFound);
  assertInScope(actor, found.emp);
  const [photos, places] = await Promise.all([
    db.execute(sql`
      select h.side, m.code, m.distance, h.file as foto, o.id as matched_id, o.file as matched_foto,
             o.nrp as matched_nrp, k.nama as matched_nama, o.taken_at as matched_at, ${scopeColumns('k')}
        from photo_hash h
        join photo_match m on m.photo_id = h.id
        join photo_hash o on o.id = m.matched_id
        left join karyawan k on k.nrp = o.nrp
       where h.kind = ${id.jenis} and h.record_id = ${id.recordId}
       order by h.side, m.distance, o.id
       limit 20`),
    // The records at the very same coordinates, by the rule that raised location_identical (evidence-job.ts).
    db.execute(sql`
      select me.side, o.kind, o.nrp, k.nama, o.at, coalesce(s.cust_name, l.nama) as tempat, ${scopeColumns('k')}
        from checkin_position me
        join checkin_position o on o.lat6 = me.lat6 and o.long6 = me.long6 and o.id <> me.id
         and ((o.nrp <> me.nrp and o.tanggal = me.tanggal) or (o.nrp = me.nrp and o.tanggal <> me.tanggal))
        left join karyawan k on k.nrp = o.nrp
        left join lokasi l on l.id = k.kode_lokasi
        left join kunjungan_detail d on o.kind = 'kunjungan' and d.id = o.record_id
        left join store s on s.cust_code = d.cust_code
       where me.kind = ${id.jenis} and me.record_id = ${id.recordId}
       order by me.side, o.at, o.id
       limit 10`),
  ]);
  const visible = (r: Partial<ScopeRow> & { kode_prsh: string | null }) =>
    r.kode_prsh !== null && inScope(actor, r as ScopeRow);
  // One line per earlier photo (it may match both sides or both codes): the closest.
  const seen = new Set<string>();
  const matches: TinjauMatch[] = [];
  for (const m of rowsOf<
    ScopeRow & {
      side: 'in' | 'out';
      code: string;
      distance: number;
      foto: string;
      matched_id: number;
      matched_foto: string;
      matched_nrp: string;
      matched_nama: string | null;
      matched_at: string | Date;
    }
  >(photos)) {
    const key = `${m.side}|${m.matched_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const shown = visible(m);
    matches.push({
      side: m.side,
      code: m.code,
      kemiripan: kemiripanOf(Number(m.distance)),
      foto: m.foto,
      matched_foto: shown ? m.matched_foto : null,
      matched_nrp: shown ? m.matched_nrp : null,
      matched_nama: shown ? (m.matched_nama ?? m.matched_nrp) : OTHER_EMPLOYEE,
      matched_at: shown ? new Date(m.matched_at).toISOString() : null,
    });
  }
  const lokasi_sama = rowsOf<
    ScopeRow & {
      side: 'in' | 'out';
      kind: TinjauJenis;
      nrp: string;
      nama: string | null;
      at: string | Date;
      tempat: string | null;
    }
  >(places).map((p): TinjauLocationMatch => {
    const shown = visible(p);
    return {
      side: p.side,
      jenis: p.kind,
      nrp: shown ? p.nrp : null,
      nama: shown ? (p.nama ?? p.nrp) : OTHER_EMPLOYEE,
      at: shown ? new Date(p.at).toISOString() : null,
      tempat: shown ? p.tempat : null,
    };
  });
  return {
    ...toItem(found.row),
    matches,
    lokasi_sama,
    boleh_tandai_alpa: id.jenis === 'hari' && actor.permissions.includes(MANUAL_PERMISSION),
  };
}

/** Who may change attendance by hand (Absensi Manual): the permission "Tandai Alpa" needs. */
const MANUAL_PERMISSION = 'absensi.manual';

export async function decideTinjau(
  db: Db,
  actor: Actor,
  id: { jenis: TinjauJenis; recordId: number },
  body: TinjauDecision,
  now: Date,
): Promise<{ message: string; result: TinjauItem }> {
  const found = await loadItem(db, id.jenis, id.recordId);
  if (!found) throw notFound(M.notFound);
  const { row } = found;
  // Separation of duties: her own record goes to someone else, whatever her permissions or scope.
  if (actor.nrp && actor.nrp === row.nrp) throw forbidden(M.ownRecord);
  assertInScope(actor, found.emp);
  if (row.keputusan) throw conflict(M.alreadyDecided);
  if (body.tandai_alpa) {
    if (id.jenis !== 'hari') throw badRequest(M.alpaOnlyDay, [{ path: 'tandai_alpa', message: M.alpaOnlyDay }]);
    if (!actor.permissions.includes(MANUAL_PERMISSION)) throw forbidden(M.alpaNotPermitted);
  }
  const alasan = body.alasan || null;
  const pesan = body.pesan_karyawan || null;
  const tanggal = String(row.tanggal).slice(0, 10);
  await db.transaction(async (tx) => {
    const decided = await tx
      .insert(absensiTinjau)
      .values({
        jenis: id.jenis,
        record_id: id.recordId,
        nrp: row.nrp,
        tanggal,
        keputusan: body.keputusan,
        alasan,
        pesan_karyawan: pesan,
        decided_by: actor.userid,
        decided_at: now,
        flags_at_decision: row.flags,
      })
      .onConflictDoUpdate({
        target: [absensiTinjau.jenis, absensiTinjau.record_id],
        set: {
          keputusan: body.keputusan,
          alasan,
          pesan_karyawan: pesan,
          decided_by: actor.userid,
          decided_at: now,
          flags_at_decision: row.flags,
        },
        // Two reviewers at once: the second finds it decided.
        setWhere: sql`${absensiTinjau.keputusan} is null`,
      })
      .returning({ id: absensiTinjau.id });
    if (!decided.length) throw conflict(M.alreadyDecided);
    if (body.tandai_alpa) {
      // The audited manual change of Absensi Manual (absensi_change), not a path of its own: its scope,
      // posted-period and history rules hold. A refusal there rolls the decision back.
      const [day] = await tx
        .select({ shift_id: absensi.shift_id, field_shift_id: absensi.field_shift_id })
        .from(absensi)
        .where(eq(absensi.id, id.recordId))
        .limit(1);
      await saveManual(
        tx,
        actor,
        {
          nrp: row.nrp,
          tanggal,
          shift_id: day?.shift_id ?? day?.field_shift_id ?? '',
          sts_abs_id: 'A',
          jam_masuk: '',
          jam_keluar: '',
          alasan: clip(M.alpaAlasan(alasan ?? ''), 255),
        },
        now,
      );
    }
  });
  return {
    message: M.decided[body.keputusan],
    result: toItem({
      ...row,
      keputusan: body.keputusan,
      alasan,
      pesan_karyawan: pesan,
      decided_by: actor.userid,
      decided_at: now,
    }),
  };
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The employee's own note on her flagged check-in (from the phone's outbox; the newest note wins). */
export async function noteTinjau(
  db: Q,
  actor: Actor,
  id: { jenis: TinjauJenis; recordId: number },
  catatan: string,
  now: Date,
): Promise<{ message: string; result: TinjauItem }> {
  const found = await loadItem(db, id.jenis, id.recordId);
  if (!found) throw notFound(M.notFound);
  const { row } = found;
  // Another employee's record answers as a record that is not flagged: nothing tells her it exists.
  if (!actor.nrp || actor.nrp !== row.nrp) throw notFound(M.notFound);
  await db
    .insert(absensiTinjau)
    .values({
      jenis: id.jenis,
      record_id: id.recordId,
      nrp: row.nrp,
      tanggal: String(row.tanggal).slice(0, 10),
      catatan,
      catatan_at: now,
    })
    .onConflictDoUpdate({
      target: [absensiTinjau.jenis, absensiTinjau.record_id],
      set: { catatan, catatan_at: now },
    });
  return { message: M.catatanSaved, result: toItem({ ...row, catatan }) };
}

/**
 * What the employee sees of her own review on a day or on visit lines, by record id: "ditinjau" while a
 * record with review flags waits, then "diterima" / "tidak_diterima" and the reviewer's message for her,
 * with her own note. Never the flags nor the reviewer's reason. A check-in flagged only for its missing
 * passkey is told by the "Verifikasi Perangkat" card instead; it gets a line only once decided.
 */
export async function ownReviews(
  db: Q,
  jenis: TinjauJenis,
  records: { id: number; flags: readonly string[] | null }[],
): Promise<Map<number, OwnReview>> {
  if (!records.length) return new Map();
  const rows = await db
    .select({
      record_id: absensiTinjau.record_id,
      keputusan: absensiTinjau.keputusan,
      pesan: absensiTinjau.pesan_karyawan,
      catatan: absensiTinjau.catatan,
    })
    .from(absensiTinjau)
    .where(
      and(
        eq(absensiTinjau.jenis, jenis),
        inArray(
          absensiTinjau.record_id,
          records.map((r) => r.id),
        ),
      ),
    );
  const byId = new Map(rows.map((r) => [r.record_id, r]));
  const out = new Map<number, OwnReview>();
  for (const r of records) {
    const t = byId.get(r.id);
    if (t?.keputusan === 'terima' || t?.keputusan === 'tolak') {
      out.set(r.id, {
        status: t.keputusan === 'terima' ? 'diterima' : 'tidak_diterima',
        pesan: t.pesan,
        catatan: t.catatan,
      });
    } else if (needsReview((r.flags ?? []).filter((f) => !SAID_ELSEWHERE.includes(f as FieldFlag)))) {
      out.set(r.id, { status: 'ditinjau', pesan: null, catatan: t?.catatan ?? null });
    }
  }
  return out;
}

/** The decisions on records for the back office's list (HR reads the reason): by record id. */
export async function reviewMarks(
  db: Q,
  jenis: TinjauJenis,
  recordIds: number[],
): Promise<Map<number, { keputusan: Keputusan | null; alasan: string | null; catatan: string | null }>> {
  if (!recordIds.length) return new Map();
  const rows = await db
    .select({
      record_id: absensiTinjau.record_id,
      keputusan: absensiTinjau.keputusan,
      alasan: absensiTinjau.alasan,
      catatan: absensiTinjau.catatan,
    })
    .from(absensiTinjau)
    .where(and(eq(absensiTinjau.jenis, jenis), inArray(absensiTinjau.record_id, recordIds)));
  return new Map(rows.map((r) => [r.record_id, { ...r, keputusan: r.keputusan as Keputusan | null }]));
}

/** Flags her screen tells elsewhere (the "Verifikasi Perangkat" card, with what to do about it). */
const SAID_ELSEWHERE: readonly FieldFlag[] = ['no_device_signature'];
