/**
 * Answers shared for a few seconds (decision 042): the dashboard's day (counts over every visit line of
 * the day, the attention list, 10,000 positions) costs the database up to a second or more, while the
 * screens that ask for it refresh every minute, for every supervisor of the same scope.
 * - One computation per key at a time: callers asking meanwhile wait for the same one.
 * - Younger than `ttlMs` (by the cache's clock): served as it is.
 * - Older, but younger than `maxStaleMs`: served at once while one new computation starts behind it
 *   (stale-while-revalidate), so a screen that refreshes every minute never waits on the database after
 *   its first view; what it shows is at most one refresh behind.
 * - Older than that, or never computed: computed while the caller waits.
 * A failed computation is not kept (the old answer stays until its time runs out). The least recently
 * computed keys go first beyond `maxEntries`. One copy's memory: copies of the server each keep their own.
 */
export interface AnswerCache {
  /** The answer of `key`: kept, being computed, or computed now by `compute`. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

interface Entry {
  /** When the kept answer's computation started: the moment it describes. */
  at: number;
  answer: Promise<unknown>;
  settled: boolean;
  refreshing: boolean;
}

export function createAnswerCache(options: {
  ttlMs: number;
  maxStaleMs?: number;
  now: () => Date;
  maxEntries?: number;
}): AnswerCache {
  const { ttlMs, now, maxEntries = 500 } = options;
  const maxStaleMs = Math.max(options.maxStaleMs ?? 8 * ttlMs, ttlMs);
  const entries = new Map<string, Entry>();

  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };
  const computed = (compute: () => Promise<unknown>, at: number): Entry => ({
    at,
    answer: compute(),
    settled: false,
    refreshing: false,
  });

  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const t = now().getTime();
      const kept = entries.get(key);
      if (kept && !kept.settled) return kept.answer as Promise<T>;
      // A clock moved back (tests) counts as too old, as does one past the longest staleness.
      const age = kept ? t - kept.at : -1;
      if (kept && age >= 0 && age < ttlMs) return kept.answer as Promise<T>;
      if (kept && age >= 0 && age < maxStaleMs) {
        if (!kept.refreshing) {
          kept.refreshing = true;
          const next = computed(compute, t);
          next.answer.then(
            () => {
              next.settled = true;
              keep(key, next);
            },
            () => (kept.refreshing = false),
          );
        }
        return kept.answer as Promise<T>;
      }
      const entry = computed(compute, t);
      keep(key, entry);
      entry.answer.then(
        () => (entry.settled = true),
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.answer as Promise<T>;
    },
  };
}
