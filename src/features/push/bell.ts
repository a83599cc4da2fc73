/**
 * The header's bell: her notifications as the phone keeps them (persisted, so the list and the count read
 * offline) and the unread count. Free of schemas and calls (first bundle): the fetch loads on first use.
 */
import { useQuery } from '@tanstack/react-query';
import type { NotifikasiListAnswer } from '../../domain/push/notifikasi-list';
import { BELL_CACHE, pushKeys } from './keys';

export const bellQueryOptions = (userid: string) => ({
  queryKey: pushKeys.bell(userid),
  queryFn: ({ signal }: { signal: AbortSignal }) => import('./api').then((m) => m.fetchNotifikasi(signal)),
  ...BELL_CACHE,
});

export function useBell(userid: string) {
  return useQuery<NotifikasiListAnswer>(bellQueryOptions(userid));
}
