import { queryOptions } from '@tanstack/react-query';
import { AbsensiOwnDayAnswerSchema } from '../../domain/absensi/absensi';
import { KunjunganDayAnswerSchema } from '../../domain/absensi/kunjungan-checkin';
import { api } from '../../lib/http';

export const absensiKeys = {
  all: ['absensi-spg'] as const,
  own: (userid: string, tanggal: string) => ['absensi-spg', userid, 'own', tanggal] as const,
  visits: (userid: string, tanggal: string) => ['absensi-spg', userid, 'visits', tanggal] as const,
};

/** Today's own record; persisted, so the screen opens offline with what the server last said. */
export const ownRecordQuery = (userid: string, tanggal: string) =>
  queryOptions({
    queryKey: absensiKeys.own(userid, tanggal),
    queryFn: ({ signal }) =>
      api('/api/absensi/new/spg', { answer: AbsensiOwnDayAnswerSchema, query: { tanggal }, signal }).then(
        (r) => r.result,
      ),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** Today's planned store visits with store coordinates; persisted for offline use in the store. */
export const todayVisitsQuery = (userid: string, tanggal: string) =>
  queryOptions({
    queryKey: absensiKeys.visits(userid, tanggal),
    queryFn: ({ signal }) =>
      api('/api/kunjungan/karyawan/me', { answer: KunjunganDayAnswerSchema, query: { tanggal }, signal }).then(
        (r) => r.result,
      ),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });
