/** Shared pieces of the employee API tests: a valid new employee, multipart bodies, scoped accounts. */
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { store } from '../../../server/db/schema/store';
import type { Permission } from '../../../src/domain/roles/permissions';
import type { TestContext } from '../helpers';

export const STRONG = 'Kuat#Sekali2026';
export const YEAR = new Date().getFullYear();

/** A valid new employee in Jakarta (company KM), as the form sends it: text fields and gaji as JSON text. */
export function newKaryawan(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nama: 'Ani Lestari',
    jenis_kelamin: 'P',
    nik: '3171010101900001',
    tempat_lahir: 'Jakarta',
    tgl_lahir: '1998-04-12',
    alamat1: 'Jl. Melati No. 5',
    alamat2: 'Menteng, Jakarta',
    kode_pos: '10310',
    email: 'ani@example.com',
    telp_hp: '081234567890',
    jumlah_anak: '0',
    agama_id: '1',
    pendidikan_id: '3',
    kode_prsh: 'KM',
    kode_lokasi: 'JKT',
    jobclass: '12',
    rek_bca: '1234567890',
    type_spg_id: 'REG',
    jabatan_id: 'SPG',
    departemen_id: 'SLS',
    divisi_id: 'FOOD',
    sales_office_id: 'JKT',
    npwp: '12.345.678.9-012.345',
    lama_kontrak: '6',
    mulai_kontrak: '2026-01-31',
    kode_umr: `JKT${YEAR}`,
    gaji: JSON.stringify({ gapok: 5_000_000 }),
    ...over,
  };
}

/** A multipart body: every value as text (objects as JSON text), Blobs as files. */
export function multipart(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value, `${key}.bin`);
    else form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? ''));
  }
  return form;
}

/** The smallest PNG: 1×1 pixel. */
export const PNG_1PX = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export async function createKaryawanVia(ctx: TestContext, token: string, over: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', '/api/karyawan', { token, body: multipart(newKaryawan(over)) });
  const body = (await res.json()) as { message: string; result: { nrp: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.result.nrp;
}

let serial = 0;

/**
 * A role with exactly these permissions and an account on it (optionally limited by a trustee), logged
 * in: answers the token.
 */
export async function accountWith(
  ctx: TestContext,
  admin: string,
  permissions: Permission[],
  opts: { trustee?: Record<string, string[]>; roleName?: string } = {},
): Promise<string> {
  serial += 1;
  const id = `K${String(serial).padStart(3, '0')}${String(process.pid % 10)}`;
  const role = await ctx.request('POST', '/api/roles', {
    token: admin,
    body: { id: id.slice(0, 5), nama: opts.roleName ?? `Uji ${id}`, permissions },
  });
  expect(role.status, await role.clone().text()).toBe(201);
  const username = `uji${id.toLowerCase()}`;
  const user = await ctx.request('POST', '/api/users', {
    token: admin,
    body: { userid: id, username, nama: `Uji ${id}`, password: STRONG, role: id.slice(0, 5), trustee: opts.trustee },
  });
  expect(user.status, await user.clone().text()).toBe(201);
  return ctx.tokenFor(username, STRONG);
}

/** An active seeded employee of this lokasi (and the client's store, if any). */
export async function seededActive(ctx: TestContext, lokasi = 'JKT') {
  const rows = await ctx.database.db
    .select()
    .from(karyawan)
    .where(and(eq(karyawan.kode_lokasi, lokasi), isNull(karyawan.alasan_p3)))
    .orderBy(karyawan.nrp)
    .limit(50);
  const row = rows.find((r) => r.nrp !== '26000001' && r.nrp !== '26000002');
  if (!row) throw new Error(`no active employee in ${lokasi}`);
  return row;
}

/** A store of this client (and the other client's one), for the store ↔ client rule. */
export async function storeOf(ctx: TestContext, clientId: string) {
  const [row] = await ctx.database.db.select().from(store).where(eq(store.client_id, clientId)).limit(1);
  if (!row) throw new Error(`no store of ${clientId}`);
  return row;
}
