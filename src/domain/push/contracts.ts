/**
 * /api/push and /api/notifikasi, one contract per endpoint (src/domain/contract.ts): the caller's own
 * browsers (the VAPID key, subscribe, unsubscribe) and per-kind switches, and the bell's list and read
 * mark. The bell's two live in notifikasi-list.ts, so the header's bell loads nothing else of this area.
 */
import { MessageSchema } from '../api';
import { contract } from '../contract';
import { notifikasiContracts } from './notifikasi-list';
import {
  PushKeyAnswerSchema,
  PushSettingAnswerSchema,
  PushSettingPutAnswerSchema,
  PushSettingSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  PUSH_SUBSCRIPTIONS_MAX,
} from './push';

export { notifikasiContracts };

const tag = 'Push';
const own = { session: true, note: 'Own account only.' } as const;

export const pushContracts = {
  key: contract({
    method: 'GET',
    path: '/api/push/key',
    tag,
    summary: "The server's VAPID public key",
    description: 'The applicationServerKey for `pushManager.subscribe` (base64url, an uncompressed P-256 point).',
    access: { session: true },
    answer: PushKeyAnswerSchema,
  }),
  subscribe: contract({
    method: 'POST',
    path: '/api/push/subscription',
    tag,
    summary: "Subscribes this browser to the caller's notifications",
    description:
      "The browser's `PushSubscription.toJSON()`. The endpoint must be on a push service's host (FCM, " +
      'Mozilla, Apple, Windows, over https) or on one of PUSH_ENDPOINT_HOSTS; anything else is a 400 and ' +
      'nothing is ever sent to it. An endpoint the caller already has is renewed; one subscribed by another ' +
      'account is refused with 409 (it is not moved: its owner unsubscribes it first). At most ' +
      `${PUSH_SUBSCRIPTIONS_MAX} browsers per user: a further one replaces her oldest.`,
    access: own,
    body: PushSubscriptionBodySchema,
    answer: MessageSchema,
    errors: [409],
  }),
  unsubscribe: contract({
    method: 'DELETE',
    path: '/api/push/subscription',
    tag,
    summary: "Unsubscribes this browser from the caller's notifications",
    description: 'Removes the caller’s subscription of this endpoint; answers 200 when there was none.',
    access: own,
    body: PushUnsubscribeBodySchema,
    answer: MessageSchema,
  }),
  setting: contract({
    method: 'GET',
    path: '/api/push/setting',
    tag,
    summary: 'The caller’s notification kinds, each on or off',
    description:
      'Every kind (pengajuan, keputusan, info, pengingat, rencana) with `aktif` (a kind never switched is on) ' +
      'and how many of her browsers are subscribed. A kind that is off is still listed in the bell, not pushed.',
    access: own,
    answer: PushSettingAnswerSchema,
  }),
  saveSetting: contract({
    method: 'PUT',
    path: '/api/push/setting',
    tag,
    summary: 'Turns one kind of the caller’s notifications on or off',
    access: own,
    body: PushSettingSchema,
    answer: PushSettingPutAnswerSchema,
  }),
};
