/**
 * The side menu and the permission each screen needs (spec part 1 §2, part 2 §2.1–2.2). The menu
 * shows an entry only when the user holds its permission; the route guard uses the same table so a
 * typed-in address shows "Not Allowed" instead of the screen.
 */
import type { Permission } from '../domain/permissions';

export interface MenuLink {
  label: string;
  to: string;
  permission?: Permission;
  /** Shown only to accounts linked to an employee (field staff). */
  employeeOnly?: boolean;
}

export interface MenuGroup {
  label: string;
  permission?: Permission;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const MENU: MenuEntry[] = [
  { label: 'Home', to: '/', permission: 'dashboard.read' },
  { label: 'My Profile', to: '/profile' },
  { label: 'Absensi Hari Ini', to: '/absensi/new/spg', employeeOnly: true },
  {
    label: 'Karyawan',
    permission: 'karyawan.create',
    children: [
      { label: 'List', to: '/karyawan', permission: 'karyawan.read' },
      { label: 'New', to: '/karyawan/create/new', permission: 'karyawan.create' },
      { label: 'Resign', to: '/karyawan/resign/new', permission: 'karyawan.resign' },
      { label: 'Data Posting', to: '/karyawan/posting', permission: 'karyawan.posting' },
      { label: 'Change Requests', to: '/karyawan/request', permission: 'karyawan.request.edit' },
    ],
  },
  { label: 'Kunjungan', to: '/kunjungan', permission: 'kunjungan.read' },
  { label: 'Store', to: '/store', permission: 'store.read' },
  {
    label: 'Absensi',
    children: [
      { label: 'List', to: '/absensi', permission: 'absensi.read' },
      { label: 'Manual', to: '/absensi/manual', permission: 'absensi.manual' },
      { label: 'Posting', to: '/absensi/posting', permission: 'absensi.posting' },
    ],
  },
  {
    label: 'Leave',
    permission: 'leave.read',
    children: [
      { label: 'Request', to: '/request/leave' },
      { label: 'List', to: '/leave' },
      { label: 'Approval', to: '/approval/leave', permission: 'leave.approve' },
      { label: 'Report', to: '/leave/laporan', permission: 'leave.laporan' },
    ],
  },
  {
    label: 'Laporan',
    permission: 'laporan.read',
    children: [
      { label: 'Laporan Absensi', to: '/report/absensi/detail' },
      { label: 'Rekap Absensi', to: '/report/absensi/rekap' },
      { label: 'Rekap Absensi Harian', to: '/report/absensi/rekap-harian' },
    ],
  },
  { label: 'Users', to: '/users', permission: 'user.read' },
  { label: 'Roles', to: '/roles', permission: 'role.read' },
  { label: 'News', to: '/news', permission: 'news.read' },
  {
    label: 'Master Data',
    permission: 'master.read',
    children: [
      { label: 'Route List', to: '/route-list', permission: 'routeList.read' },
      { label: 'Lokasi', to: '/lokasi', permission: 'lokasi.read' },
      { label: 'Jabatan', to: '/jabatan', permission: 'jabatan.read' },
      { label: 'Departemen', to: '/departemen', permission: 'departemen.read' },
      { label: 'Divisi', to: '/divisi', permission: 'divisi.read' },
      { label: 'Client', to: '/client', permission: 'client.read' },
      { label: 'Shift', to: '/shift', permission: 'shift.read' },
      { label: 'Period', to: '/period', permission: 'period.read' },
      { label: 'Type', to: '/type', permission: 'type.read' },
      { label: 'Jenis Cuti', to: '/jenis-cuti', permission: 'jenisCuti.read' },
      { label: 'Jenis Leave', to: '/jenis-leave', permission: 'jenisLeave.read' },
    ],
  },
];

export interface MenuUser {
  permissions: readonly string[];
  nrp: string | null;
}

function linkVisible(link: MenuLink, user: MenuUser): boolean {
  if (link.employeeOnly && !user.nrp) return false;
  return !link.permission || user.permissions.includes(link.permission);
}

/** The menu this user sees: entries without their permission are dropped, and so are empty groups. */
export function visibleMenu(user: MenuUser): MenuEntry[] {
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!('children' in entry)) return linkVisible(entry, user) ? [entry] : [];
    if (entry.permission && !user.permissions.includes(entry.permission)) return [];
    const children = entry.children.filter((c) => linkVisible(c, user));
    return children.length ? [{ ...entry, children }] : [];
  });
}

