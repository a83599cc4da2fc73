/**
 * `push.send` (enqueued by notify.ts after the event's transaction commits): pushes stored bell items to
 * their users' subscribed browsers, off the request path.
 *
 * Per item: a user who turned that kind off gets nothing pushed (the item stays in her bell list); else
 * every subscription of hers gets `{ title, body, url }` (RFC 8291 aes128gcm, VAPID-signed by web-push).
 * A 404/410 from the push service removes the subscription. Network errors, timeouts, 429 and 5xx are
 * retried: when nothing was delivered the job throws (the queue retries it); when some were, a new job is
 * enqueued for only the pairs that failed, so no browser gets the same item twice from a retry.
 */
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { PUSH_SEND_JOB } from '../../../src/domain/push/notifikasi';
import type { PushPayload } from '../../../src/domain/push/push';
import type { Db } from '../../db/client';
import { notifikasi, notifikasiSetting, pushSubscription } from '../../db/schema/push';
import { enqueueJob, PermanentJobError } from '../../lib/jobs/queue';
import { metrics } from '../../lib/metrics';
import { DEFAULT_PUSH_CONFIG, endpointAllowed, vapidKeys, type PushConfig } from './push.service';

export interface PushSendData extends Record<string, unknown> {
  /** notifikasi ids. */
  ids?: number[];
  /** A retry of some deliveries only: [notifikasi id, subscription id] pairs. */
  pairs?: [number, number][];
  /** How many partial retries came before this one. */
  round?: number;
}

/** A push service's request as web-push builds it. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** Sends one request and answers the push service's status (throws on a network error or timeout). */
export type PushTransport = (req: PushRequest) => Promise<number>;

/** fetch, so that http endpoints of PUSH_ENDPOINT_HOSTS work too (web-push's own sender is https only). */
export function fetchTransport(timeoutMs = 10_000): PushTransport {
  return async (req) => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const res = await fetch(req.endpoint, {
      method: req.method,
      headers,
      body: req.body ? new Uint8Array(req.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.status;
  };
}

export interface PushJobDeps {
  db: Db;
  push?: PushConfig;
  transport?: PushTransport;
}

/** 12 hours: a phone off overnight still gets the morning's news, not yesterday's reminders at noon. */
const TTL_SECONDS = 12 * 3600;
const CONCURRENCY = 8;
const MAX_ROUNDS = 5;

const isGone = (status: number) => status === 404 || status === 410;
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

export function pushSendJob(deps: PushJobDeps) {
  const config = deps.push ?? DEFAULT_PUSH_CONFIG;
  const transport = deps.transport ?? fetchTransport();
  return async (data: PushSendData): Promise<void> => {
    const pairs = data.pairs ?? [];
    const ids = data.ids ?? pairs.map(([id]) => id);
    if (ids.length === 0) return;
    const items = await deps.db
      .select({
        id: notifikasi.id,
        userid: notifikasi.userid,
        jenis: notifikasi.jenis,
        title: notifikasi.title,
        body: notifikasi.body,
        url: notifikasi.url,
      })
      .from(notifikasi)
      .where(inArray(notifikasi.id, [...new Set(ids)]));
    if (items.length === 0) return;
    const userids = [...new Set(items.map((i) => i.userid))];
    const off = await deps.db
      .select({ userid: notifikasiSetting.userid, jenis: notifikasiSetting.jenis })
      .from(notifikasiSetting)
      .where(and(inArray(notifikasiSetting.userid, userids), eq(notifikasiSetting.aktif, false)));
    const offKey = new Set(off.map((o) => `${o.userid}\u0000${o.jenis}`));
    const subs = await deps.db.select().from(pushSubscription).where(inArray(pushSubscription.userid, userids));
    const only = data.pairs ? new Set(pairs.map(([n, s]) => `${n}:${s}`)) : null;
    const work: { item: (typeof items)[number]; sub: (typeof subs)[number] }[] = [];
    for (const item of items) {
      if (offKey.has(`${item.userid}\u0000${item.jenis}`)) continue;
      for (const sub of subs) {
        if (sub.userid !== item.userid) continue;
        if (only && !only.has(`${item.id}:${sub.id}`)) continue;
        work.push({ item, sub });
      }
    }
    if (work.length === 0) return;

    const keys = await vapidKeys(deps.db, config);
    const failed: [number, number][] = [];
    const errors: string[] = [];
    let delivered = 0;
    const gone = new Set<number>();
    const sentTo = new Set<number>();
    const send = async ({ item, sub }: (typeof work)[number]) => {
      if (gone.has(sub.id)) return;
      if (!endpointAllowed(sub.endpoint, config)) {
        // Stored before PUSH_ENDPOINT_HOSTS changed: never sent to, and dropped.
        gone.add(sub.id);
        return;
      }
      const payload: PushPayload = { title: item.title, body: item.body, url: item.url };
      const req = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: config.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      ) as unknown as PushRequest;
      let status: number;
      try {
        status = await transport(req);
      } catch (err) {
        failed.push([item.id, sub.id]);
        errors.push(`${new URL(sub.endpoint).host}: ${(err as Error).message}`);
        return;
      }
      if (status >= 200 && status < 300) {
        delivered += 1;
        sentTo.add(sub.id);
      } else if (isGone(status)) gone.add(sub.id);
      else if (isTransient(status)) {
        failed.push([item.id, sub.id]);
        errors.push(`${new URL(sub.endpoint).host}: ${status}`);
      } else {
        // 400, 403 (a key the service refuses), 413: no retry mends it; the item stays in her bell.
        errors.push(`${new URL(sub.endpoint).host}: ${status} (not retried)`);
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, work.length) }, async () => {
        while (next < work.length) await send(work[next++]!);
      }),
    );
    // hadir_push_sent_total / hadir_push_failed_total (failed: errors, and subscriptions the service says are gone).
    metrics.pushSent(delivered);
    metrics.pushFailed(errors.length + gone.size);

    if (gone.size) await deps.db.delete(pushSubscription).where(inArray(pushSubscription.id, [...gone]));
    if (sentTo.size) {
      await deps.db
        .update(pushSubscription)
        .set({ last_sent_at: new Date() })
        .where(inArray(pushSubscription.id, [...sentTo]));
    }
    if (failed.length === 0) return;
    if (delivered === 0) throw new Error(`push failed: ${errors.slice(0, 5).join('; ')}`);
    const round = (data.round ?? 0) + 1;
    if (round > MAX_ROUNDS) throw new PermanentJobError(`push failed after ${MAX_ROUNDS} rounds: ${errors[0]}`);
    await enqueueJob(
      deps.db,
      PUSH_SEND_JOB,
      { pairs: failed, round },
      { runAt: new Date(Date.now() + 10_000 * 2 ** round) },
    );
  };
}
