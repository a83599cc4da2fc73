/**
 * The news kind of the outbox: "she opened this item" (news.read, JSON). Opening an item marks it read
 * in the phone's persisted copy at once and queues the receipt, online or not; the server keeps the
 * first opening, so a second row for the same item (another device, a cleared cache) changes nothing.
 * Until the server's list says so, an item with a queued receipt counts as read.
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { newsContracts } from '../../domain/news/contracts';
import type { MyNewsAnswer } from '../../domain/news/news';
import { enqueue, rowsOf, to } from '../../lib/offline/outbox';
import { newsKeys } from './keys';
import { queuedReads } from './unread';

/** Marks an item read on the phone and queues its receipt (once per item while a row is on the device). */
export async function markNewsRead(qc: QueryClient, userid: string, newsId: number): Promise<void> {
  const at = dayjs();
  const key = newsKeys.mine(userid);
  const cached = qc.getQueryData<MyNewsAnswer>(key);
  const item = cached?.result.find((n) => n.news_id === newsId);
  if (item?.read_at) return;
  if (cached) {
    qc.setQueryData<MyNewsAnswer>(key, {
      ...cached,
      result: cached.result.map((n) => (n.news_id === newsId ? { ...n, read_at: at.toISOString() } : n)),
      unread: Math.max(0, cached.unread - 1),
    });
  }
  if (queuedReads(await rowsOf(userid)).has(newsId)) return;
  await enqueue({
    kind: 'news.read',
    userid,
    to: to(newsContracts.read, { id: newsId }),
    encoding: 'json',
    payload: { news_id: newsId, captured_at: at.format() },
    capturedAt: at.format(),
  });
}
