import { Alert, Box, Button, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TimeZone } from '../../../domain/time-zone';
import { hariTanggal } from '../../../lib/format';
import { earlyCheckOutText } from '../../../domain/absensi/worked-time';
import { workedText, type DayStatus } from '../state';
import { fieldTime } from '../zone';
import { PendingBadge } from './pending-badge';
import { VerifiedMark } from './verified-mark';

/** Spec part 2 §2.7, verbatim: the three states of today's own attendance. */
export const DAY_TEXTS = {
  none: 'Anda Belum Melakukan Check In Hari Ini',
  inOnly: 'Anda Belum Melakukan Check Out Hari Ini',
  done: 'Anda Telah Melakukan Absensi',
} as const;

/** What the server last said about today is not on this phone (a fresh login that lost its signal). */
export const NOT_LOADED_TEXT =
  'Data absensi hari ini belum ada di perangkat ini. Check In atau Check Out tetap bisa dicatat; server yang mencocokkan.';
/** The day the forgot-checkout job marked (src/domain/absensi/forgot-checkout.ts). */
export const FORGOT_TEXT =
  'Lupa Check Out: batas check out shift sudah lewat, jam kerja hari ini belum dihitung sampai dikoreksi.';
export const LOADING_TEXT = 'Memuat data absensi hari ini…';

