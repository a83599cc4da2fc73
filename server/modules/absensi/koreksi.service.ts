/**
 * "Koreksi Absensi" (issue 29 item 2): filing a correction of one of her last 7 days, the approvers'
 * queues, and the two-step decision (her team leader, then an admin with absensi.koreksi in scope).
 * The final approval writes the day through the audited manual-change path (reviseDay → absensi_change,
 * alasan "Koreksi Absensi #<id>: <alasan>") and clears "Lupa Check Out" when the day gets a check-out.
 * Filing and deciding each run in the idempotent transaction of their request, and notify the people
 * the next step waits for (or the employee, once decided) in that same transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  KOREKSI_MESSAGES as M,
  koreksiDayAllowed,
  koreksiJamAfterNow,
  type KoreksiCreated,
  type KoreksiDecided,
  type KoreksiDecision,
  type KoreksiFields,
  type KoreksiListQuery,
  type KoreksiRow,
} from '../../../src/domain/absensi/koreksi';
import { STATUS_WITH_TIMES } from '../../../src/domain/absensi/absensi-admin';
import { effectivePermissions } from '../../../src/domain/roles/permissions';
import { asTimeZone, dateIn, timeIn } from '../../../src/domain/time-zone';
import type { Db, Q, Tx } from '../../db/client';
import { absensi, type AbsensiValues } from '../../db/schema/absensi';
import { roles, users } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { absensiKoreksi as k } from '../../db/schema/koreksi';
import { kunjungan } from '../../db/schema/kunjungan';
import { lokasi } from '../../db/schema/master';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { sniffImage, type PhotoExt } from '../../lib/files';
import { UploadedFile } from '../../lib/multipart';
import { pageWindow } from '../../lib/pagination';
import { postedPeriodOf } from '../../lib/posting-lock';
import { contentTypeOf, type Storage } from '../../lib/storage';
import type { WorkAnswer, WorkScope } from '../../middleware/idempotency';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';
import { notifyEmployees, notifyUsers, settleNotices, type Notice } from '../push/notify';
import { lockDay, pickValues, reviseDay } from './day-revision';
import { PHOTO_MAX_BYTES, ABSENSI_MESSAGES } from '../../../src/domain/absensi/absensi';

export const KOREKSI_PERMISSION = 'absensi.koreksi' as const;
const APPROVAL_URL = '/approval/absensi';
const OWN_URL = '/request/absensi';

// ---------------------------------------------------------------- the photo

export interface KoreksiPhoto {
  bytes: Uint8Array;
  ext: PhotoExt;
}

const FOTO_DIR = 'koreksi';
const FOTO_NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/;
const fotoKey = (name: string) => `${FOTO_DIR}/${name}`;

/** The optional `foto` part: absent or empty is none; over 2 MB a 413; not an image by content a 400. */
export async function readKoreksiFoto(value: unknown): Promise<KoreksiPhoto | null> {
  if (value === undefined || value === '' || (value instanceof UploadedFile && value.size === 0)) return null;
  if (!(value instanceof UploadedFile)) throw badRequest(M.photoType, [{ path: 'foto', message: M.photoType }]);
  if (value.size > PHOTO_MAX_BYTES) throw new HttpError(413, ABSENSI_MESSAGES.photoTooLarge, 'too_large');
  const bytes = value.bytes;
  const ext = sniffImage(bytes);
  if (!ext) throw badRequest(M.photoType, [{ path: 'foto', message: M.photoType }]);
  return { bytes, ext };
}

async function storeFoto(storage: Storage, foto: KoreksiPhoto, scope: WorkScope): Promise<string> {
  const name = `${randomBytes(16).toString('base64url')}.${foto.ext}`;
  const key = fotoKey(name);
  scope.onRollback(() => storage.delete(key));
  await storage.put(key, foto.bytes, contentTypeOf(key));
  return name;
}

// ---------------------------------------------------------------- who

const scopeColumns = {
  kode_prsh: karyawan.kode_prsh,
  sales_office_id: karyawan.sales_office_id,
  kode_lokasi: karyawan.kode_lokasi,
  client_id: karyawan.client_id,
  jabatan_id: karyawan.jabatan_id,
  type_spg_id: karyawan.type_spg_id,
};

