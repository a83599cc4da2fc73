import { lazyUntilOpen } from '../../../components/lazy-until-open';
import type { ChangePasswordDialogProps } from './change-password-dialog-view';

/** The own and forced password change dialog; its code loads when it first opens. */
export const ChangePasswordDialog = lazyUntilOpen<ChangePasswordDialogProps>(
  () => import('./change-password-dialog-view'),
);
