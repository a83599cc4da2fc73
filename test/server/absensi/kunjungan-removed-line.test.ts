/**
 * Issue 12 item 6: the office removes a visit line (or the whole plan) while the SPG's phone is offline
 * with a check-in for it in its outbox. The check-in is kept on a line of the same day and store,
 * flagged `removed_from_plan`, and the plan's detail shows it; nothing the phone sent is lost.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KunjunganCheckAnswer } from '../../../src/domain/absensi/kunjungan-checkin';
import type { PlanDetail } from '../../../src/domain/kunjungan/kunjungan-plan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let spg: string;
let admin: string;
const SPG_NRP = '26000002';

const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();

let plan: { no_dcp: string; shift_id: string };
let stores: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  [spg, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('admin')]);
  const [p] = await ctx.database.db
    .select({ no_dcp: kunjungan.no_dcp, shift_id: kunjungan.shift_id })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjunganDetail.tgl_dcp, today)))
    .limit(1);
  if (!p) throw new Error('seed: no visit line today');
  plan = p;
  stores = (await ctx.database.db.select({ c: store.cust_code }).from(store).limit(40)).map((s) => s.c);
});
afterAll(() => ctx.close());

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/** A store the plan has no line for today (so each case starts from its own line). */
async function freeStore(): Promise<string> {
  const taken = new Set(
    (
      await ctx.database.db
        .select({ c: kunjunganDetail.cust_code })
        .from(kunjunganDetail)
        .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
        .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjunganDetail.tgl_dcp, today)))
    ).map((r) => r.c),
  );
  const c = stores.find((s) => !taken.has(s));
  if (!c) throw new Error('seed: no free store');
  return c;
}

async function addLine(custCode: string): Promise<number> {
  const res = await ctx.request('POST', `/api/kunjungan/${encodeURIComponent(plan.no_dcp)}/detail/add`, {
    token: admin,
    body: { tgl_dcp: today, shift_id: plan.shift_id, cust_code: custCode },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { result: { id: number } }).result.id;
}
const removeLine = async (id: number) =>
  expect((await ctx.request('DELETE', `/api/kunjungan/detail/${id}`, { token: admin })).status).toBe(200);

/** The phone's outbox row as it sends it: evidence plus its copy of the line. */
function phoneForm(custCode: string | undefined, jam = '09:01:02') {
  const f = new FormData();
  const fields: Record<string, string | undefined> = {
    jam,
    captured_at: new Date().toISOString(),
    lat: '-6.2',
    long: '106.8',
    accuracy: '9',
    line_id: '1',
    tanggal: today,
    cust_code: custCode,
    shift_id: custCode ? plan.shift_id : undefined,
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, v);
  f.append('photo', new Blob([JPEG]), 'foto.jpg');
  return f;
}
const check = (id: number, side: 'check-in' | 'check-out', body: FormData) =>
  ctx.request('POST', `/api/kunjungan/detail/${id}/${side}`, { token: spg, body });

const planDetail = async (noDcp = plan.no_dcp) => {
  const res = await ctx.request('GET', `/api/kunjungan/${encodeURIComponent(noDcp)}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: PlanDetail }).result;
};

describe('a check-in for a line the office removed while the phone was offline', () => {
  it('is kept on a re-made line of that day and store, flagged, and the check-out follows it', async () => {
    const custCode = await freeStore();
    const lineId = await addLine(custCode);
    await removeLine(lineId);

    const res = await check(lineId, 'check-in', phoneForm(custCode));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as KunjunganCheckAnswer;
    expect(answer.already_recorded).toBe(false);
    expect(answer.result.id).not.toBe(lineId);
    expect(answer.result).toMatchObject({ cust_code: custCode, tgl_dcp: today, in_jam: expect.any(String) });
    // Her answer names no flag (issue 41 item 3): the office reads removed_from_plan on the plan, below.
    expect(answer.result.flags).toEqual([]);
    expect((await planDetail()).details.find((l) => l.id === answer.result.id)!.flags).toContain('removed_from_plan');

    // The queued check-out names the old line too: it closes the same kept visit.
    const out = await check(lineId, 'check-out', phoneForm(custCode, '10:00:00'));
    expect(out.status).toBe(200);
    const closed = ((await out.json()) as KunjunganCheckAnswer).result;
    expect(closed).toMatchObject({ id: answer.result.id, out_jam: expect.any(String) });

    // The office sees it on the plan's detail with its photo and the flag.
    const kept = (await planDetail()).details.find((l) => l.id === answer.result.id);
    expect(kept).toMatchObject({ cust_code: custCode, in_jam: answer.result.in_jam, out_jam: closed.out_jam });
    expect(kept!.flags).toContain('removed_from_plan');
    expect(kept!.in_foto).toBeTruthy();
  });

  it('lands on the line of the same day and store when the office removed it and added it again', async () => {
    const custCode = await freeStore();
    const first = await addLine(custCode);
    await removeLine(first);
    const again = await addLine(custCode);
    const res = await check(first, 'check-in', phoneForm(custCode));
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as KunjunganCheckAnswer;
    expect(result.id).toBe(again);
    expect((await planDetail()).details.find((l) => l.id === again)!.flags).not.toContain('removed_from_plan');
  });

  it('is still 404 when the phone sent no copy of the line, or a store that does not exist', async () => {
    const custCode = await freeStore();
    const lineId = await addLine(custCode);
    await removeLine(lineId);
    expect((await check(lineId, 'check-in', phoneForm(undefined))).status).toBe(404);
    expect((await check(lineId, 'check-in', phoneForm('NOSUCHSTORE'))).status).toBe(404);
    // A lone check-out has no check-in to close: nothing is made for it.
    expect((await check(lineId, 'check-out', phoneForm(custCode))).status).toBe(404);
    const lines = await ctx.database.db
      .select({ id: kunjunganDetail.id })
      .from(kunjunganDetail)
      .where(
        and(
          eq(kunjunganDetail.no_dcp, plan.no_dcp),
          eq(kunjunganDetail.tgl_dcp, today),
          eq(kunjunganDetail.cust_code, custCode),
        ),
      );
    expect(lines).toEqual([]);
  });

  it('re-makes the plan of the period when the office deleted the whole plan', async () => {
    const custCode = await freeStore();
    const lineId = await addLine(custCode);
    const del = await ctx.request('DELETE', `/api/kunjungan/${encodeURIComponent(plan.no_dcp)}?force=true`, {
      token: admin,
    });
    expect(del.status).toBe(200);

    const res = await check(lineId, 'check-in', phoneForm(custCode));
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as KunjunganCheckAnswer;
    expect(result.no_dcp).toBe(plan.no_dcp);
    expect(result.flags).toEqual([]);
    const detail = await planDetail();
    expect(detail.nrp).toBe(SPG_NRP);
    expect(detail.details.map((l) => l.id)).toEqual([result.id]);
    expect(detail.details[0]!.flags).toContain('removed_from_plan');
  });
});
