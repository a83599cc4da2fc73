/**
 * The evidence job of one check-in or check-out (docs/decisions/033), run by the job queue seconds after
 * the record committed (`EVIDENCE_JOB`, enqueued by `enqueueEvidence` in the record's own transaction). It
 * reads what was stored and writes flag codes on the record's `flags`, never refusing or changing anything
 * else:
 *
 * - photo_reused: the photo is within PHOTO_MATCH_MAX_DISTANCE bits of one of her own photos of 90 days;
 *   photo_shared: of another employee's photo of 7 days. The later photo of the pair is flagged and
 *   photo_match keeps which photo it resembles, so the order in which jobs run does not matter.
 * - location_identical: the same coordinates to 6 decimals as another employee's check-in that day, or
 *   as her own on another day (both records are flagged).
 * - speed_implausible: she would have travelled faster than 150 km/h between two consecutive events of
 *   hers (day or visit, in or out); the later one is flagged.
 * - accuracy_missing: a position came without accuracy, or with 0.
 * - photo_unreadable: the photo cannot be decoded, or would decode to more pixels than the thumbnails
 *   allow (THUMB_INPUT_PIXELS): it is not fingerprinted, and the job succeeds.
 *
 * Every step is idempotent (unique rows, flags added once), so a job run twice changes nothing more.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Q } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { photoKey } from '../../lib/files';
import { DEFAULT_MAX_ATTEMPTS, enqueueJob } from '../../lib/jobs/queue';
import { distanceMeters } from '../../../src/domain/geo';
import { flagsWith } from './flags-sql';
import {
  chunksOf,
  nearValues,
  PHOTO_MATCH_MAX_DISTANCE,
  photoFingerprint,
  toSigned64,
  UnreadablePhoto,
} from './photo-fingerprint';

export const EVIDENCE_JOB = 'absensi.evidence';

export type RecordKind = 'hari' | 'kunjungan';
export type Side = 'in' | 'out';

export interface EvidenceJobData {
  kind: RecordKind;
  id: number;
  side: Side;
  [key: string]: unknown;
}

export const OWN_PHOTO_DAYS = 90;
export const OTHERS_PHOTO_DAYS = 7;
export const SPEED_LIMIT_KMH = 150;
/** Below this distance a fast hop is GPS jitter (two check-ins at one store a second apart), not travel. */
export const SPEED_MIN_DISTANCE_M = 1000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Queues the evidence job of a record's side, in the transaction that writes the record: the job exists if
 * and only if the record does (a crash after the commit no longer loses its flags), and costs the check-in
 * no second trip to the pool. An enqueue that fails fails the write, which the phone's outbox sends again.
 */
export async function enqueueEvidence(tx: Q, data: EvidenceJobData): Promise<void> {
  await enqueueJob(tx, EVIDENCE_JOB, data, { singletonKey: singletonKeyOf(data) });
}

const singletonKeyOf = (data: Pick<EvidenceJobData, 'kind' | 'id' | 'side'>) => `${data.kind}:${data.id}:${data.side}`;

/**
 * The same job queued by the statement that writes the record, as one of its CTEs: `written` names a CTE
 * of that statement returning the record's `id` (none when it wrote nothing). The check-in's hot path
 * (decision 044) writes its record and its job in one round trip this way; the job is the one
 * `enqueueEvidence` queues, under the same singleton key.
 */
export function evidenceJobOf(written: SQL, kind: RecordKind, side: Side): SQL {
  // The key as singletonKeyOf writes it: kind:id:side.
  return sql`insert into job (name, data, max_attempts, singleton_key)
    select ${EVIDENCE_JOB}::text, jsonb_build_object('kind', ${kind}::text, 'id', w.id, 'side', ${side}::text),
           ${DEFAULT_MAX_ATTEMPTS}::int, ${`${kind}:`}::text || w.id || ${`:${side}`}::text
      from ${written} w
    on conflict do nothing`;
}

interface EventRow {
  nrp: string;
  tanggal: string;
  foto: string | null;
  lat: number | null;
  long: number | null;
  accuracy: number | null;
  at: Date | string | null;
}

async function loadEvent(db: Db, { kind, id, side }: EvidenceJobData): Promise<EventRow | undefined> {
  const r =
    kind === 'hari'
      ? side === 'in'
        ? sql`select nrp, tanggal::text as tanggal, foto_masuk as foto, masuk_lat as lat, masuk_long as long,
            masuk_accuracy as accuracy, masuk_captured_at as at from absensi where id = ${id}`
        : sql`select nrp, tanggal::text as tanggal, foto_keluar as foto, keluar_lat as lat, keluar_long as long,
            keluar_accuracy as accuracy, keluar_captured_at as at from absensi where id = ${id}`
      : side === 'in'
        ? sql`select k.nrp, d.tgl_dcp::text as tanggal, d.in_foto as foto, d.in_lat as lat, d.in_long as long,
            d.in_accuracy as accuracy, d.in_captured_at as at
            from kunjungan_detail d join kunjungan k on k.no_dcp = d.no_dcp where d.id = ${id}`
        : sql`select k.nrp, d.tgl_dcp::text as tanggal, d.out_foto as foto, d.out_lat as lat, d.out_long as long,
            d.out_accuracy as accuracy, d.out_captured_at as at
            from kunjungan_detail d join kunjungan k on k.no_dcp = d.no_dcp where d.id = ${id}`;
  return rowsOf<EventRow>(await db.execute(r))[0];
}

