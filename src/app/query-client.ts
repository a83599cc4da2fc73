import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
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
/** When the field-data loader last completed the phone's copy, for which account (src/app/field-data.ts). */
export const FIELD_DATA_KEY = 'hadir.field-data';

/**
 * Only queries marked `meta: { persist: true }` (what a field employee needs offline) are written to
 * storage. Admin answers are never persisted, so an offline admin screen cannot pass stale data as live.
 * The persister reads the copy back at start; writes are saveQueryCacheNow's, in the persister's format.
 */
export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: PERSIST_KEY,
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
 * Writes the persisted copy now, in the persister's own format (what persistQueryClientRestore reads
 * back). Called soon after a field query's answer changes and on `pagehide`: a signal lost a moment after
 * the day screen painted must not leave the phone without what it showed.
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
/**
 * One write for the answers that arrive together, once the page is idle (at the latest a second later):
 * a write serialises every persisted answer, and the field-data loader's twenty-odd reads arrive one task
 * apart, so writing after each cost a phone at start as much as rendering its day (issue 42).
 */
function saveSoon() {
  if (saveQueued) return;
  saveQueued = true;
  const save = () => {
    saveQueued = false;
    saveQueryCacheNow();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: SAVE_WITHIN_MS });
  else setTimeout(save, 0);
}
/** The longest a changed answer waits for an idle moment before it is written. */
export const SAVE_WITHIN_MS = 1000;

/**
 * Writes the persisted copy when a persisted answer changes: a new answer, a changed one (setQueryData
 * included) or one removed. The same answer read again is not a change: React Query's structural sharing
 * hands back the data it held, and re-writing the whole copy for it at every start and refetch cost the
 * phone's main thread for nothing. `pagehide` writes whatever is left.
 */
function persistChangedAnswers() {
  const cache = queryClient.getQueryCache();
  const written = new WeakMap<object, unknown>();
  for (const q of cache.getAll()) written.set(q, q.state.data);
  cache.subscribe((event) => {
    if (event.query.meta?.persist !== true) return;
    if (event.type === 'removed') return saveSoon();
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (written.has(event.query) && written.get(event.query) === event.action.data) return;
    written.set(event.query, event.action.data);
    saveSoon();
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
    .then(persistChangedAnswers);
  return restored;
}

/** Logout and session expiry: forget cached answers (the outbox lives elsewhere and is kept). */
export function clearQueryCache() {
  queryClient.clear();
  try {
    localStorage.removeItem(PERSIST_KEY);
    localStorage.removeItem(FIELD_DATA_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}
