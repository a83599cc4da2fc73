import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClusterPoint, PopupText } from '../../../components/map/cluster-types';
import { PositionsMap } from '../../../components/map/positions-map';
import { ageText, isStale, type LastPosition, type MapPoint } from '../../../domain/dashboard/dashboard';
import { timeWithZone } from '../../../domain/time-zone';
import { errorMessage } from '../../../lib/http';
import { MAP_READY_MARK, positionQuery, positionsQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';

/** Her popup: who, when, where (read when it opens; the marker knows only the position and its time). */
const popupText = (p: LastPosition | null, nrp: string, now: Date): PopupText =>
  p
    ? {
        title: `${p.nama} (${p.nrp})`,
        lines: [
          `${T.terakhir}: ${p.side === 'out' ? 'Check Out' : 'Check In'} ${timeWithZone(p.jam, p.time_zone)} · ${ageText(p.at, now)}`,
          p.cust_code ? `Store: ${p.cust_code} - ${p.cust_name ?? ''}` : 'Absensi harian (tanpa store)',
          ...(p.cust_address ? [p.cust_address] : []),
        ],
      }
    : { title: nrp, lines: ['Posisi tidak ditemukan'] };

const pointOf = ([nrp, lat, long, at]: MapPoint, now: Date, date: string, client: QueryClient): ClusterPoint => ({
  id: nrp,
  lat,
  long,
  describe: () => client.fetchQuery(positionQuery(date, nrp)).then((p) => popupText(p, nrp, new Date())),
  stale: isStale(new Date(at * 1000), now),
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
  const client = useQueryClient();
  const query = useQuery(positionsQuery(date));
  const points = useMemo(() => {
    const now = new Date(minute);
    return (query.data ?? []).map((p) => pointOf(p, now, date, client));
  }, [query.data, minute, date, client]);
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