/** Adds the codes the record's flags lack, in one statement (a concurrent writer waits, then adds to its result). */
export async function addFlags(db: Db, kind: RecordKind, id: number, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const table = kind === 'hari' ? sql`absensi` : sql`kunjungan_detail`;
  await db.execute(sql`update ${table} set flags = ${flagsWith(sql`flags`, codes)} where id = ${id}`);
}

export interface PhotoMatchRow {
  id: number;
  nrp: string;
  kind: RecordKind;
  record_id: number;
  side: Side;
  taken_at: Date | string;
  distance: number;
}

const intArray = (values: number[]) => `{${values.join(',')}}`;

/**
 * Stored photos near `hash`: hers within OWN_PHOTO_DAYS of `takenAt`, others' within OTHERS_PHOTO_DAYS,
 * nearest first. Candidates come from the four chunk indexes; the distance is counted in SQL.
 */
export async function nearPhotos(
  db: Db,
  hash: bigint,
  nrp: string,
  takenAt: Date,
  excludeId: number | null,
  limit = 10,
): Promise<PhotoMatchRow[]> {
  const [a0, a1, a2, a3] = chunksOf(hash).map((c) => intArray(nearValues(c))) as [string, string, string, string];
  const t = takenAt.toISOString();
  const h = toSigned64(hash).toString();
  const lo = sql`${t}::timestamptz - make_interval(days => ${OWN_PHOTO_DAYS})`;
  const hi = sql`${t}::timestamptz + make_interval(days => ${OWN_PHOTO_DAYS})`;
  const dist = sql`bit_count((hash # ${h}::bigint)::bit(64))`;
  // Each branch is an index-only scan of one chunk index: the distance is counted on the index entry.
  const probe = (chunk: SQL, values: string) =>
    sql`select id, ${dist}::int as distance from photo_hash
      where ${chunk} = any(${values}::int[]) and taken_at between ${lo} and ${hi} and ${dist} <= ${PHOTO_MATCH_MAX_DISTANCE}`;
  const r = await db.execute(sql`
    with near as (
      ${probe(sql`h0`, a0)} union ${probe(sql`h1`, a1)} union ${probe(sql`h2`, a2)} union ${probe(sql`h3`, a3)})
    select p.id, p.nrp, p.kind, p.record_id, p.side, p.taken_at, near.distance
    from near join photo_hash p on p.id = near.id
    where p.id <> ${excludeId ?? 0}
      and (p.nrp = ${nrp} or p.taken_at between ${t}::timestamptz - make_interval(days => ${OTHERS_PHOTO_DAYS})
                                              and ${t}::timestamptz + make_interval(days => ${OTHERS_PHOTO_DAYS}))
    order by near.distance, p.id
    limit ${limit}`);
  return rowsOf<PhotoMatchRow>(r).map((m) => ({ ...m, id: Number(m.id), record_id: Number(m.record_id) }));
}

const time = (d: Date | string) => new Date(d).getTime();

async function checkPhoto(db: Db, storage: Storage, job: EvidenceJobData, e: EventRow & { at: Date | string }) {
  if (!e.foto) return;
  const [stored] = rowsOf<{ id: number; hash: string }>(
    await db.execute(sql`select id, hash::text as hash from photo_hash
      where kind = ${job.kind} and record_id = ${job.id} and side = ${job.side}`),
  );
  let photoId: number;
  let hash: bigint;
  if (stored) {
    photoId = Number(stored.id);
    hash = BigInt(stored.hash);
  } else {
    const bytes = await storage.get(photoKey(e.foto));
    // Gone (retention, or a write that lost a race): nothing to fingerprint. A storage that fails throws.
    if (!bytes) return;
    try {
      hash = await photoFingerprint(bytes);
    } catch (err) {
      // Corrupt, or too many pixels to decode: the reviewer is told, the record stays, the job is done.
      if (!(err instanceof UnreadablePhoto)) throw err;
      await addFlags(db, job.kind, job.id, ['photo_unreadable']);
      return;
    }
    const [h0, h1, h2, h3] = chunksOf(hash);
    const inserted = rowsOf<{ id: number }>(
      await db.execute(sql`insert into photo_hash (file, nrp, kind, record_id, side, taken_at, hash, h0, h1, h2, h3)
        values (${e.foto}, ${e.nrp}, ${job.kind}, ${job.id}, ${job.side}, ${new Date(e.at).toISOString()}::timestamptz,
                ${toSigned64(hash).toString()}::bigint, ${h0}, ${h1}, ${h2}, ${h3})
        on conflict (kind, record_id, side) do update set file = excluded.file
        returning id`),
    );
    photoId = Number(inserted[0]!.id);
  }
  const me = { id: photoId, kind: job.kind, record_id: job.id, taken_at: e.at, nrp: e.nrp };
  for (const m of await nearPhotos(db, hash, e.nrp, new Date(e.at), photoId)) {
    const code = m.nrp === e.nrp ? 'photo_reused' : 'photo_shared';
    // The later photo is the one that reused or shared: flag it, whichever job ran first.
    const meLater = time(me.taken_at) > time(m.taken_at) || (time(me.taken_at) === time(m.taken_at) && me.id > m.id);
    const [later, earlier] = meLater ? [me, m] : [m, me];
    await db.execute(sql`insert into photo_match (photo_id, matched_id, code, distance)
      values (${later.id}, ${earlier.id}, ${code}, ${m.distance}) on conflict (photo_id, matched_id) do nothing`);
    await addFlags(db, later.kind, later.record_id, [code]);
  }
}

