/**
 * /api/profile: the signed-in employee's own record for /profile (spec part 1 §2 "Own profile") and her
 * own Info Gaji, serving their contracts (src/domain/karyawan/profile-contracts.ts). No employee-area
 * permission is needed and the trustee scope does not apply: both answer only the account's own NRP,
 * never one named by the caller. /me is the employee detail's answer in its own-profile variant: the
 * contract history is the employee's own and always shown; the salary record only with
 * karyawan.gaji.read, as on the detail. /gaji/{period} is the detail's Info Gaji of a period
 * (docs/decisions/036: shown online only, never kept on the phone).
 */
import { profileContracts as profile } from '../../../src/domain/karyawan/profile-contracts';
import { REQUEST_MESSAGES } from '../../../src/domain/karyawan/request';
import type { Actor } from '../../lib/context';
import { contractRouter } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { gajiPeriode } from './karyawan-gaji.service';
import { getKaryawan } from './karyawan-read.service';

/** The account's own NRP; 404, not the 403 of the other own routes: the own record does not exist (the screen says so). */
function ownNrpOr404(actor: Actor): string {
  if (!actor.nrp) throw notFound(REQUEST_MESSAGES.notLinked);
  return actor.nrp;
}

export const profileRoutes = contractRouter('/api/profile')
  .on(profile.me, async (c) => {
    const actor = c.get('actor');
    const nrp = ownNrpOr404(actor);
    const own = {
      ...actor,
      trustee: null,
      permissions: actor.permissions.includes('karyawan.kontrak.read')
        ? actor.permissions
        : [...actor.permissions, 'karyawan.kontrak.read' as const],
    };
    c.header('Cache-Control', 'private, no-store');
    return { result: await getKaryawan(c.get('deps').db, own, nrp) };
  })
  .on(profile.gaji, async (c, { params }) => {
    const actor = c.get('actor');
    const nrp = ownNrpOr404(actor);
    c.header('Cache-Control', 'private, no-store');
    return gajiPeriode(c.get('deps').db, { ...actor, trustee: null }, nrp, params.period);
  }).router;
