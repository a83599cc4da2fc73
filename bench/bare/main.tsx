/**
 * The bare page `npm run bench:startup` measures beside the app (issue 29 item 5): the same stack and
 * nothing of Hadir's screens — React, the router with one route, React Query with one cached answer, and
 * the app's own Chakra system (src/app/theme.ts, its build-time globals and tokens) rendering one card.
 * What the signed-in /absensi/new/spg costs above this is what Hadir's code adds.
 */
import { Button, Card, ChakraProvider, Stack, Text } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { system } from '../../src/app/theme';

const queryClient = new QueryClient();

function Day() {
  const { data } = useQuery({ queryKey: ['bare'], queryFn: async () => ({ jam: '08:05' }) });
  return (
    <Card.Root m="4">
      <Card.Header>
        <Card.Title>Absensi hari ini</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text fontSize="lg" fontWeight="semibold">
            Anda Belum Melakukan Check Out Hari Ini
          </Text>
          <Text>Check In {data?.jam ?? '--:--'}</Text>
          <Button size="xl">Check Out</Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

const router = createRouter({ routeTree: createRootRoute({ component: Day }) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>
  </StrictMode>,
);
