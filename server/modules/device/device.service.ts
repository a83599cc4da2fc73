/**
 * Passkeys on the employee's own phone (docs/decisions/032-device-verified-check-ins.md): enrollment with
 * @simplewebauthn/server, batches of single-use challenges for offline check-ins, and the devices list
 * with approve and revoke. Who may see and manage an employee's devices: herself (see, revoke her own),
 * her team leader, and users with karyawan.read (see) or karyawan.update (approve, revoke) in scope.
 */
import { randomBytes } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CHALLENGE_BATCH,
  CHALLENGE_TTL_DAYS,
  DEVICE_MESSAGES as M,
  MAX_ACTIVE_DEVICES,
  MAX_PENDING_DEVICES,
  type ChallengeBatchAnswer,
  type DeviceRow,
  type DeviceStatus,
  type PendingDeviceRow,
} from '../../../src/domain/device/device';
import type { Db, Q, Tx } from '../../db/client';
import { deviceChallenge, deviceCredential } from '../../db/schema/device';
import { karyawan } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { loadEmployee } from '../../lib/employee';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';

/** Where the passkeys live: PUBLIC_URL, or RP_ID/RP_ORIGIN (server/env.ts); never a request's Host. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const REGISTER_TTL_MS = 5 * 60 * 1000;
const newNonce = () => randomBytes(18).toString('base64url');

/**
 * Her open check-in challenges, topped up to a full batch. A phone asks at every start and reconnect:
 * what it has not used yet comes back (still valid for a day at least), so an employee never holds more
 * than one batch of open nonces, however often her phones ask.
 */
export async function issueChallenges(
  db: Db,
  actor: Actor,
  nrp: string,
  rp: RelyingParty,
  now: Date,
): Promise<ChallengeBatchAnswer> {
  const keepAfter = new Date(now.getTime() + 86_400_000);
  const open = await db
    .select({ nonce: deviceChallenge.nonce, expires_at: deviceChallenge.expires_at })
    .from(deviceChallenge)
    .where(
      and(
        eq(deviceChallenge.nrp, nrp),
        eq(deviceChallenge.kind, 'check-in'),
        isNull(deviceChallenge.used_at),
        gt(deviceChallenge.expires_at, keepAfter),
      ),
    )
    .orderBy(asc(deviceChallenge.expires_at))
    .limit(CHALLENGE_BATCH);
  const expires = new Date(now.getTime() + CHALLENGE_TTL_DAYS * 86_400_000);
  const fresh = Array.from({ length: CHALLENGE_BATCH - open.length }, () => ({
    nonce: newNonce(),
    nrp,
    userid: actor.userid,
    kind: 'check-in',
    issued_at: now,
    expires_at: expires,
  }));
  if (fresh.length) await db.insert(deviceChallenge).values(fresh);
  // Revoked ones too: a revoked phone keeps signing, so its check-ins say device_revoked, not unsigned.
  const creds = await db
    .select({ id: deviceCredential.credential_id })
    .from(deviceCredential)
    .where(eq(deviceCredential.nrp, nrp));
  return {
    rp_id: rp.id,
    challenges: [...open, ...fresh].map((r) => ({ nonce: r.nonce, expires_at: r.expires_at.toISOString() })),
    credential_ids: creds.map((c) => c.id),
  };
}

/** Options for startRegistration: a platform passkey with user verification, none of hers excluded. */
export async function registrationOptions(db: Db, actor: Actor, nrp: string, rp: RelyingParty, now: Date) {
  // Refused before the phone makes a passkey the server would not keep (verifyRegistration checks again).
  await assertPendingRoom(db, nrp);
  const existing = await db
    .select({ id: deviceCredential.credential_id, transports: deviceCredential.transports })
    .from(deviceCredential)
    .where(and(eq(deviceCredential.nrp, nrp), ne(deviceCredential.status, 'revoked')));
  const [who] = await db.select({ nama: karyawan.nama }).from(karyawan).where(eq(karyawan.nrp, nrp)).limit(1);
  const challenge = newNonce();
  await db.insert(deviceChallenge).values({
    nonce: challenge,
    nrp,
    userid: actor.userid,
    kind: 'register',
    issued_at: now,
    expires_at: new Date(now.getTime() + REGISTER_TTL_MS),
  });
  const options = await generateRegistrationOptions({
    rpName: 'Hadir',
    rpID: rp.id,
    userName: actor.username,
    userDisplayName: who?.nama ?? actor.nama,
    userID: new TextEncoder().encode(`hadir:${nrp}`),
    // The challenge is the nonce's own text, so the verification finds it again.
    challenge: new TextEncoder().encode(challenge),
    attestationType: 'none',
    authenticatorSelection: {
      authenticatorAttachment: 'platform',
      residentKey: 'preferred',
      userVerification: 'required',
    },
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransport[],
    })),
    timeout: 120_000,
  });
  return { options: options as unknown as Record<string, unknown> };
}

