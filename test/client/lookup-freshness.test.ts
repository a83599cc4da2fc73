/**
 * Lists a screen picks from (docs/decisions/030-route-list-change-and-fresh-pickers.md): admin lookups are
 * neither kept for an hour nor written to the phone's persisted cache (only the shifts and periods the
 * leave form needs offline are), and every write that changes a list refreshes each picker of its kind.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { persistOptions } from '../../src/app/query-client';
import { planKaryawanQuery, storeSearchQuery } from '../../src/features/kunjungan/api';
import { createRouteList, deleteRouteList, renameRouteList, storePickerQuery } from '../../src/features/route-list/api';
import { createStore } from '../../src/features/store/api';
import {
  currentPeriodQuery,
  lookupQuery,
  periodLookupQuery,
  refreshLookups,
  routeListLookupQuery,
  storeLookupQuery,
} from '../../src/lib/lookups';

type Options = { queryKey: QueryKey; meta?: Record<string, unknown>; staleTime?: unknown };

/** A query in the cache with its options' meta, answered `data` without a request. */
async function cached(qc: QueryClient, options: Options, data: unknown = []) {
  await qc.prefetchQuery({ queryKey: options.queryKey, meta: options.meta, queryFn: () => data });
  return qc.getQueryCache().find({ queryKey: options.queryKey, exact: true })!;
}

const persisted = (q: { meta?: Record<string, unknown> }) =>
  persistOptions.dehydrateOptions.shouldDehydrateQuery({ meta: q.meta, state: { status: 'success' } });

describe('lookups are short-lived, and only the phone’s are persisted', () => {
  it('keeps no lookup an hour', () => {
    for (const o of [
      routeListLookupQuery(),
      storeLookupQuery('CL1'),
      lookupQuery('shift'),
      lookupQuery('client'),
      periodLookupQuery(),
      currentPeriodQuery(),
    ]) {
      expect(o.staleTime, String(o.queryKey)).toBeLessThanOrEqual(60_000);
    }
  });

  it('persists shifts and periods (the leave form offline), never route lists, stores or employees', () => {
    expect(persisted(lookupQuery('shift'))).toBe(true);
    expect(persisted(periodLookupQuery())).toBe(true);
    expect(persisted(currentPeriodQuery())).toBe(true);
    for (const o of [
      routeListLookupQuery(),
      storeLookupQuery('CL1'),
      lookupQuery('client'),
      planKaryawanQuery('', 1),
      storePickerQuery('x'),
    ]) {
      expect(persisted(o), String(o.queryKey)).toBe(false);
    }
  });
});

describe('a write refreshes every picker of its kind', () => {
  it('route list saved, renamed or deleted: the route-list pickers ask again, the others do not', async () => {
    const qc = new QueryClient();
    const routeLists = await cached(qc, routeListLookupQuery());
    const stores = await cached(qc, storeLookupQuery('CL1'));
    const answer = { message: 'ok', result: { id: 'RNEW', kode_prsh: 'KM', nama: 'Baru', outlet_count: 0 } };
    const created = createRouteList(qc);
    await created.onSuccess!(answer, { id: 'RNEW', kode_prsh: 'KM', nama: 'Baru' }, undefined, {} as never);
    expect(routeLists.state.isInvalidated).toBe(true);
    expect(stores.state.isInvalidated).toBe(false);

    for (const write of [
      () => renameRouteList(qc, 'RNEW').onSuccess!(answer, 'Nama', undefined, {} as never),
      () => deleteRouteList(qc).onSuccess!({ message: 'ok' }, 'RNEW', undefined, {} as never),
    ]) {
      const again = await cached(qc, routeListLookupQuery());
      await qc.refetchQueries({ queryKey: again.queryKey });
      expect(again.state.isInvalidated).toBe(false);
      await write();
      expect(again.state.isInvalidated).toBe(true);
    }
  });

  it('a store saved: every store picker (employee form, matrix, plan lines) asks again', async () => {
    const qc = new QueryClient();
    const pickers = await Promise.all([
      cached(qc, storeLookupQuery('CL1')),
      cached(qc, storePickerQuery('TOKO'), { result: [], totalCount: 0 }),
      cached(qc, storeSearchQuery('TOKO')),
    ]);
    const karyawan = await cached(qc, planKaryawanQuery('', 1), { result: [], totalCount: 0 });
    await createStore(qc).onSuccess!({ message: 'ok', result: {} as never }, {} as never, undefined, {} as never);
    for (const p of pickers) expect(p.state.isInvalidated, String(p.queryKey)).toBe(true);
    expect(karyawan.state.isInvalidated).toBe(false);
  });

  it('refreshLookups reaches exactly the kinds named', async () => {
    const qc = new QueryClient();
    const shift = await cached(qc, lookupQuery('shift'));
    const karyawan = await cached(qc, planKaryawanQuery('', 1), { result: [], totalCount: 0 });
    await refreshLookups(qc, 'karyawan');
    expect(karyawan.state.isInvalidated).toBe(true);
    expect(shift.state.isInvalidated).toBe(false);
  });
});
