/**
 * /api/profile: the signed-in employee's own record for /profile (spec part 1 §2 "Own profile") and her
 * own Info Gaji. No employee-area permission is needed and the trustee scope does not apply: both answer
 * only the account's own NRP, never one named by the caller. /me is the employee detail's answer in its
 * own-profile variant: the contract history is the employee's own and always shown; the salary record
 * only with karyawan.gaji.read, as on the detail. /gaji/{period} is the detail's Info Gaji of a period
 * (docs/decisions/036: shown online only, never kept on the phone).
 */
import { Hono } from 'hono';
import { KaryawanDetailAnswerSchema } from '../../../src/domain/karyawan/karyawan';
import { GajiPeriodAnswerSchema, OwnGajiParamSchema } from '../../../src/domain/karyawan/karyawan-gaji';
import { REQUEST_MESSAGES } from '../../../src/domain/karyawan/request';
import type { Actor, AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { route, validate } from '../../lib/openapi';
import { gajiPeriode } from './karyawan-gaji.service';
import { getKaryawan } from './karyawan-read.service';

/** The account's own NRP; 404, not the 403 of the other own routes: the own record does not exist (the screen says so). */
function ownNrpOr404(actor: Actor): string {
  if (!actor.nrp) throw notFound(REQUEST_MESSAGES.notLinked);
  return actor.nrp;
}

export const profileRoutes = new Hono<AppEnv>()
  .get(
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
      const nrp = ownNrpOr404(actor);
      const own = {
        ...actor,
        trustee: null,
        permissions: actor.permissions.includes('karyawan.kontrak.read')
          ? actor.permissions
          : [...actor.permissions, 'karyawan.kontrak.read' as const],
      };
      c.header('Cache-Control', 'private, no-store');
      return c.json({ result: await getKaryawan(c.get('deps').db, own, nrp) });
    },
  )
  .get(
    '/gaji/:period',
    route({
      tag: 'Profile',
      summary: "The caller's own salary of a period (/profile, Info Gaji)",
      description:
        "What GET /api/karyawan/{nrp}/gaji/{period} answers, for the account's own NRP only. No period, or no " +
        'attendance in it, answers `result: null` with the empty-state text. An account not linked to an ' +
        'employee answers 404. Not to be cached (Cache-Control: private, no-store).',
      access: { session: true, note: 'Only the own salary; no employee-area permission needed.' },
      responses: { 200: GajiPeriodAnswerSchema },
      errors: [404],
    }),
    validate('param', OwnGajiParamSchema),
    async (c) => {
      const actor = c.get('actor');
      const nrp = ownNrpOr404(actor);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await gajiPeriode(c.get('deps').db, { ...actor, trustee: null }, nrp, c.req.valid('param').period));
    },
  );
