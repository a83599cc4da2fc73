/**
 * The field side of store visits (spec part 2 §2.3): an employee's plan for one day with the store
 * coordinates (read offline from the persisted cache), and the check-in/out of one planned line with
 * photo, position, distance from the store and device time. Writes run inside the idempotent
 * transaction of the request (server/middleware/idempotency.ts).
 */
import type { Verified } from '../../../src/domain/device/device';
import { checkSignature, sha256Hex } from '../device/check-in-signature';
import { ownReviews } from './tinjau.service';
import type { RelyingParty } from '../device/device.service';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import {
  ABSENSI_MESSAGES,
  evidenceFlags,
  VISIT_RADIUS_DEFAULT_M,
  type FieldFlag,
  type FieldSide,
} from '../../../src/domain/absensi/absensi';
import type {
  KunjunganCheckAnswer,
  KunjunganCheckFields,
  KunjunganDay,
  KunjunganLine,
} from '../../../src/domain/absensi/kunjungan-checkin';
import type { Db, Q, Tx } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { shiftMasa } from '../../db/schema/master';
import { shiftOfDay } from '../master/shift-of-day';
import { store } from '../../db/schema/store';
import { ownNrp } from '../../lib/actor';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { removePhoto, storePhoto, type CheckedPhoto } from '../../lib/files';
import { distanceMeters } from '../../../src/domain/geo';
import type { WorkAnswer, WorkScope } from '../../middleware/idempotency';
import { assertInScope } from '../../middleware/trustee-scope';
import { metrics } from '../../lib/metrics';
import { postedPeriodOf } from '../../lib/posting-lock';
import { checkInContextOfNrp, todayOfNrp } from '../../lib/time-zone';
import { timeIn } from '../../../src/domain/time-zone';
import { enqueueEvidence } from './evidence-job';
import { flagsWith } from './flags-sql';
import { herView } from './her-view';
import { lineForRemoved } from './removed-line';

const d = kunjunganDetail;
const iso = (x: Date | null) => (x ? x.toISOString() : null);

const lineColumns = {
  id: d.id,
  no_dcp: d.no_dcp,
  tgl_dcp: d.tgl_dcp,
  shift_id: d.shift_id,
  shift_nama: shiftMasa.nama,
  shift_jam_mulai: shiftMasa.jam_mulai,
  shift_jam_selesai: shiftMasa.jam_selesai,
  cust_code: d.cust_code,
  cust_name: store.cust_name,
  cust_address: store.cust_address,
  cust_lat: store.cust_lat,
  cust_long: store.cust_long,
  cust_radius_m: store.radius_m,
  in_jam: d.in_jam,
  in_lat: d.in_lat,
  in_long: d.in_long,
  in_accuracy: d.in_accuracy,
  in_foto: d.in_foto,
  in_desc: d.in_desc,
  in_captured_at: d.in_captured_at,
  in_received_at: d.in_received_at,
  in_distance_m: d.in_distance_m,
  in_location_note: d.in_location_note,
  out_jam: d.out_jam,
  out_lat: d.out_lat,
  out_long: d.out_long,
  out_accuracy: d.out_accuracy,
  out_foto: d.out_foto,
  out_desc: d.out_desc,
  out_captured_at: d.out_captured_at,
  out_received_at: d.out_received_at,
  out_distance_m: d.out_distance_m,
  out_location_note: d.out_location_note,
  flags: d.flags,
  in_verified: d.in_verified,
  out_verified: d.out_verified,
};

/** Lines with their shift and store, ordered by shift start, shift, then line id. */
async function selectLines(db: Q, where: SQL | undefined): Promise<KunjunganLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(d)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, d.no_dcp))
    .innerJoin(shiftMasa, shiftOfDay(d.shift_id, d.tgl_dcp))
    .innerJoin(store, eq(store.cust_code, d.cust_code))
    .where(where)
    .orderBy(asc(shiftMasa.jam_mulai), asc(d.shift_id), asc(d.id));
  return rows.map(
    ({
      shift_nama,
      shift_jam_mulai,
      shift_jam_selesai,
      cust_name,
      cust_address,
      cust_lat,
      cust_long,
      cust_radius_m,
      ...r
    }) => ({
      ...r,
      shift: { nama: shift_nama, jam_mulai: shift_jam_mulai, jam_selesai: shift_jam_selesai },
      customer: { cust_name, cust_address, cust_lat, cust_long, radius_m: cust_radius_m },
      in_captured_at: iso(r.in_captured_at),
      in_received_at: iso(r.in_received_at),
      out_captured_at: iso(r.out_captured_at),
      out_received_at: iso(r.out_received_at),
      flags: r.flags as FieldFlag[],
      in_verified: r.in_verified as Verified | null,
      out_verified: r.out_verified as Verified | null,
    }),
  );
}

/**
 * Whose plan `id` (`me` or an NRP, checked by the route) names: `me` (or the caller's own NRP) for any
 * employee account; another employee needs kunjungan.read and must be inside the caller's trustee scope.
 */
