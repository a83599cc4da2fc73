/**
 * POST /api/karyawan/{nrp}/reset-password and /change-password: the employee detail's Action menu
 * (spec part 1 §2) acting on the login account linked to the employee, inside the trustee scope.
 */
import { and, eq, isNull, ne, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema/auth';
import { karyawan } from '../../../server/db/schema/karyawan';
import { NO_ACCOUNT } from '../../../server/modules/karyawan/karyawan-password.service';
import { PASSWORD_MESSAGES } from '../../../src/domain/auth/password-policy';
import { DEMO_PASSWORD } from '../constants';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from './karyawan-fixtures';

const SPG_NRP = '26000002';
const NEW_PASSWORD = 'Baru#Sekali2026';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const reset = (nrp: string, token?: string) =>
  ctx.request('POST', `/api/karyawan/${nrp}/reset-password`, token ? { token } : {});
const change = (nrp: string, body: unknown, token?: string) =>
  ctx.request('POST', `/api/karyawan/${nrp}/change-password`, token ? { token, body } : { body });
const login = (username: string, password: string) =>
  ctx.request('POST', '/auth/web/login', { body: { username, password } });
const pair = { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD };

async function lokasiOf(nrp: string) {
  const [row] = await ctx.database.db
    .select({ lokasi: karyawan.kode_lokasi })
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp));
  if (!row) throw new Error(`no karyawan ${nrp}`);
  return row.lokasi;
}

async function accountRow() {
  const [row] = await ctx.database.db
    .select({ reset: users.resetPassword, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.username, 'spg'));
  return row;
}

describe('guards of both endpoints', () => {
  it('needs a session (401)', async () => {
    expect((await reset(SPG_NRP)).status).toBe(401);
    expect((await change(SPG_NRP, pair)).status).toBe(401);
  });

  it('needs karyawan.resetpassword (403)', async () => {
    const spg = await ctx.tokenFor('spg');
    expect((await reset(SPG_NRP, spg)).status).toBe(403);
    expect((await change(SPG_NRP, pair, spg)).status).toBe(403);
  });

  it('refuses an employee outside the trustee scope (403)', async () => {
    const own = await lokasiOf(SPG_NRP);
    const [other] = await ctx.database.db
      .selectDistinct({ lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(ne(karyawan.kode_lokasi, own))
      .limit(1);
    if (!other) throw new Error('seed has a single lokasi');
    const token = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.resetpassword'], {
      trustee: { lokasi: [other.lokasi] },
    });
    expect((await reset(SPG_NRP, token)).status).toBe(403);
    expect((await change(SPG_NRP, pair, token)).status).toBe(403);
    // Nothing changed: the seeded password still opens the account.
    expect((await login('spg', DEMO_PASSWORD)).status).toBe(200);
  });

  it('answers 404 for an employee without a login account, and for an unknown NRP', async () => {
    const [lonely] = await ctx.database.db
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(
        and(
          isNull(karyawan.alasan_p3),
          notExists(ctx.database.db.select().from(users).where(eq(users.nrp, karyawan.nrp))),
        ),
      )
      .limit(1);
    if (!lonely) throw new Error('every seeded employee has an account');
    for (const res of [await reset(lonely.nrp, admin), await change(lonely.nrp, pair, admin)]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(NO_ACCOUNT);
    }
    expect((await reset('99999999', admin)).status).toBe(404);
  });

  it('checks the new password against the policy and its confirmation (400)', async () => {
    const weak = await change(SPG_NRP, { new_password: 'pendek', confirm_password: 'pendek' }, admin);
    expect(weak.status).toBe(400);
    const mismatch = await change(SPG_NRP, { new_password: NEW_PASSWORD, confirm_password: 'Lain#Sekali2026' }, admin);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(PASSWORD_MESSAGES.mismatch);
  });
});

describe('on the account of NRP 26000002 (spg)', () => {
  it('reset: a temporary password shown once; the old one stops working, the new one forces a change', async () => {
    const before = await accountRow();
    const res = await reset(SPG_NRP, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const answer = (await res.json()) as { message: string; password: string };
    expect(answer.password).toHaveLength(16);
    expect(answer.message).toBeTruthy();
    expect((await login('spg', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('spg', answer.password)).status).toBe(404);
    const after = await accountRow();
    expect(after?.reset).toBe(true);
    expect(after?.tokenVersion).toBe((before?.tokenVersion ?? 0) + 1);
  });

  it('change: the admin sets the password; it must be changed again at the next login', async () => {
    const before = await accountRow();
    const res = await change(SPG_NRP, pair, admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
    // adminChangePassword flags reset_password and ends the sessions: the login answers 404 (forced change).
    expect((await login('spg', NEW_PASSWORD)).status).toBe(404);
    const after = await accountRow();
    expect(after?.reset).toBe(true);
    expect(after?.tokenVersion).toBe((before?.tokenVersion ?? 0) + 1);
  });
});
