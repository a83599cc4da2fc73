import { Text } from '@chakra-ui/react';
import type { KoreksiRow } from '../../../../domain/absensi/koreksi';
import { timeWithZone } from '../../../../domain/time-zone';

const shown = (jam: string | null, row: Pick<KoreksiRow, 'time_zone'>) =>
  jam ? timeWithZone(jam, row.time_zone) : '--:--';

/** "Masuk 08:01 → 08:00 WIB" for each time the correction changes; a time left as it is is not listed. */
export function KoreksiTimes({
  row,
}: {
  row: Pick<KoreksiRow, 'time_zone' | 'jam_masuk' | 'jam_keluar' | 'jam_masuk_lama' | 'jam_keluar_lama'>;
}) {
  return (
    <>
      {row.jam_masuk && (
        <Text textStyle="sm" whiteSpace="nowrap">
          Masuk: {shown(row.jam_masuk_lama, row)} → <b>{shown(row.jam_masuk, row)}</b>
        </Text>
      )}
      {row.jam_keluar && (
        <Text textStyle="sm" whiteSpace="nowrap">
          Keluar: {shown(row.jam_keluar_lama, row)} → <b>{shown(row.jam_keluar, row)}</b>
        </Text>
      )}
    </>
  );
}
