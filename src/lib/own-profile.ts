/**
 * The own profile (/profile): the signed-in employee's record, persisted so the screen opens offline
 * (docs/guide.md §4 "own profile"); always asked again when there is a network. In src/lib because more than
 * one feature reads it: the profile screens, and the field screens for the employee's time zone.
 */
import { queryOptions } from '@tanstack/react-query';
import { profileContracts } from '../domain/karyawan/profile-contracts';
import { call } from './call';

export const profileKeys = {
  all: ['profile'] as const,
  me: (userid: string) => ['profile', userid, 'me'] as const,
};

export const ownProfileQuery = (userid: string) =>
  queryOptions({
    queryKey: profileKeys.me(userid),
    queryFn: ({ signal }) => call(profileContracts.me, { signal }).then((a) => a.result),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });
