/**
 * The leave list and the approval screen keep their tab, filter and page in the address (as the
 * employee and master lists do): opened from a link they ask the server for exactly that, and moving
 * through them changes the address. Through the real route tree.
 */
import 'fake-indexeddb/auto';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme';
import type { Permission } from '../../src/domain/roles/permissions';
import { ApprovalSearchSchema, LeaveListSearchSchema } from '../../src/features/leave/search';
import { session } from '../../src/lib/session';
import { routeTree } from '../../src/routeTree.gen';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  session.end();
});

function signIn(permissions: Permission[], nrp: string | null) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { userid: 'U00004', username: 'spg', nama: 'Nabila', role: 'USER', nrp, permissions };
  session.start(`${b64({ alg: 'none' })}.${b64({ ...claims, exp: 4102444800, iat: 1 })}.x`);
}

const KINDS = [
  { id: 1, jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit', type: 'SAKIT', status: true },
  { id: 3, jenis_leave: 'Izin Tidak Masuk', type: 'IZIN', status: true },
];

/** Opens `path` in the whole app; the leave lists answer empty, everything else never answers. */
function openApp(path: string) {
  const requests: { url: string; body: unknown }[] = [];
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    requests.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    const path = String(url).split('?')[0];
    if (path === '/api/jenis-leave') return answer({ result: KINDS, totalCount: KINDS.length });
    if (path === '/api/leave/karyawan/get' || path?.startsWith('/api/leave/approval/'))
      return answer({ result: [], totalCount: 40 });
    if (path?.startsWith('/api/count/leave/')) return answer({ result: 0 });
    return new Promise<Response>(() => {});
  }) as typeof fetch;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { requests, router };
}

describe('the address of the leave screens', () => {
  it('reads what the router hands over and drops what it cannot use', () => {
    expect(v.parse(LeaveListSearchSchema, { tab: 3, period_id: 202611, status: 'Pending', page: '2' })).toEqual({
      tab: 3,
      startDate: undefined,
      endDate: undefined,
      status: 'Pending',
      period_id: '202611',
      page: 2,
    });
    expect(
      v.parse(LeaveListSearchSchema, {
        tab: 1e308,
        startDate: '2026-02-30',
        status: 'Semua',
        period_id: '\u0000',
        page: '99999999999999999999',
      }),
    ).toEqual(v.parse(LeaveListSearchSchema, {}));
    expect(v.parse(ApprovalSearchSchema, { tab: 'R', page: 3 })).toEqual({ tab: 'R', page: 3 });
    expect(v.parse(ApprovalSearchSchema, { tab: 'X', page: 0 })).toEqual({ tab: 'N', page: 1 });
  });

  it('/leave: the tab, the filter and the page come from the address and go back into it', async () => {
    signIn(['leave.read'], '26000002');
    const { requests, router } = openApp('/leave?tab=3&status=%22Pending%22&page=2');
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/leave/karyawan/get')?.body).toMatchObject({
        jenis: 3,
        status: 'Pending',
        page: 2,
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 3, status: 'Pending' }));
    await user.click(screen.getByRole('tab', { name: 'Surat Keterangan Dokter/Ijin Sakit' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 1 }));
  });

  it('/approval/leave: the status tab and its page come from the address and go back into it', async () => {
    signIn(['leave.read', 'leave.approve'], '26000001');
    const { requests, router } = openApp('/approval/leave?tab=%22A%22&page=2');
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/leave/approval/A?page=2&per_page=10'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Semua' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'all' }));
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/leave/approval/all?page=1&per_page=10'));
  });
});
