/**
 * Lupa Check Out follows the limit in force (issue 41 item 4, docs/decisions/045): when the shift's Batas
 * Check Out moves later and has not passed yet, the job takes the mark off; when it moves earlier and has
 * passed, the next run puts it on again. The day and the clock come from the server's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import { shiftDeadlines } from '../../../src/domain/absensi/forgot-checkout';
import { dateIn, instantIn, timeIn } from '../../../src/domain/time-zone';
import { FORGOT_CHECKOUT_JOB } from '../../../server/modules/absensi/forgot-checkout-job';
import { enqueueJob } from '../../../server/lib/jobs/queue';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let spg: string;
let admin: string;
const WIB = 'Asia/Jakarta' as const;
let today = '';

beforeAll(async () => {
  ctx = await createTestContext();
  today = dateIn(WIB, new Date());
});
afterAll(() => ctx.close());

async function clockAt(at: Date) {
  ctx.clock.offsetMs = at.getTime() - Date.now();
  [spg, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('admin')]);
}
async function runJob() {
  await enqueueJob(ctx.database.db, FORGOT_CHECKOUT_JOB);
  await ctx.jobs.drain();
}
const ownDay = async () =>
  (
    (await (await ctx.request('GET', `/api/absensi/new/spg?tanggal=${today}`, { token: spg })).json()) as {
      result: AbsensiSpgRecord;
    }
  ).result;
const plus = (jam: string, menit: number) =>
  timeIn('Asia/Jakarta', new Date(instantIn(WIB, today, jam).getTime() + menit * 60_000));

describe('Lupa Check Out after a change of Batas Check Out', () => {
  it('comes off when the limit moves later and has not passed, and goes on again when it moves earlier', async () => {
    await clockAt(instantIn(WIB, today, '08:10:00'));
    const f = new FormData();
    for (const [k, v] of Object.entries({
      tanggal: today,
      jam_masuk: '08:05:00',
      captured_at: `${today}T08:05:00+07:00`,
      lat: '-6.2',
      long: '106.8',
    }))
      f.append(k, v);
    f.append(
      'photo',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0xff, 0xd9])], { type: 'image/jpeg' }),
      'f.jpg',
    );
    const checkIn = await ctx.request('POST', '/api/absensi/new/spg', { token: spg, body: f });
    expect(checkIn.status, await checkIn.clone().text()).toBe(201);
    const day = await ownDay();
    expect(day.shift_id).toBeTruthy();

    type Shift = { kode_prsh: string; nama: string; jam_mulai: string; jam_selesai: string; ada_uang_shift: string };
    const shift = (
      (await (await ctx.request('GET', `/api/shift/${day.shift_id}`, { token: admin })).json()) as { result: Shift }
    ).result;
    const setBatas = async (batas: string) => {
      const res = await ctx.request('PUT', `/api/shift/${day.shift_id}`, {
        token: admin,
        body: { ...shift, batas_check_out: batas },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };

    // The limit an hour after the end passes: the mark goes on.
    await setBatas(plus(shift.jam_selesai, 60));
    const first = shiftDeadlines({ ...shift, batas_check_out: plus(shift.jam_selesai, 60) }, today, WIB);
    await clockAt(new Date(first.limitAt.getTime() + 60_000));
    await runJob();
    expect((await ownDay()).forgot_checkout).toBe(true);

    // Corrected to three hours after the end, not passed yet: the next run takes the mark off.
    await setBatas(plus(shift.jam_selesai, 180));
    await runJob();
    expect((await ownDay()).forgot_checkout).toBe(false);
    await runJob();
    expect((await ownDay()).forgot_checkout).toBe(false);

    // Moved earlier again, to a time already passed: the next run marks it again.
    await setBatas(plus(shift.jam_selesai, 30));
    await runJob();
    expect((await ownDay()).forgot_checkout).toBe(true);
  });
});
