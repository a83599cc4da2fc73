/**
 * /api/profile/me: the signed-in employee's own record for /profile (spec part 1 §2 "Own profile").
 * No karyawan.read is needed and the trustee scope does not apply: it answers only the account's own
 * NRP. It is the employee detail's answer in its own-profile variant: the contract history is the
 * employee's own and always shown; salary only with karyawan.gaji.read, as on the detail.
 */
import { Hono } from 'hono';
import { REQUEST_MESSAGES } from '../../../src/domain/request';
import type { AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { getKaryawan } from '../karyawan/karyawan-read.service';

export const profileRoutes = new Hono<AppEnv>().get('/me', async (c) => {
  const actor = c.get('actor');
  if (!actor.nrp) throw notFound(REQUEST_MESSAGES.notLinked);
  const own = {
    ...actor,
    trustee: null,
    permissions: actor.permissions.includes('karyawan.kontrak.read')
      ? actor.permissions
      : [...actor.permissions, 'karyawan.kontrak.read' as const],
  };
  c.header('Cache-Control', 'private, no-store');
  return c.json({ result: await getKaryawan(c.get('deps').db, own, actor.nrp) });
});
