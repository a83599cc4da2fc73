import { Box, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';

/** 'Sen 03 Nov 2026'-style day (spec §9 "ddd DD MMM YYYY"), in Indonesian. */
const DAYS = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];
export function dayText(tanggal: string): string {
  const d = dayjs(tanggal);
  return `${DAYS[d.day()]} ${d.format('DD')} ${MONTHS[d.month()]} ${d.year()}`;
}

/** A local time with its zone's name: '07:30 WITA' (the employee's location zone). */
export function timeText(jam: string | null, zona: string): string {
  return jam ? `${jam.slice(0, 5)} ${zona}` : '--:--';
}

export function Employee({ row }: { row: { nrp: string; nama: string; lokasi: { nama: string }; zona: string } }) {
  return (
    <Box>
      <Text fontWeight="medium">{row.nama}</Text>
      <Text textStyle="xs" color="fg.muted">
        {row.nrp} · {row.lokasi.nama} ({row.zona})
      </Text>
    </Box>
  );
}
