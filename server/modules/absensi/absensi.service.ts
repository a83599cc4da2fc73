/**
 * The employee's own attendance (spec part 2 §2.7, /absensi/new/spg): one row per (nrp, tanggal),
 * created by the check-in and completed by the check-out, with the photo, position and device time
 * of each. Runs inside the idempotent transaction of the request (server/middleware/idempotency.ts).
 *
 * The server is the authority on the day and the time (docs/decisions/020-time-zones.md): tanggal and
 * jam_masuk/jam_keluar are the device instant (captured_at) read in the employee's location's zone;
 * the phone's own tanggal and jam only say which action it is. A day inside a posted period is still
 * recorded (nothing captured offline is lost) and flagged `after_posting` for HR.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  ABSENSI_MESSAGES,
  dayActionOf,
  evidenceFlags,
  type AbsensiSpgAnswer,
  type AbsensiSpgFields,
  type AbsensiSpgRecord,
  type FieldFlag,
} from '../../../src/domain/absensi/absensi';
import type { Q, Tx } from '../../db/client';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { absensi, absensiPosting } from '../../db/schema/absensi';
import { lokasi, perusahaan, period, shift } from '../../db/schema/master';
import { karyawan } from '../../db/schema/karyawan';
import { preparedStatement } from '../../db/prepared';
import type { Deps } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { removePhoto, storePhoto, type CheckedPhoto } from '../../lib/files';
import { metrics } from '../../lib/metrics';
import { asDevicePolicy } from '../../lib/time-zone';
import {
  asTimeZone,
  dateIn,
  DEFAULT_TIME_ZONE,
  TIME_ZONES,
  timeIn,
  type TimeZone,
} from '../../../src/domain/time-zone';
import type { WorkAnswer, WorkScope } from '../../middleware/idempotency';
import type { Verified } from '../../../src/domain/device/device';
import { checkSignature, sha256Hex, type SignatureCheck } from '../device/check-in-signature';
import { ownReviews } from './tinjau.service';
import { enqueueEvidence, evidenceJobOf } from './evidence-job';
import { flagsWith } from './flags-sql';
import { herView } from './her-view';
import type { DevicePolicy } from '../../../src/domain/device/device';
import type { RelyingParty } from '../device/device.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const recordColumns = {
  id: absensi.id,
  nrp: absensi.nrp,
  tanggal: absensi.tanggal,
  tahun: absensi.tahun,
  bulan: absensi.bulan,
  shift_id: absensi.shift_id,
  sts_abs_id: absensi.sts_abs_id,
  jam_masuk: absensi.jam_masuk,
  jam_keluar: absensi.jam_keluar,
  foto_masuk: absensi.foto_masuk,
  foto_keluar: absensi.foto_keluar,
  masuk_lat: absensi.masuk_lat,
  masuk_long: absensi.masuk_long,
  masuk_accuracy: absensi.masuk_accuracy,
  masuk_captured_at: absensi.masuk_captured_at,
  masuk_received_at: absensi.masuk_received_at,
  masuk_location_note: absensi.masuk_location_note,
  keluar_lat: absensi.keluar_lat,
  keluar_long: absensi.keluar_long,
  keluar_accuracy: absensi.keluar_accuracy,
  keluar_captured_at: absensi.keluar_captured_at,
  keluar_received_at: absensi.keluar_received_at,
  keluar_location_note: absensi.keluar_location_note,
  flags: absensi.flags,
  field_shift_id: absensi.field_shift_id,
  field_jam_masuk: absensi.field_jam_masuk,
  field_jam_keluar: absensi.field_jam_keluar,
  in_verified: absensi.in_verified,
  out_verified: absensi.out_verified,
  forgot_checkout: absensi.forgot_checkout,
};

type RecordRow = { [K in keyof typeof recordColumns]: (typeof recordColumns)[K]['_']['data'] | null };

export function toRecord(r: RecordRow): AbsensiSpgRecord {
  return {
    ...(r as AbsensiSpgRecord),
    masuk_captured_at: iso(r.masuk_captured_at),
    masuk_received_at: iso(r.masuk_received_at),
    keluar_captured_at: iso(r.keluar_captured_at),
    keluar_received_at: iso(r.keluar_received_at),
    flags: (r.flags ?? []) as FieldFlag[],
    in_verified: r.in_verified as Verified | null,
    out_verified: r.out_verified as Verified | null,
    // Shown while the day still has no end: a revision or correction that gives it one ends it.
    forgot_checkout: !!r.forgot_checkout && r.jam_keluar === null,
  };
}

export async function getOwnAbsensi(db: Q, nrp: string, tanggal: string): Promise<AbsensiSpgRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(absensi)
    .where(and(eq(absensi.nrp, nrp), eq(absensi.tanggal, tanggal)))
    .limit(1);
  return row ? toRecord(row) : null;
}

/**
 * Her day as her own screen reads it: the record and where its review stands (decision 035), without the
 * flag codes: naming them tells a cheater what was caught (issue 41 item 3).
 */
