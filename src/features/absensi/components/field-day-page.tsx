import { Heading, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { earlyCheckOutMinutes } from '../../../domain/absensi/worked-time';
import { masterKeys } from '../../../lib/lookup-meta';
import { notifySuccess } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import { enqueueDayAction, enqueueVisitAction } from '../outbox';
import { dayStatus } from '../state';
import { useFieldDay } from '../use-field-day';
import { fieldDayTime } from '../zone';
import { DayAttendanceCard } from './day-attendance-card';
import { ReviewLine } from './review-line';
import { VisitList } from './visit-list';

// The camera and location dialog loads on the first tap (the service worker has it cached offline).
const CaptureDialog = lazy(() => import('./capture-dialog').then((m) => ({ default: m.CaptureDialog })));

type Pending =
  | { target: 'day'; action: 'in' | 'out' }
  | { target: 'visit'; action: 'in' | 'out'; lineId: number; storeName: string };

/**
 * Nothing to show yet and being fetched. `isFetching` is read only while there is no data: React Query
 * re-renders a component for the fields it read, and this screen (every card with its Chakra styles) was
 * rendered twice more for each refetch behind data already shown, at every start and return online.
 */
function isLoading(query: { data: unknown; isFetching: boolean }, online: boolean): boolean {
  return query.data === undefined && query.isFetching && online;
}

/**
 * The SPG's day on one screen: check in/out of the day and of each planned store. Every action goes
 * to the outbox first; "saved" is said only once it is stored on the phone.
 */
export function FieldDayPage({ showDay = true, footer }: { showDay?: boolean; footer?: ReactNode }) {
  const { user, tanggal, zone, record, visits, rows, position } = useFieldDay();
  const online = useOnline();
  const [capturing, setCapturing] = useState<Pending | null>(null);
  // A day check-out soon after the check-in (or before the shift starts) asks first: the minutes shown.
  const [early, setEarly] = useState<number | null>(null);
  const queryClient = useQueryClient();
  if (!user) return null;
  // When the server was read matters only against a delivered row (state.ts): read it only then. React Query
  // re-renders for the fields read, and this screen was rendered again for every refetch that brought the
  // same answer (twice at each start: the day and the visits are read again as the screen opens).
  const delivered = rows.some((r) => r.state === 'done');
  const day = dayStatus(record.data, rows, tanggal, delivered ? record.dataUpdatedAt : 0);

  const dayAction = (action: 'in' | 'out') => {
    if (action === 'out' && day.in.jam) {
      // Her shift's start from the shifts already on the phone (read now, not watched: nothing at start).
      const shiftId = record.data?.shift_id ?? record.data?.field_shift_id;
      const shifts = queryClient.getQueryData<{ id: string; jam_mulai: string }[]>(masterKeys.lookup('shift'));
      const start = shifts?.find((s) => s.id === shiftId)?.jam_mulai ?? null;
      const minutes = earlyCheckOutMinutes(day.in.jam, fieldDayTime(zone, new Date()).jam, start);
      if (minutes !== null) return setEarly(minutes);
    }
    setCapturing({ target: 'day', action });
  };

  return (
    <Stack gap="6" maxW="2xl" mx="auto" pb="20">
      {showDay && (
        // The review of her day stands under its card (issue 41 item 5), close to it.
        <Stack gap="2">
          <DayAttendanceCard
            tanggal={tanggal}
            zone={zone}
            status={day}
            known={record.data !== undefined}
            forgot={record.data?.forgot_checkout === true}
            verified={{ in: record.data?.in_verified === 'passkey', out: record.data?.out_verified === 'passkey' }}
            loading={isLoading(record, online)}
            earlyOut={
              early === null
                ? undefined
                : {
                    minutes: early,
                    onConfirm: () => {
                      setEarly(null);
                      setCapturing({ target: 'day', action: 'out' });
                    },
                    onCancel: () => setEarly(null),
                  }
            }
            onAction={dayAction}
          />
          {record.data && (
            <ReviewLine
              userid={user.userid}
              tinjauId={`hari-${record.data.id}`}
              review={record.data.tinjau}
              rows={rows}
            />
          )}
        </Stack>
      )}
      <Stack gap="3">
        <Heading as="h3" size="md">
          Kunjungan Hari Ini
        </Heading>
        <VisitList
          day={visits.data}
          loading={isLoading(visits, online)}
          online={online}
          error={visits.error}
          rows={rows}
          readAt={delivered ? visits.dataUpdatedAt : 0}
          zone={zone}
          position={position}
          onAction={(lineId, action, storeName) => setCapturing({ target: 'visit', action, lineId, storeName })}
          userid={user.userid}
        />
      </Stack>
      {/* Once the visits are in: below them, so it moves nothing as they load. */}
      {!isLoading(visits, online) && footer}
      {capturing && (
        <Suspense>
          <CaptureDialog
            title={`${capturing.action === 'in' ? 'Check In' : 'Check Out'}${capturing.target === 'visit' ? ' Toko' : ''}`}
            subtitle={capturing.target === 'visit' ? capturing.storeName : undefined}
            store={
              capturing.target === 'visit'
                ? visits.data?.details.find((l) => l.id === capturing.lineId)?.customer
                : undefined
            }
            onClose={() => setCapturing(null)}
            onSave={async (capture) => {
              if (capturing.target === 'day')
                await enqueueDayAction(user.userid, user.nrp, capturing.action, capture, zone);
              else {
                const line = visits.data?.details.find((l) => l.id === capturing.lineId);
                await enqueueVisitAction(
                  user.userid,
                  { id: capturing.lineId, cust_code: line?.cust_code, shift_id: line?.shift_id },
                  tanggal,
                  capturing.action,
                  capture,
                  zone,
                  user.nrp,
                );
              }
              setCapturing(null);
              notifySuccess(
                navigator.onLine ? 'Tersimpan, sedang dikirim' : 'Tersimpan di perangkat, menunggu sinkron',
              );
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
