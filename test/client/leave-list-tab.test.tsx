/**
 * /leave opens on "Semua" (every kind), so a request just filed is on the first screen whatever its
 * kind; a kind named in the address still opens that kind. A request filed on this phone stays in
 * view from the tap on Save until the list holds it: waiting, refused, or delivered before the refetch.
 */
import 'fake-indexeddb/auto';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme';
import { filedNotListed } from '../../src/features/leave/components/filed-requests';
import type { OutboxRow } from '../../src/lib/offline/db';
import { session } from '../../src/lib/session';
import { routeTree } from '../../src/routeTree.gen';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  session.end();
});

function signIn() {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { userid: 'U00004', username: 'spg', nama: 'Nabila', role: 'USER', nrp: '26000002' };
  session.start(
    `${b64({ alg: 'none' })}.${b64({ ...claims, permissions: ['leave.read'], exp: 4102444800, iat: 1 })}.x`,
  );
}

const KINDS = [
  { id: 1, jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit', type: 'SAKIT', status: true },
  { id: 3, jenis_leave: 'Izin Tidak Masuk', type: 'IZIN', status: true },
];

function openLeave(path: string) {
  const requests: { url: string; body: unknown }[] = [];
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    requests.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    const p = String(url).split('?')[0];
    if (p === '/api/jenis-leave') return answer({ result: KINDS, totalCount: KINDS.length });
    if (p === '/api/leave/karyawan/get') return answer({ result: [], totalCount: 0 });
    if (p?.startsWith('/api/count/leave/')) return answer({ result: 0 });
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

const ownLists = (requests: { url: string; body: unknown }[]) =>
  requests.filter((r) => r.url === '/api/leave/karyawan/get').map((r) => r.body as { jenis: unknown });

describe('the own leave list’s first tab', () => {
  it('opens on "Semua": every kind is asked for, and the counts are of all kinds', async () => {
    signIn();
    const { requests } = openLeave('/leave');
    const semua = await screen.findByRole('tab', { name: 'Semua' });
    await waitFor(() => expect(semua.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(ownLists(requests).some((b) => b.jenis === '')).toBe(true));
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/count/leave/open/all'));
  });

  it('a kind in the address opens that kind; choosing "Semua" leaves the address clean', async () => {
    signIn();
    const { requests, router } = openLeave('/leave?tab=3');
    const izin = await screen.findByRole('tab', { name: 'Izin Tidak Masuk' });
    await waitFor(() => expect(izin.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(ownLists(requests).some((b) => b.jenis === 3)).toBe(true));
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Semua' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Semua' }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(ownLists(requests).some((b) => b.jenis === '')).toBe(true));
  });
});

function filed(state: OutboxRow['state'], doneAt: number | null, jenis = '3'): OutboxRow {
  return {
    id: `${state}-${doneAt}`,
    kind: 'leave.create',
    userid: 'U00004',
    method: 'POST',
    path: '/api/leave',
    encoding: 'multipart',
    files: [],
    capturedAt: '2026-11-24T09:00:00+07:00',
    createdAt: 1,
    state,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    lastStatus: null,
    response: null,
    doneAt,
    payload: { jenis_leave: jenis, start_date: '2026-11-25' },
  } as unknown as OutboxRow;
}

describe('a request filed on this phone stays in view until the list holds it', () => {
  it('waiting and refused rows always; a delivered one only until the list is fetched again', () => {
    const listFetchedAt = 1_000;
    const rows = [filed('pending', null), filed('needs-action', null), filed('done', 2_000), filed('done', 500)];
    const shown = filedNotListed(rows, listFetchedAt).map((r) => r.id);
    expect(shown).toEqual(['done-2000', 'needs-action-null', 'pending-null']);
    expect(filedNotListed([filed('done', 2_000)], 3_000)).toEqual([]);
    expect(filedNotListed([{ ...filed('pending', null), kind: 'leave.decide' } as OutboxRow], 0)).toEqual([]);
  });
});
