/**
 * The shared map (stores, a visit's evidence): `<StoreMap marker={…}/>` with one draggable marker that
 * reports its position, or `<StoreMap points={…}/>` read-only with markers and circles. Leaflet loads
 * only when a map is shown (React.lazy); until its tiles settings arrive, a placeholder keeps the space.
 */
import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { clientConfigQuery } from './client-config';
import type { LeafletMapProps } from './leaflet-map';
import { MAP_TEXTS } from './map-types';

export * from './map-types';

const LeafletMap = lazy(() => import('./leaflet-map'));

type Props = Omit<LeafletMapProps, 'config' | 'height'> & { height?: string };

export function StoreMap({ height = '320px', ...props }: Props) {
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
    <Box h={height} rounded="md" overflow="hidden" borderWidth="1px" position="relative" zIndex={0} data-testid="map">
      <Suspense fallback={placeholder(MAP_TEXTS.loading, true)}>
        <LeafletMap config={config.data} height={height} {...props} />
      </Suspense>
    </Box>
  );
}
