/**
 * Visit plans (DCP) of the back office: reads and writes of /api/kunjungan (online-only admin screens,
 * nothing persisted). Each write refreshes the plan it touched and the lists.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { kunjunganContracts as plans } from '../../domain/kunjungan/contracts';
import type {
  GantiRouteListInput,
  GenerateQuery,
  KunjunganListQuery,
  LineUpdate,
  PlanCreate,
  PlanLineInput,
} from '../../domain/kunjungan/kunjungan-plan';
import { storeContracts as stores } from '../../domain/store/contracts';
import { call } from '../../lib/call';
import { lookupMeta } from '../../lib/lookup-meta';

export const planKeys = {
  all: ['kunjungan-plan'] as const,
  lists: () => ['kunjungan-plan', 'list'] as const,
  list: (q: KunjunganListQuery) => ['kunjungan-plan', 'list', q] as const,
  detail: (noDcp: string) => ['kunjungan-plan', 'detail', noDcp] as const,
  karyawan: (q: string, page: number) => ['kunjungan-plan', 'karyawan', q, page] as const,
  stores: (q: string) => ['kunjungan-plan', 'stores', q] as const,
  preview: (rl: string, period: string, shift: string, pastToo: boolean) =>
    ['kunjungan-plan', 'preview', rl, period, shift, pastToo] as const,
  ganti: (noDcp: string, input: GantiRouteListInput) => ['kunjungan-plan', 'ganti', noDcp, input] as const,
};

export const planListQuery = (q: KunjunganListQuery) =>
  queryOptions({
    queryKey: planKeys.list(q),
    queryFn: ({ signal }) => call(plans.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const planDetailQuery = (noDcp: string) =>
  queryOptions({
    queryKey: planKeys.detail(noDcp),
    queryFn: ({ signal }) => call(plans.detail, { params: { id: noDcp }, signal }).then((a) => a.result),
  });

export const planKaryawanQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: planKeys.karyawan(q, page),
    queryFn: ({ signal }) => call(plans.karyawan, { query: { q, page }, signal }),
    placeholderData: keepPreviousData,
    meta: lookupMeta('karyawan'),
  });

/** The store picker: a search over the stores the user may plan. */
export const storeSearchQuery = (q: string) =>
  queryOptions({
    queryKey: planKeys.stores(q),
    queryFn: ({ signal }) => call(stores.list, { query: { q, per_page: 10 }, signal }).then((a) => a.result),
    meta: lookupMeta('store'),
  });

/** `pastToo`: lines for the days of the running month already past too (decision 030). */
export const routeListPreviewQuery = (rl: string, period_id: string, shift_id: string, pastToo: boolean) =>
  queryOptions({
    queryKey: planKeys.preview(rl, period_id, shift_id, pastToo),
    queryFn: ({ signal }) =>
      call(plans.routeListPreview, {
        params: { id: rl },
        query: { period_id, shift_id, hari_lalu: pastToo },
        signal,
      }).then((a) => a.result),
  });

/** Submit of the form: the rows generated from the matrix (nothing is saved); from today unless `hari_lalu`. */
export const generatePlan = ({ hari_lalu, ...h }: GenerateQuery) =>
  call(plans.generate, { query: { ...h, hari_lalu: hari_lalu === true || hari_lalu === 'true' } }).then(
    (a) => a.result,
  );

const refreshLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: planKeys.lists() });

export const createPlan = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: PlanCreate) => call(plans.create, { body }),
    onSuccess: (answer) => {
      qc.setQueryData(planKeys.detail(answer.result.no_dcp), answer.result);
      return refreshLists(qc);
    },
  });

export const deletePlan = (qc: QueryClient, noDcp: string) =>
  mutationOptions({
    mutationFn: (force: boolean) =>
      call(plans.remove, { params: { id: noDcp }, query: force ? { force: 'true' } : {} }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: planKeys.detail(noDcp) });
      return refreshLists(qc);
    },
  });

const refreshPlan = (qc: QueryClient, noDcp: string) =>
  Promise.all([qc.invalidateQueries({ queryKey: planKeys.detail(noDcp) }), refreshLists(qc)]);

export const addLine = (qc: QueryClient, noDcp: string) =>
  mutationOptions({
    mutationFn: (body: PlanLineInput) => call(plans.addLine, { params: { no_dcp: noDcp }, body }),
    onSuccess: () => refreshPlan(qc, noDcp),
  });

export const updateLine = (qc: QueryClient, noDcp: string) =>
  mutationOptions({
    mutationFn: ({ id, body }: { id: number; body: LineUpdate }) => call(plans.updateLine, { params: { id }, body }),
    onSuccess: () => refreshPlan(qc, noDcp),
  });

export const deleteLine = (qc: QueryClient, noDcp: string) =>
  mutationOptions({
    mutationFn: (id: number) => call(plans.removeLine, { params: { id } }),
    onSuccess: () => refreshPlan(qc, noDcp),
  });

export const generateRouteList = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({
      rl,
      period_id,
      shift_id,
      hari_lalu,
    }: {
      rl: string;
      period_id: string;
      shift_id: string;
      hari_lalu: boolean;
    }) => call(plans.routeListGenerate, { params: { id: rl }, body: { period_id, shift_id, hari_lalu } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: planKeys.all }),
  });

// ---------------------------------------------------------------- Ganti Route List (decision 030)

/** What changing the plan's route list from a day would do: the dialog's summary. */
export const gantiPreviewQuery = (noDcp: string, input: GantiRouteListInput) =>
  queryOptions({
    queryKey: planKeys.ganti(noDcp, input),
    queryFn: ({ signal }) =>
      call(plans.gantiPreview, {
        params: { no_dcp: noDcp },
        query: {
          route_list_id: input.route_list_id ?? '',
          tgl_mulai: input.tgl_mulai ?? '',
          hari_lalu: input.hari_lalu === true,
        },
        signal,
      }).then((a) => a.result),
    staleTime: 0,
  });

/** The change itself; the plan, its previews and the lists (counts, route list) refetch. */
export const gantiRouteList = (qc: QueryClient, noDcp: string) =>
  mutationOptions({
    mutationFn: (input: GantiRouteListInput) => call(plans.ganti, { params: { no_dcp: noDcp }, body: input }),
    onSuccess: () =>
      Promise.all([refreshPlan(qc, noDcp), qc.invalidateQueries({ queryKey: ['kunjungan-plan', 'ganti', noDcp] })]),
  });
