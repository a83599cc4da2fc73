import { Box, Progress, RadioGroup, Table, Text } from '@chakra-ui/react';
import type { LokasiRow } from '../../../domain/dashboard/dashboard';
import { TIME_ZONE_LABEL } from '../../../domain/time-zone';
import { errorMessage } from '../../../lib/http';
import { DASHBOARD_UI as T } from '../texts';
import { tanggal as tanggalText } from '../../../lib/format';

const percent = (r: LokasiRow) => (r.kunjungan_count ? Math.round((r.visited_count / r.kunjungan_count) * 100) : 0);

/** Spec: a table per location (id - name, employees, visits, active, progress) with a radio to select it. */
export function LokasiTable({
  rows,
  error,
  selected,
  onSelect,
}: {
  rows: LokasiRow[] | undefined;
  error: unknown;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  if (error)
    return (
      <Text color="fg.error" role="alert">
        {errorMessage(error)}
      </Text>
    );
  return (
    <RadioGroup.Root
      value={selected}
      onValueChange={(e) => e.value && onSelect(e.value)}
      aria-label={T.lokasiTable}
      colorPalette="green"
    >
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" aria-label={T.lokasiTable}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10" />
              <Table.ColumnHeader>{T.lokasi}</Table.ColumnHeader>
              {/* On a phone the counts read under the location's name and in the progress line
                  (visited/visits): three columns fewer, so the table fits 360 px. */}
              <Table.ColumnHeader textAlign="end" display={{ base: 'none', lg: 'table-cell' }}>
                {T.karyawan}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" display={{ base: 'none', lg: 'table-cell' }}>
                {T.kunjungan}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" display={{ base: 'none', lg: 'table-cell' }}>
                {T.aktif}
              </Table.ColumnHeader>
              <Table.ColumnHeader minW={{ base: '24', lg: '36' }}>{T.progress}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(rows ?? []).map((r) => (
              <Table.Row
                key={r.id}
                data-lokasi={r.id}
                cursor="pointer"
                onClick={() => onSelect(r.id)}
                bg={selected === r.id ? 'green.subtle' : undefined}
              >
                <Table.Cell>
                  <RadioGroup.Item value={r.id} aria-label={`${r.id} - ${r.nama}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                  </RadioGroup.Item>
                </Table.Cell>
                <Table.Cell>
                  <Text fontWeight="medium" whiteSpace="nowrap">
                    {r.id} - {r.nama}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {tanggalText(r.tanggal)} · {TIME_ZONE_LABEL[r.time_zone]}
                  </Text>
                  <Text textStyle="xs" color="fg.muted" display={{ base: 'block', lg: 'none' }}>
                    {T.karyawan} {r.karyawan_count.toLocaleString('id-ID')} · {T.aktif}{' '}
                    {r.active_count.toLocaleString('id-ID')}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" display={{ base: 'none', lg: 'table-cell' }}>
                  {r.karyawan_count.toLocaleString('id-ID')}
                </Table.Cell>
                <Table.Cell textAlign="end" display={{ base: 'none', lg: 'table-cell' }}>
                  {r.kunjungan_count.toLocaleString('id-ID')}
                </Table.Cell>
                <Table.Cell textAlign="end" display={{ base: 'none', lg: 'table-cell' }}>
                  {r.active_count.toLocaleString('id-ID')}
                </Table.Cell>
                <Table.Cell>
                  <Box>
                    <Progress.Root
                      value={percent(r)}
                      size="sm"
                      colorPalette="green"
                      aria-label={`${T.progress} ${r.id}`}
                    >
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                    <Text textStyle="xs" color="fg.muted" mt="1" whiteSpace="nowrap">
                      {r.visited_count.toLocaleString('id-ID')}/{r.kunjungan_count.toLocaleString('id-ID')} (
                      {percent(r)}%)
                    </Text>
                  </Box>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </RadioGroup.Root>
  );
}