type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** Decodes clientDataJSON's challenge (base64url of the text we issued). */
export function challengeText(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge !== 'string') return null;
    return isoBase64URL.toUTF8String(data.challenge);
  } catch {
    return null;
  }
}

/** Takes a nonce issued to `nrp` of `kind`, unexpired and unused, and marks it used; false when it is not. */
export async function takeNonce(tx: Q, nrp: string, nonce: string, kind: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(deviceChallenge)
    .set({ used_at: now })
    .where(
      and(
        eq(deviceChallenge.nonce, nonce),
        eq(deviceChallenge.nrp, nrp),
        eq(deviceChallenge.kind, kind),
        isNull(deviceChallenge.used_at),
        gt(deviceChallenge.expires_at, now),
      ),
    )
    .returning({ nonce: deviceChallenge.nonce });
  return used.length > 0;
}

/** 400 when she already has MAX_PENDING_DEVICES devices waiting for approval. */
async function assertPendingRoom(db: Q, nrp: string): Promise<void> {
  const [pending] = await db
    .select({ n: count() })
    .from(deviceCredential)
    .where(and(eq(deviceCredential.nrp, nrp), eq(deviceCredential.status, 'pending')));
  if ((pending?.n ?? 0) >= MAX_PENDING_DEVICES) throw badRequest(M.tooManyPending(MAX_PENDING_DEVICES));
}

/**
 * Verifies an enrollment and keeps the passkey, with the RP ID it was made for. Trusted at once only when
 * she has never had a device: every later one (a second phone, a new one after a revocation, whoever
 * revoked) waits for her team leader or HR, so her password alone never makes a trusted device.
 */
export async function verifyRegistration(
  db: Db,
  actor: Actor,
  nrp: string,
  rp: RelyingParty,
  body: { device_name: string; response: RegistrationResponseJSON },
  now: Date,
): Promise<{ message: string; result: DeviceRow }> {
  const challenge = challengeText(body.response.response.clientDataJSON);
  if (!challenge) throw badRequest(M.badResponse);
  return db.transaction(async (tx) => {
    if (!(await takeNonce(tx, nrp, challenge, 'register', now))) throw badRequest(M.challengeExpired);
    let info;
    try {
      const verified = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: isoBase64URL.fromUTF8String(challenge),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
      if (!verified.verified || !verified.registrationInfo) throw badRequest(M.registerFailed);
      info = verified.registrationInfo;
    } catch (err) {
      if (err instanceof Error && 'status' in err) throw err;
      throw badRequest(M.registerFailed);
    }
    const [taken] = await tx
      .select({ id: deviceCredential.id })
      .from(deviceCredential)
      .where(eq(deviceCredential.credential_id, info.credential.id))
      .limit(1);
    if (taken) throw conflict(M.alreadyEnrolled);
    // Her devices are counted under a lock on her employee row: two enrolments at once cannot both be
    // "her first", nor both take the last pending place.
    await tx.select({ nrp: karyawan.nrp }).from(karyawan).where(eq(karyawan.nrp, nrp)).for('update');
    const [ever] = await tx.select({ n: count() }).from(deviceCredential).where(eq(deviceCredential.nrp, nrp));
    const status: DeviceStatus = (ever?.n ?? 0) === 0 ? 'active' : 'pending';
    if (status === 'pending') await assertPendingRoom(tx, nrp);
    const [row] = await tx
      .insert(deviceCredential)
      .values({
        nrp,
        userid: actor.userid,
        credential_id: info.credential.id,
        public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []) as string[],
        device_name: body.device_name || 'Ponsel',
        rp_id: rp.id,
        status,
        enrolled_at: now,
      })
      .returning({ id: deviceCredential.id });
    const result = await deviceRow(tx, row!.id);
    return { message: status === 'active' ? M.enrolled : M.enrolledPending, result };
  });
}

// ---------------------------------------------------------------- devices of an employee

const deviceColumns = {
  id: deviceCredential.id,
  nrp: deviceCredential.nrp,
  device_name: deviceCredential.device_name,
  status: deviceCredential.status,
  enrolled_at: deviceCredential.enrolled_at,
  last_used_at: deviceCredential.last_used_at,
  approved_by: deviceCredential.approved_by,
  revoked_by: deviceCredential.revoked_by,
};

function toDeviceRow(r: {
  id: number;
  nrp: string;
  device_name: string;
  status: string;
  enrolled_at: Date;
  last_used_at: Date | null;
  approved_by: string | null;
  revoked_by: string | null;
}): DeviceRow {
  return {
    ...r,
    status: r.status as DeviceStatus,
    enrolled_at: r.enrolled_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
  };
}

