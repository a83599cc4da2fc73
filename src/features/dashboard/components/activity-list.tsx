import { Box, Button, HStack, Portal, Skeleton, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchBox } from '../../../components/search-box';
import {
  ageText,
  isStale,
  visitColour,
  type ActivityRow,
  type ActivityVisit,
} from '../../../domain/dashboard/dashboard';
import { timeWithZone, type TimeZone } from '../../../domain/time-zone';
import { errorMessage } from '../../../lib/http';
import { ACTIVITY_PAGE_SIZE, activityQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';

const COLOUR = { green: 'green.500', yellow: 'yellow.400', red: 'red.500' } as const;
const COLOUR_TEXT = { green: 'Check-in & check-out', yellow: 'Check-in saja', red: 'Belum check-in' } as const;
const REJECTED_TEXT = 'Ditolak peninjau (tidak dihitung)';

/** One planned visit: a circle with its store and times in a tooltip (spec). */
function VisitCircle({ line, zone }: { line: ActivityVisit; zone: TimeZone }) {
  const colour = visitColour(line);
  const label = `${line.cust_code} ${line.customer}: ${line.ditolak ? REJECTED_TEXT : COLOUR_TEXT[colour]}`;
  return (
    <Tooltip.Root openDelay={100} closeDelay={50} lazyMount unmountOnExit>
      <Tooltip.Trigger asChild>
        {/* On a phone the layout makes every button a 44 px target; the circle stays small inside it. */}
        <Box
          as="button"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          minW="5"
          minH="5"
          p="0"
          rounded="full"
          aria-label={label}
          data-colour={colour}
          data-testid="visit-circle"
        >
          <Box w="4" h="4" rounded="full" bg={COLOUR[colour]} borderWidth="1px" borderColor="blackAlpha.300" />
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <Stack gap="0" textStyle="xs">
              <Text fontWeight="semibold">
                {line.cust_code} - {line.customer}
              </Text>
              <Text>Check In: {timeWithZone(line.in_jam, zone)}</Text>
              <Text>Check Out: {timeWithZone(line.out_jam, zone)}</Text>
              {line.ditolak && <Text>{REJECTED_TEXT}</Text>}
            </Stack>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

function Row({ row, now, onFocus }: { row: ActivityRow; now: Date; onFocus: (nrp: string) => void }) {
  const p = row.lastPosition;
  return (
    <HStack
      justify="space-between"
      align="start"
      gap="3"
      py="2"
      px="3"
      borderBottomWidth="1px"
      flexWrap="wrap"
      data-nrp={row.nrp}
      data-testid="activity-row"
    >
      <Box minW="0" flex="1 1 200px">
        <Text fontWeight="medium" truncate>
          {row.nrp} - {row.nama}
        </Text>
        <Text textStyle="xs" color={p && isStale(p.at, now) ? 'fg.subtle' : 'fg.muted'}>
          {p ? `${T.terakhir}: ${timeWithZone(p.jam, p.time_zone)} · ${ageText(p.at, now)}` : T.belumAda}
        </Text>
      </Box>
      <HStack gap={{ base: '0', md: '1.5' }} flexWrap="wrap" flex="1 1 160px">
        {row.kunjunganDetail.map((l) => (
          <VisitCircle key={l.id} line={l} zone={row.time_zone} />
        ))}
      </HStack>
      {p && (
        <Button size="xs" variant="outline" onClick={() => onFocus(row.nrp)} aria-label={`${T.lihatPeta} ${row.nama}`}>
          {T.lihatPeta}
        </Button>
      )}
    </HStack>
  );
}

/** The activity list of the selected location: searchable by NRP or name, a page at a time. */
export function ActivityList({
  date,
  lokasiId,
  now,
  onFocus,
}: {
  date: string;
  lokasiId: string;
  now: Date;
  onFocus: (nrp: string) => void;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(activityQuery(date, lokasiId, q, page));
  const total = query.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  return (
    <Stack gap="3">
      <SearchBox
        q={q}
        onChange={(text) => {
          setQ(text);
          setPage(1);
        }}
        placeholder={T.cariAktifitas}
      />
      <Box borderWidth="1px" rounded="md" bg="bg" aria-busy={query.isFetching} data-testid="activity-list">
        {query.error ? (
          <Text p="3" color="fg.error" role="alert">
            {errorMessage(query.error)}
          </Text>
        ) : !query.data ? (
          <Stack p="3">
            <Skeleton h="6" />
            <Skeleton h="6" />
          </Stack>
        ) : query.data.result.length === 0 ? (
          <Text p="3" color="fg.muted" textAlign="center">
            {T.noActivity}
          </Text>
        ) : (
          query.data.result.map((r) => <Row key={r.nrp} row={r} now={now} onFocus={onFocus} />)
        )}
      </Box>
      {pages > 1 && (
        <HStack justify="space-between">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {T.sebelumnya}
          </Button>
          <Text textStyle="sm">{T.halaman(page, pages)}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {T.berikutnya}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
