/**
 * /api/profile (spec part 1 §2 "Own profile"), one contract per endpoint (src/domain/contract.ts): the
 * signed-in employee's own record and her own Info Gaji of a period. No employee-area permission is
 * needed and the trustee scope does not apply: both answer only the account's own NRP, never one named
 * by the caller; an account not linked to an employee answers 404. Both are answered with
 * Cache-Control: private, no-store. Apart from ./contracts.ts, so the phone (src/lib/own-profile.ts and
 * the profile screen) loads nothing of the register.
 */
import { contract } from '../contract';
import { KaryawanDetailAnswerSchema } from './karyawan';
import { GajiPeriodAnswerSchema, OwnGajiParamSchema } from './karyawan-gaji';

const tag = 'Profile';

export const profileContracts = {
  me: contract({
    method: 'GET',
    path: '/api/profile/me',
    tag,
    summary: "The caller's own employee record (/profile)",
    description:
      "The employee detail of the account's own NRP: contracts always, salary only with karyawan.gaji.read. " +
      'An account not linked to an employee answers 404.',
    access: { session: true, note: 'Only the own record; no employee-area permission needed.' },
    answer: KaryawanDetailAnswerSchema,
    errors: [404],
  }),
  /** docs/decisions/036: shown online only, never kept on the phone. */
  gaji: contract({
    method: 'GET',
    path: '/api/profile/gaji/:period',
    tag,
    summary: "The caller's own salary of a period (/profile, Info Gaji)",
    description:
      "What GET /api/karyawan/{nrp}/gaji/{period} answers, for the account's own NRP only. No period, or no " +
      'attendance in it, answers `result: null` with the empty-state text. An account not linked to an ' +
      'employee answers 404. Not to be cached (Cache-Control: private, no-store).',
    access: { session: true, note: 'Only the own salary; no employee-area permission needed.' },
    params: OwnGajiParamSchema,
    answer: GajiPeriodAnswerSchema,
    errors: [404],
  }),
};
