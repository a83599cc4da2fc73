/**
 * What the server finds in a check-in's signature (docs/decisions/032-device-verified-check-ins.md). Never
 * a refusal: the check-in is stored whatever this answers, with `verified` on its side and the flags on
 * the record. The nonce is taken (single use) before anything else is looked at, so an assertion that
 * fails for another reason cannot be tried again with the same nonce.
 *
 * Cost (issue 27, ≤ 2 ms of server CPU per check-in; `npm run bench:device-verify`): the company's policy
 * comes with the employee's zone in the check-in's first read (checkInContextOfNrp), the nonce is taken
 * and the passkey read in one statement, and the passkey row is written only when its counter moved or
 * its "last used" is older than LAST_USED_GRAIN_MS (platform passkeys report counter 0 forever).
 */
import { createHash } from 'node:crypto';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ASSERTION_MAX_CHARS,
  AssertionSchema,
  canonicalPayload,
  splitChallenge,
  type DeviceFlag,
  type DevicePolicy,
  type SignedPayload,
  type Verified,
} from '../../../src/domain/device/device';
import type { Tx } from '../../db/client';
import { deviceChallenge, deviceCredential } from '../../db/schema/device';
import { challengeText, type RelyingParty } from './device.service';

/** "Last used" on the device list is kept to this grain: a passkey row is not rewritten at every check-in. */
export const LAST_USED_GRAIN_MS = 10 * 60_000;

interface CredentialRow {
  id: number;
  public_key: string;
  counter: number;
  status: string;
  last_used_at: string | Date | null;
  rp_id: string | null;
}

/**
 * Takes her nonce (single use, unexpired, issued for check-ins) and reads the passkey that signed, in one
 * statement. The update in the WITH runs to completion whatever the select finds, so a nonce sent with an
 * unknown passkey is spent too. No row: the nonce was not hers to use, or the passkey is not hers.
 */
async function takeNonceAndCredential(
  tx: Tx,
  nrp: string,
  nonce: string,
  credentialId: string,
  now: Date,
): Promise<CredentialRow | null> {
  const at = now.toISOString();
  const res = (await tx.execute(sql`
    with taken as (
      update ${deviceChallenge} set used_at = ${at}::timestamptz
      where nonce = ${nonce} and nrp = ${nrp} and kind = 'check-in' and used_at is null
        and expires_at > ${at}::timestamptz
      returning nonce)
    select c.id, c.public_key, c.counter, c.status, c.last_used_at, c.rp_id
    from ${deviceCredential} c
    where c.credential_id = ${credentialId} and c.nrp = ${nrp} and exists (select 1 from taken)
    limit 1`)) as unknown as { rows: CredentialRow[] };
  return res.rows[0] ?? null;
}

export interface SignatureCheck {
  verified: Verified;
  flags: DeviceFlag[];
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const digestOf = (payload: SignedPayload) =>
  createHash('sha256').update(canonicalPayload(payload), 'utf8').digest('base64url');

const invalid: SignatureCheck = { verified: 'none', flags: ['signature_invalid'] };

/**
 * Checks the assertion sent with a check-in against what the server records (`payload`). Runs inside the
 * check-in's transaction: the nonce it takes is given back if the check-in is rolled back.
 */
export async function checkSignature(
  tx: Tx,
  ctx: { rp: RelyingParty; now: Date; policy: DevicePolicy },
  payload: SignedPayload,
  assertionText: string | undefined,
): Promise<SignatureCheck> {
  const { policy } = ctx;
  if (policy === 'nonaktif') return { verified: 'none', flags: [] };
  if (!assertionText) return { verified: 'none', flags: policy === 'wajib' ? ['no_device_signature'] : [] };
  if (assertionText.length > ASSERTION_MAX_CHARS) return invalid;
  let assertion: AuthenticationResponseJSON;
  try {
    const parsed = v.safeParse(AssertionSchema, JSON.parse(assertionText));
    if (!parsed.success) return invalid;
    assertion = parsed.output as unknown as AuthenticationResponseJSON;
  } catch {
    return invalid;
  }
  const challenge = challengeText(assertion.response.clientDataJSON);
  const parts = challenge ? splitChallenge(challenge) : null;
  if (!challenge || !parts) return invalid;
  const cred = await takeNonceAndCredential(tx, payload.nrp, parts.nonce, assertion.id, ctx.now);
  // Signed over something else than what she records now: changed after signing.
  if (parts.digest !== digestOf(payload)) return invalid;
  if (!cred) return invalid;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: isoBase64URL.fromUTF8String(challenge),
      expectedOrigin: ctx.rp.origin,
      // The RP ID the passkey was made for (configuration at its enrolment); older rows: today's.
      expectedRPID: cred.rp_id ?? ctx.rp.id,
      credential: { id: assertion.id, publicKey: isoBase64URL.toBuffer(cred.public_key), counter: cred.counter },
      requireUserVerification: true,
    });
    if (!result.verified) return invalid;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return invalid;
  }
  const lastUsed = cred.last_used_at === null ? 0 : new Date(cred.last_used_at).getTime();
  if (newCounter !== cred.counter || ctx.now.getTime() - lastUsed >= LAST_USED_GRAIN_MS) {
    await tx
      .update(deviceCredential)
      .set({ counter: newCounter, last_used_at: ctx.now })
      .where(eq(deviceCredential.id, cred.id));
  }
  if (cred.status === 'revoked') return { verified: 'none', flags: ['device_revoked'] };
  if (cred.status === 'pending') return { verified: 'none', flags: ['new_device'] };
  return { verified: 'passkey', flags: [] };
}
