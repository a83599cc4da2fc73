import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
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

/**
 * Writes the persisted copy now, past the persister's throttle, in the persister's own format (what
 * persistQueryClientRestore reads back). Called when a field query's answer arrives and on `pagehide`:
 * a signal lost a moment after the day screen painted must not leave the phone without what it showed.
 */
export function saveQueryCacheNow(): void {
  try {
    const clientState = dehydrate(queryClient, persistOptions.dehydrateOptions);
    localStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({ buster: persistOptions.buster, timestamp: Date.now(), clientState }),
    );
  } catch {
    /* storage full or unavailable: the throttled write tries again */
  }
}

let saveQueued = false;
/** One write for the answers that arrive together (the field-data loader fetches several at once). */
function saveSoon() {
  if (saveQueued) return;
  saveQueued = true;
  queueMicrotask(() => {
    saveQueued = false;
    saveQueryCacheNow();
  });
}

function saveFieldAnswersAsTheyArrive() {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.meta?.persist === true) saveSoon();
  });
  if (typeof window !== 'undefined') window.addEventListener('pagehide', saveQueryCacheNow);
}

let restored: Promise<void> | undefined;

/**
 * Brings the persisted answers back into the cache, then writes the cache back on every change. The app
 * awaits it before its first render (src/app/start.tsx), so a field screen's first paint is what the phone
 * knows: rendered during the restore (PersistQueryClientProvider restores after the first commit), it said
 * "not on this phone yet" for a moment, then grew into the real day and pushed the screen down. Once per
 * page; a cache that cannot be read is dropped (the persister removes it) and the app starts empty.
 */
export function restoreQueryCache(): Promise<void> {
  restored ??= persistQueryClientRestore({ ...persistOptions, queryClient })
    .catch(() => undefined)
    .then(() => {
      persistQueryClientSubscribe({ ...persistOptions, queryClient });
      saveFieldAnswersAsTheyArrive();
    });
  return restored;
}

/** Logout and session expiry: forget cached answers (the outbox lives elsewhere and is kept). */
export function clearQueryCache() {
  queryClient.clear();
  try {
    localStorage.removeItem(PERSIST_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}
