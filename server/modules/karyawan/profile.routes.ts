/**
 * /api/profile/me: the signed-in employee's own record for /profile (spec part 1 §2 "Own profile").
 * No karyawan.read is needed and the trustee scope does not apply: it answers only the account's own
 * NRP. It is the employee detail's answer in its own-profile variant: the contract history is the
 * employee's own and always shown; salary only with karyawan.gaji.read, as on the detail.
 */
import { Hono } from 'hono';
import { KaryawanDetailAnswerSchema } from '../../../src/domain/karyawan/karyawan';
import { REQUEST_MESSAGES } from '../../../src/domain/karyawan/request';
import type { AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/openapi';
import { getKaryawan } from './karyawan-read.service';

export const profileRoutes = new Hono<AppEnv>().get(
  '/me',
  route({
    tag: 'Profile',
    summary: "The caller's own employee record (/profile)",
    description:
      "The employee detail of the account's own NRP: contracts always, salary only with karyawan.gaji.read. " +
      'An account not linked to an employee answers 404.',
    access: { session: true, note: 'Only the own record; no employee-area permission needed.' },
    responses: { 200: KaryawanDetailAnswerSchema },
    errors: [404],
  }),
  async (c) => {
    const actor = c.get('actor');
    // 404, not the 403 of the other own routes: the own record does not exist (the screen says so).
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
  },
);
