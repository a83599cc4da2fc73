import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { offlineDb, type OutboxRow, type SyncMeta } from './db';

/** A live view of the outbox rows of one account (updates on every change, in any tab or the worker). */
export function useOutboxRows(userid: string | undefined): OutboxRow[] | undefined {
  const [rows, setRows] = useState<OutboxRow[] | undefined>(undefined);
  useEffect(() => {
    if (!userid) return;
    const sub = liveQuery(() =>
      offlineDb().outbox.where('[userid+createdAt]').between([userid, -Infinity], [userid, Infinity]).toArray(),
    ).subscribe({ next: setRows, error: (err) => console.warn('outbox query failed', err) });
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
