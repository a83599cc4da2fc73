import { describe, expect, it } from 'vitest';
import { screenFor, visibleMenu, type MenuEntry } from '../../src/app/navigation';
import { ALL_PERMISSIONS, effectivePermissions, homePathFor } from '../../src/domain/permissions';

const labels = (entries: MenuEntry[]) =>
  entries.flatMap((e) => ('children' in e ? [e.label, ...e.children.map((c) => `${e.label}/${c.label}`)] : [e.label]));

describe('menu visibility', () => {
  it('shows everything to a user holding every permission', () => {
    const all = labels(visibleMenu({ permissions: ALL_PERMISSIONS, nrp: null }));
    expect(all).toEqual(
      expect.arrayContaining(['Home', 'Users', 'Roles', 'Master Data/Jenis Leave', 'Karyawan/Change Requests']),
    );
    expect(all).not.toContain('Absensi Hari Ini');
  });

  it('shows an SPG only what their permissions allow, and no empty groups', () => {
    const spg = labels(visibleMenu({ permissions: ['leave.read'], nrp: '26000001' }));
    expect(spg).toEqual(['My Profile', 'Absensi Hari Ini', 'Leave', 'Leave/Request', 'Leave/List']);
  });

  it('hides the master data section without master.read even with the list permission', () => {
    expect(labels(visibleMenu({ permissions: ['lokasi.read'], nrp: null }))).toEqual(['My Profile']);
    expect(labels(visibleMenu({ permissions: ['lokasi.read', 'master.read'], nrp: null }))).toEqual([
      'My Profile',
      'Master Data',
      'Master Data/Lokasi',
    ]);
  });
});

describe('screens and landing', () => {
  it('matches exact routes with one-segment parameters', () => {
    expect(screenFor('/karyawan/26000001/edit')?.permissions).toEqual(['karyawan.read']);
    expect(screenFor('/karyawan/')?.title).toBe('Data Karyawan');
    expect(screenFor('/karyawan/1/2/edit')).toBeUndefined();
    expect(screenFor('/nowhere')).toBeUndefined();
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
