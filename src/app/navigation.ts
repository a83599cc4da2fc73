/**
 * The side menu (spec part 1 §2, part 2 §2.1–2.2). A link shows only when the user may open its
 * screen: the permissions come from the screen table (screens.ts), the same one the route guard and
 * the loaders read, so a typed-in address the menu hides shows "Not Allowed" instead of the screen.
 */
import type { Permission } from '../domain/roles/permissions';
import { mayOpen, screenAt, type ScreenPath } from './screens';

export interface MenuLink {
  label: string;
  to: ScreenPath;
  /** Shown only to accounts linked to an employee (field staff). */
  employeeOnly?: boolean;
}

export interface MenuGroup {
  label: string;
  /** The spec gates some groups as a whole (Karyawan needs karyawan.create), beyond their links. */
  permission?: Permission;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const MENU: MenuEntry[] = [
  { label: 'Home', to: '/' },
  { label: 'My Profile', to: '/profile' },
  { label: 'Absensi Hari Ini', to: '/absensi/new/spg', employeeOnly: true },
  { label: 'Koreksi Absensi', to: '/request/absensi', employeeOnly: true },
  { label: 'Info', to: '/info', employeeOnly: true },
  {
    label: 'Karyawan',
    permission: 'karyawan.create',
    children: [
      { label: 'List', to: '/karyawan' },
      { label: 'New', to: '/karyawan/create/new' },
      { label: 'Resign', to: '/karyawan/resign/new' },
      { label: 'Data Posting', to: '/karyawan/posting' },
      { label: 'Change Requests', to: '/karyawan/request' },
    ],
  },
  { label: 'Kunjungan', to: '/kunjungan' },
  { label: 'Store', to: '/store' },
  {
    label: 'Absensi',
    children: [
      { label: 'List', to: '/absensi' },
      { label: 'Manual', to: '/absensi/manual' },
      { label: 'Posting', to: '/absensi/posting' },
      { label: 'Perlu Ditinjau', to: '/absensi/tinjau' },
      { label: 'Approval Koreksi', to: '/approval/absensi' },
    ],
  },
  {
    label: 'Leave',
    permission: 'leave.read',
    children: [
      { label: 'Request', to: '/request/leave' },
      { label: 'List', to: '/leave' },
      { label: 'Approval', to: '/approval/leave' },
      { label: 'Report', to: '/leave/laporan' },
    ],
  },
  {
    label: 'Laporan',
    permission: 'laporan.read',
    children: [
      { label: 'Laporan Absensi', to: '/report/absensi/detail' },
      { label: 'Rekap Absensi', to: '/report/absensi/rekap' },
      { label: 'Rekap Absensi Harian', to: '/report/absensi/rekap-harian' },
      { label: 'Laporan Bukti Kunjungan', to: '/report/bukti-kunjungan' },
    ],
  },
  { label: 'Users', to: '/users' },
  { label: 'Roles', to: '/roles' },
  { label: 'News', to: '/news' },
  {
    label: 'Master Data',
    permission: 'master.read',
    children: [
      { label: 'Route List', to: '/route-list' },
      { label: 'Matrix Kunjungan', to: '/matrix-kunjungan' },
      { label: 'Perusahaan', to: '/perusahaan' },
      { label: 'Lokasi', to: '/lokasi' },
      { label: 'Jabatan', to: '/jabatan' },
      { label: 'Departemen', to: '/departemen' },
      { label: 'Divisi', to: '/divisi' },
      { label: 'Client', to: '/client' },
      { label: 'Shift', to: '/shift' },
      { label: 'Period', to: '/period' },
      { label: 'Type', to: '/type' },
      { label: 'Jenis Cuti', to: '/jenis-cuti' },
      { label: 'Jenis Leave', to: '/jenis-leave' },
    ],
  },
];

export interface MenuUser {
  permissions: readonly string[];
  nrp: string | null;
}

function linkVisible(link: MenuLink, user: MenuUser): boolean {
  if (link.employeeOnly && !user.nrp) return false;
  return mayOpen(screenAt(link.to), user.permissions);
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
