/**
 * The frame both lazy maps share: it waits for the server's tile settings, keeps the map's space with a
 * placeholder until they and the lazily loaded Leaflet arrive, and says so when the settings fail.
 */
import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import type { ClientConfig } from '../../domain/client-config';
import { clientConfigQuery } from './client-config';
import { MAP_TEXTS } from './map-types';

export function MapFrame({
  height,
  testId,
  children,
}: {
  height: string;
  testId: string;
  children: (config: ClientConfig) => ReactNode;
}) {
  const config = useQuery(clientConfigQuery());
  const placeholder = (text: string, busy: boolean) => (
    <Center h={height} bg="bg.muted" rounded="md" gap="2">
      {busy && <Spinner size="sm" />}
      <Text color="fg.muted" fontSize="sm">
        {text}
      </Text>
    </Center>
  );
  if (config.isError) return placeholder(MAP_TEXTS.failed, false);
  if (!config.data) return placeholder(MAP_TEXTS.loading, true);
  return (
    <Box
      h={height}
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      position="relative"
      zIndex={0}
      data-testid={testId}
    >
      <Suspense fallback={placeholder(MAP_TEXTS.loading, true)}>{children(config.data)}</Suspense>
    </Box>
  );
}
