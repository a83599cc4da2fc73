import * as v from 'valibot';
/**
 * The permission catalogue: every permission string the spec names (both parts), grouped by category
 * for the role editor. Server routes and client menus both import from here, so a typo is a type error.
 * Strings the spec implies but does not name (master data writes, visit edits, …) are marked in
 * docs/decisions/002-permission-catalogue.md.
 */
export const PERMISSION_CATALOGUE = {
  Dashboard: ['dashboard.read'],
  Karyawan: [
    'karyawan.read',
    'karyawan.create',
    'karyawan.update',
    'karyawan.delete',
    'karyawan.export',
    'karyawan.upload',
    'karyawan.resign',
    'karyawan.posting',
    'karyawan.request.edit',
    'karyawan.request.approve',
    'karyawan.resetpassword',
    'karyawan.kontrak.read',
    'karyawan.gaji.read',
    'karyawan.personal.edit',
    'karyawan.pegawai.edit',
    'karyawan.pajak.edit',
    'karyawan.bpjs.edit',
    'karyawan.kontrak.edit',
  ],
  Kunjungan: ['kunjungan.read', 'kunjungan.create', 'kunjungan.update', 'kunjungan.delete'],
  Store: ['store.read', 'store.create', 'store.update', 'store.delete', 'store.upload', 'store.export'],
  Absensi: [
    'absensi.read',
    'absensi.manual',
    'absensi.posting',
    'absensi.upload',
    'absensi.delete',
    'absensi.tinjau',
    'absensi.koreksi',
  ],
  Leave: ['leave.read', 'leave.approve', 'leave.laporan', 'leave.admin'],
  Laporan: ['laporan.read'],
  Users: ['user.read', 'user.create', 'user.update'],
  Roles: ['role.read', 'role.create', 'role.update', 'role.delete'],
  News: ['news.read', 'news.create', 'news.update', 'news.delete'],
  'Master Data': [
    'master.read',
    'master.create',
    'master.update',
    'master.delete',
    'routeList.read',
    'routeList.create',
    'routeList.update',
    'routeList.delete',
    'lokasi.read',
    'jabatan.read',
    'departemen.read',
    'divisi.read',
    'client.read',
    'shift.read',
    'period.read',
    'type.read',
    'jenisCuti.read',
    'jenisLeave.read',
  ],
} as const satisfies Record<string, readonly string[]>;

export type PermissionCategory = keyof typeof PERMISSION_CATALOGUE;
export type Permission = (typeof PERMISSION_CATALOGUE)[PermissionCategory][number];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_CATALOGUE).flat();

const known = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** Answer of GET /api/permissions: `{ id, category }` per permission, in catalogue order. */
export const PermissionItemSchema = v.object({
  id: v.picklist(ALL_PERMISSIONS),
  category: v.picklist(Object.keys(PERMISSION_CATALOGUE) as PermissionCategory[]),
});
export type PermissionItem = v.InferOutput<typeof PermissionItemSchema>;
export const PermissionListAnswerSchema = v.object({ result: v.array(PermissionItemSchema), totalCount: v.number() });

export function permissionList(): { id: Permission; category: PermissionCategory }[] {
  return (Object.entries(PERMISSION_CATALOGUE) as [PermissionCategory, readonly Permission[]][]).flatMap(
    ([category, ids]) => ids.map((id) => ({ id, category })),
  );
}

/**
 * The permissions a role grants. Per spec (part 2 §4, §6) a role with no permission selected has full
 * access, so an empty list expands to the whole catalogue.
 */
export function effectivePermissions(rolePermissions: readonly string[]): Permission[] {
  const valid = rolePermissions.filter(isPermission);
  return valid.length === 0 ? [...ALL_PERMISSIONS] : valid;
}

export function hasPermission(held: readonly string[], needed: Permission | readonly Permission[]): boolean {
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.every((p) => held.includes(p));
}

/** Spec part 1 §1: a role whose name contains ADM marks an administrator. */
export function isAdminRole(role: string): boolean {
  return role.toUpperCase().includes('ADM');
}

/**
 * Spec part 1 §1: a USER lands on /profile, everybody else on / (the dashboard). A role without
 * dashboard.read would land on "Not Allowed", so it goes to /profile too (docs/decisions/002).
 */
export function homePathFor(role: string, permissions: readonly string[]): '/profile' | '/' {
  return role.toUpperCase() === 'USER' || !permissions.includes('dashboard.read') ? '/profile' : '/';
}
