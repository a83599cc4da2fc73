import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { onOutboxMessage } from '../../lib/offline/signal';
import { useOutboxRows } from '../../lib/offline/use-outbox';
import { useSession } from '../../lib/use-session';
import { absensiKeys, ownRecordQuery, todayVisitsQuery } from './api';

/**
 * Everything the field screens need for today: the server's view (cached for offline), the
 * outbox rows of this account, and the phone's position for distances.
 */
export function useFieldDay() {
  const current = useSession();
  const userid = current?.user.userid ?? '';
  const [tanggal, setTanggal] = useState(() => dayjs().format('YYYY-MM-DD'));
  const queryClient = useQueryClient();
  const record = useQuery({ ...ownRecordQuery(userid, tanggal), enabled: !!userid });
  const visits = useQuery({ ...todayVisitsQuery(userid, tanggal), enabled: !!userid });
  const rows = useOutboxRows(userid) ?? [];

  // A delivered row changes what the server says: refetch. A new day starts fresh at midnight.
  useEffect(
    () =>
      onOutboxMessage((m) => {
        if (m.type === 'synced') void queryClient.invalidateQueries({ queryKey: absensiKeys.all });
      }),
    [queryClient],
  );
  useEffect(() => {
    const t = setInterval(() => setTanggal(dayjs().format('YYYY-MM-DD')), 60_000);
    return () => clearInterval(t);
  }, []);

  const [position, setPosition] = useState<{ lat: number; long: number } | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (p) => setPosition({ lat: p.coords.latitude, long: p.coords.longitude }),
      () => setPosition(null),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);

  return { user: current?.user, tanggal, record, visits, rows, position };
}