export async function getOwnDay(db: Q, nrp: string, tanggal: string): Promise<AbsensiSpgRecord | null> {
  const record = await getOwnAbsensi(db, nrp, tanggal);
  if (!record) return null;
  const reviews = await ownReviews(db, 'hari', [record]);
  return { ...herView(record), tinjau: reviews.get(record.id) ?? null };
}

/** What a check-in reads before it writes: her company's device policy, the day in her zone and what it holds. */
interface DayOfCheckIn {
  devicePolicy: DevicePolicy;
  /** The day of the device instant in her zone, and its wall-clock time. */
  tanggal: string;
  jam: string;
  /** The day lies in a posted period. */
  posted: boolean;
  /** The day's row, locked for this transaction (FOR UPDATE), or undefined. */
  existing?: {
    id: number;
    sumber: string | null;
    field_jam_masuk: string | null;
    field_jam_keluar: string | null;
    flags: unknown;
  };
  /** A check-in's shift: that day's first visit line (by shift start), else the visit plan covering the day. */
  shiftId: string | null;
}

type DayRow = {
  tz: string | null;
  policy: string | null;
  tanggal: string;
  posted: boolean;
  id: number | null;
  sumber: string | null;
  field_jam_masuk: string | null;
  field_jam_keluar: string | null;
  flags: unknown;
  shift_id: string | null;
};

const p = sql.placeholder;
/** The day of the instant in a zone other than the default one (the default one's is `day`). */
const dayInZone = (zone: TimeZone) => p(`day_${zone}`);
const OTHER_ZONES = TIME_ZONES.filter((z) => z !== DEFAULT_TIME_ZONE);

/**
 * Everything a check-in or check-out reads, in one prepared statement (the morning rush, issue 31 item 6:
 * each round trip cost node and PostgreSQL CPU that 200 phones at once are short of, and planning this
 * read cost PostgreSQL more than running it). The day depends on her zone, which the same statement reads:
 * the day of the instant in each zone is computed in code (the same dateIn as everywhere) and the
 * statement picks hers, the default zone's for an unknown location as asTimeZone does. Her day's row is
 * locked (FOR UPDATE) until the transaction ends.
 */
const readDayOfCheckIn = preparedStatement<DayRow>(
  'hadir_day_of_check_in',
  sql`
    select c.tz, c.policy, c.tanggal::text as tanggal,
           exists (select 1 from ${period} pe join ${absensiPosting} ap on ap.period_id = pe.id
                    where pe.mulai <= c.tanggal and pe.akhir >= c.tanggal) as posted,
           e.id, e.sumber, e.field_jam_masuk::text as field_jam_masuk,
           e.field_jam_keluar::text as field_jam_keluar, e.flags,
           case when ${p('side')}::text = 'in' then (
             select shift_id from (
               select d.shift_id, 0 as pick, sh.jam_mulai, d.id
                 from ${kunjunganDetail} d
                 join ${kunjungan} k on k.no_dcp = d.no_dcp
                 join ${shift} sh on sh.id = d.shift_id
                where k.nrp = ${p('nrp')} and d.tgl_dcp = c.tanggal
               union all
               select k.shift_id, 1, null, null
                 from ${kunjungan} k
                where k.nrp = ${p('nrp')} and k.tgl_period1 <= c.tanggal and k.tgl_period2 >= c.tanggal
             ) s order by pick, jam_mulai, id limit 1)
           end as shift_id
      from (select l.time_zone as tz, pr.device_policy as policy,
                   case l.time_zone ${sql.join(
                     OTHER_ZONES.map((z) => sql`when ${z} then ${dayInZone(z)}::date`),
                     sql` `,
                   )} else ${p('day')}::date end as tanggal
              from (select 1) one
              left join ${karyawan} k on k.nrp = ${p('nrp')}
              left join ${lokasi} l on l.id = k.kode_lokasi
              left join ${perusahaan} pr on pr.kode_prsh = k.kode_prsh) c
      left join lateral (
        select a.id, a.sumber, a.field_jam_masuk, a.field_jam_keluar, a.flags
          from ${absensi} a where a.nrp = ${p('nrp')} and a.tanggal = c.tanggal
         limit 1 for update) e on true`,
);

