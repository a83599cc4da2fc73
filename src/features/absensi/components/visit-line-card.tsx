import { Badge, Button, Card, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { KunjunganLine } from '../../../domain/absensi/kunjungan-checkin';
import { VISIT_RADIUS_DEFAULT_M } from '../../../domain/absensi/absensi';
import { formatDistance, outsideRadius } from '../../../domain/geo';
import { jam } from '../../../lib/format';
import type { TimeZone } from '../../../domain/time-zone';
import type { SideStatus } from '../state';
import { fieldTime } from '../zone';
import { PendingBadge } from './pending-badge';
import { VerifiedMark } from './verified-mark';

interface Props {
  line: KunjunganLine;
  status: { in: SideStatus; out: SideStatus };
  /** The employee's zone: times read '07:30 WITA'; null while unknown. */
  zone: TimeZone | null;
  /** From the phone's current position, when known. */
  distanceM: number | null;
  onAction: (action: 'in' | 'out') => void;
  /** The review line of a flagged visit (ReviewLine), when there is one. */
  review?: ReactNode;
}

/** One planned store of today: where it is, how far, and its check-in/out (out only after in). */
export function VisitLineCard({ line, status, zone, distanceM, onAction, review }: Props) {
  const refused = status.in.refused ?? status.out.refused;
  const radiusM = line.customer.radius_m ?? VISIT_RADIUS_DEFAULT_M;
  const far = distanceM !== null && outsideRadius(distanceM, radiusM);
  return (
    <Card.Root size="sm" data-testid="visit-line">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="start">
            <Stack gap="0.5" minW="0">
              <Text fontWeight="semibold">{line.customer.cust_name}</Text>
              <Text textStyle="sm" color="fg.muted">
                {line.customer.cust_address ?? line.cust_code}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {line.cust_code} · Shift {line.shift.nama} ({jam(line.shift.jam_mulai)}–{jam(line.shift.jam_selesai)})
              </Text>
            </Stack>
            {distanceM !== null && (
              <Badge
                variant={far ? 'solid' : 'outline'}
                colorPalette={far ? 'orange' : undefined}
                // orange.solid under white text is 3.55:1; orange.700 (#92310a) is 7.9:1 (WCAG AA, issue 41 item 7).
                bg={far ? 'orange.700' : undefined}
                color={far ? 'white' : undefined}
                flexShrink={0}
                data-testid="distance"
                data-outside-radius={far || undefined}
                title={far ? `Di luar radius toko (${formatDistance(radiusM)})` : undefined}
              >
                {formatDistance(distanceM)}
                {far && <VisuallyHidden>, di luar radius {formatDistance(radiusM)}</VisuallyHidden>}
              </Badge>
            )}
          </HStack>
          <HStack gap="4" flexWrap="wrap">
            <Text textStyle="sm">
              In: <strong>{fieldTime(status.in.jam, zone)}</strong>
            </Text>
            {status.in.pending && <PendingBadge />}
            {line.in_verified === 'passkey' && !status.in.pending && <VerifiedMark />}
            <Text textStyle="sm">
              Out: <strong>{fieldTime(status.out.jam, zone)}</strong>
            </Text>
            {status.out.pending && <PendingBadge />}
            {line.out_verified === 'passkey' && !status.out.pending && <VerifiedMark />}
          </HStack>
          {review}
          {refused && (
            <Text textStyle="sm" color="fg.error">
              Ditolak server: {refused.lastError}
            </Text>
          )}
          {!status.in.done && (
            <Button size="lg" onClick={() => onAction('in')}>
              Check In Toko
            </Button>
          )}
          {status.in.done && !status.out.done && (
            <Button size="lg" variant="outline" onClick={() => onAction('out')}>
              Check Out Toko
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
