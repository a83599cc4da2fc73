/**
 * Every screen of the spec's route table and the permissions it needs (all of them), keyed by the
 * router's own path. This one table drives the side menu (navigation.ts), the route guard of the
 * `_app` layout and the loaders' prefetch decision (prefetch.ts). Its keys come from the generated
 * route tree, so a route file without an entry, an entry for a path that has no route file, or a
 * permission outside the catalogue fails the typecheck (test/client/navigation-types.test.ts).
 */
import type { Permission } from '../domain/roles/permissions';
import type { MakeRouteMatchUnion } from '@tanstack/react-router';
import type { FileRoutesByTo } from '../routeTree.gen';

export interface Screen {
  title: string;
  /** The title on a phone's top bar, where a title never wraps: for titles longer than it has room for. */
  short?: string;
  permissions: readonly Permission[];
  /** Works without a network (field screens); every other screen is online-only. */
  offline?: boolean;
}

/** A screen's route path as the router writes it (`/users/$id/edit`); /login and the catch-all are no screens. */
export type RoutePath = Exclude<keyof FileRoutesByTo, '/login' | '/$'>;

export const SCREENS: { readonly [P in RoutePath]: Screen } = {
  '/': { title: 'Home', permissions: ['dashboard.read'] },
  '/profile': { title: 'My Profile', permissions: [], offline: true },
  '/notifikasi': { title: 'Notifikasi', permissions: [], offline: true },
  '/karyawan': { title: 'Data Karyawan', permissions: ['karyawan.read'] },
  '/karyawan/create/new': { title: 'Karyawan Baru', permissions: ['karyawan.create'] },
  '/karyawan/resign/new': {
    title: 'Karyawan Resign/Keluar (P3)',
    short: 'Resign (P3)',
    permissions: ['karyawan.resign'],
  },
  '/karyawan/posting': { title: 'Posting Data Karyawan', short: 'Posting Data', permissions: ['karyawan.posting'] },
  '/karyawan/request': {
    title: 'Request Perubahan Data Pribadi Karyawan',
    short: 'Request Profil',
    permissions: ['karyawan.request.edit'],
  },
  '/karyawan/upload': {
    title: 'Upload dan Download Data Karyawan',
    short: 'Upload Data',
    permissions: ['karyawan.upload'],
  },
  '/karyawan/$id/edit': { title: 'Detail Karyawan', permissions: ['karyawan.read'] },
  '/absensi/new/spg': { title: 'Absensi Hari Ini', permissions: [], offline: true },
  '/kunjungan/hari-ini': { title: 'Kunjungan Hari Ini', short: 'Kunjungan', permissions: [], offline: true },
  '/kunjungan': { title: 'Kunjungan', permissions: ['kunjungan.read'] },
  '/kunjungan/create/new': { title: 'Tambah Kunjungan', short: 'Kunjungan Baru', permissions: ['kunjungan.create'] },
  '/kunjungan/$no_dcp/edit': { title: 'Detail Kunjungan', permissions: ['kunjungan.read'] },
  '/sinkron': { title: 'Sinkronisasi Data', short: 'Sinkronisasi', permissions: [], offline: true },
  '/store': { title: 'Store', permissions: ['store.read'] },
  '/store/new': { title: 'Tambah Store', permissions: ['store.create'] },
  '/store/upload': { title: 'Upload Store', permissions: ['store.upload'] },
  '/store/$id/edit': { title: 'Detail Store', permissions: ['store.read'] },
  '/users': { title: 'Users', permissions: ['user.read'] },
  '/users/new': { title: 'Tambah User', permissions: ['user.create'] },
  '/users/$id/edit': { title: 'Detail User', permissions: ['user.read'] },
  '/roles': { title: 'Roles', permissions: ['role.read'] },
  '/roles/new': { title: 'Tambah Role', permissions: ['role.create'] },
  '/roles/$id/edit': { title: 'Detail Role', permissions: ['role.read'] },
  '/route-list': { title: 'Route List', permissions: ['master.read', 'routeList.read'] },
  '/route-list/new': {
    title: 'Tambah Route List',
    short: 'Route List Baru',
    permissions: ['master.read', 'routeList.create'],
  },
  '/route-list/upload': {
    title: 'Upload Route List',
    short: 'Upload Route',
    permissions: ['master.read', 'routeList.create', 'routeList.update'],
  },
  '/route-list/$id/edit': { title: 'Detail Route List', permissions: ['master.read', 'routeList.read'] },
  '/matrix-kunjungan': { title: 'Matrix Kunjungan', short: 'Matrix', permissions: ['master.read', 'routeList.read'] },
  '/perusahaan': { title: 'Perusahaan', permissions: ['master.read'] },
  '/perusahaan/new': {
    title: 'Tambah Perusahaan',
    short: 'Perusahaan Baru',
    permissions: ['master.read', 'master.create'],
  },
  '/lokasi': { title: 'Lokasi', permissions: ['master.read', 'lokasi.read'] },
  '/lokasi/new': { title: 'Tambah Lokasi', permissions: ['master.read', 'master.create'] },
  '/jabatan': { title: 'Jabatan', permissions: ['master.read', 'jabatan.read'] },
  '/jabatan/new': { title: 'Tambah Jabatan', permissions: ['master.read', 'master.create'] },
  '/departemen': { title: 'Departemen', permissions: ['master.read', 'departemen.read'] },
  '/departemen/new': {
    title: 'Tambah Departemen',
    short: 'Tambah Dept.',
    permissions: ['master.read', 'master.create'],
  },
  '/divisi': { title: 'Divisi', permissions: ['master.read', 'divisi.read'] },
  '/divisi/new': { title: 'Tambah Divisi', permissions: ['master.read', 'master.create'] },
  '/client': { title: 'Client', permissions: ['master.read', 'client.read'] },
  '/client/new': { title: 'Tambah Client', permissions: ['master.read', 'master.create'] },
  '/shift': { title: 'Shift', permissions: ['master.read', 'shift.read'] },
  '/shift/new': { title: 'Tambah Shift', permissions: ['master.read', 'master.create'] },
  '/period': { title: 'Period', permissions: ['master.read', 'period.read'] },
  '/type': { title: 'Type Karyawan', permissions: ['master.read', 'type.read'] },
  '/type/new': { title: 'Tambah Type Karyawan', short: 'Tambah Type', permissions: ['master.read', 'master.create'] },
  '/jenis-cuti': { title: 'Jenis Cuti', permissions: ['master.read', 'jenisCuti.read'] },
  '/jenis-leave': { title: 'Jenis Leave', permissions: ['master.read', 'jenisLeave.read'] },
  '/request/leave': { title: 'Request Leave', permissions: ['leave.read'], offline: true },
  '/leave': { title: 'Leave', permissions: ['leave.read'], offline: true },
  '/approval/leave': { title: 'Approval Leave', permissions: ['leave.read', 'leave.approve'], offline: true },
  // Koreksi Absensi: her own attendance needs no permission; the team leader (leave.approve + absensi.read)
  // and the admins (absensi.koreksi, with absensi.read) share the approval screen; the server checks each step.
  '/request/absensi': { title: 'Koreksi Absensi', permissions: [], offline: true },
  '/approval/absensi': {
    title: 'Approval Koreksi Absensi',
    short: 'Approval Koreksi',
    permissions: ['absensi.read'],
    offline: true,
  },
  '/leave/laporan': { title: 'Report Leave', permissions: ['leave.read', 'leave.laporan'] },
  '/news': { title: 'News', permissions: ['news.read'] },
  '/news/new': { title: 'Tambah News', permissions: ['news.create'] },
  '/news/$id/edit': { title: 'Detail News', permissions: ['news.read'] },
  '/info': { title: 'Info', permissions: [], offline: true },
  '/info/$id': { title: 'Info', permissions: [], offline: true },
  '/absensi': { title: 'Absensi', permissions: ['absensi.read'] },
  '/absensi/manual': { title: 'Absensi Manual', permissions: ['absensi.manual'] },
  '/absensi/new': { title: 'Tambah Absensi Manual', short: 'Tambah Absensi', permissions: ['absensi.manual'] },
  '/absensi/upload': { title: 'Upload Absensi', permissions: ['absensi.upload'] },
  '/absensi/posting': { title: 'Posting Absensi', permissions: ['absensi.posting'] },
  '/absensi/tinjau': { title: 'Perlu Ditinjau', permissions: ['absensi.tinjau'] },
  '/report/absensi/detail': { title: 'Laporan Absensi', permissions: ['laporan.read'] },
  '/report/absensi/rekap': { title: 'Rekap Absensi', permissions: ['laporan.read'] },
  '/report/absensi/rekap-harian': {
    title: 'Rekap Absensi Harian',
    short: 'Rekap Harian',
    permissions: ['laporan.read'],
  },
  '/report/bukti-kunjungan': {
    title: 'Laporan Bukti Kunjungan',
    short: 'Bukti Kunjungan',
    permissions: ['laporan.read'],
  },
};

