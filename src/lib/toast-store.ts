import { createToaster } from '@chakra-ui/react';

/**
 * Chakra's toast store, loaded with the first notice (see ./toast.ts). Notices rise from the bottom: at
 * the top they covered the top bar's menus and the page's own buttons under it. At the bottom's centre,
 * not its right corner: a form's primary button sits bottom right (the store's Edit was covered). On a
 * phone with the bottom navigation they stand above it (--hadir-toast-bottom, set by the layout).
 */
export const toaster = createToaster({
  placement: 'bottom',
  offsets: { top: '1rem', right: '1rem', left: '1rem', bottom: 'var(--hadir-toast-bottom, 1rem)' },
  pauseOnPageIdle: true,
  max: 5,
});
