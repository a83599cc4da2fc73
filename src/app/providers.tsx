import { ChakraProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '../components/toaster';
import { persistOptions, queryClient } from './query-client';
import { router } from './router';
import { useSystem } from './system';

export function App() {
  const system = useSystem();
  return (
    <ChakraProvider value={system}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
        <Toaster />
      </PersistQueryClientProvider>
    </ChakraProvider>
  );
}
