/**
 * The phone's persisted copy of its answers (src/app/query-client.ts): written when a persisted answer
 * changes, once for answers that arrive together, and not at all for the same answer read again (issue 42:
 * re-writing the whole copy at every refetch cost a phone's start as much as rendering its day).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERSIST_KEY, queryClient, restoreQueryCache } from '../../src/app/query-client';

const IDLE_MS = 40;

beforeAll(async () => {
  // An idle moment comes IDLE_MS after it is asked for (jsdom has no requestIdleCallback).
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, IDLE_MS));
  localStorage.clear();
  await restoreQueryCache();
});
afterEach(() => vi.restoreAllMocks());

const answers = new Map<string, unknown>();
const query = (name: string, persist = true) => ({
  queryKey: ['persist-test', name],
  queryFn: async () => structuredClone(answers.get(name)),
  meta: { persist },
  staleTime: 0,
});
const stored = (name: string) =>
  (
    JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}') as {
      clientState?: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    }
  ).clientState?.queries.find((q) => q.queryKey[1] === name)?.state.data;
const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));

describe('the persisted copy', () => {
  it('is written once for answers that arrive together, and only for persisted queries', async () => {
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    answers.set('day', { jam_masuk: '08:00' });
    answers.set('visits', [{ id: 1 }]);
    answers.set('admin', { rows: 3 });
    await queryClient.fetchQuery(query('day'));
    await new Promise((resolve) => setTimeout(resolve, 1)); // another task, within the idle wait
    await queryClient.fetchQuery(query('visits'));
    await queryClient.fetchQuery(query('admin', false));
    expect(writes).not.toHaveBeenCalled();
    await idle();
    expect(writes.mock.calls.filter(([key]) => key === PERSIST_KEY)).toHaveLength(1);
    expect(stored('day')).toEqual({ jam_masuk: '08:00' });
    expect(stored('visits')).toEqual([{ id: 1 }]);
    expect(stored('admin')).toBeUndefined();
  });

  it('is not written again for the same answer, and is for a changed one', async () => {
    await queryClient.fetchQuery(query('day'));
    await idle();
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    await queryClient.fetchQuery(query('day'));
    await queryClient.fetchQuery(query('visits'));
    await idle();
    expect(writes).not.toHaveBeenCalled();

    answers.set('day', { jam_masuk: '08:00', jam_keluar: '17:00' });
    await queryClient.fetchQuery(query('day'));
    await idle();
    expect(writes.mock.calls.filter(([key]) => key === PERSIST_KEY)).toHaveLength(1);
    expect(stored('day')).toEqual({ jam_masuk: '08:00', jam_keluar: '17:00' });

    // A change made on the phone (setQueryData, as the outbox does) is written too.
    queryClient.setQueryData(['persist-test', 'visits'], [{ id: 1, in_jam: '09:00' }]);
    await idle();
    expect(stored('visits')).toEqual([{ id: 1, in_jam: '09:00' }]);
  });
});
