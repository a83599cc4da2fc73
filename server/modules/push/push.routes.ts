/**
 * Web Push and the bell (issue 29), mounted at /api: serves the area's contracts
 * (src/domain/push/contracts.ts): /push/key, /push/subscription, /push/setting for the caller's browsers
 * and switches, /notifikasi for her in-app list. Every route is the caller's own.
 */
import { notifikasiContracts as bell, pushContracts as push } from '../../../src/domain/push/contracts';
import { PUSH_MESSAGES } from '../../../src/domain/push/push';
import { contractRouter } from '../../lib/contract-route';
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

export const pushRoutes = contractRouter('/api')
  .on(push.key, async (c) => {
    const deps = c.get('deps');
    const keys = await vapidKeys(deps.db, deps.push ?? DEFAULT_PUSH_CONFIG);
    return { result: { publicKey: keys.publicKey } };
  })
  .on(push.subscribe, async (c, { body }) => {
    const deps = c.get('deps');
    await subscribe(deps.db, c.get('actor'), body, deps.push ?? DEFAULT_PUSH_CONFIG);
    return { message: PUSH_MESSAGES.subscribed };
  })
  .on(push.unsubscribe, async (c, { body }) => {
    await unsubscribe(c.get('deps').db, c.get('actor'), body.endpoint);
    return { message: PUSH_MESSAGES.unsubscribed };
  })
  .on(push.setting, async (c) => {
    const { db } = c.get('deps');
    const actor = c.get('actor');
    return {
      result: { settings: await settingsOf(db, actor), subscriptions: await subscriptionCount(db, actor.userid) },
    };
  })
  .on(push.saveSetting, async (c, { body }) => {
    const settings = await saveSetting(c.get('deps').db, c.get('actor'), body);
    return { message: PUSH_MESSAGES.settingSaved, result: { settings } };
  })
  .on(bell.list, async (c) => listNotifikasi(c.get('deps').db, c.get('actor')))
  .on(bell.read, async (c, { body }) => {
    const unread = await markRead(c.get('deps').db, c.get('actor'), body.ids);
    return { message: PUSH_MESSAGES.read, unread };
  }).router;
