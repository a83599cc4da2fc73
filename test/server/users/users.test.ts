import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../constants';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const STRONG = 'Kuat#Sekali2026';

interface Detail {
  userid: string;
  username: string;
  nama: string;
  role: string;
  role_nama: string;
  is_active: boolean;
  reset_password: boolean;
  last_login: string | null;
  nrp: string | null;
  karyawan_nama: string | null;
  trustee: Record<string, string[]>;
}

const newUser = (over: Record<string, unknown> = {}) => ({
  userid: 'T00001',
  username: 'tester1',
  nama: 'Penguji Satu',
  password: STRONG,
  role: 'HR',
  ...over,
});

const create = (body: unknown, token = admin) => ctx.request('POST', '/api/users', { token, body });
const update = (id: string, body: unknown, token = admin) => ctx.request('PUT', `/api/users/${id}`, { token, body });
const login = (username: string, password: string) =>
  ctx.request('POST', '/auth/web/login', { body: { username, password } });
const json = async <T = { message: string }>(res: Response) => (await res.json()) as T;

describe('access', () => {
  it('answers 401 without a token on every endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', '/api/users/U00001'],
      ['POST', '/api/users'],
      ['PUT', '/api/users/U00001'],
      ['POST', '/api/users/U00001/reset-password'],
    ] as const) {
      expect((await ctx.request(method, path, { body: method === 'GET' ? undefined : {} })).status, path).toBe(401);
    }
  });

  it('answers 403 to hr, tl and spg, which hold no user permission', async () => {
    for (const name of ['hr', 'tl', 'spg']) {
      const token = await ctx.tokenFor(name);
      expect((await ctx.request('GET', '/api/users', { token })).status, name).toBe(403);
      expect((await ctx.request('GET', '/api/users/U00001', { token })).status, name).toBe(403);
      expect((await create(newUser({ userid: 'X1', username: 'x1' }), token)).status, name).toBe(403);
      expect((await update('U00004', { username: 'spg', nama: 'x', role: 'USER' }, token)).status, name).toBe(403);
      expect((await ctx.request('POST', '/api/users/U00004/reset-password', { token })).status, name).toBe(403);
    }
  });
});

describe('GET /api/users', () => {
  it('lists with paging and totalCount, without password hashes', async () => {
    const res = await ctx.request('GET', '/api/users?page=1&per_page=2', { token: admin });
    expect(res.status).toBe(200);
    const body = await json<{ result: Record<string, unknown>[]; totalCount: number }>(res);
    expect(body.totalCount).toBeGreaterThanOrEqual(4);
    expect(body.result).toHaveLength(2);
    expect(body.result[0]).toMatchObject({ userid: 'U00001', username: 'admin', role: 'ADMIN', is_active: true });
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/scrypt|password_hash|passwordHash|token/i);
    const page2 = await json<{ result: { userid: string }[] }>(
      await ctx.request('GET', '/api/users?page=2&per_page=2', { token: admin }),
    );
    expect(page2.result[0]?.userid).toBe('U00003');
  });

  it('searches userid, username and nama case-insensitively', async () => {
    const byName = await json<{ result: { username: string }[]; totalCount: number }>(
      await ctx.request('GET', '/api/users?q=ADMINISTRATOR', { token: admin }),
    );
    expect(byName.result.map((u) => u.username)).toEqual(['admin']);
    const byId = await json<{ totalCount: number }>(await ctx.request('GET', '/api/users?q=u00002', { token: admin }));
    expect(byId.totalCount).toBe(1);
    const none = await json<{ totalCount: number }>(await ctx.request('GET', '/api/users?q=%25_', { token: admin }));
    expect(none.totalCount).toBe(0);
  });

  it('rejects a bad page with 400', async () => {
    const res = await ctx.request('GET', '/api/users?page=0', { token: admin });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('Nomor halaman tidak valid');
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the detail with the linked employee, and 404 for an unknown id', async () => {
    const res = await ctx.request('GET', '/api/users/U00003', { token: admin });
    expect(res.status).toBe(200);
    const { result } = await json<{ result: Detail }>(res);
    expect(result).toMatchObject({ userid: 'U00003', username: 'tl', role: 'TL', role_nama: 'TEAM LEADER' });
    expect(result.nrp).toBe('26000001');
    expect(result.karyawan_nama).toBeTruthy();
    // The demo team leader is scoped to her own team: Jakarta × the team's client (docs/decisions/003).
    expect(result.trustee).toEqual({
      kode_prsh: [],
      sales_office: [],
      lokasi: ['JKT'],
      client: ['NSF'],
      jabatan: [],
      spg_type: [],
    });
    expect(JSON.stringify(result)).not.toMatch(/scrypt/);
    expect((await ctx.request('GET', '/api/users/NOPE', { token: admin })).status).toBe(404);
  });
});

