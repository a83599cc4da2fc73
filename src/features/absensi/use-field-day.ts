import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onOutboxMessage } from '../../lib/offline/signal';
import { useOutboxRows } from '../../lib/offline/use-outbox';
import { ownProfileQuery } from '../../lib/own-profile';
import { useSession } from '../../lib/use-session';
import { absensiKeys, ownRecordQuery, todayVisitsQuery } from './api';
import { fieldToday, fieldZone } from './zone';
import { refillChallenges } from '../../lib/device/signing';

/**
 * Everything the field screens need for today: the server's view (cached for offline), the
 * outbox rows of this account, and the phone's position for distances. Today and every time shown are
 * in the employee's location's zone (her own profile, kept on the phone), not the phone's setting.
 */
export function useFieldDay() {
  const current = useSession();
  const userid = current?.user.userid ?? '';
  const profile = useQuery({ ...ownProfileQuery(userid), enabled: !!current?.user.nrp });
  const zone = fieldZone(profile.data);
  const [now, setNow] = useState(() => new Date());
  const tanggal = fieldToday(zone, now);
  const queryClient = useQueryClient();
  // Read again at every opening of the day (the copy on the phone shows at once): HR may have corrected
  // the day, or deleted a correction, and her phone follows the server (docs/decisions/027).
  const record = useQuery({ ...ownRecordQuery(userid, tanggal), enabled: !!userid, staleTime: 0 });
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
  // Challenges for signing check-ins offline: topped up at every start and every reconnect (decision 032).
  useEffect(() => {
    if (!userid) return;
    void refillChallenges(userid);
    const reconnected = () => void refillChallenges(userid, undefined, true);
    window.addEventListener('online', reconnected);
    return () => window.removeEventListener('online', reconnected);
  }, [userid]);
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
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

  return { user: current?.user, tanggal, zone, record, visits, rows, position };
}
