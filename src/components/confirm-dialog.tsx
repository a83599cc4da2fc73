import { lazyUntilOpen } from './lazy-until-open';
import type { ConfirmDialogProps } from './confirm-dialog-view';

/** A confirmation (title, text, Cancel and a confirm button); its code loads when it first opens. */
export const ConfirmDialog = lazyUntilOpen<ConfirmDialogProps>(() => import('./confirm-dialog-view'));
