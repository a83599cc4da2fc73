/**
 * What the server finds in a check-in's signature (docs/decisions/032-device-verified-check-ins.md). Never
 * a refusal: the check-in is stored whatever this answers, with `verified` on its side and the flags on
 * the record. The nonce is taken (single use) before anything else is looked at, so an assertion that
 * fails for another reason cannot be tried again with the same nonce.
 */
import { createHash } from 'node:crypto';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
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
import type { Db } from '../../db/client';
import { deviceCredential } from '../../db/schema/device';
import { karyawan } from '../../db/schema/karyawan';
import { perusahaan } from '../../db/schema/master';
import type { Tx } from '../../middleware/idempotency';
import { challengeText, takeNonce, type RelyingParty } from './device.service';

export interface SignatureCheck {
  verified: Verified;
  flags: DeviceFlag[];
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const digestOf = (payload: SignedPayload) =>
  createHash('sha256').update(canonicalPayload(payload), 'utf8').digest('base64url');

async function policyOf(tx: Db | Tx, nrp: string): Promise<DevicePolicy> {
  const [row] = await tx
    .select({ policy: perusahaan.device_policy })
    .from(karyawan)
    .innerJoin(perusahaan, eq(perusahaan.kode_prsh, karyawan.kode_prsh))
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return (row?.policy as DevicePolicy | undefined) ?? 'wajib';
}

const invalid: SignatureCheck = { verified: 'none', flags: ['signature_invalid'] };

/**
 * Checks the assertion sent with a check-in against what the server records (`payload`). Runs inside the
 * check-in's transaction: the nonce it takes is given back if the check-in is rolled back.
 */
export async function checkSignature(
  tx: Tx,
  ctx: { rp: RelyingParty; now: Date },
  payload: SignedPayload,
  assertionText: string | undefined,
): Promise<SignatureCheck> {
  const policy = await policyOf(tx, payload.nrp);
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
  if (!(await takeNonce(tx, payload.nrp, parts.nonce, 'check-in', ctx.now))) return invalid;
  // Signed over something else than what she records now: changed after signing.
  if (parts.digest !== digestOf(payload)) return invalid;
  const [cred] = await tx
    .select({
      id: deviceCredential.id,
      public_key: deviceCredential.public_key,
      counter: deviceCredential.counter,
      status: deviceCredential.status,
    })
    .from(deviceCredential)
    .where(and(eq(deviceCredential.credential_id, assertion.id), eq(deviceCredential.nrp, payload.nrp)))
    .limit(1);
  if (!cred) return invalid;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: isoBase64URL.fromUTF8String(challenge),
      expectedOrigin: ctx.rp.origin,
      expectedRPID: ctx.rp.id,
      credential: { id: assertion.id, publicKey: isoBase64URL.toBuffer(cred.public_key), counter: cred.counter },
      requireUserVerification: true,
    });
    if (!result.verified) return invalid;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return invalid;
  }
  await tx
    .update(deviceCredential)
    .set({ counter: newCounter, last_used_at: ctx.now })
    .where(eq(deviceCredential.id, cred.id));
  if (cred.status === 'revoked') return { verified: 'none', flags: ['device_revoked'] };
  if (cred.status === 'pending') return { verified: 'none', flags: ['new_device'] };
  return { verified: 'passkey', flags: [] };
}
