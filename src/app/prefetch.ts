import { session } from '../lib/session';
import { mayOpen, screenOfRoute } from './screens';

/**
 * Route loaders warm the cache only when the request can succeed: online, signed in, and holding the
 * permissions of the loader's own screen (the table in screens.ts); the screen decides the rest.
 * Loaders pass the `route` they are given, so no path or permission is written at the call.
 */
export function mayPrefetch(route: { fullPath: string }): boolean {
  const held = session.get()?.user.permissions;
  const screen = screenOfRoute(route.fullPath);
  return navigator.onLine && !!held && !!screen && mayOpen(screen, held);
}
