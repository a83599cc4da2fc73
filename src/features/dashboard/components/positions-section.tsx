import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClusterPoint } from '../../../components/map/cluster-types';
import { PositionsMap } from '../../../components/map/positions-map';
import { ageText, isStale, type LastPosition } from '../../../domain/dashboard/dashboard';
import { timeWithZone } from '../../../domain/time-zone';
import { errorMessage } from '../../../lib/http';
import { MAP_READY_MARK, positionsQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';

const pointOf = (p: LastPosition, now: Date): ClusterPoint => ({
  id: p.nrp,
  lat: p.lat,
  long: p.long,
  title: `${p.nama} (${p.nrp})`,
  lines: [
    `${T.terakhir}: ${p.side === 'out' ? 'Check Out' : 'Check In'} ${timeWithZone(p.jam, p.time_zone)} · ${ageText(p.at, now)}`,
    p.cust_code ? `Store: ${p.cust_code} - ${p.cust_name ?? ''}` : 'Absensi harian (tanpa store)',
    ...(p.cust_address ? [p.cust_address] : []),
  ],
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
  const points = useMemo(() => {
    const now = new Date(minute);
    return (query.data ?? []).map((p) => pointOf(p, now));
  }, [query.data, minute]);
  return (
    <Stack gap="2">
      <HStack justify="space-between" flexWrap="wrap">
        <Text fontWeight="semibold">{T.peta}</Text>
        <HStack gap="4">
          {query.data && (
            <Text textStyle="xs" color="fg.muted">
              {T.posisi(query.data.length)}
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
