import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/http';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60 * 1000,
      // A 4xx will not change by asking again; network errors and 5xx get two more tries.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export const PERSIST_KEY = 'hadir.query-cache';

/**
 * Only queries marked `meta: { persist: true }` (what a field employee needs offline) are written to
 * storage. Admin answers are never persisted, so an offline admin screen cannot pass stale data as live.
 */
export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: PERSIST_KEY,
  throttleTime: 1000,
});

export const persistOptions = {
  persister,
  maxAge: 30 * 24 * 60 * 60 * 1000,
  buster: 'v1',
  dehydrateOptions: {
    shouldDehydrateQuery: (q: { meta?: Record<string, unknown>; state: { status: string } }) =>
      q.meta?.persist === true && q.state.status === 'success',
  },
};

/** Logout and session expiry: forget cached answers (the outbox lives elsewhere and is kept). */
export function clearQueryCache() {
  queryClient.clear();
  try {
    localStorage.removeItem(PERSIST_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}
