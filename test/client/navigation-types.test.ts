/**
 * The screen table is checked by the compiler: `npm run typecheck` covers test/client, so every
 * `@ts-expect-error` below must meet a real error, or the typecheck fails ("Unused '@ts-expect-error'
 * directive"). A misspelt permission or path in the screen table or the menu is caught before the
 * app runs; route files and loaders name neither (the layout's guard and mayPrefetch read the table).
 */
import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../src/app/navigation';
import {
  PENDING_SCREENS,
  SCREENS,
  screenAt,
  type PendingTable,
  type RoutePath,
  type Screen,
} from '../../src/app/screens';

describe('the screen table refuses at compile time', () => {
  it('a misspelt permission, path or menu link, and a route file without an entry', () => {
    const refused = [
      // @ts-expect-error 'user.raed' is not in the permission catalogue
      { title: 'Users', permissions: ['user.raed'] } satisfies Screen,
      // @ts-expect-error '/usres' is no route of the generated route tree
      '/usres' satisfies RoutePath,
      // @ts-expect-error a menu link to a path that is neither a route nor a pending screen
      { label: 'Roles', to: '/role' } satisfies MenuEntry,
      // @ts-expect-error screenAt takes only known screen paths
      () => screenAt('/karyawan/$nrp/edit'),
      {
        ...SCREENS,
        // @ts-expect-error an entry for a path that has no route file
        '/userz': { title: 'Users', permissions: ['user.read'] },
      } satisfies typeof SCREENS,
      // @ts-expect-error every route file needs its entry: '/users' and the others are missing
      { '/': SCREENS['/'] } satisfies typeof SCREENS,
      {
        ...PENDING_SCREENS,
        // @ts-expect-error a pending screen whose route file exists belongs in SCREENS
        '/users': { title: 'Users', permissions: ['user.read'] },
      } satisfies PendingTable,
    ];
    expect(refused).toHaveLength(7);
  });

  it('while the real paths and permissions pass', () => {
    expect(screenAt('/users/$id/edit').permissions).toEqual(['user.read']);
    expect(screenAt('/kunjungan').permissions).toEqual(['kunjungan.read']);
  });
});
