/**
 * The one route guard, through the real route tree: the `_app` layout shows "Not Allowed" in place of
 * a screen whose permissions (src/app/screens.ts) the user lacks, pending screens keep "Belum
 * tersedia" behind the same guard, unknown addresses are a 404, the side menu hides what the guard
 * refuses, and a refused screen's loader sends no request.
 */
import 'fake-indexeddb/auto';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_SCREENS } from '../../src/app/screens';
import { system } from '../../src/app/theme';
import type { Permission } from '../../src/domain/roles/permissions';
import { session } from '../../src/lib/session';
import { routeTree } from '../../src/routeTree.gen';

const realFetch = globalThis.fetch;
let requested: string[] = [];

afterEach(() => {
  globalThis.fetch = realFetch;
  session.end();
});

function signIn(permissions: Permission[], nrp: string | null = null) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { userid: 'U00001', username: 'uji', nama: 'Uji Guard', role: 'HR', nrp, permissions };
  session.start(`${b64({ alg: 'none' })}.${b64({ ...claims, exp: 4102444800, iat: 1 })}.x`);
}

/** Opens `path` in the whole app (router, layout, screens); requests are recorded and never answered. */
function openApp(path: string) {
  requested = [];
  globalThis.fetch = ((url: string) => {
    requested.push(String(url));
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
  return router;
}

/** The side menu's links (the drawer is CSS-hidden on jsdom's narrow screen, hence `hidden`). */
const menuLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Menu utama', hidden: true });
  return within(nav)
    .queryAllByRole('link', { hidden: true })
    .map((a) => a.textContent);
};

describe('the route guard of the app layout', () => {
  it('shows Not Allowed for a typed-in screen without its permission, and prefetches nothing for it', async () => {
    signIn(['karyawan.read']);
    openApp('/users');
    expect(await screen.findByText('Not Allowed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users');
    expect(await menuLinks()).not.toContain('Users');
    expect(requested.filter((u) => u.includes('/api/users'))).toEqual([]);
  });

  it('shows the screen, and prefetches its list, to a user holding the permission', async () => {
    signIn(['user.read']);
    openApp('/users');
    expect(await menuLinks()).toContain('Users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    expect(screen.queryByText('Not Allowed')).toBeNull();
    expect(requested.some((u) => u.includes('/api/users'))).toBe(true);
  });

  it('needs every permission of a screen (a master list needs master.read too)', async () => {
    signIn(['lokasi.read']);
    openApp('/lokasi');
    expect(await screen.findByText('Not Allowed')).toBeTruthy();
    expect(requested.filter((u) => u.includes('/api/lokasi'))).toEqual([]);
  });

  it('keeps a pending screen "Belum tersedia" behind the same guard', async () => {
    // Whichever screen is still pending as areas land (a `$x` segment stands for any one segment).
    const [path, pending] = Object.entries(PENDING_SCREENS).find(([, s]) => s.permissions.length > 0) ?? [];
    if (!path || !pending) return expect(Object.keys(PENDING_SCREENS)).toEqual([]);
    const address = path.replace(/\$[^/]+/g, '123');
    signIn([...pending.permissions]);
    openApp(address);
    expect(await screen.findByText('Belum tersedia')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pending.title);

    cleanup();
    session.end();
    signIn(['store.read']);
    openApp(address);
    expect(await screen.findByText('Not Allowed')).toBeTruthy();
  });

  it('answers an unknown address with the 404 page, whatever the permissions', async () => {
    signIn([]);
    openApp('/tidak-ada');
    expect(await screen.findByText('Halaman tidak ditemukan')).toBeTruthy();
    expect(screen.queryByText('Not Allowed')).toBeNull();
  });

  it('opens the screens without permissions to anyone, and the dashboard only with dashboard.read', async () => {
    // Without a dashboard "/" is not a dead end: the installed app's start address leads to the own profile.
    signIn(['leave.read']);
    const router = openApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(screen.queryByText('Not Allowed')).toBeNull();
    expect(await menuLinks()).toEqual(['My Profile', 'Request', 'List']);

    cleanup();
    session.end();
    signIn(['dashboard.read']);
    openApp('/');
    expect(await screen.findByText('Pilih Lokasi Untuk Melihat Aktifitas')).toBeTruthy();
    expect(screen.queryByText('Not Allowed')).toBeNull();
  });
});
