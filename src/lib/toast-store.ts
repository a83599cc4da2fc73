import { createToaster } from '@chakra-ui/react';

/** Chakra's toast store, loaded with the first notice (see ./toast.ts). */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 5 });
