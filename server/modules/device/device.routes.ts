/**
 * Device-verified check-ins (docs/decisions/032-device-verified-check-ins.md), mounted at /api: the
 * caller's own enrollment and challenges under /device, an employee's devices under
 * /karyawan/{nrp}/devices.
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  ChallengeBatchAnswerSchema,
  DEVICE_MESSAGES,
  DeviceAnswerSchema,
  DeviceListAnswerSchema,
  DeviceOwnerParamSchema,
  DeviceParamSchema,
  RegisterOptionsAnswerSchema,
  RegisterOptionsBodySchema,
  RegisterVerifyBodySchema,
} from '../../../src/domain/device/device';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import {
  approveDevice,
  issueChallenges,
  listDevices,
  registrationOptions,
  revokeDevice,
  verifyRegistration,
  type RelyingParty,
} from './device.service';

const tag = 'Perangkat';

/** RP_ID / RP_ORIGIN behind a proxy; otherwise the host and origin this request came to. */
export function relyingParty(c: Context<AppEnv>): RelyingParty {
  const deps = c.get('deps');
  const url = new URL(c.req.url);
  return { id: deps.rpId ?? url.hostname, origin: deps.rpOrigin ?? url.origin };
}

const MANAGE_NOTE =
  'The employee herself, her team leader, or a user with karyawan.update (karyawan.read to list) inside ' +
  'the trustee scope; she may revoke her own device but not approve it.';

export const deviceRoutes = new Hono<AppEnv>()
  .get(
    '/device/challenges',
    route({
      tag,
      summary: 'A batch of single-use challenges for signing check-ins offline',
      description:
        'Issues 30 nonces valid 14 days to the caller (an employee account). The phone keeps them and ' +
        'signs each check-in over `<nonce>.<base64url(sha256(canonical payload))>`.',
      access: { session: true, note: 'Own employee account only.' },
      responses: { 200: ChallengeBatchAnswerSchema },
      errors: [403],
    }),
    async (c) => {
      const actor = c.get('actor');
      const nrp = ownNrp(actor, DEVICE_MESSAGES.notLinked);
      const deps = c.get('deps');
      return c.json(await issueChallenges(deps.db, actor, nrp, relyingParty(c), deps.now()));
    },
  )
  .post(
    '/device/register/options',
    route({
      tag,
      summary: 'Registration options for a platform passkey on this phone',
      description:
        'Options for @simplewebauthn/browser startRegistration: a platform authenticator, user verification ' +
        'required, resident key preferred. The challenge is valid 5 minutes.',
      access: { session: true, note: 'Own employee account only.' },
      responses: { 200: RegisterOptionsAnswerSchema },
      errors: [403],
    }),
    validate('json', RegisterOptionsBodySchema),
    async (c) => {
      const actor = c.get('actor');
      const nrp = ownNrp(actor, DEVICE_MESSAGES.notLinked);
      const deps = c.get('deps');
      return c.json(await registrationOptions(deps.db, actor, nrp, relyingParty(c), deps.now()));
    },
  )
  .post(
    '/device/register/verify',
    route({
      tag,
      summary: 'Verify a registration and keep the passkey',
      description:
        'Keeps the public key and the device name, nothing biometric. Her first device is active at once; ' +
        'another one is pending (its check-ins flagged new_device) until approved.',
      access: { session: true, note: 'Own employee account only.' },
      responses: { 201: DeviceAnswerSchema },
      errors: [403, 409],
    }),
    validate('json', RegisterVerifyBodySchema),
    async (c) => {
      const actor = c.get('actor');
      const nrp = ownNrp(actor, DEVICE_MESSAGES.notLinked);
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const answer = await verifyRegistration(
        deps.db,
        actor,
        nrp,
        relyingParty(c),
        { device_name: body.device_name, response: body.response as unknown as RegistrationResponseJSON },
        deps.now(),
      );
      return c.json(answer, 201);
    },
  )
  .get(
    '/karyawan/:nrp/devices',
    route({
      tag,
      summary: "An employee's enrolled devices",
      access: { session: true, note: MANAGE_NOTE },
      responses: { 200: DeviceListAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', DeviceOwnerParamSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json({ result: await listDevices(deps.db, c.get('actor'), c.req.valid('param').nrp) });
    },
  )
  .post(
    '/karyawan/:nrp/devices/:id/approve',
    route({
      tag,
      summary: 'Approve a pending device',
      description: 'At most 2 active devices per employee (409 beyond).',
      access: { session: true, note: MANAGE_NOTE },
      responses: { 200: DeviceAnswerSchema },
      errors: [403, 404, 409],
    }),
    validate('param', DeviceParamSchema),
    async (c) => {
      const deps = c.get('deps');
      const { nrp, id } = c.req.valid('param');
      return c.json(await approveDevice(deps.db, c.get('actor'), nrp, id, deps.now()));
    },
  )
  .delete(
    '/karyawan/:nrp/devices/:id',
    route({
      tag,
      summary: 'Revoke a device',
      description: 'Its later check-ins are stored and flagged device_revoked. A revoked device stays listed.',
      access: { session: true, note: MANAGE_NOTE },
      responses: { 200: DeviceAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', DeviceParamSchema),
    async (c) => {
      const deps = c.get('deps');
      const { nrp, id } = c.req.valid('param');
      return c.json(await revokeDevice(deps.db, c.get('actor'), nrp, id, deps.now()));
    },
  );
