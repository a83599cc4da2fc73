import type { ReactNode } from 'react';
import { useSession } from '../lib/use-session';
import { NotAllowed } from './not-allowed';

/** Renders its children only when the user holds every permission; otherwise "Not Allowed". */
export function RequirePermission({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  const held = useSession()?.user.permissions ?? [];
  return permissions.every((p) => held.includes(p)) ? children : <NotAllowed />;
}