describe('POST /api/users', () => {
  it('answers 400 with the field message for bad input', async () => {
    const cases: [unknown, string][] = [
      [newUser({ role: undefined }), 'Role Harus Diisi'],
      [newUser({ role: '' }), 'Role Harus Diisi'],
      [newUser({ role: null }), 'Role Harus Diisi'],
      [newUser({ userid: 'ABCDEFG' }), 'User ID maksimal 6 karakter'],
      [newUser({ userid: '' }), 'User ID harus diisi'],
      [newUser({ username: 'x'.repeat(41) }), 'Username maksimal 40 karakter'],
      [newUser({ nama: 'x'.repeat(41) }), 'Nama maksimal 40 karakter'],
      [newUser({ username: undefined }), 'Username harus diisi'],
      [newUser({ nama: '   ' }), 'Nama harus diisi'],
      [newUser({ password: undefined }), 'Password harus diisi'],
      [
        newUser({ password: 'lemah123' }),
        'Password tidak sesuai kriteria (min 12 characters, 1 huruf kapital, 1 number dan 1 symbol).',
      ],
      [newUser({ role: 'NOPE' }), 'Role tidak ditemukan'],
      [newUser({ nrp: '99999999' }), 'NRP tidak ditemukan di data karyawan'],
      [newUser({ trustee: { lokasi: ['JKT', 'XXX'] } }), 'Lokasi tidak ditemukan: XXX'],
      [newUser({ trustee: { client: ['NSF'], spg_type: ['ZZZ'] } }), 'Type Karyawan tidak ditemukan: ZZZ'],
      [newUser({ trustee: { kode_prsh: 'KM,NOPE' } }), 'Perusahaan tidak ditemukan: NOPE'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      const answer = await json<{ message: string; error: { code: string; issues?: unknown[] } }>(res);
      expect(answer.message).toBe(message);
      expect(answer.error.code).toBe('bad_request');
    }
    const malformed = await ctx.request('POST', '/api/users', { token: admin, body: '{oops' });
    expect(malformed.status).toBe(400);
    const arr = await create([]);
    expect(arr.status).toBe(400);
  });

  it('creates a user with trustee and employee link; the new account can log in', async () => {
    const res = await create(
      newUser({
        nrp: '26000002',
        trustee: { lokasi: ['JKT'], client: 'NSF,BRV', kode_prsh: ['KM', 'KM'] },
        extra: 'ignored',
      }),
    );
    expect(res.status).toBe(201);
    const body = await json<{ message: string; result: Detail }>(res);
    expect(body.message).toBe('User berhasil ditambahkan');
    expect(body.result).toMatchObject({ userid: 'T00001', username: 'tester1', role: 'HR', is_active: true });
    expect(body.result.trustee).toMatchObject({ lokasi: ['JKT'], client: ['NSF', 'BRV'], kode_prsh: ['KM'] });
    expect(body.result.last_login).toBeNull();
    expect((await login('tester1', STRONG)).status).toBe(200);
    const after = await json<{ result: Detail }>(await ctx.request('GET', '/api/users/T00001', { token: admin }));
    expect(after.result.last_login).not.toBeNull();
  });

  it('answers 409 for a taken userid or a username differing only in case', async () => {
    const sameId = await create(newUser({ username: 'lain' }));
    expect(sameId.status).toBe(409);
    expect((await json(sameId)).message).toBe('User ID sudah digunakan');
    const sameName = await create(newUser({ userid: 'T00002', username: 'ADMIN' }));
    expect(sameName.status).toBe(409);
    expect((await json(sameName)).message).toBe('Username sudah digunakan');
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates fields; an absent password stays, the trustee is replaced', async () => {
    const res = await update('T00001', {
      username: 'tester1',
      nama: 'Penguji Diubah',
      role: 'TL',
      trustee: { sales_office: ['JKT'] },
      nrp: '',
    });
    expect(res.status).toBe(200);
    const { message, result } = await json<{ message: string; result: Detail }>(res);
    expect(message).toBe('User berhasil diperbarui');
    expect(result).toMatchObject({ nama: 'Penguji Diubah', role: 'TL', nrp: null });
    expect(result.trustee).toMatchObject({ sales_office: ['JKT'], lokasi: [] });
    expect((await login('tester1', STRONG)).status).toBe(200);
  });

  it('answers 400, 404 and 409 like create', async () => {
    expect((await json(await update('T00001', { username: 'tester1', nama: 'x', role: '' }))).message).toBe(
      'Role Harus Diisi',
    );
    const weak = await update('T00001', { username: 'tester1', nama: 'x', role: 'HR', password: 'pendek' });
    expect(weak.status).toBe(400);
    expect((await update('NOPE', { username: 'baru', nama: 'x', role: 'HR' })).status).toBe(404);
    const clash = await update('T00001', { username: 'HR', nama: 'x', role: 'HR' });
    expect(clash.status).toBe(409);
    expect((await json(clash)).message).toBe('Username sudah digunakan');
  });

  it('ends open sessions at once on a password change and on deactivation', async () => {
    const token = await ctx.tokenFor('tester1', STRONG);
    expect((await ctx.request('GET', '/auth/login/detail', { token })).status).toBe(200);
    const next = 'Baru#Sekali2026';
    expect((await update('T00001', { username: 'tester1', nama: 'x', role: 'TL', password: next })).status).toBe(200);
    expect((await ctx.request('GET', '/auth/login/detail', { token })).status).toBe(401);
    expect((await login('tester1', STRONG)).status).toBe(401);

    const fresh = await ctx.tokenFor('tester1', next);
    expect((await ctx.request('GET', '/auth/login/detail', { token: fresh })).status).toBe(200);
    expect((await update('T00001', { username: 'tester1', nama: 'x', role: 'TL', is_active: false })).status).toBe(200);
    expect((await ctx.request('GET', '/auth/login/detail', { token: fresh })).status).toBe(401);
    expect((await login('tester1', next)).status).toBe(401);
    const listed = await json<{ result: { is_active: boolean }[] }>(
      await ctx.request('GET', '/api/users?q=tester1', { token: admin }),
    );
    expect(listed.result[0]?.is_active).toBe(false);
    expect((await update('T00001', { username: 'tester1', nama: 'x', role: 'TL', is_active: true })).status).toBe(200);
    expect((await login('tester1', next)).status).toBe(200);
  });

  it('applies a role change to an existing token on its next request', async () => {
    const token = await ctx.tokenFor('tester1', 'Baru#Sekali2026');
    expect((await ctx.request('GET', '/api/users', { token })).status).toBe(403);
    expect((await update('T00001', { username: 'tester1', nama: 'x', role: 'ADMIN' })).status).toBe(200);
    expect((await ctx.request('GET', '/api/users', { token })).status).toBe(200);
    expect((await update('T00001', { username: 'tester1', nama: 'x', role: 'USER' })).status).toBe(200);
    expect((await ctx.request('GET', '/api/users', { token })).status).toBe(403);
  });

  it('refuses to let an administrator deactivate, demote or re-password themselves', async () => {
    const self = { username: 'admin', nama: 'Administrator', role: 'ADMIN' };
    const off = await update('U00001', { ...self, is_active: false });
    expect(off.status).toBe(400);
    expect((await json(off)).message).toBe('Anda tidak dapat menonaktifkan akun Anda sendiri');
    const demote = await update('U00001', { ...self, role: 'HR' });
    expect(demote.status).toBe(400);
    expect((await json(demote)).message).toBe('Anda tidak dapat menurunkan role akun Anda sendiri');
    const pw = await update('U00001', { ...self, password: STRONG });
    expect(pw.status).toBe(400);
    expect((await ctx.request('POST', '/api/users/U00001/reset-password', { token: admin })).status).toBe(400);
    // Same role, same account: fine.
    expect((await update('U00001', { ...self, is_active: true })).status).toBe(200);
    expect((await ctx.request('GET', '/api/users', { token: admin })).status).toBe(200);
  });
});

describe('POST /api/users/{id}/reset-password', () => {
  it('issues a temporary password once; login then demands a change, which works', async () => {
    const before = await ctx.tokenFor('spg');
    const res = await ctx.request('POST', '/api/users/U00004/reset-password', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { message, password } = await json<{ message: string; password: string }>(res);
    expect(message).toMatch(/Password sementara/);
    expect(password).toMatch(/^.{16}$/);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/\d/);
    expect(password).toMatch(/[^A-Za-z0-9]/);

    // The old session ends, the old password is gone, the new one must be changed first.
    expect((await ctx.request('GET', '/auth/login/detail', { token: before })).status).toBe(401);
    expect((await login('spg', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('spg', password)).status).toBe(404);
    const detail = await json<{ result: Detail }>(await ctx.request('GET', '/api/users/U00004', { token: admin }));
    expect(detail.result.reset_password).toBe(true);

    const next = 'Pilihan#Sendiri2026';
    const change = await ctx.request('POST', '/auth/login/pass/change', {
      body: { username: 'spg', old_password: password, new_password: next, confirm_password: next },
    });
    expect(change.status).toBe(200);
    expect((await login('spg', next)).status).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await ctx.request('POST', '/api/users/NOPE/reset-password', { token: admin })).status).toBe(404);
  });
});

