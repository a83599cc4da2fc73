/**
 * The own profile (/profile): the signed-in employee's record, persisted so the screen opens offline
 * (GUIDE §4 "own profile"); always asked again when there is a network.
 */
import { queryOptions } from '@tanstack/react-query';
import type { KaryawanDetail } from '../../../domain/karyawan';
import { api } from '../../../lib/http';

export const profileKeys = {
  all: ['profile'] as const,
  me: (userid: string) => ['profile', userid, 'me'] as const,
};

export const ownProfileQuery = (userid: string) =>
  queryOptions({
    queryKey: profileKeys.me(userid),
    queryFn: ({ signal }) => api<{ result: KaryawanDetail }>('/api/profile/me', { signal }).then((a) => a.result),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });
