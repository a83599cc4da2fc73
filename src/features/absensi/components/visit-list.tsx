import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { KunjunganDay } from '../../../domain/kunjungan';
import { distanceMeters } from '../../../domain/geo';
import type { OutboxRow } from '../../../lib/offline/db';
import { errorMessage } from '../../../lib/http';
import { visitStatus } from '../state';
import { VisitLineCard } from './visit-line-card';

interface Props {
  day: KunjunganDay | undefined;
  loading: boolean;
  error: unknown;
  rows: OutboxRow[];
  position: { lat: number; long: number } | null;
  onAction: (lineId: number, action: 'in' | 'out', storeName: string) => void;
}

export function VisitList({ day, loading, error, rows, position, onAction }: Props) {
  if (loading && !day) return <Skeleton height="24" />;
  if (!day) return <Text color="fg.error">{error ? errorMessage(error) : 'Tidak ada data'}</Text>;
  if (!day.details.length) return <Text color="fg.muted">Tidak ada kunjungan terjadwal hari ini.</Text>;
  return (
    <Stack gap="3">
      {day.details.map((line) => {
        const c = line.customer;
        const distance =
          position && c.cust_lat !== null && c.cust_long !== null
            ? distanceMeters(position, { lat: c.cust_lat, long: c.cust_long })
            : null;
        return (
          <VisitLineCard
            key={line.id}
            line={line}
            status={visitStatus(line, rows)}
            distanceM={distance}
            onAction={(action) => onAction(line.id, action, c.cust_name)}
          />
        );
      })}
    </Stack>
  );
}
