/**
 * Idempotent writes for the outbox (docs/guide.md §4). The client sends each outbox row with
 * `Idempotency-Key: <row id>`; the server keeps `(userid, key) → status + answer` in the SAME
 * transaction as the write, so a replay after a lost answer gets the first answer and writes nothing.
 *
 * The key row is inserted first (`on conflict do nothing`). On PostgreSQL a concurrent request with
 * the same key blocks on the primary key until the first transaction ends: after a commit it finds
 * the stored answer, after a rollback its own insert goes through and it does the work itself. On
 * PGlite transactions run one at a time, which gives the same outcome. An error thrown by the work
 * rolls everything back, the key included, so a later retry runs again; files the work wrote are
 * removed through `onRollback`.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db, Tx } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { idempotencyKeys } from '../db/schema/idempotency';
import type { Answered } from '../lib/contract-route';
import type { Actor, AppEnv } from '../lib/context';
import { badRequest, HttpError } from '../lib/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from '../lib/idempotency-key';
import { logger } from '../lib/logger';
import { metrics } from '../lib/metrics';

/** What a write answers: its status and JSON body (typed when the route's contract names the answer). */
export interface WorkAnswer<T = unknown> {
  status: ContentfulStatusCode;
  body: T;
}

export interface WorkScope {
  /** Undo a side effect outside the database (a written file) if the transaction does not commit. */
  onRollback(undo: () => Promise<void>): void;
  /**
   * Work after the transaction committed (queueing a job on the record just written); not run on a
   * rollback or a replay. Its failure is logged, never answered: the write itself succeeded.
   */
  onCommit(after: () => Promise<void>): void;
}

export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Stored answers are kept at least 30 days (an outbox may sit on a phone that long); purged after 45. */
export const IDEMPOTENCY_RETENTION_DAYS = 45;

export const IDEMPOTENCY_MESSAGES = {
  malformed: 'Idempotency-Key tidak valid (8–64 karakter huruf, angka atau tanda hubung)',
  reused: 'Idempotency-Key sudah dipakai untuk permintaan lain',
  vanished: 'Permintaan ini sedang diproses, silakan coba lagi',
} as const;

// The two statements every outbox write makes, prepared once per connection (server/db/prepared.ts).
const claimKey = preparedStatement<{ key: string }>(
  'hadir_idempotency_claim',
  sql`insert into ${idempotencyKeys} (userid, key, method, path, status, body, created_at)
      values (${sql.placeholder('userid')}, ${sql.placeholder('key')}, ${sql.placeholder('method')},
              ${sql.placeholder('path')}, 0, null, ${sql.placeholder('at')}::timestamptz)
      on conflict do nothing returning key`,
);
const keepAnswer = preparedStatement(
  'hadir_idempotency_answer',
  sql`update ${idempotencyKeys} set status = ${sql.placeholder('status')}::int,
        body = ${sql.placeholder('body')}::jsonb
      where userid = ${sql.placeholder('userid')} and key = ${sql.placeholder('key')}`,
);

/** The request's key, null without the header; a malformed key is a 400. */
export function readIdempotencyKey(c: Context): string | null {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  const key = raw.trim();
  if (!IDEMPOTENCY_KEY_RE.test(key)) {
    throw badRequest(IDEMPOTENCY_MESSAGES.malformed, [
      { path: IDEMPOTENCY_HEADER, message: IDEMPOTENCY_MESSAGES.malformed },
    ]);
  }
  return key;
}

/**
 * Runs `work` in one transaction under the request's Idempotency-Key (if any) and answers its
 * `{ status, body }` as JSON; a repeat of a committed key answers the stored status and body with
 * `Idempotent-Replayed: true`. The same key on another method or path is a 422.
 *
 * `shown`, when given, is what the caller may read of the body (her own check-in answers no flag codes:
 * server/modules/absensi/her-view.ts). It is applied to the work's answer before it is kept, and to every
 * replay, so an answer stored before it existed is shown the same way.
 */
export async function idempotent<T = unknown>(
  c: Context<AppEnv>,
  actor: Pick<Actor, 'userid'>,
  work: (tx: Tx, scope: WorkScope) => Promise<WorkAnswer<T>>,
  shown: (body: T) => T = (body) => body,
): Promise<Answered<T>> {
  const key = readIdempotencyKey(c);
  const deps = c.get('deps');
  const method = c.req.method;
  const path = c.req.path;
  const undo: (() => Promise<void>)[] = [];
  const after: (() => Promise<void>)[] = [];
  const scope: WorkScope = { onRollback: (fn) => void undo.push(fn), onCommit: (fn) => void after.push(fn) };
  let replayed = false;
  let answer: WorkAnswer<T>;
  try {
    answer = await deps.db.transaction(async (tx) => {
      if (key) {
        const mine = and(eq(idempotencyKeys.userid, actor.userid), eq(idempotencyKeys.key, key));
        const claimed = await claimKey(tx, {
          userid: actor.userid,
          key,
          method,
          path,
          at: deps.now().toISOString(),
        });
        if (claimed.length === 0) {
          const [stored] = await tx.select().from(idempotencyKeys).where(mine).limit(1);
          // Purged between the two statements: practically never; the client simply retries.
          if (!stored) throw new HttpError(409, IDEMPOTENCY_MESSAGES.vanished, 'idempotency_retry');
          if (stored.method !== method || stored.path !== path) {
            throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, 'idempotency_key_reused');
          }
          replayed = true;
          return { status: stored.status as ContentfulStatusCode, body: shown(stored.body as T) };
        }
        const done = await work(tx, scope);
        const answer = { status: done.status, body: shown(done.body) };
        await keepAnswer(tx, { userid: actor.userid, key, status: answer.status, body: JSON.stringify(answer.body) });
        return answer;
      }
      const done = await work(tx, scope);
      return { status: done.status, body: shown(done.body) };
    });
  } catch (err) {
    for (const fn of undo.reverse()) await fn().catch(() => undefined);
    throw err;
  }
  for (const fn of after) {
    await fn().catch((err: unknown) => logger.error({ reqId: c.get('requestId'), err }, 'after commit'));
  }
  if (replayed) {
    c.header(REPLAYED_HEADER, 'true');
    metrics.idempotentReplay();
  }
  // The body is the work's answer (or the stored copy of it): a `T` (server/lib/contract-route.ts).
  return c.json(answer.body as object, answer.status) as unknown as Answered<T>;
}

/**
 * Deletes stored answers older than the retention (45 days). Meant to run at start-up (and may run
 * on a timer); answers how many rows went.
 */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
