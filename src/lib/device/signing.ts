/**
 * Signing a check-in with this phone's passkey, offline too (docs/decisions/032-device-verified-check-ins.md):
 * a challenge issued to her before the signal went is taken from IndexedDB, the check-in's payload is
 * hashed, and the phone's own unlock prompt signs `<nonce>.<digest>`. Nothing here stops a check-in: no
 * passkey, no challenge left, a cancelled prompt all answer undefined, and the check-in goes unsigned (the
 * server flags it). @simplewebauthn/browser loads with the first signature, never on the first paint.
 */
import { canonicalPayload, signedChallenge, type ChallengeBatchAnswer, type SignedPayload } from '../../domain/device/device';
import { offlineDb, type OfflineDb } from '../offline/db';
import { call } from '../call';
import { deviceContracts } from '../../domain/device/contracts';

const b64url = (bytes: ArrayBuffer | Uint8Array) => {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (const b of u8) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export const sha256Hex = async (data: ArrayBuffer | Uint8Array) =>
  hex(await crypto.subtle.digest('SHA-256', data as BufferSource));

/** Replaces the account's stored challenges with the server's open batch (at start and on reconnect). */
export async function storeChallenges(userid: string, batch: ChallengeBatchAnswer, db: OfflineDb = offlineDb()) {
  await db.transaction('rw', db.challenges, db.deviceKeys, async () => {
    await db.challenges.where('userid').equals(userid).delete();
    await db.challenges.bulkPut(
      batch.challenges.map((c) => ({ nonce: c.nonce, userid, expiresAt: Date.parse(c.expires_at) })),
    );
    // The server does not know this phone's passkey (a reset database): forget it, so she can enrol again.
    const key = await db.deviceKeys.get(userid);
    if (key && !batch.credential_ids.includes(key.credentialId)) await db.deviceKeys.delete(userid);
  });
}

/** Accounts whose challenges were refilled since this page started (a reconnect asks again). */
const refilled = new Set<string>();

/**
 * Asks the server for her open challenges when this phone holds a passkey of hers; quiet when offline.
 * Once per start unless `again` (a reconnect, an enrolment): the day screen mounts at every visit.
 */
export async function refillChallenges(userid: string, db: OfflineDb = offlineDb(), again = false): Promise<void> {
  if (refilled.has(userid) && !again) return;
  if (!(await db.deviceKeys.get(userid))) return;
  refilled.add(userid);
  try {
    const batch = await call(deviceContracts.challenges);
    await storeChallenges(userid, batch, db);
  } catch {
    // Offline or a passing error: the next reconnect (or a later visit) asks again.
    refilled.delete(userid);
  }
}

/** Takes one unexpired challenge (single use: it leaves the phone as it is taken). */
async function takeChallenge(userid: string, db: OfflineDb, now: number): Promise<string | null> {
  return db.transaction('rw', db.challenges, async () => {
    const all = await db.challenges.where('userid').equals(userid).toArray();
    const usable = all.filter((c) => c.expiresAt > now).sort((a, b) => a.expiresAt - b.expiresAt);
    const stale = all.filter((c) => c.expiresAt <= now).map((c) => c.nonce);
    if (stale.length) await db.challenges.bulkDelete(stale);
    const pick = usable[0];
    if (!pick) return null;
    await db.challenges.delete(pick.nonce);
    return pick.nonce;
  });
}

/**
 * The assertion over `payload` (without its photo hash, computed here from `photo`), as the JSON text the
 * check-in carries in its `assertion` field; undefined when it cannot be signed.
 */
export async function signCheckIn(
  userid: string,
  payload: Omit<SignedPayload, 'photo_sha256'>,
  photo: Blob,
  db: OfflineDb = offlineDb(),
): Promise<string | undefined> {
  try {
    const key = await db.deviceKeys.get(userid);
    if (!key || typeof window === 'undefined' || !window.PublicKeyCredential) return undefined;
    const nonce = await takeChallenge(userid, db, Date.now());
    if (!nonce) return undefined;
    const photo_sha256 = await sha256Hex(await photo.arrayBuffer());
    const text = canonicalPayload({ ...payload, photo_sha256 });
    const digest = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    const challenge = b64url(new TextEncoder().encode(signedChallenge(nonce, digest)));
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const assertion = await startAuthentication({
      optionsJSON: {
        challenge,
        rpId: key.rpId,
        allowCredentials: [{ id: key.credentialId, type: 'public-key', transports: ['internal'] }],
        userVerification: 'required',
        timeout: 60_000,
      },
    });
    return JSON.stringify(assertion);
  } catch {
    // A cancelled or failed prompt: the check-in is still recorded, unsigned and flagged.
    return undefined;
  }
}
