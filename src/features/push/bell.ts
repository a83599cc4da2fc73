/**
 * The header's bell: her notifications as the phone keeps them (persisted, so the list and the count read
 * offline) and the unread count. Its fetch and answer schema (a few hundred bytes) ride in the first
 * bundle: a chunk of their own cost the phone's first load an extra request.
 */
import { useQuery } from '@tanstack/react-query';
import { notifikasiContracts, type NotifikasiListAnswer } from '../../domain/push/notifikasi-list';
import { call } from '../../lib/call';
import { BELL_CACHE, pushKeys } from './keys';

export const bellQueryOptions = (userid: string) => ({
  queryKey: pushKeys.bell(userid),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(notifikasiContracts.list, { signal }),
  ...BELL_CACHE,
  // Without push (not allowed, or a browser without it) the bell still catches up: on return to the app,
  // and every 2 minutes while the app is on screen (not in the background).
  refetchOnWindowFocus: true,
  refetchInterval: 120_000,
});

export function useBell(userid: string) {
  return useQuery<NotifikasiListAnswer>(bellQueryOptions(userid));
}
