import { queryOptions } from '@tanstack/react-query';
import type { LoginAnswer, LoginDetail } from '../../domain/auth';
import type { AdminPasswordChangeInput, PasswordChangeInput } from '../../domain/password-policy';
import { api } from '../../lib/http';

export const authKeys = {
  all: ['auth'] as const,
  detail: (userid: string) => ['auth', 'detail', userid] as const,
};

/** The current user as the server sees it now; persisted so a cold start offline still knows who is in. */
export const loginDetailQuery = (userid: string) =>
  queryOptions({
    queryKey: authKeys.detail(userid),
    queryFn: ({ signal }) => api<{ result: LoginDetail }>('/auth/login/detail', { signal }).then((r) => r.result),
    meta: { persist: true },
    staleTime: 0,
  });

export const login = (body: { username: string; password: string }) =>
  api<LoginAnswer>('/auth/web/login', { method: 'POST', body, auth: false });

/** Own change; with `auth: false` it is the forced change from the login dialog (no session yet). */
export const changePassword = (body: PasswordChangeInput, withSession: boolean) =>
  api<LoginAnswer & { message: string }>('/auth/login/pass/change', { method: 'POST', body, auth: withSession });

export const adminChangePassword = (body: AdminPasswordChangeInput) =>
  api<{ message: string }>('/auth/login/admin/pass/change', { method: 'POST', body });
