/**
 * Delivery of the outbox. Runs in the page (start, online, visibility, timer) and in the service
 * worker (Background Sync); a Web Lock makes sure only one replayer works at a time.
 *
 * Per account with a stored token, rows go oldest first, one at a time, each with
 * `Idempotency-Key: <row id>`. 2xx: done (with a note when the server answers `already_recorded`: the
 * action was recorded before, by another row or phone, which is not a problem). Network error, 5xx, 408, 429: back off (Retry-After wins)
 * and stop this account's queue, so order holds. 401: keep everything, pause the account until it logs
 * in again. Any other 4xx: the row becomes needs-action with the server's message, and the queue moves on.
 */
import { errorAnswerMessage } from '../../domain/api';
import { backoffDelay, isTransient, retryAfterMs } from './backoff';
import { offlineDb, type OfflineDb, type OutboxFile, type OutboxRow } from './db';
import { postOutboxMessage } from './signal';

export interface ReplayOptions {
  db?: OfflineDb;
  fetchImpl?: typeof fetch;
  now?: () => number;
  random?: () => number;
  /** Base of the API (the service worker passes its origin). */
  baseUrl?: string;
  /** Overrides requestTimeoutMs(row) (tests). */
  requestTimeoutMs?: number;
}

export interface ReplayReport {
  sent: number;
  failed: number;
  needsAction: number;
  paused: string[];
}

const LOCK_NAME = 'hadir-outbox-replay';
let runningHere = false;

/** Runs one replay pass unless another is already running (in this context or, via Web Locks, elsewhere). */
export async function replayOutbox(options: ReplayOptions = {}): Promise<ReplayReport | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) {
    return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? replayLocked(options) : null));
  }
  if (runningHere) return null;
  runningHere = true;
  try {
    return await replayLocked(options);
  } finally {
    runningHere = false;
  }
}

async function replayLocked(options: ReplayOptions): Promise<ReplayReport> {
  const db = options.db ?? offlineDb();
  const now = options.now ?? Date.now;
  const report: ReplayReport = { sent: 0, failed: 0, needsAction: 0, paused: [] };
  // We hold the lock, so a row still marked sending was left by a replayer that died mid-request.
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });

  for (const { userid, token, paused } of await db.tokens.toArray()) {
    if (paused) {
      report.paused.push(userid);
      continue;
    }
    const rows = (
      await db.outbox.where('[userid+createdAt]').between([userid, -Infinity], [userid, Infinity]).toArray()
    ).filter((r) => r.state === 'pending');
    if (!rows.length) continue;
    await db.sync.put({ ...((await db.sync.get(userid)) ?? { lastSyncAt: null }), userid, lastAttemptAt: now() });
    for (const row of rows) {
      if (row.nextAttemptAt > now()) break; // an earlier row waits for its backoff: keep the order
      const outcome = await sendRow(db, row, token, options, now);
      if (outcome === 'sent') report.sent++;
      else if (outcome === 'needs-action') report.needsAction++;
      else if (outcome === 'auth') {
        await db.tokens.update(userid, { paused: true });
        report.paused.push(userid);
        postOutboxMessage({ type: 'auth-required', userid });
        break;
      } else {
        report.failed++;
        break;
      }
    }
    if (report.sent) {
      await db.sync.update(userid, { lastSyncAt: now() });
      postOutboxMessage({ type: 'synced', userid });
    }
  }
  return report;
}

function buildBody(row: OutboxRow): { body: BodyInit; headers: Record<string, string> } {
  if (row.encoding === 'json') {
    return { body: JSON.stringify(row.payload), headers: { 'Content-Type': 'application/json' } };
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(row.payload)) if (v !== null && v !== undefined) form.append(k, String(v));
  for (const f of row.files) form.append(f.field, new Blob([f.data], { type: f.type }), f.name);
  return { body: form, headers: {} };
}

/**
 * How long one send may take before it is given up and retried with backoff: a connection that stalls
 * without failing (a phone moving between signal and none) would otherwise hold the replay, and the
 * lock, for minutes. 30 s plus the upload at 4 KB/s, the slowest link planned for: a check-in with a
 * 300 KB photo gets 105 s. A send given up after the server handled it is answered from the server's
 * idempotency record on the retry.
 */
