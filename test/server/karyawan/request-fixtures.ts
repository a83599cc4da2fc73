/** Shared pieces of the change-request API tests: one app per file, its calls, and reads of the rows. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { karyawan, karyawanPosting } from '../../../server/db/schema/karyawan';
import { karyawanRequest } from '../../../server/db/schema/request';
import { createTestContext, type TestContext } from '../helpers';
import { STRONG } from './karyawan-fixtures';

/** The seeded SPG (username spg). */
export const SPG_NRP = '26000002';

export type Body = {
  message: string;
  result?: unknown;
  error?: { code: string; issues?: { path: string; message: string }[] };
} & Record<string, unknown>;

/** Opens a fresh app for the test file (admin and SPG logged in) and the calls the tests make. */
export function requestSuite() {
  const s = {} as { ctx: TestContext; admin: string; spg: string };
  beforeAll(async () => {
    s.ctx = await createTestContext();
    s.admin = await s.ctx.tokenFor('admin');
    s.spg = await s.ctx.tokenFor('spg');
  });
  afterAll(() => s.ctx.close());

  const db = () => s.ctx.database.db;
  /** A JSON call; a string body is sent as written (numbers JSON.stringify cannot express). */
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const res = await s.ctx.request(method, path, { token, body, headers });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  };
  const file = (body: unknown, token = s.spg, key?: string) =>
    call('POST', '/api/request/karyawan', token, body, key ? { 'Idempotency-Key': key } : undefined);
  const decide = (body: unknown, token = s.admin) => call('PUT', '/api/request/approve', token, body);
  const employee = async (nrp: string) => (await db().select().from(karyawan).where(eq(karyawan.nrp, nrp)))[0]!;
  const openP2 = async (nrp: string) =>
    db()
      .select()
      .from(karyawanPosting)
      .where(
        and(eq(karyawanPosting.nrp, nrp), eq(karyawanPosting.jenis_trn, 'P2'), isNull(karyawanPosting.date_posting)),
      );
  const requestCount = async (nrp: string) =>
    (await db().select({ n: count() }).from(karyawanRequest).where(eq(karyawanRequest.nrp, nrp)))[0]!.n;

  let linkedSerial = 0;
  /** An account linked to an employee (role USER unless said otherwise), logged in. */
  async function linkedAccount(nrp: string, role = 'USER') {
    linkedSerial += 1;
    const userid = `R${String(linkedSerial).padStart(4, '0')}${process.pid % 10}`;
    const username = `req${userid.toLowerCase()}`;
    const res = await s.ctx.request('POST', '/api/users', {
      token: s.admin,
      body: { userid, username, nama: `Uji ${userid}`, password: STRONG, role, nrp },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return s.ctx.tokenFor(username, STRONG);
  }

  return { s, db, call, file, decide, employee, openP2, requestCount, linkedAccount };
}
