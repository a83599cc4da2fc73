import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { queryClient } from './query-client';
import { parseSearch } from './search-params';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
  parseSearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
