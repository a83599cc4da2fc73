import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '../components/toaster';
import { queryClient } from './query-client';
import { router } from './router';

/**
 * The app's providers; the Chakra system comes from src/app/theme.ts, a chunk of its own, and the query
 * cache is restored from storage before the first render (both in src/app/start.tsx).
 */
export function App({ system }: { system: SystemContext }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
