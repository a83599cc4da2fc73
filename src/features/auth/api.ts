import { queryOptions } from '@tanstack/react-query';
import { authContracts as auth } from '../../domain/auth/contracts';
import { pathOf } from '../../domain/contract';
import type { AdminPasswordChangeInput, PasswordChangeInput } from '../../domain/auth/password-policy';
import { call } from '../../lib/call';
import { api } from '../../lib/http';

export const authKeys = {
  all: ['auth'] as const,
  detail: (userid: string) => ['auth', 'detail', userid] as const,
};

/** The current user as the server sees it now; persisted so a cold start offline still knows who is in. */
export const loginDetailQuery = (userid: string) =>
  queryOptions({
    queryKey: authKeys.detail(userid),
    queryFn: ({ signal }) => call(auth.detail, { signal }).then((r) => r.result),
    meta: { persist: true },
    staleTime: 0,
  });

/**
 * Own change; with `auth: false` it is the forced change from the login dialog (no session yet). Sent
 * with api(), not call(), because only api() can leave the token out (src/domain/auth/contracts.ts).
 */
export const changePassword = (body: PasswordChangeInput, withSession: boolean) =>
  api(pathOf(auth.changeOwn), {
    answer: auth.changeOwn.answer,
    method: auth.changeOwn.method,
    body,
    auth: withSession,
  });

export const adminChangePassword = (body: AdminPasswordChangeInput) => call(auth.adminChange, { body });
