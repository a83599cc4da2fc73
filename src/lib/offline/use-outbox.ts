import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { offlineDb, type OutboxRow, type SyncMeta } from './db';
import { rowsOf } from './outbox';

/**
 * The rows last read for each account. A screen that mounts starts from them, so its first render already
 * counts a check-in waiting on the phone, instead of saying "not checked in" for a moment (and rendering
 * the whole screen a second time) until IndexedDB answers.
 */
const lastRows = new Map<string, OutboxRow[]>();

/** Reads the account's rows once, before the app's first render (src/app/start.tsx). */
export async function primeOutboxRows(userid: string): Promise<void> {
  if (!lastRows.has(userid)) lastRows.set(userid, await rowsOf(userid));
}

/**
 * The same rows: a row changes only through its state fields, never its payload or files (ArrayBuffers,
 * which JSON writes as `{}`), so the JSON of the rows tells a change from the same answer read again.
 */
function sameRows(a: OutboxRow[] | undefined, b: OutboxRow[]): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** A live view of the outbox rows of one account (updates on every change, in any tab or the worker). */
export function useOutboxRows(userid: string | undefined): OutboxRow[] | undefined {
  const [rows, setRows] = useState<OutboxRow[] | undefined>(() => (userid ? lastRows.get(userid) : undefined));
  useEffect(() => {
    if (!userid) return;
    const sub = liveQuery(() => rowsOf(userid)).subscribe({
      next: (next) => {
        lastRows.set(userid, next);
        setRows((shown) => (sameRows(shown, next) ? shown : next));
      },
      error: (err) => console.warn('outbox query failed', err),
    });
    return () => sub.unsubscribe();
  }, [userid]);
  return userid ? rows : [];
}

export function useSyncMeta(userid: string | undefined): SyncMeta | undefined {
  const [meta, setMeta] = useState<SyncMeta | undefined>(undefined);
  useEffect(() => {
    if (!userid) return;
    const sub = liveQuery(() => offlineDb().sync.get(userid)).subscribe({ next: setMeta, error: () => {} });
    return () => sub.unsubscribe();
  }, [userid]);
  return meta;
}