async function employeeOf(db: Q, nrp: string) {
  const [row] = await db
    .select({
      nrp: karyawan.nrp,
      nama: karyawan.nama,
      team_leader_nrp: karyawan.team_leader_nrp,
      time_zone: lokasi.time_zone,
      ...scopeColumns,
    })
    .from(karyawan)
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return row ?? null;
}
type Employee = NonNullable<Awaited<ReturnType<typeof employeeOf>>>;

/** Step 1 exists when an active account linked to her team leader's NRP approves (leave.approve), as for leave. */
async function teamLeaderOf(db: Q, emp: Employee): Promise<string | null> {
  const tl = emp.team_leader_nrp;
  if (!tl || tl === emp.nrp) return null;
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(and(eq(users.nrp, tl), eq(users.isActive, true)));
  return rows.some((r) => effectivePermissions(r.permissions).includes('leave.approve')) ? tl : null;
}

/** The active accounts that may decide the admin step of her correction: absensi.koreksi, her in scope, not her TL. */
async function adminsFor(db: Q, emp: Employee, tlNrp: string | null): Promise<string[]> {
  const rows = await db
    .select({ userid: users.userid, nrp: users.nrp, trustee: users.trustee, permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(eq(users.isActive, true));
  return rows
    .filter((u) => effectivePermissions(u.permissions).includes(KOREKSI_PERMISSION))
    .filter((u) => u.nrp === null || (u.nrp !== emp.nrp && u.nrp !== tlNrp))
    .filter((u) => {
      try {
        assertInScope({ trustee: u.trustee ?? null }, emp);
        return true;
      } catch {
        return false;
      }
    })
    .map((u) => u.userid);
}

const koreksiRef = (id: number) => `koreksi:${id}`;
const filedNotice = (emp: Employee, tanggal: string, id: number): Notice => ({
  jenis: 'pengajuan',
  title: 'Pengajuan baru',
  body: `Koreksi Absensi ${emp.nama} (${emp.nrp}) tanggal ${tanggal}`,
  url: APPROVAL_URL,
  ref: koreksiRef(id),
});

async function refusePosted(db: Q, tanggal: string) {
  if (await postedPeriodOf(db, tanggal)) throw conflict(M.posted);
}

// ---------------------------------------------------------------- filing

/** POST /api/absensi/koreksi: 201 `{ message, result: { id } }`. */
export async function createKoreksi(
  tx: Tx,
  deps: Pick<Deps, 'storage' | 'now'>,
  scope: WorkScope,
  actor: Actor,
  fields: KoreksiFields,
  foto: KoreksiPhoto | null,
): Promise<WorkAnswer<KoreksiCreated>> {
  if (!actor.nrp) throw forbidden(M.notLinked);
  const now = deps.now();
  const emp = await employeeOf(tx, actor.nrp);
  if (!emp) throw forbidden(M.notLinked);
  const zone = asTimeZone(emp.time_zone);
  const today = dateIn(zone, now);
  const allowed = koreksiDayAllowed(fields.tanggal, today);
  if (allowed !== 'ok') {
    const message = allowed === 'future' ? M.future : M.tooOld;
    throw badRequest(message, [{ path: 'tanggal', message }]);
  }
  // Measured at filing: the phone's time when it is earlier (a request that waited offline), never later.
  const captured = fields.captured_at ? new Date(fields.captured_at) : now;
  const filedAt = captured < now ? captured : now;
  const afterNow = koreksiJamAfterNow(fields, dateIn(zone, filedAt), timeIn(zone, filedAt));
  if (afterNow) throw badRequest(M.jamFuture, [{ path: afterNow, message: M.jamFuture }]);
  await refusePosted(tx, fields.tanggal);
  const [day] = await tx
    .select({ jam_masuk: absensi.jam_masuk, jam_keluar: absensi.jam_keluar })
    .from(absensi)
    .where(and(eq(absensi.nrp, emp.nrp), eq(absensi.tanggal, fields.tanggal)))
    .limit(1);
  const tlNrp = await teamLeaderOf(tx, emp);
  const stored = foto ? await storeFoto(deps.storage, foto, scope) : null;
  const [row] = await tx
    .insert(k)
    .values({
      nrp: emp.nrp,
      tanggal: fields.tanggal,
      jam_masuk_lama: day?.jam_masuk ?? null,
      jam_keluar_lama: day?.jam_keluar ?? null,
      jam_masuk: fields.jam_masuk || null,
      jam_keluar: fields.jam_keluar || null,
      alasan: fields.alasan,
      foto: stored,
      status: 'N',
      step: tlNrp ? 1 : 2,
      tl_nrp: tlNrp,
      created_by: actor.userid,
      captured_at: fields.captured_at ? new Date(fields.captured_at) : null,
      received_at: now,
    })
    .returning({ id: k.id });
  const id = row!.id;
  if (tlNrp) await notifyEmployees(tx, [tlNrp], filedNotice(emp, fields.tanggal, id));
  else await notifyUsers(tx, await adminsFor(tx, emp, null), filedNotice(emp, fields.tanggal, id));
  return { status: 201, body: { message: M.created, result: { id } } };
}

// ---------------------------------------------------------------- reading

const tlUser = alias(users, 'tl_user');
const adminUser = alias(users, 'admin_user');
const tlKaryawan = alias(karyawan, 'tl_karyawan');

async function loadRows(db: Q, where: SQL | undefined, order: SQL[], limit?: number, offset?: number) {
  let q = db
    .select({
      id: k.id,
      nrp: k.nrp,
      nama: karyawan.nama,
      tanggal: k.tanggal,
      time_zone: lokasi.time_zone,
      jam_masuk_lama: k.jam_masuk_lama,
      jam_keluar_lama: k.jam_keluar_lama,
      jam_masuk: k.jam_masuk,
      jam_keluar: k.jam_keluar,
      alasan: k.alasan,
      foto: k.foto,
      status: k.status,
      step: k.step,
      tl_nrp: k.tl_nrp,
      tl_nama: sql<string | null>`coalesce(${tlUser.nama}, ${tlKaryawan.nama})`,
      tl_status: k.tl_status,
      tl_at: k.tl_at,
      tl_keterangan: k.tl_keterangan,
      admin_nama: adminUser.nama,
      admin_status: k.admin_status,
      admin_at: k.admin_at,
      admin_keterangan: k.admin_keterangan,
      captured_at: k.captured_at,
      received_at: k.received_at,
    })
    .from(k)
    .innerJoin(karyawan, eq(karyawan.nrp, k.nrp))
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(tlUser, eq(tlUser.userid, k.tl_userid))
    .leftJoin(tlKaryawan, eq(tlKaryawan.nrp, k.tl_nrp))
    .leftJoin(adminUser, eq(adminUser.userid, k.admin_userid))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (limit !== undefined) q = q.limit(limit);
  if (offset !== undefined) q = q.offset(offset);
  const rows = await q;
  return rows.map((r): KoreksiRow => ({
    id: r.id,
    nrp: r.nrp,
    nama: r.nama,
    tanggal: r.tanggal,
    time_zone: asTimeZone(r.time_zone),
    jam_masuk_lama: r.jam_masuk_lama,
    jam_keluar_lama: r.jam_keluar_lama,
    jam_masuk: r.jam_masuk,
    jam_keluar: r.jam_keluar,
    alasan: r.alasan,
    has_foto: r.foto !== null,
    status: r.status as KoreksiRow['status'],
    step: r.step as KoreksiRow['step'],
    tl_nrp: r.tl_nrp,
    tl_nama: r.tl_nama,
    tl_status: (r.tl_status as KoreksiRow['tl_status']) ?? null,
    tl_at: r.tl_at?.toISOString() ?? null,
    tl_keterangan: r.tl_keterangan,
    admin_nama: r.admin_nama,
    admin_status: (r.admin_status as KoreksiRow['admin_status']) ?? null,
    admin_at: r.admin_at?.toISOString() ?? null,
    admin_keterangan: r.admin_keterangan,
    captured_at: r.captured_at?.toISOString() ?? null,
    received_at: r.received_at.toISOString(),
  }));
}

const NOTHING = sql`false`;

/** Admin steps this actor may decide now: absensi.koreksi, in scope, not her own nor her team's step 1. */
function adminWaiting(actor: Actor): SQL | undefined {
  if (!actor.permissions.includes(KOREKSI_PERMISSION)) return undefined;
  return and(
    eq(k.status, 'N'),
    eq(k.step, 2),
    actor.nrp ? ne(k.nrp, actor.nrp) : undefined,
    actor.nrp ? sql`${k.tl_nrp} is distinct from ${actor.nrp}` : undefined,
    karyawanScope(actor),
  );
}

function tlWaiting(actor: Actor): SQL | undefined {
  if (!actor.nrp) return undefined;
  return and(eq(k.status, 'N'), eq(k.step, 1), eq(k.tl_nrp, actor.nrp));
}

function queueWhere(actor: Actor, q: KoreksiListQuery): SQL {
  if (q.mine === '1') {
    if (!actor.nrp) throw forbidden(M.notLinked);
    const own = eq(k.nrp, actor.nrp);
    if (q.status === 'open') return and(own, eq(k.status, 'N'))!;
    if (q.status === 'decided') return and(own, inArray(k.status, ['A', 'R']))!;
    return own;
  }
  const waiting = or(tlWaiting(actor), adminWaiting(actor)) ?? NOTHING;
  // What this approver decided, still within their scope (an admin whose scope shrank no longer sees it).
  const decided = and(
    or(eq(k.tl_userid, actor.userid), eq(k.admin_userid, actor.userid)),
    actor.nrp ? or(eq(k.tl_nrp, actor.nrp), karyawanScope(actor) ?? sql`true`) : karyawanScope(actor),
  )!;
  if (q.status === 'open') return waiting;
  if (q.status === 'decided') return decided;
  return or(waiting, decided)!;
}

/** GET /api/absensi/koreksi: the caller's queue (open: oldest first), or with mine=1 her own (newest first). */
export async function listKoreksi(db: Db, actor: Actor, q: KoreksiListQuery) {
  const where = queueWhere(actor, q);
  const { limit, offset } = pageWindow(q);
  const order = q.status === 'open' && q.mine !== '1' ? [asc(k.received_at), asc(k.id)] : [desc(k.id)];
  const [result, [total]] = await Promise.all([
    loadRows(db, where, order, limit, offset),
    db.select({ n: count() }).from(k).innerJoin(karyawan, eq(karyawan.nrp, k.nrp)).where(where),
  ]);
  return { result, totalCount: total?.n ?? 0 };
}

/** One correction the actor may see: her own, her team leader's, or absensi.read / absensi.koreksi in scope (else 404). */
async function visibleRow(db: Q, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: k.id, nrp: k.nrp, tl_nrp: k.tl_nrp, foto: k.foto, ...scopeColumns })
    .from(k)
    .innerJoin(karyawan, eq(karyawan.nrp, k.nrp))
    .where(eq(k.id, id))
    .limit(1);
  if (!row) throw notFound(M.notFound);
  if (actor.nrp && (actor.nrp === row.nrp || actor.nrp === row.tl_nrp)) return row;
  if (!actor.permissions.includes(KOREKSI_PERMISSION) && !actor.permissions.includes('absensi.read')) {
    throw notFound(M.notFound);
  }
  // Outside the scope it answers as one that does not exist (like the stored photos of /uploads).
  try {
    assertInScope(actor, row);
  } catch {
    throw notFound(M.notFound);
  }
  return row;
}

