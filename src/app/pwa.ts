/**
 * Service worker registration, the "new version" prompt, and the install affordance. Production
 * builds only: in development Vite serves modules directly.
 */
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { toaster } from '../lib/toast';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installEvent: BeforeInstallPromptEvent | null = null;
const installListeners = new Set<() => void>();
const emitInstall = () => installListeners.forEach((l) => l());

export function registerPwa() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installEvent = e as BeforeInstallPromptEvent;
    emitInstall();
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    emitInstall();
  });

  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    toaster.create({
      id: 'pwa-update',
      type: 'info',
      title: 'Versi baru tersedia',
      description: 'Muat ulang untuk memakai versi terbaru. Data yang belum terkirim tetap aman.',
      duration: Infinity,
      closable: true,
      action: {
        label: 'Muat ulang',
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
  void wb.register();
}

/** The browser's install prompt, when it offers one (Chrome on Android, desktop Chromium). */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const event = useSyncExternalStore(
    (cb) => {
      installListeners.add(cb);
      return () => installListeners.delete(cb);
    },
    () => installEvent,
  );
  if (!event) return null;
  return async () => {
    await event.prompt();
    await event.userChoice;
    installEvent = null;
    emitInstall();
  };
}
