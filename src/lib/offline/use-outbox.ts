import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import { offlineDb, type OutboxRow, type SyncMeta } from './db';
import { rowsOf } from './outbox';

/**
 * One live view of IndexedDB per account and table, shared by every component that shows it (the day
 * screen, the top bar's sync dot, the bottom navigation's news badge…): one query per change instead of
 * one per component, and every component sees the same answer in the same render. The view keeps its
 * last answer after its last component unmounts, so the next screen starts from it; it stops watching
 * the database then, and reads again when a component subscribes.
 */
interface LiveView<T> {
  value: T | undefined;
  /** Answered at least once (an account with no sync yet answers `undefined`). */
  known: boolean;
  listeners: Set<() => void>;
  stop?: () => void;
}

function liveViews<T>(read: (userid: string) => Promise<T>, same: (a: T | undefined, b: T) => boolean) {
  const views = new Map<string, LiveView<T>>();
  const view = (userid: string): LiveView<T> => {
    let v = views.get(userid);
    if (!v) views.set(userid, (v = { value: undefined, known: false, listeners: new Set() }));
    return v;
  };
  const subscribe = (userid: string, listener: () => void) => {
    const v = view(userid);
    v.listeners.add(listener);
    if (!v.stop) {
      const sub = liveQuery(() => read(userid)).subscribe({
        next: (next) => {
          const changed = !v.known || !same(v.value, next);
          v.known = true;
          if (!changed) return;
          v.value = next;
          for (const l of v.listeners) l();
        },
        error: (err) => console.warn('outbox query failed', err),
      });
      v.stop = () => sub.unsubscribe();
    }
    return () => {
      v.listeners.delete(listener);
      if (v.listeners.size === 0) {
        v.stop?.();
        v.stop = undefined;
      }
    };
  };
  /** Reads once, unless already known (the app's start: before the first render). */
  const prime = async (userid: string) => {
    const v = view(userid);
    if (v.known) return;
    const value = await read(userid);
    if (v.known) return;
    v.value = value;
    v.known = true;
  };
  const use = (userid: string | undefined): T | undefined => {
    // One subscription per account for as long as the component shows it: a new function each render made
    // React unsubscribe and subscribe again, and a view with no other reader read IndexedDB again each time.
    const onChange = useCallback(
      (listener: () => void) => (userid ? subscribe(userid, listener) : () => undefined),
      [userid],
    );
    return useSyncExternalStore(onChange, () => (userid ? views.get(userid)?.value : undefined));
  };
  return { use, prime };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The same rows: a row changes only through its state fields, never its payload or files (ArrayBuffers,
 * which JSON writes as `{}`), so the JSON of the rows tells a change from the same answer read again.
 */
function sameRows(a: OutboxRow[] | undefined, b: OutboxRow[]): boolean {
  return a !== undefined && sameJson(a, b);
}

const outboxRows = liveViews(rowsOf, sameRows);
const syncMeta = liveViews<SyncMeta | undefined>((userid) => offlineDb().sync.get(userid), sameJson);

/**
 * Reads the account's rows and its last sync once, before the app's first render (src/app/start.tsx): a
 * screen that mounts starts from them, so its first render already counts a check-in waiting on the
 * phone, instead of saying "not checked in" for a moment (and rendering the whole screen a second time)
 * until IndexedDB answers.
 */
export async function primeOutboxRows(userid: string): Promise<void> {
  await Promise.all([outboxRows.prime(userid), syncMeta.prime(userid)]);
}

/** A live view of the outbox rows of one account (updates on every change, in any tab or the worker). */
export function useOutboxRows(userid: string | undefined): OutboxRow[] | undefined {
  const rows = outboxRows.use(userid);
  return userid ? rows : [];
}

export function useSyncMeta(userid: string | undefined): SyncMeta | undefined {
  return syncMeta.use(userid);
}