/** GET /api/absensi/koreksi/{id}/foto */
export async function koreksiFoto(deps: Pick<Deps, 'db' | 'storage'>, actor: Actor, id: number) {
  const row = await visibleRow(deps.db, actor, id);
  if (!row.foto || !FOTO_NAME.test(row.foto)) throw notFound(M.noPhoto);
  const key = fotoKey(row.foto);
  const found = await deps.storage.stream(key);
  if (!found) throw notFound(M.noPhoto);
  return { ...found, type: contentTypeOf(key) };
}

// ---------------------------------------------------------------- deciding

/** The day as the approved correction leaves it: her day's values with the proposed times put in. */
async function correctedValues(tx: Tx, row: typeof k.$inferSelect): Promise<AbsensiValues> {
  const day = await lockDay(tx, row.nrp, row.tanggal);
  if (day) {
    const before = pickValues(day);
    return {
      ...before,
      sts_abs_id: STATUS_WITH_TIMES.includes(before.sts_abs_id) ? before.sts_abs_id : 'H',
      jam_masuk: row.jam_masuk ?? before.jam_masuk,
      jam_keluar: row.jam_keluar ?? before.jam_keluar,
    };
  }
  // A day she never checked in: Hadir, on the shift of the plan that covers it.
  const [plan] = await tx
    .select({ shift_id: kunjungan.shift_id })
    .from(kunjungan)
    .where(
      and(
        eq(kunjungan.nrp, row.nrp),
        sql`${kunjungan.tgl_period1} <= ${row.tanggal} and ${kunjungan.tgl_period2} >= ${row.tanggal}`,
      ),
    )
    .limit(1);
  return { shift_id: plan?.shift_id ?? null, sts_abs_id: 'H', jam_masuk: row.jam_masuk, jam_keluar: row.jam_keluar };
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** POST /api/absensi/koreksi/{id}/status: 200 with the correction as it now stands. */
export async function decideKoreksi(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  id: number,
  input: KoreksiDecision,
): Promise<WorkAnswer<KoreksiDecided>> {
  const now = deps.now();
  const [row] = await tx.select().from(k).where(eq(k.id, id)).for('update').limit(1);
  if (!row) throw notFound(M.notFound);
  const emp = await employeeOf(tx, row.nrp);
  if (!emp) throw notFound(M.notFound);

  // Who: never her own; step 1 only her team leader; step 2 an absensi.koreksi in scope who is not that TL.
  if (actor.nrp && actor.nrp === row.nrp) throw forbidden(M.ownRequest);
  if (row.status !== 'N') throw conflict(M.alreadyDecided);
  if (row.step === 1) {
    if (!actor.nrp || actor.nrp !== row.tl_nrp) throw forbidden(M.notApprover);
  } else {
    if (!actor.permissions.includes(KOREKSI_PERMISSION)) throw forbidden(M.notApprover);
    if (actor.nrp && actor.nrp === row.tl_nrp) throw forbidden(M.tlCannotBeAdmin);
    assertInScope(actor, emp);
  }
  if (input.status === 'A') await refusePosted(tx, row.tanggal);

  // The audit time is the server's clock; the phone's time of the tap is kept beside it, never instead.
  const capturedAt = input.captured_at ? new Date(input.captured_at) : null;
  const keterangan = input.keterangan || null;
  const last = row.step === 2;
  const rejected = input.status === 'R';
  if (row.step === 1) {
    await tx
      .update(k)
      .set({
        tl_userid: actor.userid,
        tl_status: input.status,
        tl_at: now,
        tl_captured_at: capturedAt,
        tl_keterangan: keterangan,
        step: rejected ? 0 : 2,
        status: rejected ? 'R' : 'N',
      })
      .where(eq(k.id, id));
  } else {
    await tx
      .update(k)
      .set({
        admin_userid: actor.userid,
        admin_status: input.status,
        admin_at: now,
        admin_captured_at: capturedAt,
        admin_keterangan: keterangan,
        step: 0,
        status: input.status,
      })
      .where(eq(k.id, id));
  }

  if (last && !rejected) {
    const values = await correctedValues(tx, row);
    await reviseDay(tx, {
      nrp: row.nrp,
      tanggal: row.tanggal,
      values,
      aksi: 'create',
      alasan: clip(`Koreksi Absensi #${row.id}: ${row.alasan}`, 255),
      by: actor.userid,
      at: now,
    });
    if (values.jam_keluar) {
      await tx
        .update(absensi)
        .set({ forgot_checkout: false })
        .where(and(eq(absensi.nrp, row.nrp), eq(absensi.tanggal, row.tanggal)));
    }
  }

  await settleNotices(tx, koreksiRef(id));
  if (rejected || last) {
    await notifyEmployees(tx, [row.nrp], {
      jenis: 'keputusan',
      title: rejected ? 'Koreksi Absensi ditolak' : 'Koreksi Absensi disetujui',
      body: `Koreksi absensi tanggal ${row.tanggal}${keterangan ? `: ${keterangan}` : ''}`,
      url: OWN_URL,
    });
  } else {
    await notifyUsers(tx, await adminsFor(tx, emp, row.tl_nrp), filedNotice(emp, row.tanggal, id));
  }

  const [result] = await loadRows(tx, eq(k.id, id), [asc(k.id)]);
  // Read back in the same transaction that holds its lock: it is there.
  if (!result) throw notFound(M.notFound);
  return { status: 200, body: { message: rejected ? M.rejected : M.approved, result } };
}