interface PositionRow {
  id: number;
  nrp: string;
  kind: RecordKind;
  record_id: number;
  at: Date | string;
  lat: number;
  long: number;
}

async function checkPosition(db: Db, job: EvidenceJobData, e: EventRow & { at: Date | string }) {
  if (e.lat === null || e.long === null) return;
  if (!(Number(e.accuracy) > 0)) await addFlags(db, job.kind, job.id, ['accuracy_missing']);
  const lat6 = Math.round(e.lat * 1e6);
  const long6 = Math.round(e.long * 1e6);
  await db.execute(sql`insert into checkin_position (nrp, kind, record_id, side, tanggal, at, lat, long, lat6, long6)
    values (${e.nrp}, ${job.kind}, ${job.id}, ${job.side}, ${e.tanggal}, ${new Date(e.at).toISOString()}::timestamptz,
            ${e.lat}, ${e.long}, ${lat6}, ${long6})
    on conflict (kind, record_id, side) do nothing`);
  const [mine] = rowsOf<PositionRow>(
    await db.execute(sql`select id, nrp, kind, record_id, at, lat, long from checkin_position
      where kind = ${job.kind} and record_id = ${job.id} and side = ${job.side}`),
  );
  if (!mine) return;

  const same = rowsOf<{ kind: RecordKind; record_id: number }>(
    await db.execute(sql`select kind, record_id from checkin_position
      where lat6 = ${lat6} and long6 = ${long6}
        and ((nrp <> ${e.nrp} and tanggal = ${e.tanggal}) or (nrp = ${e.nrp} and tanggal <> ${e.tanggal}))
      limit 50`),
  );
  if (same.length > 0) {
    await addFlags(db, job.kind, job.id, ['location_identical']);
    for (const s of same) await addFlags(db, s.kind, Number(s.record_id), ['location_identical']);
  }

  const at = new Date(mine.at).toISOString();
  const neighbours = rowsOf<PositionRow & { dir: string }>(
    await db.execute(sql`
      (select 'prev' as dir, id, nrp, kind, record_id, at, lat, long from checkin_position
        where nrp = ${e.nrp} and (at, id) < (${at}::timestamptz, ${mine.id}) order by at desc, id desc limit 1)
      union all
      (select 'next' as dir, id, nrp, kind, record_id, at, lat, long from checkin_position
        where nrp = ${e.nrp} and (at, id) > (${at}::timestamptz, ${mine.id}) order by at, id limit 1)`),
  );
  for (const n of neighbours) {
    const [a, b] = n.dir === 'prev' ? [n, mine] : [mine, n];
    if (tooFast(a, b)) await addFlags(db, b.kind, Number(b.record_id), ['speed_implausible']);
  }
}

/** Whether going from a to b (b not earlier) needs more than SPEED_LIMIT_KMH. */
export function tooFast(a: Pick<PositionRow, 'at' | 'lat' | 'long'>, b: Pick<PositionRow, 'at' | 'lat' | 'long'>) {
  const meters = distanceMeters(a, b);
  if (meters <= SPEED_MIN_DISTANCE_M) return false;
  const hours = (time(b.at) - time(a.at)) / 3_600_000;
  return hours <= 0 || meters / 1000 / hours > SPEED_LIMIT_KMH;
}

export function evidenceJob(deps: { db: Db; storage: Storage }) {
  return async (data: EvidenceJobData) => {
    const e = await loadEvent(deps.db, data);
    // A line deleted with its plan, or a side not recorded (yet): nothing to look at.
    if (!e || !e.at) return;
    const event = { ...e, at: e.at };
    await checkPosition(deps.db, data, event);
    await checkPhoto(deps.db, deps.storage, data, event);
  };
}