async function deviceRow(db: Q, id: number): Promise<DeviceRow> {
  const [row] = await db.select(deviceColumns).from(deviceCredential).where(eq(deviceCredential.id, id)).limit(1);
  if (!row) throw notFound(M.deviceNotFound);
  return toDeviceRow(row);
}

type Reach = 'own' | 'leader' | 'office';

/** How the caller reaches this employee's devices (403 when not at all, 404 for an unknown NRP). */
async function reachOf(db: Q, actor: Actor, nrp: string, need: 'read' | 'manage'): Promise<Reach> {
  const emp = await loadEmployee(db, nrp);
  if (emp && actor.nrp && actor.nrp === nrp) return 'own';
  if (emp && actor.nrp && emp.team_leader_nrp === actor.nrp) return 'leader';
  // Whether an NRP exists is told only to those who may look employees up.
  const permission = need === 'read' ? 'karyawan.read' : 'karyawan.update';
  if (!actor.permissions.includes(permission)) throw forbidden();
  if (!emp) throw notFound(M.deviceNotFound);
  assertInScope(actor, emp);
  return 'office';
}

export async function listDevices(db: Db, actor: Actor, nrp: string): Promise<DeviceRow[]> {
  await reachOf(db, actor, nrp, 'read');
  const rows = await db
    .select(deviceColumns)
    .from(deviceCredential)
    .where(eq(deviceCredential.nrp, nrp))
    .orderBy(asc(deviceCredential.enrolled_at), asc(deviceCredential.id));
  return rows.map(toDeviceRow);
}

/**
 * The devices waiting for this caller's approval: her team's as a team leader, and with karyawan.update
 * those of the employees in her scope (never her own: nobody approves her own device).
 */
export async function listPendingForApprover(db: Db, actor: Actor): Promise<PendingDeviceRow[]> {
  const reach: SQL[] = [];
  if (actor.nrp) reach.push(eq(karyawan.team_leader_nrp, actor.nrp));
  if (actor.permissions.includes('karyawan.update')) reach.push(karyawanScope(actor) ?? sql`true`);
  if (!reach.length) return [];
  const rows = await db
    .select({ ...deviceColumns, nama: karyawan.nama })
    .from(deviceCredential)
    .innerJoin(karyawan, eq(karyawan.nrp, deviceCredential.nrp))
    .where(
      and(
        eq(deviceCredential.status, 'pending'),
        actor.nrp ? ne(deviceCredential.nrp, actor.nrp) : undefined,
        or(...reach),
      ),
    )
    .orderBy(asc(deviceCredential.enrolled_at), asc(deviceCredential.id))
    .limit(200);
  return rows.map(({ nama, ...r }) => ({ ...toDeviceRow(r), nama }));
}

async function lockDevice(tx: Tx, nrp: string, id: number) {
  const [row] = await tx
    .select({ id: deviceCredential.id, status: deviceCredential.status })
    .from(deviceCredential)
    .where(and(eq(deviceCredential.id, id), eq(deviceCredential.nrp, nrp)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(M.deviceNotFound);
  return row;
}

/** Approves a pending device: it signs as verified from then on (never her own approval). */
export async function approveDevice(db: Db, actor: Actor, nrp: string, id: number, now: Date) {
  return db.transaction(async (tx) => {
    if ((await reachOf(tx, actor, nrp, 'manage')) === 'own') throw forbidden();
    const device = await lockDevice(tx, nrp, id);
    if (device.status !== 'pending') throw conflict(M.notPending);
    // Her devices are counted under a lock on her employee row, so two approvals cannot both pass.
    await tx.select({ nrp: karyawan.nrp }).from(karyawan).where(eq(karyawan.nrp, nrp)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(deviceCredential)
      .where(and(eq(deviceCredential.nrp, nrp), eq(deviceCredential.status, 'active')));
    if ((active?.n ?? 0) >= MAX_ACTIVE_DEVICES) throw conflict(M.tooMany(MAX_ACTIVE_DEVICES));
    await tx
      .update(deviceCredential)
      .set({ status: 'active', approved_by: actor.userid, approved_at: now })
      .where(eq(deviceCredential.id, id));
    return { message: M.approved, result: await deviceRow(tx, id) };
  });
}

/** Revokes a device: its later signatures are flagged device_revoked (she may revoke her own lost phone). */
export async function revokeDevice(db: Db, actor: Actor, nrp: string, id: number, now: Date) {
  return db.transaction(async (tx) => {
    await reachOf(tx, actor, nrp, 'manage');
    const device = await lockDevice(tx, nrp, id);
    if (device.status !== 'revoked') {
      await tx
        .update(deviceCredential)
        .set({ status: 'revoked', revoked_by: actor.userid, revoked_at: now })
        .where(eq(deviceCredential.id, id));
    }
    return { message: M.revoked, result: await deviceRow(tx, id) };
  });
}
