import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../src/domain/roles/permissions';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

interface Detail {
  id: string;
  nama: string;
  permissions: Record<string, boolean>;
  allPermissions: boolean;
  deletable: boolean;
  userCount: number;
}
interface Row {
  id: string;
  nama: string;
  permissionCount: number;
  allPermissions: boolean;
  userCount: number;
  deletable: boolean;
}

const json = async <T = { message: string }>(res: Response) => (await res.json()) as T;
const create = (body: unknown, token = admin) => ctx.request('POST', '/api/roles', { token, body });
const update = (id: string, body: unknown, token = admin) => ctx.request('PUT', `/api/roles/${id}`, { token, body });
const remove = (id: string, token = admin) => ctx.request('DELETE', `/api/roles/${id}`, { token });

describe('access', () => {
  it('answers 401 without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/roles'],
      ['GET', '/api/roles/HR'],
      ['POST', '/api/roles'],
      ['PUT', '/api/roles/HR'],
      ['DELETE', '/api/roles/HR'],
    ] as const) {
      expect(
        (await ctx.request(method, path, { body: method === 'POST' || method === 'PUT' ? {} : undefined })).status,
      ).toBe(401);
    }
  });

  it('answers 403 to hr, tl and spg', async () => {
    for (const name of ['hr', 'tl', 'spg']) {
      const token = await ctx.tokenFor(name);
      expect((await ctx.request('GET', '/api/roles', { token })).status, name).toBe(403);
      expect((await ctx.request('GET', '/api/roles/HR', { token })).status, name).toBe(403);
      expect((await create({ id: 'X', nama: 'X', permissions: [] }, token)).status, name).toBe(403);
      expect((await update('USER', { nama: 'USER', permissions: [] }, token)).status, name).toBe(403);
      expect((await remove('USER', token)).status, name).toBe(403);
    }
  });

  it('lets a user administrator without role.read read the role list (for the user form), not a role', async () => {
    const made = await create({
      id: 'UADM',
      nama: 'User Admin',
      permissions: { 'user.read': true, 'user.create': true },
    });
    expect(made.status).toBe(201);
    const user = await ctx.request('POST', '/api/users', {
      token: admin,
      body: { userid: 'UA0001', username: 'useradmin', nama: 'User Admin', password: 'Kuat#Sekali2026', role: 'UADM' },
    });
    expect(user.status).toBe(201);
    const token = await ctx.tokenFor('useradmin', 'Kuat#Sekali2026');
    expect((await ctx.request('GET', '/api/roles?per_page=1000', { token })).status).toBe(200);
    expect((await ctx.request('GET', '/api/roles/HR', { token })).status).toBe(403);
    expect((await create({ id: 'Y', nama: 'Y' }, token)).status).toBe(403);
  });
});

describe('GET /api/roles', () => {
  it('lists roles with permission and user counts', async () => {
    const res = await ctx.request('GET', '/api/roles?per_page=100', { token: admin });
    expect(res.status).toBe(200);
    const body = await json<{ result: Row[]; totalCount: number }>(res);
    expect(body.totalCount).toBe(body.result.length);
    const byId = Object.fromEntries(body.result.map((r) => [r.id, r]));
    expect(byId.ADMIN).toMatchObject({
      nama: 'ADMIN',
      permissionCount: ALL_PERMISSIONS.length,
      allPermissions: true,
      userCount: 1,
      deletable: false,
    });
    expect(byId.TL).toMatchObject({ nama: 'TEAM LEADER', allPermissions: false, userCount: 1, deletable: false });
    const searched = await json<{ result: Row[] }>(await ctx.request('GET', '/api/roles?q=team', { token: admin }));
    expect(searched.result.map((r) => r.id)).toEqual(['TL']);
  });
});

describe('GET /api/roles/{id}', () => {
  it('answers the spec shape: permissions as a map, allPermissions, deletable', async () => {
    const res = await ctx.request('GET', '/api/roles/TL', { token: admin });
    expect(res.status).toBe(200);
    const { result } = await json<{ result: Detail }>(res);
    expect(result).toMatchObject({ id: 'TL', nama: 'TEAM LEADER', allPermissions: false, deletable: false });
    expect(result.permissions).toEqual({
      'dashboard.read': true,
      'leave.read': true,
      'leave.approve': true,
      'kunjungan.read': true,
      'absensi.read': true,
      'absensi.tinjau': true,
    });
    expect((await ctx.request('GET', '/api/roles/NOPE', { token: admin })).status).toBe(404);
  });
});

