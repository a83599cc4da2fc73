import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { KunjunganDay } from '../../../domain/absensi/kunjungan-checkin';
import { distanceMeters } from '../../../domain/geo';
import type { TimeZone } from '../../../domain/time-zone';
import type { OutboxRow } from '../../../lib/offline/db';
import { errorMessage } from '../../../lib/http';
import { visitStatus } from '../state';
import { ReviewLine } from './review-line';
import { VisitLineCard } from './visit-line-card';

/** Today's plan was never fetched on this phone and there is no network to fetch it now. */
export const VISITS_NOT_LOADED_TEXT =
  'Daftar kunjungan hari ini belum ada di perangkat ini. Buka halaman ini saat online untuk memuatnya.';

interface Props {
  day: KunjunganDay | undefined;
  /** Being fetched now (a paused fetch, offline, is not loading). */
  loading: boolean;
  online: boolean;
  error: unknown;
  rows: OutboxRow[];
  /** When `day` was read from the server (ms): rows delivered before it are in it, or were undone there. */
  readAt?: number;
  /** The employee's zone, for the times shown; null while unknown. */
  zone: TimeZone | null;
  position: { lat: number; long: number } | null;
  onAction: (lineId: number, action: 'in' | 'out', storeName: string) => void;
  /** Her account: the review line's note goes to her outbox. */
  userid: string;
}

export function VisitList({ day, loading, online, error, rows, readAt = 0, zone, position, onAction, userid }: Props) {
  if (loading && !day) return <Skeleton height="24" />;
  if (!day && (!online || !error)) {
    return (
      <Text color="fg.muted" data-testid="visits-not-loaded">
        {VISITS_NOT_LOADED_TEXT}
      </Text>
    );
  }
  if (!day) return <Text color="fg.error">{errorMessage(error)}</Text>;
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
            status={visitStatus(line, rows, readAt)}
            zone={zone}
            distanceM={distance}
            onAction={(action) => onAction(line.id, action, c.cust_name)}
            review={<ReviewLine userid={userid} tinjauId={`kunjungan-${line.id}`} review={line.tinjau} rows={rows} />}
          />
        );
      })}
    </Stack>
  );
}