/** Pending screens: any path but one the route tree has (that one belongs in SCREENS). */
export type PendingTable = Record<`/${string}`, Screen> & { readonly [P in keyof FileRoutesByTo]?: never };

/**
 * Screens of the spec whose area has not landed yet: the catch-all route shows "Belum tersedia" for
 * them behind the same guard. A path that has a route file is refused here, so when an area lands
 * its entry moves to SCREENS (which then demands it).
 */
const PENDING = {} as const satisfies PendingTable;

export type PendingPath = keyof typeof PENDING;

// Typed as a record so the table may become empty when the last area lands.
export const PENDING_SCREENS: Readonly<Record<PendingPath, Screen>> & { readonly [path: string]: Screen } = PENDING;

/** Any screen the app knows: built (a route file) or still pending. Menu links are typed with it. */
export type ScreenPath = RoutePath | PendingPath;

export function screenAt(path: ScreenPath): Screen {
  // A ScreenPath that is not a route is a key of the pending table by its type.
  return isRoutePath(path) ? SCREENS[path] : (PENDING_SCREENS[path as PendingPath] as Screen);
}

function isRoutePath(path: string): path is RoutePath {
  return Object.hasOwn(SCREENS, path);
}

/** A route's full path (`/users/`, as matches carry it) to its screen path (`/users`). */
function routePathOf(fullPath: string): string {
  return fullPath.length > 1 && fullPath.endsWith('/') ? fullPath.slice(0, -1) : fullPath;
}

