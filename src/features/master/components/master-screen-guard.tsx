import type { ReactNode } from 'react';
import { OnlineOnly } from '../../../components/online-only';

/** Admin master screens are online only; their permissions are checked by the layout's route guard. */
export function MasterScreenGuard({ children }: { children: ReactNode }) {
  return <OnlineOnly>{children}</OnlineOnly>;
}
