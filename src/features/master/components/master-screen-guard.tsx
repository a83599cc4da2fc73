import type { ReactNode } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';

/** Admin master screens: the screen's permissions (SCREENS in src/app/navigation.ts), online only. */
export function MasterScreenGuard({ permissions, children }: { permissions: readonly string[]; children: ReactNode }) {
  return (
    <RequirePermission permissions={permissions}>
      <OnlineOnly>{children}</OnlineOnly>
    </RequirePermission>
  );
}
