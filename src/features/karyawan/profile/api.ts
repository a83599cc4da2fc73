/**
 * The own profile (/profile): the signed-in employee's record, persisted so the screen opens offline
 * (GUIDE §4 "own profile"); always asked again when there is a network.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { KaryawanDetailAnswerSchema } from '../../../domain/karyawan';
import { api } from '../../../lib/http';
import { requestKeys } from '../requests/api';

export const profileKeys = {
  all: ['profile'] as const,
  me: (userid: string) => ['profile', userid, 'me'] as const,
};

export const ownProfileQuery = (userid: string) =>
  queryOptions({
    queryKey: profileKeys.me(userid),
    queryFn: ({ signal }) =>
      api('/api/profile/me', { answer: KaryawanDetailAnswerSchema, signal }).then((a) => a.result),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** A request of this account reached the server: its own list and (once approved) its record change. */
export const refreshOwnProfile = (qc: QueryClient, userid: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: requestKeys.own(userid) }),
    qc.invalidateQueries({ queryKey: profileKeys.me(userid) }),
  ]);
