import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { StoreMap, type MapPoint } from '../../../components/map';
import type { PlanLine } from '../../../domain/kunjungan/kunjungan-plan';
import { accuracyText } from '../../../domain/geo';

const side = (line: PlanLine, which: 'in' | 'out') => {
  const lat = which === 'in' ? line.in_lat : line.out_lat;
  const long = which === 'in' ? line.in_long : line.out_long;
  const accuracy = which === 'in' ? line.in_accuracy : line.out_accuracy;
  const distance = which === 'in' ? line.in_distance_m : line.out_distance_m;
  return { lat, long, accuracy, distance };
};

const describe = (label: string, s: ReturnType<typeof side>) =>
  s.lat === null || s.long === null
    ? `${label}: tanpa lokasi`
    : `${label}: ${accuracyText(s.accuracy)}, jarak ${
        s.distance === null ? '-' : `${Math.round(s.distance)} m`
      } dari store`;

/** Spec §2.3 map dialog: the store with its check-in radius, and the check-in and check-out positions. */
export function MapDialog({ line, radiusM, onClose }: { line: PlanLine | null; radiusM: number; onClose: () => void }) {
  const points: MapPoint[] = [];
  if (line) {
    const { cust_lat, cust_long, cust_name, radius_m } = line.customer;
    if (cust_lat !== null && cust_long !== null) {
      points.push({ lat: cust_lat, long: cust_long, label: cust_name, radiusM: radius_m ?? radiusM, color: '#15803d' });
    }
    for (const [which, label, color] of [
      ['in', 'Check In', '#2563eb'],
      ['out', 'Check Out', '#c2410c'],
    ] as const) {
      const s = side(line, which);
      if (s.lat !== null && s.long !== null)
        points.push({ lat: s.lat, long: s.long, label, radiusM: s.accuracy, color });
    }
  }
  return (
    <Dialog.Root open={!!line} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>Lokasi {line?.customer.cust_name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {line && (
                <Stack gap="2">
                  <StoreMap points={points} />
                  <Text textStyle="sm">Radius store: {line.customer.radius_m ?? radiusM} m</Text>
                  <Text textStyle="sm">{describe('Check In', side(line, 'in'))}</Text>
                  {line.out_jam && <Text textStyle="sm">{describe('Check Out', side(line, 'out'))}</Text>}
                </Stack>
              )}
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
