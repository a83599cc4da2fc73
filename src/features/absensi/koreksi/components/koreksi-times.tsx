import { Box, Text } from '@chakra-ui/react';
import type { KoreksiRow } from '../../../../domain/absensi/koreksi';
import { timeWithZone } from '../../../../domain/time-zone';

type Times = Pick<KoreksiRow, 'time_zone' | 'jam_masuk' | 'jam_keluar' | 'jam_masuk_lama' | 'jam_keluar_lama'>;

const shown = (jam: string | null, row: Times) => (jam ? timeWithZone(jam, row.time_zone) : '--:--');

function Line({ label, before, after, row }: { label: string; before: string | null; after: string; row: Times }) {
  // A narrow card breaks the line between the times, never inside one.
  return (
    <Text textStyle="sm" whiteSpace={{ base: 'normal', xl: 'nowrap' }}>
      {label}:{' '}
      <Box as="span" whiteSpace="nowrap">
        {shown(before, row)}
      </Box>{' '}
      →{' '}
      <Box as="span" whiteSpace="nowrap" fontWeight="semibold">
        {shown(after, row)}
      </Box>
    </Text>
  );
}

/** "Masuk: 08:01 WIB → 08:00 WIB" for each time the correction changes; a time left as it is is not listed. */
export function KoreksiTimes({ row }: { row: Times }) {
  return (
    <>
      {row.jam_masuk && <Line label="Masuk" before={row.jam_masuk_lama} after={row.jam_masuk} row={row} />}
      {row.jam_keluar && <Line label="Keluar" before={row.jam_keluar_lama} after={row.jam_keluar} row={row} />}
    </>
  );
}