export function requestTimeoutMs(row: { payload: unknown; files: OutboxFile[] }): number {
  const bytes = row.files.reduce((sum, f) => sum + f.data.byteLength, 0) + JSON.stringify(row.payload).length;
  return 30_000 + Math.ceil(bytes / 4);
}

export const ALREADY_RECORDED_NOTE = 'Sudah tercatat sebelumnya';

/** The server's own words when it answered `already_recorded: true`; null for an ordinary delivery. */
export function alreadyRecordedNote(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as { already_recorded?: unknown; message?: unknown };
  if (a.already_recorded !== true) return null;
  return typeof a.message === 'string' && a.message.trim() ? a.message : ALREADY_RECORDED_NOTE;
}

export const TIMEOUT_MESSAGE = 'Server tidak menjawab, dicoba lagi nanti';

async function sendRow(
  db: OfflineDb,
  row: OutboxRow,
  token: string,
  options: ReplayOptions,
  now: () => number,
): Promise<'sent' | 'needs-action' | 'auth' | 'retry'> {
  const fetchImpl = options.fetchImpl ?? fetch;
  await db.outbox.update(row.id, { state: 'sending', attempts: row.attempts + 1 });
  const { body, headers } = buildBody(row);
  const signal = AbortSignal.timeout(options.requestTimeoutMs ?? requestTimeoutMs(row));
  let res: Response;
  try {
    res = await fetchImpl(`${options.baseUrl ?? ''}${row.path}`, {
      method: row.method,
      body,
      headers: {
        ...headers,
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': row.id,
        // The phone's clock now (DEVICE_TIME_HEADER): the server flags a clock far from its own (clock_skew,
        // decision 033), which captured_at alone cannot tell from a row that waited offline.
        'X-Device-Time': new Date(now()).toISOString(),
      },
      signal,
    });
  } catch (err) {
    const message = signal.aborted ? TIMEOUT_MESSAGE : err instanceof Error ? err.message : 'Jaringan tidak tersedia';
    await scheduleRetry(db, row, null, message, null, options, now);
    return 'retry';
  }
  const answer = await res.json().catch(() => null);
  if (res.ok) {
    await db.outbox.update(row.id, {
      state: 'done',
      doneAt: now(),
      response: answer,
      lastStatus: res.status,
      lastError: null,
      note: alreadyRecordedNote(answer),
    });
    return 'sent';
  }
  if (res.status === 401) {
    await db.outbox.update(row.id, {
      state: 'pending',
      attempts: row.attempts,
      lastStatus: 401,
      lastError: 'Sesi berakhir, silakan login kembali',
    });
    return 'auth';
  }
  if (isTransient(res.status)) {
    await scheduleRetry(
      db,
      row,
      res.status,
      errorAnswerMessage(answer, res.status),
      res.headers.get('retry-after'),
      options,
      now,
    );
    return 'retry';
  }
  await db.outbox.update(row.id, {
    state: 'needs-action',
    lastStatus: res.status,
    lastError: errorAnswerMessage(answer, res.status),
  });
  return 'needs-action';
}

async function scheduleRetry(
  db: OfflineDb,
  row: OutboxRow,
  status: number | null,
  message: string,
  retryAfter: string | null,
  options: ReplayOptions,
  now: () => number,
) {
  const attempts = row.attempts + 1;
  const wait = Math.max(backoffDelay(attempts, options.random), retryAfterMs(retryAfter, now()) ?? 0);
  await db.outbox.update(row.id, {
    state: 'pending',
    attempts,
    nextAttemptAt: now() + wait,
    lastStatus: status,
    lastError: message,
  });
}

/**
 * The page or worker learned a (new) token for this account: store it and lift any pause. An account that
 * could not send before (logged out, or paused by a 401) wakes the replayer at once: the rows it kept go
 * out right after the login, not at the next timer tick half a minute later.
 */
export async function rememberToken(userid: string, token: string, db: OfflineDb = offlineDb()) {
  const before = await db.tokens.get(userid);
  await db.tokens.put({ userid, token, paused: false });
  if (!before || before.paused) postOutboxMessage({ type: 'changed' });
}

/** Logout: this account's rows stay, but nothing is sent for it until it logs in again. */
export async function forgetToken(userid: string, db: OfflineDb = offlineDb()) {
  await db.tokens.delete(userid);
}
