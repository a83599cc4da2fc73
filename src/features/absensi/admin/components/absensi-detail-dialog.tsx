import {
  Badge,
  Box,
  CloseButton,
  Dialog,
  Heading,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { StoreMap, type MapPoint } from '../../../../components/map';
import { ABSENSI_AKSI, type AbsensiChange } from '../../../../domain/absensi/absensi-admin';
import type { AbsensiListRow } from '../../../../domain/absensi/absensi-list';
import { dateTimeForPeople } from '../../../../domain/dates';
import { TIME_ZONE_LABEL, timeWithZone } from '../../../../domain/time-zone';
import { useMediaQuery } from '../../../../components/use-media-query';
import { StoredPhotoBox } from '../../components/stored-photo-box';
import { absensiHistoryQuery } from '../api';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';
import { AbsensiFlags } from './absensi-flags';

function Side({ row, side }: { row: AbsensiListRow; side: 'in' | 'out' }) {
  const isIn = side === 'in';
  const jam = isIn ? row.jam_masuk : row.jam_keluar;
  const lat = isIn ? row.masuk_lat : row.keluar_lat;
  const long = isIn ? row.masuk_long : row.keluar_long;
  const accuracy = isIn ? row.masuk_accuracy : row.keluar_accuracy;
  const captured = isIn ? row.masuk_captured_at : row.keluar_captured_at;
  const received = isIn ? row.masuk_received_at : row.keluar_received_at;
  const note = isIn ? row.masuk_location_note : row.keluar_location_note;
  const label = isIn ? T.fotoMasuk : T.fotoKeluar;
  return (
    <Stack gap="1">
      <Text fontWeight="medium">
        {label}: {timeWithZone(jam, row.time_zone)}
      </Text>
      <StoredPhotoBox name={isIn ? row.foto_masuk : row.foto_keluar} alt={label} noPhoto={T.noPhoto} />
      <Text textStyle="xs" color="fg.muted">
        {lat !== null && long !== null
          ? `${T.position} ${lat.toFixed(5)}, ${long.toFixed(5)} (${T.accuracy(accuracy)})`
          : note
            ? `${T.noPosition}: ${note}`
            : T.noPosition}
      </Text>
      {captured && (
        <Text textStyle="xs" color="fg.muted">
          Perangkat {dateTimeForPeople(captured, row.time_zone)} {TIME_ZONE_LABEL[row.time_zone]}
          {received
            ? ` · Diterima ${dateTimeForPeople(received, row.time_zone)} ${TIME_ZONE_LABEL[row.time_zone]}`
            : ''}
        </Text>
      )}
    </Stack>
  );
}

const valuesText = (v: AbsensiChange['sebelum']) =>
  v ? `${v.sts_abs_id} · ${v.shift_id ?? '-'} · ${v.jam_masuk ?? '--'}–${v.jam_keluar ?? '--'}` : '-';

function History({ nrp, tanggal }: { nrp: string; tanggal: string }) {
  const history = useQuery(absensiHistoryQuery(nrp, tanggal));
  if (history.isPending) return <Skeleton height="16" />;
  if (history.isError) return <Text color="fg.error">{history.error.message}</Text>;
  if (history.data.length === 0) return <Text color="fg.muted">{T.noHistory}</Text>;
  return (
    <Stack gap="2" as="ol" listStyleType="none">
      {history.data.map((c) => (
        <Box as="li" key={c.id} borderWidth="1px" rounded="md" p="2">
          <Text textStyle="sm" fontWeight="medium">
            <Badge size="sm" mr="2">
              {ABSENSI_AKSI[c.aksi]}
            </Badge>
            {dateTimeForPeople(c.changed_at)} · {c.changed_by_nama ?? c.changed_by}
          </Text>
          <Text textStyle="sm">{c.alasan}</Text>
          <Text textStyle="xs" color="fg.muted">
            {T.before}: {valuesText(c.sebelum)} → {T.after}: {valuesText(c.sesudah)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * One day in full: both photos and positions (with a small map when there is a position), the review
 * marks, the store visits and the change history (who, when, why, before and after).
 */
export function AbsensiDetailDialog({ row, onClose }: { row: AbsensiListRow | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const points: MapPoint[] = [];
  if (row?.masuk_lat != null && row.masuk_long != null)
    points.push({
      lat: row.masuk_lat,
      long: row.masuk_long,
      label: T.fotoMasuk,
      radiusM: row.masuk_accuracy,
      color: '#16a34a',
    });
  if (row?.keluar_lat != null && row.keluar_long != null)
    points.push({
      lat: row.keluar_lat,
      long: row.keluar_long,
      label: T.fotoKeluar,
      radiusM: row.keluar_accuracy,
      color: '#dc2626',
    });
  return (
    <Dialog.Root
      open={!!row}
      onOpenChange={(e) => !e.open && onClose()}
      size={phone ? 'full' : 'lg'}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {row && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{T.detailTitle(row.karyawan.nama, row.tanggal)}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text textStyle="sm" color="fg.muted">
                      {row.nrp} · {row.lokasi.nama} · {row.statusAbsensi.nama} · {T.sumber[row.sumber] ?? row.sumber}
                      {row.shift
                        ? ` · ${row.shift.nama} ${row.shift.jam_mulai.slice(0, 5)}–${row.shift.jam_selesai.slice(0, 5)}`
                        : ''}
                    </Text>
                    <AbsensiFlags row={row} />
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                      <Side row={row} side="in" />
                      <Side row={row} side="out" />
                    </SimpleGrid>
                    {points.length > 0 && <StoreMap points={points} height="220px" />}
                    <Stack gap="2">
                      <Heading as="h3" size="sm">
                        {T.visits}
                      </Heading>
                      {row.details.length === 0 ? (
                        <Text color="fg.muted">{T.noVisits}</Text>
                      ) : (
                        <Table.ScrollArea>
                          <Table.Root size="sm">
                            <Table.Body>
                              {row.details.map((d, i) => (
                                <Table.Row key={`${d.customer.cust_code}-${i}`}>
                                  <Table.Cell>{d.customer.cust_name}</Table.Cell>
                                  <Table.Cell>
                                    {timeWithZone(d.in_jam, row.time_zone)} – {timeWithZone(d.out_jam, row.time_zone)}
                                  </Table.Cell>
                                  <Table.Cell>{[d.in_desc, d.out_desc].filter(Boolean).join(' / ') || '-'}</Table.Cell>
                                </Table.Row>
                              ))}
                            </Table.Body>
                          </Table.Root>
                        </Table.ScrollArea>
                      )}
                    </Stack>
                    <Stack gap="2">
                      <Heading as="h3" size="sm">
                        {T.history}
                      </Heading>
                      <History nrp={row.nrp} tanggal={row.tanggal} />
                    </Stack>
                  </Stack>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Tutup" />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
