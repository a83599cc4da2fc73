import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClusterPoint, PopupText } from '../../../components/map/cluster-types';
import { PositionsMap } from '../../../components/map/positions-map';
import { ageText, isStale, mapMarkerOf, type MapMarker } from '../../../domain/dashboard/dashboard';
import { timeWithZone } from '../../../domain/time-zone';
import { errorMessage } from '../../../lib/http';
import { MAP_READY_MARK, positionsQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';

/** Her popup: who, when, where (the answer carries it with her marker). */
const popupText = (p: MapMarker, now: Date): PopupText => ({
  title: `${p.nama} (${p.nrp})`,
  lines: [
    `${T.terakhir}: ${p.side === 'out' ? 'Check Out' : 'Check In'} ${timeWithZone(p.jam, p.time_zone)} · ${ageText(p.at, now)}`,
    p.store ? `Store: ${p.store.cust_code} - ${p.store.cust_name}` : 'Absensi harian (tanpa store)',
    ...(p.store?.cust_address ? [p.store.cust_address] : []),
  ],
});

const pointOf = (p: MapMarker, now: Date): ClusterPoint => ({
  id: p.nrp,
  lat: p.lat,
  long: p.long,
  // The age as of when the popup opens, not as of the last redraw.
  describe: () => Promise.resolve(popupText(p, new Date())),
  stale: isStale(p.at, now),
});

const markReady = () => performance.mark(MAP_READY_MARK);

function Dot({ color, label }: { color: string; label: string }) {
  return (
    <HStack gap="1.5">
      <Box w="3" h="3" rounded="full" bg={color} />
      <Text textStyle="xs">{label}</Text>
    </HStack>
  );
}

/** The map of last positions (spec): one marker per employee, clustered, stale ones grey. */
export function PositionsSection({
  date,
  minute,
  focus,
}: {
  date: string;
  /** The current minute (ms): the ages and staleness follow it without redrawing every second. */
  minute: number;
  focus: { id: string; seq: number } | null;
}) {
  const query = useQuery(positionsQuery(date));
  const markers = useMemo(
    () => (query.data ? query.data.result.map((p) => mapMarkerOf(p, query.data.stores)) : []),
    [query.data],
  );
  const points = useMemo(() => {
    const now = new Date(minute);
    return markers.map((p) => pointOf(p, now));
  }, [markers, minute]);
  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold">{T.peta}</Text>
        <HStack gap="4">
          {query.data && (
            <Text textStyle="xs" color="fg.muted">
              {T.posisi(query.data.result.length)}
            </Text>
          )}
          <Dot color="#15803d" label={T.petaLegendFresh} />
          <Dot color="#a0aec0" label={T.petaLegendStale} />
        </HStack>
      </HStack>
      {query.error ? (
        <Text color="fg.error" role="alert">
          {errorMessage(query.error)}
        </Text>
      ) : (
        <PositionsMap points={points} focus={focus} onReady={markReady} height="min(60vh, 480px)" />
      )}
    </Stack>
  );
}
