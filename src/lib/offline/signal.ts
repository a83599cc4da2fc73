/**
 * "The outbox changed": told to every page and the service worker, so lists and counters update
 * and a waiting replayer wakes up.
 */
const CHANNEL = 'hadir-outbox';
/** The Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'hadir-outbox';

type Listener = (message: OutboxMessage) => void;
export type OutboxMessage =
  { type: 'changed' } | { type: 'auth-required'; userid: string } | { type: 'synced'; userid: string };

const local = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<OutboxMessage>) => local.forEach((l) => l(e.data));
  }
  return channel;
}

export function postOutboxMessage(message: OutboxMessage) {
  local.forEach((l) => l(message));
  getChannel()?.postMessage(message);
}

export const notifyOutboxChanged = () => postOutboxMessage({ type: 'changed' });

export function onOutboxMessage(listener: Listener): () => void {
  getChannel();
  local.add(listener);
  return () => local.delete(listener);
}