async function resolveNrp(db: Db, actor: Actor, id: string): Promise<string> {
  if (id === 'me' || (actor.nrp !== null && id === actor.nrp)) return ownNrp(actor, ABSENSI_MESSAGES.notLinked);
  if (!actor.permissions.includes('kunjungan.read')) throw forbidden();
  const [emp] = await db
    .select({
      nrp: karyawan.nrp,
      kode_prsh: karyawan.kode_prsh,
      sales_office_id: karyawan.sales_office_id,
      kode_lokasi: karyawan.kode_lokasi,
      client_id: karyawan.client_id,
      jabatan_id: karyawan.jabatan_id,
      type_spg_id: karyawan.type_spg_id,
    })
    .from(karyawan)
    .where(eq(karyawan.nrp, id))
    .limit(1);
  if (!emp) throw notFound(ABSENSI_MESSAGES.karyawanNotFound);
  assertInScope(actor, emp);
  return emp.nrp;
}

/**
 * GET /api/kunjungan/karyawan/{id}?tanggal=: the employee's planned visits of that day; without a day,
 * her today in her location's zone.
 */
export async function kunjunganOfDay(
  db: Db,
  actor: Actor,
  id: string,
  requested: string | undefined,
  now: Date,
): Promise<KunjunganDay> {
  const nrp = await resolveNrp(db, actor, id);
  const tanggal = requested ?? (await todayOfNrp(db, nrp, now));
  const details = await selectLines(db, and(eq(kunjungan.nrp, nrp), eq(d.tgl_dcp, tanggal)));
  const [plan] = await db
    .select({ no_dcp: kunjungan.no_dcp, period_id: kunjungan.period_id })
    .from(kunjungan)
    .where(
      details[0]
        ? eq(kunjungan.no_dcp, details[0].no_dcp)
        : and(eq(kunjungan.nrp, nrp), lte(kunjungan.tgl_period1, tanggal), gte(kunjungan.tgl_period2, tanggal)),
    )
    .orderBy(desc(kunjungan.period_id))
    .limit(1);
  const reviews = await ownReviews(db, 'kunjungan', details);
  // Her own visits never name their flags (issue 41 item 3); a reviewer in scope reads them.
  const own = actor.nrp === nrp;
  return {
    no_dcp: plan?.no_dcp ?? null,
    nrp,
    period_id: plan?.period_id ?? null,
    tanggal,
    details: details.map((l) => ({ ...(own ? herView(l) : l), tinjau: reviews.get(l.id) ?? null })),
  };
}

