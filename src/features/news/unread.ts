/**
 * The unread count of the phone's news: items she has not opened, an item whose receipt is still on
 * the device (waiting in the outbox, or delivered but not yet in a fresh list) counting as read. Kept
 * free of schemas and calls: the bottom navigation imports it (first bundle).
 */
import { useQuery } from '@tanstack/react-query';
import type { MyNewsAnswer } from '../../domain/news/news';
import type { OutboxRow } from '../../lib/offline/db';
import { useOutboxRows } from '../../lib/offline/use-outbox';
import { call } from '../../lib/call';
import { MY_NEWS_CACHE, newsKeys } from './keys';

/** The ids of the items whose receipt is on the device. */
export function queuedReads(rows: OutboxRow[] | undefined): Set<number> {
  const ids = new Set<number>();
  for (const r of rows ?? []) if (r.kind === 'news.read') ids.add((r as OutboxRow<'news.read'>).payload.news_id);
  return ids;
}

export function unreadCount(answer: MyNewsAnswer | undefined, rows: OutboxRow[] | undefined): number {
  if (!answer) return 0;
  const queued = queuedReads(rows);
  return answer.result.filter((n) => n.read_at === null && !queued.has(n.news_id)).length;
}

/** How often the open app asks for new items for the badge. */
export const NEWS_POLL_MS = 60_000;

/**
 * The phone's copy of her news as the cache holds it (fetched by the field-data loader and the Info
 * screen, and polled from here every minute while the app is open) and how many are unread.
 */
export function useUnreadNews(userid: string): number {
  const { data } = useQuery<MyNewsAnswer>({
    queryKey: newsKeys.mine(userid),
    enabled: userid !== '',
    // A new item reaches the badge within a minute while the app is open and online (the copy stays
    // fresh for 5 minutes otherwise; offline, the poll pauses and the phone's copy is what counts).
    refetchInterval: NEWS_POLL_MS,
    refetchIntervalInBackground: false,
    // A query function too: a refetch of every field query (back online) runs with the options of the
    // observer that set them last, and without one it failed with "No queryFn". The contract loads on use
    // (its own small chunk, not the news editor's).
    queryFn: ({ signal }) => import('../../domain/news/mine').then((m) => call(m.myNewsContract, { signal })),
    ...MY_NEWS_CACHE,
  });
  return unreadCount(data, useOutboxRows(userid));
}