/** A day of hers with nothing recorded yet: the columns a first check-in leaves empty. */
const EMPTY_DAY: RecordRow = Object.fromEntries(Object.keys(recordColumns).map((k) => [k, null])) as RecordRow;

/**
 * Her first record of the day (the check-in of a day no one wrote yet) and its evidence job, in one
 * prepared statement: the commonest write of the morning rush, one round trip and no query builder.
 * Answers nothing when the day was written meanwhile (a concurrent check-in of the same day, another key).
 */
const insertCheckIn = preparedStatement<{ id: number | string }>(
  'hadir_check_in_insert',
  sql`with rec as (
        insert into ${absensi} (nrp, tanggal, tahun, bulan, shift_id, sts_abs_id, sumber, jam_masuk,
               field_shift_id, field_jam_masuk, foto_masuk, masuk_lat, masuk_long, masuk_accuracy,
               masuk_captured_at, masuk_received_at, masuk_location_note, in_verified, flags, created_at)
        values (${p('nrp')}, ${p('tanggal')}::date, ${p('tahun')}::int, ${p('bulan')}::int, ${p('shift_id')},
                ${p('sts_abs_id')}, 'S', ${p('jam_masuk')}::time, ${p('field_shift_id')}, ${p('field_jam_masuk')}::time,
                ${p('foto_masuk')}, ${p('masuk_lat')}::float8, ${p('masuk_long')}::float8,
                ${p('masuk_accuracy')}::float8, ${p('masuk_captured_at')}::timestamptz,
                ${p('masuk_received_at')}::timestamptz, ${p('masuk_location_note')}, ${p('in_verified')},
                ${p('flags')}::jsonb, ${p('created_at')}::timestamptz)
        on conflict (nrp, tanggal) do nothing
        returning id),
      queued as (${evidenceJobOf(sql`rec`, 'hari', 'in')})
      select id from rec`,
);

async function dayOfCheckIn(tx: Tx, nrp: string, captured: Date, side: 'in' | 'out'): Promise<DayOfCheckIn> {
  const days = Object.fromEntries(OTHER_ZONES.map((z) => [`day_${z}`, dateIn(z, captured)]));
  // Always one row: the statement starts from `select 1` and joins everything else to it.
  const row = (await readDayOfCheckIn(tx, { nrp, side, day: dateIn(DEFAULT_TIME_ZONE, captured), ...days }))[0]!;
  const { id, sumber, field_jam_masuk, field_jam_keluar, flags } = row;
  return {
    devicePolicy: asDevicePolicy(row.policy),
    tanggal: row.tanggal,
    jam: timeIn(asTimeZone(row.tz), captured),
    posted: row.posted,
    existing: id === null ? undefined : { id: Number(id), sumber, field_jam_masuk, field_jam_keluar, flags },
    shiftId: row.shift_id,
  };
}

interface Evidence {
  lat: number | null;
  long: number | null;
  accuracy: number | null;
  captured_at: Date;
  received_at: Date;
  location_note: string | null;
  flags: FieldFlag[];
}

function evidenceOf(fields: AbsensiSpgFields, side: 'in' | 'out', receivedAt: Date, posted: boolean): Evidence {
  const capturedAt = new Date(fields.captured_at);
  const hasLocation = fields.lat !== undefined && fields.long !== undefined;
  return {
    lat: fields.lat ?? null,
    long: fields.long ?? null,
    accuracy: fields.accuracy ?? null,
    captured_at: capturedAt,
    received_at: receivedAt,
    location_note: fields.location_error || null,
    flags: [
      ...evidenceFlags({
        side,
        capturedAt,
        receivedAt,
        sentAt: fields.sent_at ? new Date(fields.sent_at) : undefined,
        hasLocation,
      }),
      ...(posted ? ['after_posting' as const] : []),
    ],
  };
}