/** The screen of a route, given its full path (a loader's `route.fullPath`, a match's `fullPath`). */
export function screenOfRoute(fullPath: string): Screen | undefined {
  const path = routePathOf(fullPath);
  return isRoutePath(path) ? SCREENS[path] : undefined;
}

/** The pending screen an address names (segments written `$x` match any one segment), if any. */
export function pendingScreenFor(pathname: string): Screen | undefined {
  const parts = routePathOf(pathname).split('/');
  const found = (Object.keys(PENDING_SCREENS) as string[]).find((pattern) => {
    const p = pattern.split('/');
    return p.length === parts.length && p.every((seg, i) => (seg.startsWith('$') ? parts[i] !== '' : seg === parts[i]));
  });
  return found === undefined ? undefined : PENDING_SCREENS[found as PendingPath];
}

/** What a match stands for: the route's own screen, or for the catch-all the pending screen it names. */
export function screenOfMatch(match: MakeRouteMatchUnion | undefined): Screen | undefined {
  if (!match) return undefined;
  if (match.routeId !== '/_app/$') return screenOfRoute(match.fullPath);
  return pendingScreenFor(`/${match.params._splat ?? ''}`);
}

export function mayOpen(screen: Screen | undefined, held: readonly string[]): boolean {
  return !screen || screen.permissions.every((p) => held.includes(p));
}
