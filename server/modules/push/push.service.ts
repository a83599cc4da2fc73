/**
 * Web Push (issue 29): this install's VAPID key pair, the browsers' subscriptions, the per-kind switches
 * and the in-app list (the header's bell).
 *
 * Endpoints are accepted only on the push services' own hosts (FCM, Mozilla, Apple, Windows) over https,
 * plus the hosts of PUSH_ENDPOINT_HOSTS (a test's or a self-hosted push service, http allowed): a
 * subscription is an address the server will later send requests to, so anything else is refused with a
 * 400 before a row is written, and checked again before each send.
 */
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import {
  NOTIFIKASI_LIST_MAX,
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTIONS_MAX,
  type NotifikasiListAnswer,
  type PushSetting,
  type PushSubscriptionBody,
} from '../../../src/domain/push/push';
import { receivableKinds, type NotifikasiJenis } from '../../../src/domain/push/notifikasi';
import type { Db, Q } from '../../db/client';
import { notifikasi, notifikasiSetting, pushKey, pushSubscription } from '../../db/schema/push';
import type { Actor } from '../../lib/context';
import type { PushConfig } from '../../lib/push-config';
import { badRequest, conflict } from '../../lib/errors';

export type { PushConfig };

export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@hadir.local';
export const DEFAULT_PUSH_CONFIG: PushConfig = { subject: DEFAULT_VAPID_SUBJECT, extraHosts: [] };

/** The browsers' push services: Chrome/Android (FCM), Firefox, Safari, Edge. */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com'];
const PUSH_SERVICE_DOMAINS = ['push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** Whether the server may send to this endpoint (and so accept it). */
export function endpointAllowed(endpoint: string, config: Pick<PushConfig, 'extraHosts'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const extra = config.extraHosts.map((h) => h.toLowerCase());
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (extra.includes(url.host) || (!url.port && extra.includes(url.hostname))) return true;
  }
  if (url.protocol !== 'https:' || url.port) return false;
  const host = url.hostname;
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keyCache = new WeakMap<object, VapidKeys>();

/**
 * The VAPID key pair: the environment's, else the push_key row, made at the first call of the first copy
 * (insert … on conflict do nothing, then read: copies starting together all end up with the same pair).
 */
export async function vapidKeys(db: Db, config: PushConfig): Promise<VapidKeys> {
  if (config.publicKey && config.privateKey) return { publicKey: config.publicKey, privateKey: config.privateKey };
  const cached = keyCache.get(db);
  if (cached) return cached;
  const read = async () =>
    (
      await db
        .select({ publicKey: pushKey.public_key, privateKey: pushKey.private_key })
        .from(pushKey)
        .where(eq(pushKey.id, 1))
    )[0];
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushKey)
      .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('push_key row missing after insert');
  keyCache.set(db, row);
  return row;
}

/**
 * Saves the caller's browser subscription (renewing one she has), and keeps her newest
 * PUSH_SUBSCRIPTIONS_MAX. An endpoint another user subscribed is refused, not moved: moving it would let
 * anyone who learns an endpoint take that browser's notifications away from its owner.
 */
export async function subscribe(db: Db, actor: Actor, body: PushSubscriptionBody, config: PushConfig) {
  if (!endpointAllowed(body.endpoint, config)) {
    throw badRequest(PUSH_MESSAGES.hostNotAllowed, [{ path: 'endpoint', message: PUSH_MESSAGES.hostNotAllowed }]);
  }
  const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
  const auth = Buffer.from(body.keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) {
    throw badRequest(PUSH_MESSAGES.badKey, [{ path: 'keys', message: PUSH_MESSAGES.badKey }]);
  }
  const keys = { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
  await db.transaction(async (tx) => {
    const saved = await tx
      .insert(pushSubscription)
      .values({ userid: actor.userid, endpoint: body.endpoint, ...keys })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { ...keys, created_at: sql`now()`, last_sent_at: null },
        setWhere: eq(pushSubscription.userid, actor.userid),
      })
      .returning({ id: pushSubscription.id });
    if (saved.length === 0) throw conflict(PUSH_MESSAGES.otherUser);
    // Her oldest beyond the limit go (the one just saved is the newest).
    const keep = tx
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(eq(pushSubscription.userid, actor.userid))
      .orderBy(desc(pushSubscription.created_at), desc(pushSubscription.id))
      .limit(PUSH_SUBSCRIPTIONS_MAX);
    await tx
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.userid, actor.userid), notInArray(pushSubscription.id, keep)));
  });
}

/** Removes the caller's subscription of this endpoint (nothing when it is not hers or not known). */
export async function unsubscribe(db: Db, actor: Actor, endpoint: string) {
  await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.endpoint, endpoint), eq(pushSubscription.userid, actor.userid)));
}

/** Every kind the caller can receive, with its state (no row: on). */
export async function settingsOf(db: Q, actor: Actor) {
  const rows = await db
    .select({ jenis: notifikasiSetting.jenis, aktif: notifikasiSetting.aktif })
    .from(notifikasiSetting)
    .where(eq(notifikasiSetting.userid, actor.userid));
  const off = new Set(rows.filter((r) => !r.aktif).map((r) => r.jenis));
  return receivableKinds(actor).map((jenis) => ({ jenis, aktif: !off.has(jenis) }));
}

export async function subscriptionCount(db: Q, userid: string) {
  const [row] = await db.select({ n: count() }).from(pushSubscription).where(eq(pushSubscription.userid, userid));
  return row?.n ?? 0;
}

export async function saveSetting(db: Db, actor: Actor, s: PushSetting) {
  await db
    .insert(notifikasiSetting)
    .values({ userid: actor.userid, jenis: s.jenis, aktif: s.aktif })
    .onConflictDoUpdate({ target: [notifikasiSetting.userid, notifikasiSetting.jenis], set: { aktif: s.aktif } });
  return settingsOf(db, actor);
}

async function unreadCount(db: Q, userid: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifikasi)
    .where(and(eq(notifikasi.userid, userid), isNull(notifikasi.read_at)));
  return row?.n ?? 0;
}

/** The caller's newest items and her unread count. */
export async function listNotifikasi(db: Db, actor: Actor): Promise<NotifikasiListAnswer> {
  const rows = await db
    .select()
    .from(notifikasi)
    .where(eq(notifikasi.userid, actor.userid))
    .orderBy(desc(notifikasi.id))
    .limit(NOTIFIKASI_LIST_MAX);
  return {
    result: rows.map((r) => ({
      id: r.id,
      jenis: r.jenis,
      title: r.title,
      body: r.body,
      url: r.url,
      created_at: r.created_at.toISOString(),
      read: r.read_at !== null,
    })),
    unread: await unreadCount(db, actor.userid),
  };
}

/** Marks the caller's items read (these ids, or all); already read ones keep their time. */
export async function markRead(db: Db, actor: Actor, ids: readonly number[] | undefined) {
  if (ids?.length !== 0) {
    await db
      .update(notifikasi)
      .set({ read_at: sql`now()` })
      .where(
        and(
          eq(notifikasi.userid, actor.userid),
          isNull(notifikasi.read_at),
          ids ? inArray(notifikasi.id, [...ids]) : undefined,
        ),
      );
  }
  return unreadCount(db, actor.userid);
}

export type { NotifikasiJenis };
