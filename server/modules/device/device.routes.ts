/**
 * Device-verified check-ins (docs/decisions/032-device-verified-check-ins.md), mounted at /api: serves
 * the area's contracts (src/domain/device/contracts.ts), the caller's own enrollment and challenges
 * under /device, an employee's devices under /karyawan/{nrp}/devices.
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { deviceContracts as device } from '../../../src/domain/device/contracts';
import { DEVICE_MESSAGES } from '../../../src/domain/device/device';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { contractRouter } from '../../lib/contract-route';
import {
  approveDevice,
  issueChallenges,
  listDevices,
  listPendingForApprover,
  registrationOptions,
  revokeDevice,
  verifyRegistration,
  type RelyingParty,
} from './device.service';

/** When no address is configured (tests): what app.request's http://localhost means. */
const LOCAL_RP: RelyingParty = { id: 'localhost', origin: 'http://localhost' };

/**
 * The relying party from configuration (PUBLIC_URL, RP_ID, RP_ORIGIN; server/env.ts), never from the
 * request: a forged Host header must not make the server enrol or verify passkeys for another site.
 */
export function relyingParty(c: Context<AppEnv>): RelyingParty {
  return c.get('deps').relyingParty ?? LOCAL_RP;
}

export const deviceRoutes = contractRouter('/api')
  .on(device.challenges, async (c) => {
    const actor = c.get('actor');
    const nrp = ownNrp(actor, DEVICE_MESSAGES.notLinked);
    const deps = c.get('deps');
    return issueChallenges(deps.db, actor, nrp, relyingParty(c), deps.now());
  })
  .on(device.registerOptions, async (c) => {
    const actor = c.get('actor');
    const nrp = ownNrp(actor, DEVICE_MESSAGES.notLinked);
    const deps = c.get('deps');
    return registrationOptions(deps.db, actor, nrp, relyingParty(c), deps.now());
  })
  .on(device.registerVerify, async (c, { body }) => {
    const actor = c.get('actor');
    const nrp = ownNrp(actor, DEVICE_MESSAGES.notLinked);
    const deps = c.get('deps');
    return verifyRegistration(
      deps.db,
      actor,
      nrp,
      relyingParty(c),
      { device_name: body.device_name, response: body.response as unknown as RegistrationResponseJSON },
      deps.now(),
    );
  })
  .on(device.pending, async (c) => ({
    result: await listPendingForApprover(c.get('deps').db, c.get('actor')),
  }))
  .on(device.list, async (c, { params }) => ({
    result: await listDevices(c.get('deps').db, c.get('actor'), params.nrp),
  }))
  .on(device.approve, async (c, { params }) => {
    const deps = c.get('deps');
    return approveDevice(deps.db, c.get('actor'), params.nrp, params.id, deps.now());
  })
  .on(device.revoke, async (c, { params }) => {
    const deps = c.get('deps');
    return revokeDevice(deps.db, c.get('actor'), params.nrp, params.id, deps.now());
  }).router;
