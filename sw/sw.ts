/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell so the field app cold-starts with no network, answers
 * every navigation with the shell, keeps bounded caches of photos and map tiles, and replays the
 * outbox on Background Sync. API answers are never cached here: an admin screen never shows a stored
 * answer as if it were live.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { replayOutbox } from '../src/lib/offline/replay';
import { SYNC_TAG } from '../src/lib/offline/signal';
import { PUSH_SW_MESSAGE } from '../src/domain/push/notifikasi-bell';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/auth\//, /^\/uploads\//, /^\/template\//],
  }),
);

// Photos are immutable (random names); the page fetches them with the session token.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/uploads/photo/'),
  new CacheFirst({
    cacheName: 'hadir-photos',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86400, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url }) => url.hostname.endsWith('tile.openstreetmap.org'),
  new CacheFirst({
    cacheName: 'hadir-map-tiles',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 14 * 86400, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === SYNC_TAG) e.waitUntil(replayOutbox({ baseUrl: self.location.origin }).then(() => undefined));
});

// Web Push (issue 29): the server sends `{ title, body, url }` (server/modules/push/push-job.ts).
interface PushPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
}

/** An app path only: a notification never opens another site. */
const appPath = (url: unknown) =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifikasi';

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    data = { body: event.data?.text() };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Hadir';
  const body = typeof data.body === 'string' ? data.body : '';
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body,
        data: { url: appPath(data.url) },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'id',
      }),
      // An open window refreshes its bell at once.
      self.clients
        .matchAll({ type: 'window' })
        .then((list) => list.forEach((c) => c.postMessage({ type: PUSH_SW_MESSAGE.pushed }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const win = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (!win) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await win.focus().catch(() => win);
      // The signed-in app opens the screen itself (no reload); the login screen is simply navigated.
      if (new URL(focused.url).pathname.startsWith('/login')) await focused.navigate(url);
      else focused.postMessage({ type: PUSH_SW_MESSAGE.open, url });
    })(),
  );
});
