/**
 * When the page replays the outbox: at start, when the network comes back, when the app becomes
 * visible, on a timer while anything waits, and whenever a row is added. The service worker adds
 * Background Sync where the browser has it (sw/sw.ts).
 */
import { offlineDb } from './db';
import { pruneDelivered } from './outbox';
import { replayOutbox } from './replay';
import { onOutboxMessage, SYNC_TAG } from './signal';

const TIMER_MS = 30_000;

let started = false;
let scheduled: ReturnType<typeof setTimeout> | null = null;

export function requestReplay(delayMs = 0) {
  if (scheduled) clearTimeout(scheduled);
  scheduled = setTimeout(() => {
    scheduled = null;
    if (navigator.onLine === false) return;
    void replayOutbox()
      .then(scheduleNextRetry)
      .catch((err) => console.warn('replay failed', err));
  }, delayMs);
}

/** After a pass, wake up again when the earliest backed-off row is due (the timer is only the fallback). */
async function scheduleNextRetry() {
  const db = offlineDb();
  // Only accounts that can send now: a paused or logged-out account waits for its next login.
  const active = new Set((await db.tokens.toArray()).filter((t) => !t.paused).map((t) => t.userid));
  const pending = await db.outbox.where('state').equals('pending').toArray();
  const due = Math.min(...pending.filter((r) => active.has(r.userid)).map((r) => r.nextAttemptAt));
  if (Number.isFinite(due) && !scheduled) requestReplay(Math.max(1000, due - Date.now()));
}

/** Asks the service worker to replay when connectivity returns, even if the page is closed by then. */
export async function registerBackgroundSync() {
  try {
    const reg = await navigator.serviceWorker?.ready;
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)
      ?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    /* Background Sync unavailable (iOS Safari, Firefox): the page triggers cover it */
  }
}

export function startOutboxReplayer() {
  if (started) return;
  started = true;
  void pruneDelivered().catch(() => {});
  requestReplay(500);
  window.addEventListener('online', () => requestReplay(0));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') requestReplay(0);
  });
  setInterval(async () => {
    const waiting = await offlineDb().outbox.where('state').equals('pending').count();
    if (waiting) requestReplay(0);
  }, TIMER_MS);
  onOutboxMessage((m) => {
    if (m.type === 'changed') {
      requestReplay(50);
      void registerBackgroundSync();
    }
  });
}

/** Best effort: ask the browser not to evict the outbox under storage pressure. */
export async function askPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
