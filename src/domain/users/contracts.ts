/**
 * /api/users (spec part 2 §5 "User"), one contract per endpoint (src/domain/contract.ts): the user
 * accounts' list and detail with their data scope (trustee), the form's writes, and a temporary password.
 */
import { contract } from '../contract';
import { ListQuerySchema } from '../list-query';
import {
  PasswordResetAnswerSchema,
  UserCreateSchema,
  UserDetailAnswerSchema,
  UserIdParamSchema,
  UserListAnswerSchema,
  UserSavedSchema,
  UserUpdateSchema,
} from './users';

const tag = 'Users';

export const userContracts = {
  list: contract({
    method: 'GET',
    path: '/api/users',
    tag,
    summary: 'List user accounts',
    access: { all: ['user.read'] },
    query: ListQuerySchema,
    answer: UserListAnswerSchema,
  }),
  detail: contract({
    method: 'GET',
    path: '/api/users/:id',
    tag,
    summary: 'One user account with its data scope (trustee)',
    access: { all: ['user.read'] },
    params: UserIdParamSchema,
    answer: UserDetailAnswerSchema,
    errors: [404],
  }),
  create: contract({
    method: 'POST',
    path: '/api/users',
    tag,
    summary: 'Create a user account',
    access: { all: ['user.create'] },
    body: UserCreateSchema,
    answer: UserSavedSchema,
    status: 201,
    errors: [409, 413],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/users/:id',
    tag,
    summary: 'Change a user account (a blank password keeps the current one)',
    description: 'An administrator cannot deactivate, demote or re-password their own account here.',
    access: { all: ['user.update'] },
    params: UserIdParamSchema,
    body: UserUpdateSchema,
    answer: UserSavedSchema,
    errors: [404, 409, 413],
  }),
  resetPassword: contract({
    method: 'POST',
    path: '/api/users/:id/reset-password',
    tag,
    summary: 'Issue a temporary password',
    description:
      'Answers a generated password once (Cache-Control: no-store); the user must replace it at the next login. ' +
      'Open sessions of the account end.',
    access: { all: ['user.update'] },
    params: UserIdParamSchema,
    answer: PasswordResetAnswerSchema,
    errors: [404],
  }),
};
