/** Marking the bell's items read, apart from the push settings and subscription code (api.ts). */
import type { QueryClient } from '@tanstack/react-query';
import { notifikasiContracts, type NotifikasiListAnswer } from '../../domain/push/notifikasi-list';
import { call } from '../../lib/call';
import { pushKeys } from './keys';

/**
 * Marks items read (no ids: all) on the phone at once and then on the server; the bell refreshes after.
 * Offline the mark stays on the phone's copy until the next fetch.
 *
 * A fetch of the list that was on its way (the bell refreshed by a push, the list screen opening) would
 * land after the mark with the items still unread, and the phone's copy would keep them so: it is
 * cancelled first, and the mark is made again once the server answered (a fetch started meanwhile may
 * have carried the old state; the refresh after replaces it when there is a signal).
 */
export async function markRead(qc: QueryClient, userid: string, ids?: number[]) {
  const key = pushKeys.bell(userid);
  const mark = () =>
    qc.setQueryData<NotifikasiListAnswer>(key, (old) => {
      if (!old) return old;
      const result = old.result.map((i) => (!ids || ids.includes(i.id) ? { ...i, read: true } : i));
      const newlyRead = old.result.filter((i) => !i.read && (!ids || ids.includes(i.id))).length;
      return { result, unread: ids ? Math.max(0, old.unread - newlyRead) : 0 };
    });
  await qc.cancelQueries({ queryKey: key });
  mark();
  try {
    await call(notifikasiContracts.read, { body: ids ? { ids } : {} });
  } finally {
    mark();
    if (navigator.onLine) void qc.invalidateQueries({ queryKey: key });
  }
}
