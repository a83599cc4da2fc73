/**
 * What the outbox tests share: the context's default offline database, emptied before each test (enqueue()
 * writes there; a test reads it back through this handle), and a fake server that records each replayed
 * request and answers from a list (then a default answer).
 */
import { afterEach, beforeEach } from 'vitest';
import { OfflineDb } from '../../src/lib/offline/db';

/** The default database, fresh for each test: call at the top of a file, read `db()` inside a test. */
export function offlineDbPerTest(): () => OfflineDb {
  let db: OfflineDb;
  beforeEach(async () => {
    db = new OfflineDb('hadir-offline');
    await db.outbox.clear();
    await db.tokens.clear();
  });
  afterEach(() => db.close());
  return () => db;
}

export interface SeenRequest {
  path: string;
  method: string | undefined;
  key: string | null;
  /** As sent: FormData for multipart, text for JSON. */
  body: BodyInit | null | undefined;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A fetch for replayOutbox that records each request and answers `answers` in turn, then `otherwise`. */
export function fakeServer(answers: Answer[], otherwise: Answer = { status: 201, body: { message: 'ok' } }) {
  const seen: SeenRequest[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({
      path: url,
      method: init.method,
      key: new Headers(init.headers).get('Idempotency-Key'),
      body: init.body,
    });
    const a = answers.shift() ?? otherwise;
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}