/** What the passkey signed, rebuilt from what the server records (decision 032). */
function signatureOf(
  tx: Tx,
  ctx: { rp: RelyingParty; now: Date; policy: DevicePolicy },
  nrp: string,
  fields: AbsensiSpgFields,
  photo: CheckedPhoto,
) {
  const side = dayActionOf(fields);
  return checkSignature(
    tx,
    ctx,
    {
      nrp,
      action: side === 'in' ? 'absensi.check-in' : 'absensi.check-out',
      tanggal: fields.tanggal || undefined,
      jam: side === 'in' ? fields.jam_masuk : fields.jam_keluar,
      captured_at: fields.captured_at,
      lat: fields.lat,
      long: fields.long,
      accuracy: fields.accuracy,
      // Hashed only where an assertion will be checked against it (0.2 ms of a 300 KB photo otherwise spent
      // on every check-in of the morning rush).
      photo_sha256: fields.assertion && ctx.policy !== 'nonaktif' ? sha256Hex(photo.bytes) : '',
    },
    fields.assertion,
  );
}

/** Check in (jam_masuk) or check out (jam_keluar) of the day; answers 201 with the record. */
export async function recordOwnAttendance(
  tx: Tx,
  deps: Pick<Deps, 'db' | 'storage' | 'now'>,
  scope: WorkScope,
  nrp: string,
  fields: AbsensiSpgFields,
  photo: CheckedPhoto,
  rp: RelyingParty,
  /** The signature already checked by an attempt that lost a race (its nonce is used now). */
  signedBefore?: SignatureCheck,
): Promise<WorkAnswer & { body: AbsensiSpgAnswer }> {
  const side = dayActionOf(fields);
  const { devicePolicy, tanggal, jam, posted, existing, shiftId } = await dayOfCheckIn(
    tx,
    nrp,
    new Date(fields.captured_at),
    side,
  );
  const now = deps.now();

  if (side === 'in') {
    if (existing?.field_jam_masuk) return alreadyRecorded(tx, nrp, tanggal, 'in');
    const e = evidenceOf(fields, 'in', now, posted);
    const signed = signedBefore ?? (await signatureOf(tx, { rp, now, policy: devicePolicy }, nrp, fields, photo));
    e.flags.push(...signed.flags.filter((f) => !((existing?.flags ?? []) as string[]).includes(f)));
    const foto = await storePhoto(deps.storage, photo, scope);
    const fieldRecord = {
      field_shift_id: shiftId,
      field_jam_masuk: jam,
      foto_masuk: foto,
      masuk_lat: e.lat,
      masuk_long: e.long,
      masuk_accuracy: e.accuracy,
      masuk_captured_at: e.captured_at,
      masuk_received_at: e.received_at,
      masuk_location_note: e.location_note,
      in_verified: signed.verified,
    };
    let row;
    if (existing) {
      // A day HR or an upload already wrote (sick, leave, …): her check-in is recorded beneath it, and the
      // day keeps showing their values until they are deleted (docs/decisions/027).
      [row] = await tx
        .update(absensi)
        .set({ ...fieldRecord, flags: flagsWith(absensi.flags, e.flags) })
        .where(and(eq(absensi.id, existing.id), isNull(absensi.field_jam_masuk)))
        .returning(recordColumns);
      if (row) await enqueueEvidence(tx, { kind: 'hari', id: row.id, side: 'in' });
    } else {
      const record: RecordRow = {
        ...EMPTY_DAY,
        nrp,
        tanggal,
        tahun: Number(tanggal.slice(0, 4)),
        bulan: Number(tanggal.slice(5, 7)),
        shift_id: shiftId,
        sts_abs_id: 'H',
        jam_masuk: jam,
        ...fieldRecord,
        flags: e.flags,
      };
      // The record and its evidence job in one statement (the morning rush, decision 044). A concurrent
      // check-in of the same day (another key) waits on the conflict and then inserts nothing.
      const [inserted] = await insertCheckIn(tx, {
        ...record,
        masuk_captured_at: iso(record.masuk_captured_at),
        masuk_received_at: iso(record.masuk_received_at),
        flags: JSON.stringify(record.flags),
        created_at: now.toISOString(),
      });
      row = inserted && { ...record, id: Number(inserted.id) };
    }
    if (!row) {
      // Lost the race to a concurrent write of the same day: its photo is not this one.
      await removePhoto(deps.storage, foto);
      if (!existing) return recordOwnAttendance(tx, deps, scope, nrp, fields, photo, rp, signed);
      return alreadyRecorded(tx, nrp, tanggal, 'in');
    }
    scope.onCommit(async () => metrics.checkin('hari', 'in'));
    return {
      status: 201,
      body: { message: ABSENSI_MESSAGES.checkedIn, already_recorded: false, result: toRecord(row) },
    };
  }

  const jamKeluar = jam;
  // A check-out the server cannot place is a real conflict: she is told to check in (or ask for a
  // correction). Only her own check-in counts: a day HR entered has no check-in of hers to close.
  if (!existing?.field_jam_masuk) throw conflict(ABSENSI_MESSAGES.notIn);
  if (existing.field_jam_keluar) return alreadyRecorded(tx, nrp, tanggal, 'out');
  if (jamKeluar < existing.field_jam_masuk) {
    throw badRequest(ABSENSI_MESSAGES.outBeforeIn, [{ path: 'jam_keluar', message: ABSENSI_MESSAGES.outBeforeIn }]);
  }
  // One after_posting flag for the day, whichever side arrived late first.
  const e = evidenceOf(fields, 'out', now, posted && !((existing.flags ?? []) as string[]).includes('after_posting'));
  const signed = await signatureOf(tx, { rp, now, policy: devicePolicy }, nrp, fields, photo);
  // The device flags name no side: one of each on a day is enough.
  e.flags.push(...signed.flags.filter((f) => !((existing.flags ?? []) as string[]).includes(f)));
  const foto = await storePhoto(deps.storage, photo, scope);
  const [row] = await tx
    .update(absensi)
    .set({
      field_jam_keluar: jamKeluar,
      // The day shows her check-out unless a revision of HR or an upload stands on it.
      ...(existing.sumber === 'S' ? { jam_keluar: jamKeluar } : {}),
      foto_keluar: foto,
      keluar_lat: e.lat,
      keluar_long: e.long,
      keluar_accuracy: e.accuracy,
      keluar_captured_at: e.captured_at,
      keluar_received_at: e.received_at,
      keluar_location_note: e.location_note,
      out_verified: signed.verified,
      flags: flagsWith(absensi.flags, e.flags),
      // Her own check-out ends the day, even one arriving after the limit marked it Lupa Check Out.
      forgot_checkout: false,
    })
    .where(and(eq(absensi.id, existing.id), isNotNull(absensi.field_jam_masuk), isNull(absensi.field_jam_keluar)))
    .returning(recordColumns);
  if (!row) {
    await removePhoto(deps.storage, foto);
    return alreadyRecorded(tx, nrp, tanggal, 'out');
  }
  await enqueueEvidence(tx, { kind: 'hari', id: existing.id, side: 'out' });
  scope.onCommit(async () => metrics.checkin('hari', 'out'));
  return {
    status: 201,
    body: { message: ABSENSI_MESSAGES.checkedOut, already_recorded: false, result: toRecord(row) },
  };
}

/**
 * The same action was recorded before (another outbox row, another phone, a concurrent request): not an
 * error for the user. Answer 200 with the record as it stands and write nothing (no second photo).
 */
async function alreadyRecorded(
  tx: Tx,
  nrp: string,
  tanggal: string,
  side: 'in' | 'out',
): Promise<WorkAnswer & { body: AbsensiSpgAnswer }> {
  const result = await getOwnAbsensi(tx, nrp, tanggal);
  if (!result?.field_jam_masuk) throw conflict(ABSENSI_MESSAGES.dayRecorded);
  const message = side === 'in' ? ABSENSI_MESSAGES.alreadyInRecorded : ABSENSI_MESSAGES.alreadyOutRecorded;
  return { status: 200, body: { message, already_recorded: true, result } };
}
