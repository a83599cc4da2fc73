/**
 * Device-verified check-ins (docs/decisions/032-device-verified-check-ins.md): a WebAuthn passkey on the
 * employee's own phone signs every check-in and check-out, offline too, over a challenge issued to her
 * before the signal went: `<nonce>.<base64url(sha256(canonical payload))>`. The phone and the server build
 * the payload with the same function here, so a check-in changed after signing does not verify.
 */
import * as v from 'valibot';
import { resultAnswer } from '../api';
import { code, idString, text } from '../primitives';

/** Single-use challenges a phone holds for offline check-ins, and how long each stays valid. */
export const CHALLENGE_BATCH = 30;
export const CHALLENGE_TTL_DAYS = 14;
/** Active (approved) devices an employee may have at once. */
export const MAX_ACTIVE_DEVICES = 2;
/** Devices of one employee waiting for approval at once: a stolen password cannot pile up passkeys. */
export const MAX_PENDING_DEVICES = 3;

/** How an attendance record or a visit line was signed: by an enrolled passkey, or not at all. */
export const VERIFIED = ['passkey', 'none'] as const;
export type Verified = (typeof VERIFIED)[number];

export const DEVICE_FLAGS = ['no_device_signature', 'signature_invalid', 'new_device', 'device_revoked'] as const;
export type DeviceFlag = (typeof DEVICE_FLAGS)[number];
export const DEVICE_FLAG_LABEL: Record<DeviceFlag, string> = {
  no_device_signature: 'Tanpa verifikasi perangkat',
  signature_invalid: 'Tanda tangan tidak cocok',
  new_device: 'Perangkat baru (belum disetujui)',
  device_revoked: 'Perangkat dicabut',
};
export const VERIFIED_LABEL = 'Terverifikasi perangkat';

/** Per company (perusahaan): wajib flags an unsigned check-in; dicatat records it unflagged; nonaktif ignores. */
export const DEVICE_POLICIES = ['wajib', 'dicatat', 'nonaktif'] as const;
export type DevicePolicy = (typeof DEVICE_POLICIES)[number];
/** The Perusahaan master screen's choice, each with what it does to a check-in without a passkey. */
export const DEVICE_POLICY_LABEL: Record<DevicePolicy, string> = {
  wajib: 'Wajib — tanpa tanda tangan ditandai',
  dicatat: 'Dicatat — tidak ditandai',
  nonaktif: 'Nonaktif',
};

