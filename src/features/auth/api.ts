import { queryOptions } from '@tanstack/react-query';
import { MessageSchema } from '../../domain/api';
import { LoginDetailAnswerSchema, PasswordChangedAnswerSchema } from '../../domain/auth/auth';
import type { AdminPasswordChangeInput, PasswordChangeInput } from '../../domain/auth/password-policy';
import { api } from '../../lib/http';

export const authKeys = {
  all: ['auth'] as const,
  detail: (userid: string) => ['auth', 'detail', userid] as const,
};

/** The current user as the server sees it now; persisted so a cold start offline still knows who is in. */
export const loginDetailQuery = (userid: string) =>
  queryOptions({
    queryKey: authKeys.detail(userid),
    queryFn: ({ signal }) =>
      api('/auth/login/detail', { answer: LoginDetailAnswerSchema, signal }).then((r) => r.result),
    meta: { persist: true },
    staleTime: 0,
  });

/** Own change; with `auth: false` it is the forced change from the login dialog (no session yet). */
export const changePassword = (body: PasswordChangeInput, withSession: boolean) =>
  api('/auth/login/pass/change', { answer: PasswordChangedAnswerSchema, method: 'POST', body, auth: withSession });

export const adminChangePassword = (body: AdminPasswordChangeInput) =>
  api('/auth/login/admin/pass/change', { answer: MessageSchema, method: 'POST', body });
