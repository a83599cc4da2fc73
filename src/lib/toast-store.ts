import { createToaster } from '@chakra-ui/react';

/**
 * Chakra's toast store, loaded with the first notice (see ./toast.ts). Notices rise from the bottom: at
 * the top they covered the top bar's menus and the page's own buttons under it. On a phone with the
 * bottom navigation they stand above it (--hadir-toast-bottom, set by the layout).
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  offsets: { top: '1rem', right: '1rem', left: '1rem', bottom: 'var(--hadir-toast-bottom, 1rem)' },
  pauseOnPageIdle: true,
  max: 5,
});
