import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { ALL_PERMISSIONS, isPermission, type Permission } from './permissions';
import { code, text } from '../primitives';

export const ROLE_MESSAGES = {
  idRequired: 'ID Role harus diisi',
  idMax: 'ID Role maksimal 5 karakter',
  idFormat: 'ID Role hanya boleh berisi huruf, angka, garis bawah atau strip',
  namaRequired: 'Nama Role harus diisi',
  namaMax: 'Nama Role maksimal 40 karakter',
  permissionsInvalid: 'Daftar permission tidak valid',
  unknownPermission: (ids: string[]) => `Permission tidak dikenal: ${ids.join(', ')}`,
  idTaken: 'ID Role sudah digunakan',
  notFound: 'Role tidak ditemukan',
  inUse: 'Role masih digunakan oleh user dan tidak dapat dihapus',
  created: 'Role berhasil ditambahkan',
  updated: 'Role berhasil diperbarui',
  deleted: 'Role berhasil dihapus',
  selfLockout: 'Role Anda sendiri harus tetap memiliki permission role.update',
  fullAccess: 'Tanpa permission = akses penuh',
  allAccess: 'Semua akses',
} as const;

/**
 * The spec sends permissions as a map `{ 'user.read': true }`; an array of ids is accepted too. Both
 * become a list in catalogue order. Unknown ids are a 400: a typo must not silently grant nothing
 * (or, worse, leave the list empty, which means full access).
 */
export const PermissionSetSchema = v.pipe(
  v.optional(
    v.union(
      [v.array(v.string(ROLE_MESSAGES.permissionsInvalid)), v.record(v.string(), v.boolean())],
      ROLE_MESSAGES.permissionsInvalid,
    ),
    [],
  ),
  v.transform((x) => (Array.isArray(x) ? x : Object.keys(x).filter((k) => x[k]))),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const unknown = dataset.value.filter((id) => !isPermission(id));
    if (unknown.length) {
      addIssue({ message: ROLE_MESSAGES.unknownPermission(unknown.slice(0, 5)) });
      return NEVER;
    }
    const chosen = new Set(dataset.value);
    return ALL_PERMISSIONS.filter((p) => chosen.has(p));
  }),
);

// A missing key falls through to nonEmpty (via the '' default) so it answers the field's own message.
const nama = v.optional(
  v.pipe(
    text(40, { tooLong: ROLE_MESSAGES.namaMax, notText: ROLE_MESSAGES.namaRequired }),
    v.nonEmpty(ROLE_MESSAGES.namaRequired),
  ),
  '',
);

/** POST /api/roles. */
export const RoleCreateSchema = v.object({
  id: v.optional(
    v.pipe(
      v.string(ROLE_MESSAGES.idRequired),
      v.trim(),
      v.nonEmpty(ROLE_MESSAGES.idRequired),
      v.maxLength(5, ROLE_MESSAGES.idMax),
      v.regex(/^[A-Za-z0-9_-]+$/, ROLE_MESSAGES.idFormat),
    ),
    '',
  ),
  nama,
  permissions: PermissionSetSchema,
});
export type RoleCreateInput = v.InferInput<typeof RoleCreateSchema>;
export type RoleCreate = v.InferOutput<typeof RoleCreateSchema>;

/** PUT /api/roles/{id}: the id is the address and cannot change. */
export const RoleUpdateSchema = v.object({ nama, permissions: PermissionSetSchema });
export type RoleUpdate = v.InferOutput<typeof RoleUpdateSchema>;

/** The editor works on a plain list; the map is only the wire shape. */
export const RoleFormSchema = v.object({
  id: RoleCreateSchema.entries.id,
  nama,
  permissions: v.array(v.string()),
});
export type RoleFormValues = v.InferInput<typeof RoleFormSchema>;

/** A role grants everything when it lists nothing (spec part 2 §4, §6) or lists the whole catalogue. */
export function grantsEverything(permissions: readonly string[]): boolean {
  return permissions.length === 0 || ALL_PERMISSIONS.every((p) => permissions.includes(p));
}

export function permissionMap(permissions: readonly string[]): Partial<Record<Permission, true>> {
  return Object.fromEntries(permissions.filter(isPermission).map((p) => [p, true]));
}

/** One row of GET /api/roles. */
export const RoleRowSchema = v.object({
  id: v.string(),
  nama: v.string(),
  permissionCount: v.number(),
  allPermissions: v.boolean(),
  userCount: v.number(),
  deletable: v.boolean(),
});
export type RoleRow = v.InferOutput<typeof RoleRowSchema>;
export const RoleListAnswerSchema = listAnswer(RoleRowSchema);

/** GET /api/roles/{id}. */
export const RoleDetailSchema = v.object({
  id: v.string(),
  nama: v.string(),
  permissions: v.record(v.picklist(ALL_PERMISSIONS), v.literal(true)),
  allPermissions: v.boolean(),
  deletable: v.boolean(),
  userCount: v.number(),
});
export type RoleDetail = v.InferOutput<typeof RoleDetailSchema>;
export const RoleDetailAnswerSchema = resultAnswer(RoleDetailSchema);
/** POST and PUT answer the saved role with the toast's text. */
export const RoleSavedSchema = messageWith(RoleDetailSchema);

/** `{id}` of /api/roles/{id}: the role id's own pattern. */
export const RoleIdParamSchema = v.object({ id: code(/^[A-Za-z0-9_-]{1,5}$/, ROLE_MESSAGES.notFound) });