export function DayAttendanceCard({
  tanggal,
  zone,
  status,
  known,
  loading,
  forgot = false,
  verified = { in: false, out: false },
  earlyOut,
  onAction,
}: {
  tanggal: string;
  /** The employee's zone: times read '07:30 WITA'; null while her profile is not on the phone. */
  zone: TimeZone | null;
  status: DayStatus;
  /** The server's record of today (or its absence) is on this phone. */
  known: boolean;
  /** Not known yet, and being asked for now. */
  loading: boolean;
  /** The server marked the day Lupa Check Out (the shift's Batas Check Out passed without one). */
  forgot?: boolean;
  /** Each side signed by her approved passkey and verified by the server (decision 032). */
  verified?: { in: boolean; out: boolean };
  /** A check-out soon after the check-in, asked first (issue 41 item 5): the minutes since, and her answer. */
  earlyOut?: { minutes: number; onConfirm: () => void; onCancel: () => void };
  onAction: (action: 'in' | 'out') => void;
}) {
  const phase = !status.in.done ? 'none' : !status.out.done ? 'inOnly' : 'done';
  const refused = status.in.refused ?? status.out.refused;
  // Being asked for: the card keeps the shape it will have (status, times, button), so nothing below it
  // moves when the answer comes.
  if (!known && phase === 'none' && loading) {
    return (
      <DayCard tanggal={tanggal} busy>
        {/* As tall as the status most likely to come, at any width; the loading text sits on top of it. */}
        <Box position="relative">
          <Text {...STATUS_TEXT} visibility="hidden" aria-hidden>
            {DAY_TEXTS.none}
          </Text>
          <Text {...STATUS_TEXT} position="absolute" inset="0" color="fg.muted" data-testid="day-status-unknown">
            {LOADING_TEXT}
          </Text>
        </Box>
        <HStack gap="6" flexWrap="wrap">
          <TimeCell label="Check In" jam={null} zone={zone} loading />
          <TimeCell label="Check Out" jam={null} zone={zone} loading />
        </HStack>
        <Skeleton height="12" />
      </DayCard>
    );
  }
  // Nothing known, from the server or from this phone's outbox: say so, and offer both actions.
  if (!known && phase === 'none') {
    return (
      <DayCard tanggal={tanggal}>
        <Text color="fg.muted" data-testid="day-status-unknown">
          {NOT_LOADED_TEXT}
        </Text>
        <HStack gap="3" flexWrap="wrap">
          <Button size="xl" flex="1" onClick={() => onAction('in')}>
            Check In
          </Button>
          <Button size="xl" flex="1" variant="outline" onClick={() => onAction('out')}>
            Check Out
          </Button>
        </HStack>
      </DayCard>
    );
  }
  return (
    <DayCard tanggal={tanggal}>
      <Text {...STATUS_TEXT} data-testid="day-status">
        {DAY_TEXTS[phase]}
      </Text>
      <HStack gap="6" flexWrap="wrap">
        <TimeCell
          label="Check In"
          jam={status.in.jam}
          zone={zone}
          pending={status.in.pending}
          verified={verified.in && !status.in.pending}
        />
        <TimeCell
          label="Check Out"
          jam={status.out.jam}
          zone={zone}
          pending={status.out.pending}
          verified={verified.out && !status.out.pending}
        />
      </HStack>
      {refused && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>
            Ditolak server: {refused.lastError}.{' '}
            <Link to="/sinkron" style={{ textDecoration: 'underline' }}>
              Lihat data sinkron
            </Link>
          </Alert.Description>
        </Alert.Root>
      )}
      {phase === 'none' && (
        <Button size="xl" onClick={() => onAction('in')}>
          Check In
        </Button>
      )}
      {phase === 'inOnly' && forgot && !status.out.pending && (
        <Alert.Root status="warning" data-testid="forgot-checkout">
          <Alert.Indicator />
          <Alert.Description>
            {FORGOT_TEXT}{' '}
            <Link to="/request/absensi" search={{ tanggal }} style={{ textDecoration: 'underline' }}>
              Ajukan Koreksi Absensi
            </Link>
          </Alert.Description>
        </Alert.Root>
      )}
      {phase === 'inOnly' && !earlyOut && (
        <Button size="xl" onClick={() => onAction('out')}>
          Check Out
        </Button>
      )}
      {phase === 'inOnly' && earlyOut && (
        // Asked where the button was, not in a dialog: the camera's dialog opens next, and a dialog closing
        // under it would take its own close for a tap outside the new one.
        <Stack
          gap="3"
          role="group"
          aria-labelledby="early-check-out"
          bg="orange.subtle"
          borderRadius="l2"
          p="3"
          data-testid="early-check-out"
        >
          <Text id="early-check-out" fontWeight="medium">
            {earlyCheckOutText(earlyOut.minutes)}
          </Text>
          <HStack gap="3">
            <Button size="lg" flex="1" onClick={earlyOut.onConfirm}>
              Ya, Check Out
            </Button>
            <Button size="lg" flex="1" variant="outline" onClick={earlyOut.onCancel}>
              Batal
            </Button>
          </HStack>
        </Stack>
      )}
      {phase === 'done' && (
        // Where the button was, as tall as it: a day that loaded as done keeps the loading card's shape.
        <HStack minH="12" px="4" borderRadius="l2" bg="bg.muted" data-testid="day-worked">
          {workedText(status.in.jam, status.out.jam)}
        </HStack>
      )}
    </DayCard>
  );
}

/** The card's frame, the same in every state. */
function DayCard({ tanggal, busy, children }: { tanggal: string; busy?: boolean; children: ReactNode }) {
  return (
    <Card.Root aria-busy={busy || undefined}>
      <Card.Header>
        <Card.Title>Absensi {hariTanggal(tanggal)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The day's status line. */
const STATUS_TEXT = { fontSize: 'lg', fontWeight: 'semibold' } as const;

function TimeCell({
  label,
  jam,
  zone,
  pending = false,
  loading = false,
  verified = false,
}: {
  label: string;
  jam: string | null;
  zone: TimeZone | null;
  pending?: boolean;
  loading?: boolean;
  verified?: boolean;
}) {
  return (
    <Stack gap="0.5">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <HStack>
        <Skeleton loading={loading}>
          <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
            {fieldTime(jam, zone)}
          </Text>
        </Skeleton>
        {pending && <PendingBadge />}
      </HStack>
      {verified && <VerifiedMark />}
    </Stack>
  );
}
