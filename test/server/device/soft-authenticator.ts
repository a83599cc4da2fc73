/**
 * A platform authenticator in software for the API tests (decision 032): an ES256 key pair that answers
 * registrations ("none" attestation) and assertions with user presence and verification, as a phone's
 * passkey would. The browser journeys use Chromium's own virtual authenticator instead.
 */
import { createECDH, createHash, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (b: Uint8Array | Buffer | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

/** The smallest CBOR encoder the attestation object and a COSE key need. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    throw new Error('cbor: too long');
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error('cbor: unsupported value');
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost',
    /** Synced platform passkeys (Google Password Manager, iCloud Keychain) report a counter of 0 forever. */
    readonly counts = true,
  ) {
    // The pair from ECDH and imported as a JWK, not from generateKeyPairSync: node 20 can deadlock when a
    // garbage collection frees an earlier key-generation job while a key is exported (seen making the
    // morning-rush bench's 24,000 passkeys: the main thread waits forever on the key's mutex).
    const ecdh = createECDH('prime256v1');
    const point = ecdh.generateKeys(); // 0x04 ‖ x ‖ y
    this.publicJwk = { x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) };
    this.privateKey = createPrivateKey({
      // The scalar as 32 bytes (OpenSSL drops leading zero bytes).
      key: {
        kty: 'EC',
        crv: 'P-256',
        ...this.publicJwk,
        d: b64url(Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex')),
      },
      format: 'jwk',
    });
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The passkey's public key as COSE (what the server keeps after an enrollment, base64url in the row). */
  cosePublicKey(): Buffer {
    return cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
  }

  /** The RegistrationResponseJSON for options.challenge (base64url, as the server sent it). */
  register(challenge: string) {
    const cose = this.cosePublicKey();
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(UP | UV | AT, attested)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge,
      origin: this.origin,
      crossOrigin: false,
    });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The AuthenticationResponseJSON over `challengeText` (the text the phone builds, not yet encoded). */
  assert(challengeText: string, opts: { userVerified?: boolean } = {}) {
    if (this.counts) this.counter += 1;
    const authenticatorData = this.authData(UP | (opts.userVerified === false ? 0 : UV));
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: b64url(challengeText),
      origin: this.origin,
      crossOrigin: false,
    });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
