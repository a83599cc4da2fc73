/**
 * The one permission check a screen makes: `const can = useCan();` then `can('news.create')`, or
 * `can(['routeList.create', 'routeList.update'])` for all of several. It reads the signed-in user's
 * permissions (src/domain/roles/permissions.ts `hasPermission`); signed out, nothing is allowed.
 * Which screens a user may open is src/app/screens.ts's table; hiding a button is only convenience,
 * the server decides (its contracts' `access`).
 */
import { useCallback } from 'react';
import { hasPermission, type Permission } from '../domain/roles/permissions';
import { useSession } from './use-session';

export type Can = (needed: Permission | readonly Permission[]) => boolean;

export function useCan(): Can {
  const held = useSession()?.user.permissions;
  return useCallback<Can>((needed) => !!held && hasPermission(held, needed), [held]);
}
