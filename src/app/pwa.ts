/**
 * Service worker registration, the "new version" prompt, and the install affordance. Production
 * builds only: in development Vite serves modules directly.
 */
import { useSyncExternalStore } from 'react';
import { whenIdle } from '../lib/when-idle';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installEvent: BeforeInstallPromptEvent | null = null;
/** Set when a new version waits: calling it activates the new worker and reloads. */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => void listeners.delete(cb);
};

let registered = false;

/** Once per page: the entry calls it on the login screen, the app again when it starts. */
export function registerPwa() {
  if (registered) return;
  registered = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installEvent = e as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    emit();
  });

  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The service worker is registered once the page is idle (workbox-window loads then), so its precaching
  // does not compete with the first screen for the network.
  whenIdle(
    () =>
      void import('workbox-window').then(({ Workbox }) => {
        const wb = new Workbox('/sw.js');
        wb.addEventListener('waiting', () => {
          applyUpdate = () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          };
          emit();
        });
        void wb.register();
      }),
  );
}

/** The browser's install prompt, when it offers one (Chrome on Android, desktop Chromium). */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const event = useSyncExternalStore(subscribe, () => installEvent);
  if (!event) return null;
  return async () => {
    await event.prompt();
    await event.userChoice;
    installEvent = null;
    emit();
  };
}

/** "Versi baru tersedia": the reload that activates the waiting version, or null when there is none. */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(subscribe, () => applyUpdate);
}
