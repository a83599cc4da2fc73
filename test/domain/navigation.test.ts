import { describe, expect, it } from 'vitest';
import { MENU, visibleMenu, type MenuEntry } from '../../src/app/navigation';
import { PENDING_SCREENS, pendingScreenFor, screenAt, SCREENS, screenOfRoute } from '../../src/app/screens';
import { ALL_PERMISSIONS, effectivePermissions, homePathFor } from '../../src/domain/roles/permissions';

const labels = (entries: MenuEntry[]) =>
  entries.flatMap((e) => ('children' in e ? [e.label, ...e.children.map((c) => `${e.label}/${c.label}`)] : [e.label]));

describe('menu visibility', () => {
  it('shows everything to a user holding every permission', () => {
    const all = labels(visibleMenu({ permissions: ALL_PERMISSIONS, nrp: null }));
    expect(all).toEqual(
      expect.arrayContaining(['Home', 'Users', 'Roles', 'Master Data/Jenis Leave', 'Karyawan/Change Requests']),
    );
    expect(all).not.toContain('Absensi Hari Ini');
    expect(all).not.toContain('Info');
  });

  it('shows an SPG only what their permissions allow, and no empty groups', () => {
    const spg = labels(visibleMenu({ permissions: ['leave.read'], nrp: '26000001' }));
    expect(spg).toEqual([
      'My Profile',
      'Absensi Hari Ini',
      'Koreksi Absensi',
      'Info',
      'Leave',
      'Leave/Request',
      'Leave/List',
    ]);
  });

  it('hides the master data section without master.read even with the list permission', () => {
    expect(labels(visibleMenu({ permissions: ['lokasi.read'], nrp: null }))).toEqual(['My Profile']);
    expect(labels(visibleMenu({ permissions: ['lokasi.read', 'master.read'], nrp: null }))).toEqual([
      'My Profile',
      'Master Data',
      // Every company's device policy, readable by anyone who reads master data (decision 032).
      'Master Data/Perusahaan',
      'Master Data/Lokasi',
    ]);
  });
});

describe('screens and landing', () => {
  it('finds the screen of a route by its full path, index routes included', () => {
    expect(screenOfRoute('/karyawan/$id/edit')?.permissions).toEqual(['karyawan.read']);
    expect(screenOfRoute('/karyawan/')?.title).toBe('Data Karyawan');
    expect(screenOfRoute('/')?.permissions).toEqual(['dashboard.read']);
    expect(screenOfRoute('/$')).toBeUndefined();
  });

  it('matches a pending screen exactly, a `$x` segment standing for one segment', () => {
    // Whichever screens are still pending as areas land: each matches its own address (with a trailing
    // slash too), never one segment more.
    for (const [path, screen] of Object.entries(PENDING_SCREENS)) {
      const address = path.replace(/\$[^/]+/g, '123');
      expect(pendingScreenFor(`${address}/`)).toBe(screen);
      expect(pendingScreenFor(`${address}/x/y`)).toBeUndefined();
    }
    // A built screen is no longer pending.
    expect(pendingScreenFor('/kunjungan/123/edit')).toBeUndefined();
    expect(pendingScreenFor('/news/123/edit')).toBeUndefined();
    expect(pendingScreenFor('/nowhere')).toBeUndefined();
  });

  it('holds only catalogue permissions, and every menu link names a known screen', () => {
    const all = [...Object.values(SCREENS), ...Object.values(PENDING_SCREENS)].flatMap((s) => s.permissions);
    expect(all.filter((p) => !ALL_PERMISSIONS.includes(p))).toEqual([]);
    const links = MENU.flatMap((e) => ('children' in e ? e.children : [e]));
    expect(links.filter((l) => !screenAt(l.to))).toEqual([]);
  });

  it('lands USER on /profile and everyone else on /', () => {
    expect(homePathFor('USER', ALL_PERMISSIONS)).toBe('/profile');
    expect(homePathFor('ADMIN', ALL_PERMISSIONS)).toBe('/');
    expect(homePathFor('TEAM LEADER', ['dashboard.read', 'leave.approve'])).toBe('/');
    // A role without the dashboard would land on "Not Allowed": it goes to its profile instead.
    expect(homePathFor('SCOPED', ['karyawan.read'])).toBe('/profile');
  });

  it('treats a role with no permissions as full access', () => {
    expect(effectivePermissions([])).toHaveLength(ALL_PERMISSIONS.length);
    expect(effectivePermissions(['user.read', 'bogus'])).toEqual(['user.read']);
  });
});
