import { Badge, Button, CloseButton, Dialog, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { dateTimeForPeople } from '../../../domain/dates';
import type { PlanLine } from '../../../domain/kunjungan/kunjungan-plan';
import { PhotoThumbnail } from '../../../components/photo-thumbnail';

const FLAG_LABELS: Record<string, string> = {
  outside_radius_in: 'Check in di luar radius',
  outside_radius_out: 'Check out di luar radius',
  clock_skew_in: 'Jam perangkat berbeda (in)',
  clock_skew_out: 'Jam perangkat berbeda (out)',
  no_location_in: 'Tanpa lokasi (in)',
  no_location_out: 'Tanpa lokasi (out)',
  // The office removed the line while the phone was offline; the check-in was kept on a re-made line.
  removed_from_plan: 'Dihapus dari rencana',
  // Evidence signals (decision 033).
  clock_skew: 'Jam perangkat berbeda',
  accuracy_missing: 'Akurasi lokasi kosong',
  location_identical: 'Lokasi identik',
  speed_implausible: 'Kecepatan tidak wajar',
  photo_reused: 'Foto pernah dipakai',
  photo_shared: 'Foto sama dengan karyawan lain',
  photo_unreadable: 'Foto tidak dapat dibaca',
};

/** Check-in or check-out of a line: the time, and the device and receive times when the phone sent them. */
export function CheckCell({ line, side }: { line: PlanLine; side: 'in' | 'out' }) {
  const jam = side === 'in' ? line.in_jam : line.out_jam;
  if (!jam) return <Text color="fg.muted">-</Text>;
  const captured = side === 'in' ? line.in_captured_at : line.out_captured_at;
  const received = side === 'in' ? line.in_received_at : line.out_received_at;
  const distance = side === 'in' ? line.in_distance_m : line.out_distance_m;
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{jam}</Text>
      {captured && (
        <Text textStyle="xs" color="fg.muted">
          Perangkat {dateTimeForPeople(captured)}
        </Text>
      )}
      {received && (
        <Text textStyle="xs" color="fg.muted">
          Diterima {dateTimeForPeople(received)}
        </Text>
      )}
      {distance !== null && (
        <Text textStyle="xs" color="fg.muted">
          {Math.round(distance)} m dari store
        </Text>
      )}
    </Stack>
  );
}

export function FlagBadges({ line }: { line: PlanLine }) {
  if (line.flags.length === 0) return null;
  return (
    <Stack gap="1">
      {line.flags.map((f) => (
        <Badge key={f} colorPalette={f === 'removed_from_plan' ? 'red' : 'orange'} size="sm">
          {FLAG_LABELS[f] ?? f}
        </Badge>
      ))}
    </Stack>
  );
}

function Photo({ name, alt }: { name: string | null; alt: string }) {
  return <PhotoThumbnail name={name} alt={alt} noPhoto="Tidak ada foto" height="48" />;
}

/** Spec §2.3: the check-in photo from the attendance record (foto_masuk), else the visit's in_foto. */
export function PhotoDialog({ line, onClose }: { line: PlanLine | null; onClose: () => void }) {
  const masuk = line ? (line.absensi?.foto_masuk ?? line.in_foto) : null;
  const keluar = line ? (line.absensi?.foto_keluar ?? line.out_foto) : null;
  return (
    <Dialog.Root open={!!line} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>
                Foto {line?.customer.cust_name} {line ? `(${line.tgl_dcp})` : ''}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <Stack gap="1">
                  <Text fontWeight="medium">Check In</Text>
                  <Photo name={masuk} alt="Foto check in" />
                  {line?.in_desc && <Text textStyle="sm">{line.in_desc}</Text>}
                </Stack>
                <Stack gap="1">
                  <Text fontWeight="medium">Check Out</Text>
                  <Photo name={keluar} alt="Foto check out" />
                  {line?.out_desc && <Text textStyle="sm">{line.out_desc}</Text>}
                </Stack>
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Tutup
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
