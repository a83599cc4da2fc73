import { useSyncExternalStore } from 'react';
import { session, type Session } from './session';

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
