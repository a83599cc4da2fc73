import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useOnline } from '../lib/use-session';

/**
 * Admin screens work online only (docs/guide.md §4): offline they say so instead of showing stale data as live.
 */
export function OnlineOnly({ children }: { children: ReactNode }) {
  const online = useOnline();
  if (online) return children;
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>Anda sedang offline</EmptyState.Title>
          <EmptyState.Description>
            Halaman ini hanya dapat dibuka saat online. Sambungkan kembali perangkat Anda.
          </EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