/** POST /api/kunjungan/detail/{id}/check-in and …/check-out: answers 200 with the updated line. */
export async function checkVisit(
  tx: Tx,
  deps: Pick<Deps, 'db' | 'storage' | 'now' | 'visitRadiusM'>,
  scope: WorkScope,
  nrp: string,
  lineId: number,
  side: FieldSide,
  fields: KunjunganCheckFields,
  photo: CheckedPhoto,
  rp: RelyingParty,
): Promise<WorkAnswer & { body: KunjunganCheckAnswer }> {
  // The line the phone signed for (decision 032), before a removed line is placed on another one.
  const signedLine = lineId;
  const lookup = (id: number) =>
    tx
      .select({
        nrp: kunjungan.nrp,
        in_jam: d.in_jam,
        out_jam: d.out_jam,
        tgl_dcp: d.tgl_dcp,
        flags: d.flags,
        cust_lat: store.cust_lat,
        cust_long: store.cust_long,
        radius_m: store.radius_m,
      })
      .from(d)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, d.no_dcp))
      .innerJoin(store, eq(store.cust_code, d.cust_code))
      .where(eq(d.id, id))
      .limit(1);
  let [line] = await lookup(lineId);
  if (!line) {
    // The office removed the line while the phone was offline: the check-in is kept, flagged.
    const moved = await lineForRemoved(tx, nrp, side, fields);
    if (moved !== null) {
      lineId = moved;
      [line] = await lookup(moved);
    }
  }
  if (!line) throw notFound(ABSENSI_MESSAGES.visitNotFound);
  if (line.nrp !== nrp) throw forbidden(ABSENSI_MESSAGES.visitNotOwn);
  // The same side recorded before (another outbox row, another phone) is not an error for the user.
  if (side === 'in' && line.in_jam) return visitAlreadyRecorded(tx, lineId, side);
  if (side === 'out') {
    // A check-out the server cannot place is a real conflict: the check-in must be sent first.
    if (!line.in_jam) throw conflict(ABSENSI_MESSAGES.visitNotIn);
    if (line.out_jam) return visitAlreadyRecorded(tx, lineId, side);
  }

  const receivedAt = deps.now();
  const capturedAt = new Date(fields.captured_at);
  // The time of the visit is the device instant in the employee's zone (docs/decisions/020-time-zones.md).
  const { zone, devicePolicy } = await checkInContextOfNrp(tx, nrp);
  const jam = timeIn(zone, capturedAt);
  if (side === 'out' && line.in_jam && jam < line.in_jam) {
    throw badRequest(ABSENSI_MESSAGES.visitOutBeforeIn, [{ path: 'jam', message: ABSENSI_MESSAGES.visitOutBeforeIn }]);
  }
  const hasLocation = fields.lat !== undefined && fields.long !== undefined;
  const distance =
    hasLocation && line.cust_lat !== null && line.cust_long !== null
      ? Math.round(
          distanceMeters({ lat: fields.lat!, long: fields.long! }, { lat: line.cust_lat, long: line.cust_long }) * 10,
        ) / 10
      : null;
  const flags = evidenceFlags({
    side,
    capturedAt,
    receivedAt,
    sentAt: fields.sent_at ? new Date(fields.sent_at) : undefined,
    hasLocation,
    distanceM: distance,
    radiusM: line.radius_m ?? deps.visitRadiusM ?? VISIT_RADIUS_DEFAULT_M,
  });
  // A visit of a day inside a posted period is kept and flagged once for HR's next payroll.
  if (!line.flags.includes('after_posting') && (await postedPeriodOf(tx, line.tgl_dcp)) !== null)
    flags.push('after_posting');
  const signed = await checkSignature(
    tx,
    { rp, now: receivedAt, policy: devicePolicy },
    {
      nrp,
      action: side === 'in' ? 'kunjungan.check-in' : 'kunjungan.check-out',
      line_id: signedLine,
      jam: fields.jam || undefined,
      captured_at: fields.captured_at,
      lat: fields.lat,
      long: fields.long,
      accuracy: fields.accuracy,
      photo_sha256: sha256Hex(photo.bytes),
    },
    fields.assertion,
  );
  // The device flags name no side: one of each on a line is enough.
  flags.push(...signed.flags.filter((f) => !line.flags.includes(f)));
  const foto = await storePhoto(deps.storage, photo, scope);
  const lat = fields.lat ?? null;
  const long = fields.long ?? null;
  const accuracy = fields.accuracy ?? null;
  const note = fields.desc || null;
  const locationNote = fields.location_error || null;
  const set: Partial<typeof d.$inferInsert> =
    side === 'in'
      ? {
          in_jam: jam,
          in_lat: lat,
          in_long: long,
          in_accuracy: accuracy,
          in_foto: foto,
          in_desc: note,
          in_captured_at: capturedAt,
          in_received_at: receivedAt,
          in_distance_m: distance,
          in_location_note: locationNote,
          in_verified: signed.verified,
        }
      : {
          out_jam: jam,
          out_lat: lat,
          out_long: long,
          out_accuracy: accuracy,
          out_foto: foto,
          out_desc: note,
          out_captured_at: capturedAt,
          out_received_at: receivedAt,
          out_distance_m: distance,
          out_location_note: locationNote,
          out_verified: signed.verified,
        };
  // Conditional on the state just checked: a concurrent check of the same line waits for this row,
  // then matches nothing and answers the line as it stands.
  const updated = await tx
    .update(d)
    .set({ ...set, flags: flagsWith(d.flags, flags) })
    .where(
      side === 'in'
        ? and(eq(d.id, lineId), isNull(d.in_jam))
        : and(eq(d.id, lineId), isNotNull(d.in_jam), isNull(d.out_jam)),
    )
    .returning({ id: d.id });
  if (updated.length === 0) {
    // Lost the race to a concurrent check of the same line: its photo is not this one.
    await removePhoto(deps.storage, foto);
    return visitAlreadyRecorded(tx, lineId, side);
  }
  await enqueueEvidence(tx, { kind: 'kunjungan', id: lineId, side });
  scope.onCommit(async () => metrics.checkin('kunjungan', side));
  const [result] = await selectLines(tx, eq(d.id, lineId));
  return {
    status: 200,
    body: {
      message: side === 'in' ? ABSENSI_MESSAGES.visitCheckedIn : ABSENSI_MESSAGES.visitCheckedOut,
      already_recorded: false,
      result: result!,
    },
  };
}

/** 200 with the line as it stands, `already_recorded: true`; nothing is written and no photo stored. */
async function visitAlreadyRecorded(
  tx: Tx,
  lineId: number,
  side: FieldSide,
): Promise<WorkAnswer & { body: KunjunganCheckAnswer }> {
  const [result] = await selectLines(tx, eq(d.id, lineId));
  if (!result || !(side === 'in' ? result.in_jam : result.out_jam)) throw conflict(ABSENSI_MESSAGES.visitNotIn);
  return {
    status: 200,
    body: {
      message: side === 'in' ? ABSENSI_MESSAGES.visitAlreadyInRecorded : ABSENSI_MESSAGES.visitAlreadyOutRecorded,
      already_recorded: true,
      result,
    },
  };
}