describe('hostile input', () => {
  const NUL = '\u0000';
  const CONTROL = 'Teks mengandung karakter yang tidak diperbolehkan';

  async function refused(res: Promise<Response>, message: string) {
    const answer = await res;
    expect(answer.status).toBe(400);
    expect((await json(answer)).message).toBe(message);
  }

  it('refuses a NUL in any text field of a create or an update with 400', async () => {
    for (const over of [
      { username: `tl${NUL}` },
      { nama: `Nama${NUL}` },
      { role: `HR${NUL}` },
      { nrp: `2600${NUL}` },
      { userid: `T${NUL}` },
    ]) {
      await refused(create(newUser({ userid: 'T00009', username: 'tester9', ...over })), CONTROL);
    }
    await refused(
      create(newUser({ userid: 'T00009', trustee: { lokasi: [`JKT${NUL}`] } })),
      'Kode cakupan data tidak valid',
    );
    await refused(
      create(newUser({ userid: 'T00009', trustee: { client: `NSF,${NUL}` } })),
      'Kode cakupan data tidak valid',
    );
    await refused(update('U00002', { username: `hr${NUL}`, nama: 'HR', role: 'HR' }), CONTROL);
    expect((await ctx.request('GET', '/api/users/T00009', { token: admin })).status).toBe(404);
  });

  it('refuses a NUL or an overlong id in the path with 400; a number-like id is not found', async () => {
    for (const id of ['%00', 'U0%000', '9007199254740993', 'a%20b']) {
      await refused(ctx.request('GET', `/api/users/${id}`, { token: admin }), 'User tidak ditemukan');
      await refused(update(id, { username: 'x', nama: 'x', role: 'HR' }), 'User tidak ditemukan');
      await refused(ctx.request('POST', `/api/users/${id}/reset-password`, { token: admin }), 'User tidak ditemukan');
    }
    expect((await ctx.request('GET', '/api/users/1e308', { token: admin })).status).toBe(404);
    await refused(ctx.request('GET', '/api/users?q=%00', { token: admin }), CONTROL);
    await refused(
      ctx.request('GET', '/api/users?page=99999999999999999999', { token: admin }),
      'Nomor halaman tidak valid',
    );
  });
});
