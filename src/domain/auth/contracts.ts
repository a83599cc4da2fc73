/**
 * /auth (spec part 1 §2, §8): the login, the signed-in user and passwords, one contract per endpoint
 * (src/domain/contract.ts). The login's contract lives in auth.ts with its shapes, so the login screen
 * (the phone's first paint) loads nothing else of the area; it is listed here with the others.
 *
 * The login and the own password change are public and are sent without the session's token when
 * there is none to bind (the login screen, the forced change), which call() does not do: the client
 * sends them with `api(pathOf(contract), { answer: contract.answer, auth: false })`.
 */
import { MessageSchema } from '../api';
import { contract } from '../contract';
import { LoginDetailAnswerSchema, loginContract, PasswordChangedAnswerSchema } from './auth';
import { AdminPasswordChangeSchema, PasswordChangeSchema } from './password-policy';

const tag = 'Auth';

export const authContracts = {
  login: loginContract,
  detail: contract({
    method: 'GET',
    path: '/auth/login/detail',
    tag,
    summary: 'The signed-in user with the permissions of their current role',
    access: { session: true },
    answer: LoginDetailAnswerSchema,
  }),
  changeOwn: contract({
    method: 'POST',
    path: '/auth/login/pass/change',
    tag,
    summary: 'Change the own password',
    description:
      'Works without a session (the forced change from the login dialog: the old password is the proof); ' +
      'when a session is sent, the username must be its own. Answers a fresh token. A wrong old password ' +
      'counts as a failed login (per username and per client address: 403 `locked`, 429 `too_many_attempts`).',
    access: { public: true },
    body: PasswordChangeSchema,
    answer: PasswordChangedAnswerSchema,
    errors: [401, 403, 413, 429],
  }),
  adminChange: contract({
    method: 'POST',
    path: '/auth/login/admin/pass/change',
    tag,
    summary: "Set another user's password",
    access: { any: ['user.update', 'karyawan.resetpassword'] },
    body: AdminPasswordChangeSchema,
    answer: MessageSchema,
    errors: [404, 413],
  }),
};
