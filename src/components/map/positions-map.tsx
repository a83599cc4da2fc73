/**
 * `<PositionsMap points={…}/>`: many positions, clustered (./cluster-map.tsx). Leaflet and supercluster
 * load only when it is shown (React.lazy), never on the phone's first-load path.
 */
import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { clientConfigQuery } from './client-config';
import type { ClusterMapProps } from './cluster-map';
import { MAP_TEXTS } from './map-types';

const ClusterMap = lazy(() => import('./cluster-map'));

type Props = Omit<ClusterMapProps, 'config' | 'height'> & { height?: string };

export function PositionsMap({ height = '420px', ...props }: Props) {
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
      data-testid="positions-map"
    >
      <Suspense fallback={placeholder(MAP_TEXTS.loading, true)}>
        <ClusterMap config={config.data} height={height} {...props} />
      </Suspense>
    </Box>
  );
}
