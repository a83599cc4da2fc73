import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '../components/toaster';
import { persistOptions, queryClient } from './query-client';
import { router } from './router';

/** The app's providers; the Chakra system comes from src/app/theme.ts, a chunk of its own (src/app/start.tsx). */
export function App({ system }: { system: SystemContext }) {
  return (
    <ChakraProvider value={system}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
        <Toaster />
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}