describe('POST /api/roles', () => {
  it('answers 400 with the message for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ nama: 'Tanpa ID' }, 'ID Role harus diisi'],
      [{ id: 'ABCDEF', nama: 'Panjang' }, 'ID Role maksimal 5 karakter'],
      [{ id: 'OK' }, 'Nama Role harus diisi'],
      [{ id: 'OK', nama: 'x'.repeat(41) }, 'Nama Role maksimal 40 karakter'],
      [
        { id: 'OK', nama: 'Ok', permissions: { 'user.read': true, 'user.fly': true } },
        'Permission tidak dikenal: user.fly',
      ],
      [{ id: 'OK', nama: 'Ok', permissions: ['bogus'] }, 'Permission tidak dikenal: bogus'],
      [{ id: 'OK', nama: 'Ok', permissions: 'user.read' }, 'Daftar permission tidak valid'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      expect(await json(res)).toMatchObject({ message, error: { code: 'bad_request' } });
    }
  });

  it('creates from the map shape and from an array; false entries are not granted', async () => {
    const fromMap = await create({
      id: 'SPV',
      nama: 'Supervisor',
      permissions: { 'user.read': true, 'store.read': false },
    });
    expect(fromMap.status).toBe(201);
    const a = await json<{ message: string; result: Detail }>(fromMap);
    expect(a.message).toBe('Role berhasil ditambahkan');
    expect(a.result).toMatchObject({
      id: 'SPV',
      permissions: { 'user.read': true },
      deletable: true,
      allPermissions: false,
    });

    const fromArray = await create({ id: 'AUD', nama: 'Auditor', permissions: ['laporan.read', 'dashboard.read'] });
    expect(fromArray.status).toBe(201);
    expect((await json<{ result: Detail }>(fromArray)).result.permissions).toEqual({
      'dashboard.read': true,
      'laporan.read': true,
    });
  });

  it('treats a role with no permission as full access', async () => {
    const res = await create({ id: 'FULL', nama: 'Akses Penuh' });
    expect(res.status).toBe(201);
    expect((await json<{ result: Detail }>(res)).result).toMatchObject({ permissions: {}, allPermissions: true });
    await ctx.request('POST', '/api/users', {
      token: admin,
      body: { userid: 'F00001', username: 'penuh', nama: 'Penuh', password: 'Kuat#Sekali2026', role: 'FULL' },
    });
    const token = await ctx.tokenFor('penuh', 'Kuat#Sekali2026');
    expect((await ctx.request('GET', '/api/roles', { token })).status).toBe(200);
    expect((await ctx.request('GET', '/api/users', { token })).status).toBe(200);
  });

  it('answers 409 for a taken id', async () => {
    const res = await create({ id: 'HR', nama: 'Lagi' });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe('ID Role sudah digunakan');
  });
});

describe('PUT /api/roles/{id}', () => {
  it('applies a permission change to an existing token on its next request', async () => {
    expect(
      (await create({ id: 'VIEW', nama: 'Pembaca User', permissions: { 'user.read': true, 'role.read': true } }))
        .status,
    ).toBe(201);
    await ctx.request('POST', '/api/users', {
      token: admin,
      body: { userid: 'V00001', username: 'pembaca', nama: 'Pembaca', password: 'Kuat#Sekali2026', role: 'VIEW' },
    });
    const token = await ctx.tokenFor('pembaca', 'Kuat#Sekali2026');
    expect((await ctx.request('GET', '/api/users', { token })).status).toBe(200);

    const res = await update('VIEW', { nama: 'Pembaca Role', permissions: { 'role.read': true } });
    expect(res.status).toBe(200);
    const body = await json<{ message: string; result: Detail }>(res);
    expect(body.message).toBe('Role berhasil diperbarui');
    expect(body.result).toMatchObject({ nama: 'Pembaca Role', permissions: { 'role.read': true }, userCount: 1 });

    expect((await ctx.request('GET', '/api/users', { token })).status).toBe(403);
    expect((await ctx.request('GET', '/api/roles', { token })).status).toBe(200);
    const detail = await json<{ result: { permissions: string[] } }>(
      await ctx.request('GET', '/auth/login/detail', { token }),
    );
    expect(detail.result.permissions).toEqual(['role.read']);
  });

  it('answers 400 for bad input, 404 for an unknown role', async () => {
    expect((await json(await update('VIEW', { nama: '' }))).message).toBe('Nama Role harus diisi');
    expect((await update('VIEW', { nama: 'x', permissions: ['nope'] })).status).toBe(400);
    expect((await update('NOPE', { nama: 'x' })).status).toBe(404);
  });

  it('keeps an administrator from taking role.update away from their own role', async () => {
    const res = await update('ADMIN', { nama: 'ADMIN', permissions: ['user.read', 'role.read'] });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/role\.update/);
    expect((await ctx.request('GET', '/api/roles', { token: admin })).status).toBe(200);
  });
});

describe('DELETE /api/roles/{id}', () => {
  it('refuses a role in use with 409, deletes an unused one', async () => {
    const inUse = await remove('HR');
    expect(inUse.status).toBe(409);
    expect((await json(inUse)).message).toBe('Role masih digunakan oleh user dan tidak dapat dihapus');
    expect((await ctx.request('GET', '/api/roles/HR', { token: admin })).status).toBe(200);

    const unused = await remove('AUD');
    expect(unused.status).toBe(200);
    expect((await json(unused)).message).toBe('Role berhasil dihapus');
    expect((await ctx.request('GET', '/api/roles/AUD', { token: admin })).status).toBe(404);
    expect((await remove('AUD')).status).toBe(404);
  });
});
