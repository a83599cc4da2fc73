/**
 * Device-verified check-ins (docs/decisions/032-device-verified-check-ins.md), one contract per
 * endpoint (src/domain/contract.ts): the caller's own enrollment and challenges under /api/device, an
 * employee's devices under /api/karyawan/{nrp}/devices. The check-ins that carry a signature are the
 * absensi and kunjungan areas' endpoints.
 */
import { contract, type Access } from '../contract';
import {
  ChallengeBatchAnswerSchema,
  DeviceAnswerSchema,
  DeviceListAnswerSchema,
  DeviceOwnerParamSchema,
  DeviceParamSchema,
  PendingDeviceListAnswerSchema,
  RegisterOptionsAnswerSchema,
  RegisterOptionsBodySchema,
  RegisterVerifyBodySchema,
} from './device';

const tag = 'Perangkat';
const OWN: Access = { session: true, note: 'Own employee account only.' };
const MANAGE: Access = {
  session: true,
  note:
    'The employee herself, her team leader, or a user with karyawan.update (karyawan.read to list) inside ' +
    'the trustee scope; she may revoke her own device but not approve it.',
};

export const deviceContracts = {
  challenges: contract({
    method: 'GET',
    path: '/api/device/challenges',
    tag,
    summary: 'A batch of single-use challenges for signing check-ins offline',
    description:
      'Issues 30 nonces valid 14 days to the caller (an employee account). The phone keeps them and ' +
      'signs each check-in over `<nonce>.<base64url(sha256(canonical payload))>`.',
    access: OWN,
    answer: ChallengeBatchAnswerSchema,
    errors: [403],
  }),
  registerOptions: contract({
    method: 'POST',
    path: '/api/device/register/options',
    tag,
    summary: 'Registration options for a platform passkey on this phone',
    description:
      'Options for @simplewebauthn/browser startRegistration: a platform authenticator, user verification ' +
      'required, resident key preferred. The challenge is valid 5 minutes. 400 when 3 of her devices are ' +
      'already waiting for approval. The relying party is the configured PUBLIC_URL, never the request Host.',
    access: OWN,
    body: RegisterOptionsBodySchema,
    answer: RegisterOptionsAnswerSchema,
    errors: [403],
  }),
  registerVerify: contract({
    method: 'POST',
    path: '/api/device/register/verify',
    tag,
    summary: 'Verify a registration and keep the passkey',
    description:
      'Keeps the public key, the device name and the RP ID it was made for, nothing biometric. Only the ' +
      'first device she ever enrols is active at once; every later one (after a revocation too) is pending ' +
      '(its check-ins flagged new_device) until her team leader or HR approves it; at most 3 pending (400).',
    access: OWN,
    body: RegisterVerifyBodySchema,
    answer: DeviceAnswerSchema,
    status: 201,
    errors: [403, 409],
  }),
  pending: contract({
    method: 'GET',
    path: '/api/device/pending',
    tag,
    summary: 'Devices waiting for the caller to approve them',
    description:
      "A team leader: her team's pending devices; a user with karyawan.update: the pending devices of the " +
      'employees in her trustee scope. Oldest first, at most 200.',
    access: { session: true, note: 'Anyone signed in; the answer holds only what the caller may approve.' },
    answer: PendingDeviceListAnswerSchema,
  }),
  list: contract({
    method: 'GET',
    path: '/api/karyawan/:nrp/devices',
    tag,
    summary: "An employee's enrolled devices",
    access: MANAGE,
    params: DeviceOwnerParamSchema,
    answer: DeviceListAnswerSchema,
    errors: [403, 404],
  }),
  approve: contract({
    method: 'POST',
    path: '/api/karyawan/:nrp/devices/:id/approve',
    tag,
    summary: 'Approve a pending device',
    description: 'At most 2 active devices per employee (409 beyond).',
    access: MANAGE,
    params: DeviceParamSchema,
    answer: DeviceAnswerSchema,
    errors: [403, 404, 409],
  }),
  revoke: contract({
    method: 'DELETE',
    path: '/api/karyawan/:nrp/devices/:id',
    tag,
    summary: 'Revoke a device',
    description: 'Its later check-ins are stored and flagged device_revoked. A revoked device stays listed.',
    access: MANAGE,
    params: DeviceParamSchema,
    answer: DeviceAnswerSchema,
    errors: [403, 404],
  }),
};
