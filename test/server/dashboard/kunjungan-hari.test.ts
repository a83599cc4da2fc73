/**
 * kunjungan_hari (issue 42): the database keeps one row per plan and day with its lines, check-ins and
 * shifts, whoever writes the visit lines. After every kind of write the table equals the same figures
 * counted again from kunjungan_detail.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
const db = () => ctx.database.db;
const DAY = '2031-03-03';
const OTHER_DAY = '2031-03-04';

type Row = {
  no_dcp: string;
  tgl_dcp: string;
  nrp: string;
  line_count: number;
  checked_in_count: number;
  shift_ids: string[];
};

async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db().execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The table against a fresh count, for every plan and day (or those of some plans). */
async function expectInStep(plans?: string[]) {
  const only = plans
    ? sql`where d.no_dcp in (${sql.join(
        plans.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  const onlyKept = plans
    ? sql`where no_dcp in (${sql.join(
        plans.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;
  const counted = await rows(
    sql`select d.no_dcp, d.tgl_dcp::text as tgl_dcp, h.nrp, count(*)::int as line_count,
               count(d.in_jam)::int as checked_in_count, array_agg(distinct d.shift_id order by d.shift_id) as shift_ids
          from kunjungan_detail d join kunjungan h on h.no_dcp = d.no_dcp ${only}
         group by d.no_dcp, d.tgl_dcp, h.nrp order by 1, 2`,
  );
  const kept = await rows(
    sql`select no_dcp, tgl_dcp::text as tgl_dcp, nrp, line_count, checked_in_count, shift_ids
          from kunjungan_hari ${onlyKept} order by 1, 2`,
  );
  expect(kept).toEqual(counted);
  return kept;
}

let plans: { no_dcp: string; nrp: string }[] = [];
let shop: string;

beforeAll(async () => {
  ctx = await createTestContext();
  plans = await db()
    .select({ no_dcp: kunjungan.no_dcp, nrp: kunjungan.nrp })
    .from(kunjungan)
    .orderBy(asc(kunjungan.no_dcp))
    .limit(2);
  const [s] = await db().select({ cust_code: store.cust_code }).from(store).limit(1);
  shop = s!.cust_code;
});
afterAll(() => ctx.close());

describe('kunjungan_hari', () => {
  it('holds every plan day of the seed', async () => {
    const kept = await expectInStep();
    expect(kept.length).toBeGreaterThan(0);
  });

  it('follows inserted lines, check-ins, check-outs, moves, shift changes and deletes', async () => {
    const [a, b] = plans.map((p) => p.no_dcp) as [string, string];
    const lines = await db()
      .insert(kunjunganDetail)
      .values([
        { no_dcp: a, tgl_dcp: DAY, shift_id: 'SIANG', cust_code: shop },
        { no_dcp: a, tgl_dcp: DAY, shift_id: 'PAGI', cust_code: shop },
        { no_dcp: a, tgl_dcp: DAY, shift_id: 'PAGI', cust_code: shop },
        { no_dcp: b, tgl_dcp: DAY, shift_id: 'MIDDLE', cust_code: shop, in_jam: '09:00:00' },
      ])
      .returning({ id: kunjunganDetail.id });
    const ids = lines.map((l) => l.id);
    let kept = await expectInStep([a, b]);
    expect(kept.find((r) => r.no_dcp === a && r.tgl_dcp === DAY)).toMatchObject({
      line_count: 3,
      checked_in_count: 0,
      shift_ids: ['PAGI', 'SIANG'],
    });

    // A check-in, then its check-out and a flag (no count moves), then a check-in taken back.
    await db().update(kunjunganDetail).set({ in_jam: '08:01:00' }).where(eq(kunjunganDetail.id, ids[1]!));
    await db()
      .update(kunjunganDetail)
      .set({ out_jam: '12:00:00', flags: ['clock_skew_out'] })
      .where(eq(kunjunganDetail.id, ids[1]!));
    kept = await expectInStep([a, b]);
    expect(kept.find((r) => r.no_dcp === a && r.tgl_dcp === DAY)?.checked_in_count).toBe(1);
    await db().update(kunjunganDetail).set({ in_jam: null }).where(eq(kunjunganDetail.id, ids[3]!));
    await expectInStep([a, b]);

    // The only SIANG line moves to another day and shift, one PAGI line to the other plan.
    await db()
      .update(kunjunganDetail)
      .set({ tgl_dcp: OTHER_DAY, shift_id: 'MIDDLE' })
      .where(eq(kunjunganDetail.id, ids[0]!));
    await db().update(kunjunganDetail).set({ no_dcp: b }).where(eq(kunjunganDetail.id, ids[2]!));
    kept = await expectInStep([a, b]);
    expect(kept.find((r) => r.no_dcp === a && r.tgl_dcp === DAY)?.shift_ids).toEqual(['PAGI']);

    // One statement over many lines (an upload, a job).
    await db()
      .update(kunjunganDetail)
      .set({ shift_id: 'SIANG' })
      .where(
        and(
          eq(kunjunganDetail.tgl_dcp, DAY),
          sql`${kunjunganDetail.id} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
      );
    await expectInStep([a, b]);

    // Deletes: a day without lines has no row.
    await db().delete(kunjunganDetail).where(eq(kunjunganDetail.tgl_dcp, OTHER_DAY));
    await db()
      .delete(kunjunganDetail)
      .where(and(eq(kunjunganDetail.no_dcp, b), eq(kunjunganDetail.tgl_dcp, DAY)));
    kept = await expectInStep([a, b]);
    expect(kept.some((r) => r.tgl_dcp === OTHER_DAY)).toBe(false);
    expect(kept.some((r) => r.no_dcp === b && r.tgl_dcp === DAY)).toBe(false);
    await db().delete(kunjunganDetail).where(eq(kunjunganDetail.tgl_dcp, DAY));
    await expectInStep();
  });

  it('moves a plan day to the employee a plan is given to', async () => {
    const a = plans[0]!;
    // Someone without a plan (a team leader), so the plan's period stays hers alone.
    const [other] = await rows(
      sql`select k.nrp from karyawan k where not exists (select 1 from kunjungan h where h.nrp = k.nrp) limit 1`,
    );
    await db().update(kunjungan).set({ nrp: other!.nrp }).where(eq(kunjungan.no_dcp, a.no_dcp));
    try {
      const kept = await expectInStep([a.no_dcp]);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.every((r) => r.nrp === other!.nrp)).toBe(true);
    } finally {
      await db().update(kunjungan).set({ nrp: a.nrp }).where(eq(kunjungan.no_dcp, a.no_dcp));
    }
    await expectInStep([a.no_dcp]);
  });
});
