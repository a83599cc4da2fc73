/**
 * Web Push and the bell (issue 29), mounted at /api: /push/key, /push/subscription, /push/setting for the
 * caller's browsers and switches, /notifikasi for her in-app list. Every route is the caller's own.
 */
import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import {
  NotifikasiListAnswerSchema,
  NotifikasiReadAnswerSchema,
  NotifikasiReadBodySchema,
  PUSH_MESSAGES,
  PushKeyAnswerSchema,
  PushSettingAnswerSchema,
  PushSettingPutAnswerSchema,
  PushSettingSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '../../../src/domain/push/push';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import {
  DEFAULT_PUSH_CONFIG,
  listNotifikasi,
  markRead,
  saveSetting,
  settingsOf,
  subscribe,
  subscriptionCount,
  unsubscribe,
  vapidKeys,
} from './push.service';

const tag = 'Push';
const own = { session: true, note: 'Own account only.' } as const;

export const pushRoutes = new Hono<AppEnv>()
  .get(
    '/push/key',
    route({
      tag,
      summary: "The server's VAPID public key",
      description: 'The applicationServerKey for `pushManager.subscribe` (base64url, an uncompressed P-256 point).',
      access: { session: true },
      responses: { 200: PushKeyAnswerSchema },
    }),
    async (c) => {
      const deps = c.get('deps');
      const keys = await vapidKeys(deps.db, deps.push ?? DEFAULT_PUSH_CONFIG);
      return c.json({ result: { publicKey: keys.publicKey } });
    },
  )
  .post(
    '/push/subscription',
    route({
      tag,
      summary: "Subscribes this browser to the caller's notifications",
      description:
        "The browser's `PushSubscription.toJSON()`. The endpoint must be on a push service's host (FCM, " +
        'Mozilla, Apple, Windows, over https) or on one of PUSH_ENDPOINT_HOSTS; anything else is a 400 and ' +
        'nothing is ever sent to it. An endpoint already known (under any account) becomes the caller’s.',
      access: own,
      responses: { 200: MessageSchema },
    }),
    validate('json', PushSubscriptionBodySchema),
    async (c) => {
      const deps = c.get('deps');
      await subscribe(deps.db, c.get('actor'), c.req.valid('json'), deps.push ?? DEFAULT_PUSH_CONFIG);
      return c.json({ message: PUSH_MESSAGES.subscribed });
    },
  )
  .delete(
    '/push/subscription',
    route({
      tag,
      summary: "Unsubscribes this browser from the caller's notifications",
      description: 'Removes the caller’s subscription of this endpoint; answers 200 when there was none.',
      access: own,
      responses: { 200: MessageSchema },
    }),
    validate('json', PushUnsubscribeBodySchema),
    async (c) => {
      await unsubscribe(c.get('deps').db, c.get('actor'), c.req.valid('json').endpoint);
      return c.json({ message: PUSH_MESSAGES.unsubscribed });
    },
  )
  .get(
    '/push/setting',
    route({
      tag,
      summary: 'The caller’s notification kinds, each on or off',
      description:
        'Every kind (pengajuan, keputusan, info, pengingat, rencana) with `aktif` (a kind never switched is on) ' +
        'and how many of her browsers are subscribed. A kind that is off is still listed in the bell, not pushed.',
      access: own,
      responses: { 200: PushSettingAnswerSchema },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const { userid } = c.get('actor');
      return c.json({
        result: { settings: await settingsOf(db, userid), subscriptions: await subscriptionCount(db, userid) },
      });
    },
  )
  .put(
    '/push/setting',
    route({
      tag,
      summary: 'Turns one kind of the caller’s notifications on or off',
      access: own,
      responses: { 200: PushSettingPutAnswerSchema },
    }),
    validate('json', PushSettingSchema),
    async (c) => {
      const settings = await saveSetting(c.get('deps').db, c.get('actor'), c.req.valid('json'));
      return c.json({ message: PUSH_MESSAGES.settingSaved, result: { settings } });
    },
  )
  .get(
    '/notifikasi',
    route({
      tag: 'Notifikasi',
      summary: 'The caller’s notifications (the bell)',
      description: 'Her 50 newest items, newest first, and how many of all hers are unread.',
      access: own,
      responses: { 200: NotifikasiListAnswerSchema },
    }),
    async (c) => c.json(await listNotifikasi(c.get('deps').db, c.get('actor'))),
  )
  .post(
    '/notifikasi/read',
    route({
      tag: 'Notifikasi',
      summary: 'Marks the caller’s notifications read',
      description: '`ids` of hers to mark, or no `ids` for all. Idempotent: a read item keeps its time.',
      access: own,
      responses: { 200: NotifikasiReadAnswerSchema },
    }),
    validate('json', NotifikasiReadBodySchema),
    async (c) => {
      const unread = await markRead(c.get('deps').db, c.get('actor'), c.req.valid('json').ids);
      return c.json({ message: PUSH_MESSAGES.read, unread });
    },
  );
