/** Roles and the four demo sign-ins. */
import type { Tx } from '../client';
import { ALL_PERMISSIONS, PERMISSION_CATALOGUE, type Permission } from '../../../src/domain/roles/permissions';
import { roles, users } from '../schema/auth';
import { insertChunked } from '../insert';
import { DEMO_TEAM } from './karyawan';

export const DEMO_PASSWORD = 'Hadir#Demo2026';

/** Fixed by construction: the first employee is a Jakarta team leader, the second an SPG in that team. */
export const DEMO_ACCOUNTS = {
  admin: { userid: 'U00001', username: 'admin', role: 'ADMIN', nrp: null },
  hr: { userid: 'U00002', username: 'hr', role: 'HR', nrp: null },
  tl: { userid: 'U00003', username: 'tl', role: 'TL', nrp: '26000001' },
  spg: { userid: 'U00004', username: 'spg', role: 'USER', nrp: '26000002' },
} as const;

const MASTER_READS = PERMISSION_CATALOGUE['Master Data'].filter((p) => p.endsWith('.read'));

// Every role lists its permissions explicitly: an empty list would mean full access (spec part 2 §6).
const ROLES: { id: string; nama: string; permissions: readonly Permission[] }[] = [
  { id: 'ADMIN', nama: 'ADMIN', permissions: ALL_PERMISSIONS },
  {
    id: 'HR',
    nama: 'HR',
    permissions: [
      'dashboard.read',
      ...PERMISSION_CATALOGUE.Karyawan,
      ...PERMISSION_CATALOGUE.Absensi,
      'laporan.read',
      'leave.read',
      'leave.laporan',
      ...MASTER_READS,
      'kunjungan.read',
      'store.read',
    ],
  },
  {
    id: 'TL',
    nama: 'TEAM LEADER',
    permissions: ['dashboard.read', 'leave.read', 'leave.approve', 'kunjungan.read', 'absensi.read', 'absensi.tinjau'],
  },
  // An SPG files leave and checks in; own attendance has no permission gate.
  { id: 'USER', nama: 'USER', permissions: ['leave.read'] },
];

export async function seedAccess(
  tx: Tx,
  passwordHash: string,
  names: { tl: string; spg: string },
  stamp: Date,
): Promise<number> {
  await insertChunked(
    tx,
    roles,
    ROLES.map((r) => ({ ...r, permissions: [...r.permissions], createdAt: stamp, updatedAt: stamp })),
  );
  const nama: Record<keyof typeof DEMO_ACCOUNTS, string> = {
    admin: 'Administrator',
    hr: 'Staf HR',
    tl: names.tl,
    spg: names.spg,
  };
  const rows = (Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]).map((key) => ({
    ...DEMO_ACCOUNTS[key],
    nama: nama[key],
    passwordHash,
    resetPassword: false,
    isActive: true,
    // The team leader sees her own team (README): her location and her team's client (karyawan.ts DEMO_TEAM).
    trustee:
      key === 'tl'
        ? {
            kode_prsh: [],
            sales_office: [],
            lokasi: [DEMO_TEAM.lokasi],
            client: [DEMO_TEAM.client],
            jabatan: [],
            spg_type: [],
          }
        : null,
    createdAt: stamp,
    updatedAt: stamp,
  }));
  await insertChunked(tx, users, rows);
  return rows.length;
}
