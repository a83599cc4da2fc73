/**
 * What the phone's copy of the day holds (src/app/field-data.ts decides when it is loaded): the reads
 * of the field screens, each the feature's own persisted queryOptions, so the screen that opens later
 * finds it under the same key. Loaded in its own chunk, after the first screen, off the login path.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ownRecordQuery, todayVisitsQuery } from '../features/absensi/api';
import { fieldToday, fieldZone } from '../features/absensi/zone';
import { ownProfileQuery } from '../features/karyawan/profile/api';
import { ownRequestsQuery } from '../features/karyawan/requests/api';
import {
  cutiBalanceQuery,
  jenisCutiQuery,
  jenisLeaveQuery,
  leaveCountSummary,
  ownLeaveQuery,
  seedLeaveCounts,
  visitDaysQuery,
  type OwnListFilter,
} from '../features/leave/api';
import { myNewsQuery } from '../features/news/api';
import { storedPhotoQuery } from '../lib/stored-photo';
import { yieldToMain } from '../lib/when-idle';
import { currentPeriodQuery, FIELD_START_LOOKUP_STALE_MS, lookupQuery, periodLookupQuery } from '../lib/lookups';
import type { SessionUser } from '../lib/session';
import { mayOpen, SCREENS } from './screens';

/** The own leave list as /leave first shows a kind: unfiltered, first page. */
const FIRST_PAGE: Omit<OwnListFilter, 'jenis'> = { status: '', period_id: '', page: 1 };
/**
 * Fetches (and so persists) everything the field screens of this user need. `force`: ask again even
 * what is still fresh (a return online). A failure stays in the cache for its screen to show; it never
 * stops the other reads. Answers whether every read succeeded (the copy is complete).
 */
export async function loadFieldData(qc: QueryClient, user: SessionUser, force: boolean): Promise<boolean> {
  if (!user.nrp) return true; // an office account records nothing in the field
  let complete = true;
  const may = (path: keyof typeof SCREENS) => mayOpen(SCREENS[path], user.permissions);
  // Each read in a task of its own: issuing a request costs a slow phone a few milliseconds, and starting the
  // twenty-odd reads together made tasks long enough to block a tap.
  const fetch = async <TQueryFnData, TData, TKey extends QueryKey>(
    options: FetchQueryOptions<TQueryFnData, Error, TData, TKey>,
  ): Promise<TData | undefined> => {
    await yieldToMain();
    return qc.fetchQuery(force ? { ...options, staleTime: 0 } : options).catch(() => {
      complete = false;
      return undefined;
    });
  };

  // Today is hers, in her location's zone (her profile says which), as the field screens read it.
  const today = fetch(ownProfileQuery(user.userid)).then((profile) => fieldToday(fieldZone(profile)));
  const jobs: Promise<unknown>[] = [
    today,
    fetch(ownRequestsQuery(user.userid)),
    today.then((day) => fetch(ownRecordQuery(user.userid, day))),
    today.then((day) => fetch(todayVisitsQuery(user.userid, day))),
    // Her news, and each photo once, so Info reads offline (the service worker keeps the photo's bytes).
    fetch(myNewsQuery(user.userid)).then((mine) =>
      Promise.all((mine?.result ?? []).flatMap((n) => (n.foto ? [fetch(storedPhotoQuery(n.foto))] : []))),
    ),
  ];
  if (may('/request/leave') || may('/leave')) {
    jobs.push(
      // Read within the hour: not asked again at start (decision 030 keeps them fresh on screen).
      fetch({ ...lookupQuery('shift'), staleTime: FIELD_START_LOOKUP_STALE_MS }),
      fetch({ ...periodLookupQuery(), staleTime: FIELD_START_LOOKUP_STALE_MS }),
      fetch(jenisCutiQuery()),
      fetch(cutiBalanceQuery(user.userid, '', dayjs().year())),
      fetch({ ...currentPeriodQuery(), staleTime: FIELD_START_LOOKUP_STALE_MS }).then(
        (period) => period && fetch(visitDaysQuery(user.userid, '', period.id)),
      ),
      fetch(jenisLeaveQuery()).then((kinds) =>
        // /leave opens on "Semua" (every kind), and each kind's tab is one tap away.
        Promise.all(
          (may('/leave') ? [null, ...(kinds ?? [])] : []).map((k) =>
            fetch(ownLeaveQuery(user.userid, { ...FIRST_PAGE, jenis: k?.id ?? '' })),
          ),
        ),
      ),
    );
    // The four counts of each tab in one request, not four per kind: on a weak signal every round trip
    // counts, and the copy should be complete before she walks into the basement.
    if (may('/leave'))
      jobs.push(
        yieldToMain()
          .then(() => leaveCountSummary())
          .then((summary) => seedLeaveCounts(qc, user.userid, summary))
          .catch(() => {
            complete = false;
          }),
      );
  }
  await Promise.all(jobs);
  return complete;
}
