/**
 * The field app's reads: her own day and the day's planned visits, by their contracts
 * (src/domain/absensi/field-contracts.ts). The writes go through the outbox (outbox.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { fieldContracts as field } from '../../domain/absensi/field-contracts';
import { call } from '../../lib/call';

export const absensiKeys = {
  all: ['absensi-spg'] as const,
  own: (userid: string, tanggal: string) => ['absensi-spg', userid, 'own', tanggal] as const,
  visits: (userid: string, tanggal: string) => ['absensi-spg', userid, 'visits', tanggal] as const,
};

/** Today's own record; persisted, so the screen opens offline with what the server last said. */
export const ownRecordQuery = (userid: string, tanggal: string) =>
  queryOptions({
    queryKey: absensiKeys.own(userid, tanggal),
    queryFn: ({ signal }) => call(field.ownDay, { query: { tanggal }, signal }).then((r) => r.result),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** Today's planned store visits with store coordinates; persisted for offline use in the store. */
export const todayVisitsQuery = (userid: string, tanggal: string) =>
  queryOptions({
    queryKey: absensiKeys.visits(userid, tanggal),
    queryFn: ({ signal }) =>
      call(field.visitDay, { params: { id: 'me' }, query: { tanggal }, signal }).then((r) => r.result),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });
