import { ensureFullSystem } from '../../../app/system';
import { lazyUntilOpen } from '../../../components/lazy-until-open';
import type { ChangePasswordDialogProps } from './change-password-dialog-view';

/**
 * The own and forced password change dialog; its code loads when it first opens. The forced change opens
 * on /login, which paints with the small login theme, so the full theme (the dialog's recipe) comes with it.
 */
export const ChangePasswordDialog = lazyUntilOpen<ChangePasswordDialogProps>(() =>
  Promise.all([import('./change-password-dialog-view'), ensureFullSystem()]).then(([view]) => view),
);
