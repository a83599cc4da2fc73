import type { SystemContext } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { createLoginSystem } from './theme-login';

/**
 * The Chakra system the app renders with (decision 011). A phone that is not signed in paints /login
 * with the small login system; the full one (src/app/theme.ts, a `theme` chunk of its own) is loaded and
 * swapped in before anything else renders: start-up waits for it when signed in, the `_app` route before
 * its first screen, the forced password dialog before it opens, and the login form starts it when it
 * sends the password. Notices render with either (the login system has their recipe). Once swapped in,
 * it stays.
 */
let current: SystemContext | null = null;
let full: Promise<void> | null = null;
const listeners = new Set<() => void>();

function currentSystem(): SystemContext {
  return (current ??= createLoginSystem());
}

/** Builds the login system now (start-up does it in a task of its own), unless a system is there already. */
export function prepareSystem() {
  currentSystem();
}

export function ensureFullSystem(): Promise<void> {
  return (full ??= import('./theme').then(({ system }) => {
    current = system;
    for (const listener of listeners) listener();
  }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useSystem(): SystemContext {
  return useSyncExternalStore(subscribe, currentSystem, currentSystem);
}
