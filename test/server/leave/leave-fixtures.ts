/**
 * Shared pieces of the leave API tests: the context and accounts every leave test file starts with
 * (`setupLeaveContext()` in the file, then `ctx` and `T` as imported live bindings), the seeded ids, and
 * the calls the tests repeat (filing, deciding, the queues, the visit plan).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { absensi } from '../../../server/db/schema/absensi';
import { dateIn } from '../../../src/domain/time-zone';
import type { ApprovalQueueRow, LeaveRow, VisitDays } from '../../../src/domain/leave/leave-answers';
import { createTestContext, type TestContext } from '../helpers';

export let ctx: TestContext;
/** Bearer tokens: admin, hr, tl, spg (seeded) and empB, bdg, tl2, bdgAdmin, noLeave (made here). */
export const T: Record<string, string> = {};

export const SPG = '26000002';
export const TL = '26000001';
/** Jakarta, team of TL 26000001, Monday–Saturday route, in service since 2024 (entitled to annual cuti). */
export const EMP_B = '26000037';
/** Bandung, whose team leader has no account: only the admin step. */
export const EMP_BDG = '26000009';
const PASSWORD = 'Leave#Test2026';

// Seeded ids (serial, in seed order): src/domain/leave/leave-kinds.ts SEEDED_JENIS_LEAVE, server/db/seed/leave.ts.
export const J = { SAKIT: 1, CUTI: 2, IZIN: 3, TUKER_OFF: 4, SHIFT: 5 } as const;
export const CUTI = { TAHUNAN_1: 1, TAHUNAN_3: 3, MENIKAH: 4 } as const;

export const day = (offset: number) => dateIn('Asia/Jakarta', new Date(Date.now() + offset * 86_400_000));
export const TODAY = day(0);
export const PERIOD = TODAY.slice(0, 4) + TODAY.slice(5, 7);

export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const pdf = () => new Blob([PDF], { type: 'application/pdf' });

export type Fields = Record<string, string | number | undefined>;
export function form(fields: Fields, file?: { blob: Blob; name: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
  if (file) f.append('attachment', file.blob, file.name);
  return f;
}
export const file = (blob = pdf(), name = 'surat-dokter.pdf') => ({ blob, name });

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export const fileLeave = (token: string, fields: Fields, attachment?: { blob: Blob; name: string }, key?: string) =>
  ctx.request('POST', '/api/leave', {
    token,
    body: form({ tanggal: TODAY, ...fields }, attachment),
    headers: key ? { 'Idempotency-Key': key } : {},
  });

export async function created(res: Response): Promise<LeaveRow> {
  const body = await json<{ result: LeaveRow; message: string }>(res);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(body)}`);
  return body.result;
}

export const decide = (token: string, id: number, status: 'A' | 'R', keterangan?: string, key?: string) =>
  ctx.request('POST', '/api/leave/approved/status', {
    token,
    body: { id, status, ...(keterangan ? { keterangan } : {}) },
    headers: key ? { 'Idempotency-Key': key } : {},
  });

export const stepOf = (row: LeaveRow, role: 'TL' | 'ADMIN') => row.approval.find((s) => s.approval_role === role)!;

export async function queue(token: string, status: string, admin = false) {
  const res = await ctx.request('GET', `/api/leave/approval/${admin ? 'admin/' : ''}${status}?per_page=100`, { token });
  expect(res.status).toBe(200);
  return (await json<{ result: ApprovalQueueRow[]; totalCount: number }>(res)).result;
}

export async function message(res: Response, status: number): Promise<string> {
  const body = await json<{ message: string }>(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.message;
}

async function createUser(userid: string, role: string, nrp: string | null, trustee?: Record<string, string[]>) {
  const res = await ctx.request('POST', '/api/users', {
    token: T.admin,
    body: {
      userid,
      username: userid.toLowerCase(),
      nama: `User ${userid}`,
      password: PASSWORD,
      role,
      nrp,
      reset_password: false,
      trustee,
    },
  });
  if (res.status !== 201) throw new Error(`create user ${userid}: ${res.status} ${await res.text()}`);
  return ctx.tokenFor(userid.toLowerCase(), PASSWORD);
}

export async function visitDays(token: string, karyawan?: string): Promise<VisitDays> {
  const res = await ctx.request(
    'GET',
    `/api/leave/visit/list?period_id=${PERIOD}${karyawan ? `&karyawan=${karyawan}` : ''}`,
    {
      token,
    },
  );
  expect(res.status).toBe(200);
  return (await json<{ result: VisitDays }>(res)).result;
}

/** Runs the whole chain: team leader (if any) then admin. */
export async function approveAll(row: LeaveRow) {
  const tl = row.approval.find((s) => s.approval_role === 'TL');
  if (tl) expect((await decide(T.tl!, tl.approval_id, 'A')).status).toBe(200);
  const res = await decide(T.admin!, stepOf(row, 'ADMIN').approval_id, 'A');
  const body = await json<{ result: LeaveRow }>(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result;
}

export const attendance = (nrp: string, dates: string[]) =>
  ctx.database.db
    .select()
    .from(absensi)
    .where(and(eq(absensi.nrp, nrp), inArray(absensi.tanggal, dates)));

/** One database for the file, the seeded accounts signed in, and the accounts the leave tests need. */
export function setupLeaveContext() {
  beforeAll(async () => {
    ctx = await createTestContext();
    for (const u of ['admin', 'hr', 'tl', 'spg']) T[u] = await ctx.tokenFor(u);
    T.empB = await createUser('EMPB', 'USER', EMP_B);
    T.bdg = await createUser('EMPBDG', 'USER', EMP_BDG);
    // A second account of the team leader (an admin role): it may decide step 1, never step 2 as well.
    T.tl2 = await createUser('TL2', 'ADMIN', TL);
    // An administrator limited to Bandung.
    T.bdgAdmin = await createUser('ADMBDG', 'ADMIN', null, { lokasi: ['BDG'] });
    const role = await ctx.request('POST', '/api/roles', {
      token: T.admin,
      body: { id: 'NOLV', nama: 'Tanpa Leave', permissions: ['dashboard.read'] },
    });
    expect(role.status).toBe(201);
    T.noLeave = await createUser('NOLV', 'NOLV', null);
  });
  afterAll(async () => {
    await ctx?.close();
  });
}
