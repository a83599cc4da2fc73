import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (rotation, resizing). Write the query so
 * that `false` is the wide-screen answer: a browser or test without matchMedia gets the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener?.('change', onChange);
      return () => mq?.removeEventListener?.('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