export const DEVICE_STATUSES = ['active', 'pending', 'revoked'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABEL: Record<DeviceStatus, string> = {
  active: 'Aktif',
  pending: 'Menunggu persetujuan',
  revoked: 'Dicabut',
};

export const DEVICE_MESSAGES = {
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  registerFailed: 'Pendaftaran perangkat gagal diverifikasi. Coba lagi.',
  challengeExpired: 'Waktu pendaftaran habis. Tekan Daftarkan Perangkat Ini lagi.',
  alreadyEnrolled: 'Perangkat ini sudah terdaftar',
  enrolled: 'Perangkat berhasil didaftarkan',
  enrolledPending: 'Perangkat didaftarkan dan menunggu persetujuan team leader atau HR',
  deviceNotFound: 'Perangkat tidak ditemukan',
  approved: 'Perangkat disetujui',
  revoked: 'Perangkat dicabut',
  tooMany: (max: number) => `Sudah ada ${max} perangkat aktif. Cabut salah satu sebelum menyetujui perangkat ini.`,
  notPending: 'Perangkat ini tidak menunggu persetujuan',
  tooManyPending: (max: number) =>
    `Sudah ada ${max} perangkat menunggu persetujuan. Minta atasan Anda menyetujui atau menolaknya dahulu.`,
  deviceName: 'Nama perangkat maksimal 100 karakter',
  badResponse: 'Data pendaftaran perangkat tidak valid',
  policy: 'Kebijakan verifikasi harus wajib, dicatat atau nonaktif',
} as const;

/** Screen texts of the enrollment card (issue 27 item 1: the button's words verbatim). */
export const DEVICE_TEXTS = {
  cardTitle: 'Verifikasi Perangkat',
  enroll: 'Daftarkan Perangkat Ini',
  consent:
    'Yang disimpan hanya kunci publik dan nama perangkat ini, tidak ada data biometrik; sidik jari, wajah atau PIN tetap di ponsel Anda.',
  needsOnline: 'Pendaftaran perangkat perlu koneksi internet.',
  tab: 'Perangkat',
  loading: 'Memuat perangkat…',
  noDevices: 'Belum ada perangkat terdaftar.',
  enrolledAt: 'Didaftarkan',
  lastUsed: 'Terakhir dipakai',
  approve: 'Setujui',
  revoke: 'Cabut',
  revokeTitle: 'Cabut Perangkat',
  revokeText: (name: string) =>
    `Check in dari ${name} akan tetap tersimpan, tetapi ditandai "Perangkat dicabut". Lanjutkan?`,
  pendingTitle: 'Perangkat Menunggu Persetujuan',
  pendingHint:
    'Check in dari perangkat ini ditandai "Perangkat baru" sampai disetujui. Setujui hanya bila karyawan sendiri yang mendaftarkannya; bila tidak, cabut.',
  noScreenLock:
    'Ponsel ini belum memakai kunci layar. Aktifkan PIN, pola, sidik jari atau wajah agar check in dapat diverifikasi; check in tetap bisa dilakukan.',
} as const;

// ---------------------------------------------------------------- the signed payload

export type SignedAction = 'absensi.check-in' | 'absensi.check-out' | 'kunjungan.check-in' | 'kunjungan.check-out';

/** What a check-in says, as the server records it; numbers and absent values written one way on both sides. */
export interface SignedPayload {
  nrp: string;
  action: SignedAction;
  /** The day check-in/out: the phone's tanggal and jam; a visit: its line id. */
  tanggal?: string;
  jam?: string;
  line_id?: number;
  captured_at: string;
  lat?: number | null;
  long?: number | null;
  accuracy?: number | null;
  /** sha256 of the photo bytes sent, lowercase hex. */
  photo_sha256: string;
}

const num = (x: number | null | undefined) => (x === undefined || x === null || Number.isNaN(x) ? null : Number(x));

/** The payload as one string, keys in a fixed order: the same bytes on the phone and on the server. */
export function canonicalPayload(p: SignedPayload): string {
  return JSON.stringify([
    'hadir-checkin-v1',
    p.nrp,
    p.action,
    p.tanggal ?? null,
    p.jam ?? null,
    p.line_id ?? null,
    p.captured_at,
    num(p.lat),
    num(p.long),
    num(p.accuracy),
    p.photo_sha256.toLowerCase(),
  ]);
}

/** The WebAuthn challenge of a check-in: the nonce issued to her and the digest of what she records. */
export const signedChallenge = (nonce: string, payloadDigestB64url: string) => `${nonce}.${payloadDigestB64url}`;

export function splitChallenge(challenge: string): { nonce: string; digest: string } | null {
  const m = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(challenge);
  return m ? { nonce: m[1]!, digest: m[2]! } : null;
}

// ---------------------------------------------------------------- schemas

export const ChallengeSchema = v.object({ nonce: v.string(), expires_at: v.string() });
/** GET /api/device/challenges: a fresh batch for this phone, and the RP ID its passkeys belong to. */
export const ChallengeBatchAnswerSchema = v.object({
  rp_id: v.string(),
  challenges: v.array(ChallengeSchema),
  /** Every passkey the server knows of hers (credential ids): a phone whose own is not among them forgets it. */
  credential_ids: v.array(v.string()),
});
export type ChallengeBatchAnswer = v.InferOutput<typeof ChallengeBatchAnswerSchema>;

/** POST /api/device/register/options: the options @simplewebauthn/browser's startRegistration takes. */
export const RegisterOptionsBodySchema = v.object({
  device_name: v.optional(text(100, { tooLong: DEVICE_MESSAGES.deviceName }), ''),
});
export const RegisterOptionsAnswerSchema = v.object({
  options: v.record(v.string(), v.unknown()),
});

/** POST /api/device/register/verify: the browser's RegistrationResponseJSON, as it produced it. */
export const RegisterVerifyBodySchema = v.object({
  device_name: v.optional(text(100, { tooLong: DEVICE_MESSAGES.deviceName }), ''),
  response: v.looseObject(
    {
      id: v.pipe(
        v.string(DEVICE_MESSAGES.badResponse),
        v.regex(/^[A-Za-z0-9_-]{1,1024}$/, DEVICE_MESSAGES.badResponse),
      ),
      rawId: v.string(DEVICE_MESSAGES.badResponse),
      type: v.literal('public-key', DEVICE_MESSAGES.badResponse),
      response: v.looseObject({
        clientDataJSON: v.string(DEVICE_MESSAGES.badResponse),
        attestationObject: v.string(DEVICE_MESSAGES.badResponse),
      }),
    },
    DEVICE_MESSAGES.badResponse,
  ),
});

export const DeviceRowSchema = v.object({
  id: v.number(),
  nrp: v.string(),
  device_name: v.string(),
  status: v.picklist(DEVICE_STATUSES),
  enrolled_at: v.string(),
  last_used_at: v.nullable(v.string()),
  approved_by: v.nullable(v.string()),
  revoked_by: v.nullable(v.string()),
});
export type DeviceRow = v.InferOutput<typeof DeviceRowSchema>;
export const DeviceListAnswerSchema = resultAnswer(v.array(DeviceRowSchema));
/** A device waiting for the caller's approval, with whose it is. */
export const PendingDeviceRowSchema = v.object({ ...DeviceRowSchema.entries, nama: v.string() });
export type PendingDeviceRow = v.InferOutput<typeof PendingDeviceRowSchema>;
export const PendingDeviceListAnswerSchema = resultAnswer(v.array(PendingDeviceRowSchema));
export const DeviceAnswerSchema = v.object({ message: v.string(), result: DeviceRowSchema });

/** The assertion field of a check-in form: the browser's AuthenticationResponseJSON, as JSON text. */
export const ASSERTION_MAX_CHARS = 8_192;
export const AssertionSchema = v.looseObject({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,1024}$/)),
  rawId: v.string(),
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: v.string(),
    authenticatorData: v.string(),
    signature: v.string(),
  }),
});
export type Assertion = v.InferOutput<typeof AssertionSchema>;

/** The NRP pattern of absensi.ts, repeated here: absensi.ts takes the assertion field from this module. */
const nrpParam = code(/^[A-Za-z0-9._-]{1,12}$/, 'NRP tidak valid');
export const DeviceOwnerParamSchema = v.object({ nrp: nrpParam });
export const DeviceParamSchema = v.object({ nrp: nrpParam, id: idString() });

/**
 * What a form's `assertion` part that is not text (a file part) is read as: no JSON, so it is checked and
 * flagged `signature_invalid` like any other bad assertion.
 */
export const ASSERTION_NOT_TEXT = '<not text>';

/**
 * The optional `assertion` form field (JSON text): anything is taken, and a bad one is flagged, never
 * refused; a part that is not text included (the check-in is kept, decision 032).
 */
export const assertionField = v.optional(
  v.union([
    v.string(),
    v.pipe(
      v.custom<unknown>((x) => x !== undefined && x !== null),
      v.transform((): string => ASSERTION_NOT_TEXT),
    ),
  ]),
);