/**
 * Every screen of the spec's route table with the permissions it needs (all of them). Screens of
 * areas not built yet render "Belum tersedia" behind the same guard.
 */
export const SCREENS: {
  pattern: string;
  title: string;
  permissions: Permission[];
  /** Works without a network (field screens); every other screen is online-only. */
  offline?: boolean;
}[] = [
  { pattern: '/', title: 'Home', permissions: ['dashboard.read'] },
  { pattern: '/profile', title: 'My Profile', permissions: [], offline: true },
  { pattern: '/karyawan', title: 'Data Karyawan', permissions: ['karyawan.read'] },
  { pattern: '/karyawan/create/new', title: 'Karyawan Baru', permissions: ['karyawan.create'] },
  { pattern: '/karyawan/resign/new', title: 'Karyawan Resign/Keluar (P3)', permissions: ['karyawan.resign'] },
  { pattern: '/karyawan/posting', title: 'Posting Data Karyawan', permissions: ['karyawan.posting'] },
  {
    pattern: '/karyawan/request',
    title: 'Request Perubahan Data Pribadi Karyawan',
    permissions: ['karyawan.request.edit'],
  },
  { pattern: '/karyawan/upload', title: 'Upload dan Download Data Karyawan', permissions: ['karyawan.upload'] },
  { pattern: '/karyawan/:id/edit', title: 'Detail Karyawan', permissions: ['karyawan.read'] },
  { pattern: '/kunjungan', title: 'Kunjungan', permissions: ['kunjungan.read'] },
  { pattern: '/kunjungan/create/new', title: 'Tambah Kunjungan', permissions: ['kunjungan.create'] },
  { pattern: '/kunjungan/:id/edit', title: 'Detail Kunjungan', permissions: ['kunjungan.read'] },
  { pattern: '/store', title: 'Store', permissions: ['store.read'] },
  { pattern: '/store/new', title: 'Tambah Store', permissions: ['store.create'] },
  { pattern: '/store/upload', title: 'Upload Store', permissions: ['store.upload'] },
  { pattern: '/store/:id/edit', title: 'Detail Store', permissions: ['store.read'] },
  { pattern: '/absensi', title: 'Absensi', permissions: ['absensi.read'] },
  { pattern: '/absensi/manual', title: 'Absensi Manual', permissions: ['absensi.manual'] },
  { pattern: '/absensi/new', title: 'Tambah Absensi Manual', permissions: ['absensi.manual'] },
  { pattern: '/absensi/new/spg', title: 'Absensi Hari Ini', permissions: [], offline: true },
  { pattern: '/kunjungan/hari-ini', title: 'Kunjungan Hari Ini', permissions: [], offline: true },
  { pattern: '/sinkron', title: 'Sinkronisasi Data', permissions: [], offline: true },
  { pattern: '/absensi/posting', title: 'Posting Absensi', permissions: ['absensi.posting'] },
  { pattern: '/absensi/upload', title: 'Upload Absensi', permissions: ['absensi.upload'] },
  { pattern: '/users', title: 'Users', permissions: ['user.read'] },
  { pattern: '/users/new', title: 'Tambah User', permissions: ['user.create'] },
  { pattern: '/users/:id/edit', title: 'Detail User', permissions: ['user.read'] },
  { pattern: '/roles', title: 'Roles', permissions: ['role.read'] },
  { pattern: '/roles/new', title: 'Tambah Role', permissions: ['role.create'] },
  { pattern: '/roles/:id/edit', title: 'Detail Role', permissions: ['role.read'] },
  { pattern: '/route-list', title: 'Route List', permissions: ['master.read', 'routeList.read'] },
  { pattern: '/route-list/new', title: 'Tambah Route List', permissions: ['master.read', 'routeList.create'] },
  { pattern: '/route-list/upload', title: 'Upload Route List', permissions: ['master.read', 'routeList.create'] },
  { pattern: '/route-list/:id/edit', title: 'Detail Route List', permissions: ['master.read', 'routeList.read'] },
  { pattern: '/matrix-kunjungan', title: 'Matrix Kunjungan', permissions: ['master.read', 'routeList.read'] },
  { pattern: '/lokasi', title: 'Lokasi', permissions: ['master.read', 'lokasi.read'] },
  { pattern: '/lokasi/new', title: 'Tambah Lokasi', permissions: ['master.read', 'master.create'] },
  { pattern: '/jabatan', title: 'Jabatan', permissions: ['master.read', 'jabatan.read'] },
  { pattern: '/jabatan/new', title: 'Tambah Jabatan', permissions: ['master.read', 'master.create'] },
  { pattern: '/departemen', title: 'Departemen', permissions: ['master.read', 'departemen.read'] },
  { pattern: '/departemen/new', title: 'Tambah Departemen', permissions: ['master.read', 'master.create'] },
  { pattern: '/divisi', title: 'Divisi', permissions: ['master.read', 'divisi.read'] },
  { pattern: '/divisi/new', title: 'Tambah Divisi', permissions: ['master.read', 'master.create'] },
  { pattern: '/client', title: 'Client', permissions: ['master.read', 'client.read'] },
  { pattern: '/client/new', title: 'Tambah Client', permissions: ['master.read', 'master.create'] },
  { pattern: '/shift', title: 'Shift', permissions: ['master.read', 'shift.read'] },
  { pattern: '/shift/new', title: 'Tambah Shift', permissions: ['master.read', 'master.create'] },
  { pattern: '/period', title: 'Period', permissions: ['master.read', 'period.read'] },
  { pattern: '/type', title: 'Type Karyawan', permissions: ['master.read', 'type.read'] },
  { pattern: '/type/new', title: 'Tambah Type Karyawan', permissions: ['master.read', 'master.create'] },
  { pattern: '/jenis-cuti', title: 'Jenis Cuti', permissions: ['master.read', 'jenisCuti.read'] },
  { pattern: '/jenis-leave', title: 'Jenis Leave', permissions: ['master.read', 'jenisLeave.read'] },
  { pattern: '/report/absensi/detail', title: 'Laporan Absensi', permissions: ['laporan.read'] },
  { pattern: '/report/absensi/rekap', title: 'Rekap Absensi', permissions: ['laporan.read'] },
  { pattern: '/report/absensi/rekap-harian', title: 'Rekap Absensi Harian', permissions: ['laporan.read'] },
  { pattern: '/news', title: 'News', permissions: ['news.read'] },
  { pattern: '/news/new', title: 'Tambah News', permissions: ['news.create'] },
  { pattern: '/news/:id/edit', title: 'Detail News', permissions: ['news.read'] },
  { pattern: '/request/leave', title: 'Request Leave', permissions: ['leave.read'], offline: true },
  { pattern: '/leave', title: 'Leave', permissions: ['leave.read'], offline: true },
  { pattern: '/approval/leave', title: 'Approval Leave', permissions: ['leave.read', 'leave.approve'], offline: true },
  { pattern: '/leave/laporan', title: 'Report Leave', permissions: ['leave.read', 'leave.laporan'] },
];

/** The screen a path names (routes are exact matches; `:x` is one segment). */
export function screenFor(pathname: string) {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/');
  return SCREENS.find((s) => {
    const p = s.pattern.split('/');
    return p.length === parts.length && p.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]));
  });
}
