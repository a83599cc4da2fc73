/**
 * Forgotten check-outs (issue 29 item 1): the job, run on the server's clock that the test moves, reminds
 * her 15 minutes before her shift ends, marks the day "Lupa Check Out" once the shift's Batas Check Out
 * passes, and her own late check-out ends it. Every list that shows a day says so.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import { shiftDeadlines } from '../../../src/domain/absensi/forgot-checkout';
import { instantIn, timeIn } from '../../../src/domain/time-zone';
import { users } from '../../../server/db/schema/auth';
import { notifikasi } from '../../../server/db/schema/push';
import { FORGOT_CHECKOUT_JOB } from '../../../server/modules/absensi/forgot-checkout-job';
import { enqueueJob } from '../../../server/lib/jobs/queue';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let spg: string;
let admin: string;
const SPG_NRP = '26000002';
const WIB = 'Asia/Jakarta' as const;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The seeded day (the machine's date): the demo SPG's visit plan covers it, so the day has a shift. */
const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();

/** Moves the server's and the jobs' clock to an instant (tokens are issued again there). */
async function clockAt(at: Date) {
  ctx.clock.offsetMs = at.getTime() - Date.now();
  [spg, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('admin')]);
}
const serverNow = () => new Date(Date.now() + ctx.clock.offsetMs);

async function runJob() {
  await enqueueJob(ctx.database.db, FORGOT_CHECKOUT_JOB);
  await ctx.jobs.drain();
}

function photoForm(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  const jpeg = new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0xff, 0xd9,
  ]);
  f.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
const deviceNow = (ms = 0) => `${tanggalOf(ms)}T${timeIn(WIB, new Date(serverNow().getTime() - ms))}+07:00`;
const tanggalOf = (ms = 0) => new Date(serverNow().getTime() - ms + 7 * 3600_000).toISOString().slice(0, 10);

const ownDay = async () =>
  (
    (await (await ctx.request('GET', `/api/absensi/new/spg?tanggal=${today}`, { token: spg })).json()) as {
      result: AbsensiSpgRecord;
    }
  ).result;

async function spgNotices(title: string) {
  const [u] = await ctx.database.db.select({ id: users.userid }).from(users).where(eq(users.nrp, SPG_NRP));
  return ctx.database.db
    .select()
    .from(notifikasi)
    .where(and(eq(notifikasi.userid, u!.id), eq(notifikasi.title, title)));
}

describe('forgot-checkout job', () => {
  it('reminds before the shift ends, marks Lupa Check Out at the limit, and her check-out ends it', async () => {
    await clockAt(instantIn(WIB, today, '08:10:00'));
    const checkIn = await ctx.request('POST', '/api/absensi/new/spg', {
      token: spg,
      body: photoForm({
        tanggal: today,
        jam_masuk: '08:05:00',
        captured_at: deviceNow(5 * 60_000),
        lat: '-6.2',
        long: '106.8',
      }),
    });
    expect(checkIn.status, await checkIn.clone().text()).toBe(201);
    const day = await ownDay();
    expect(day.forgot_checkout).toBe(false);
    expect(day.shift_id).toBeTruthy();

    // The shift as the master answers it: no Batas Check Out of its own = Jam Selesai + 2 jam.
    const shift = (await (await ctx.request('GET', `/api/shift/${day.shift_id}`, { token: admin })).json()) as {
      result: { kode_prsh: string; nama: string; jam_mulai: string; jam_selesai: string; ada_uang_shift: string };
    };
    const { kode_prsh, nama, jam_mulai, jam_selesai, ada_uang_shift } = shift.result;
    const put = await ctx.request('PUT', `/api/shift/${day.shift_id}`, {
      token: admin,
      body: { kode_prsh, nama, jam_mulai, jam_selesai, ada_uang_shift, batas_check_out: '' },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const limits = shiftDeadlines({ ...shift.result, batas_check_out: null }, today, WIB);
    expect(limits.limitAt.getTime() - limits.endAt.getTime()).toBe(2 * 3600_000);

    // Before the reminder time: nothing.
    await clockAt(new Date(limits.remindAt.getTime() - 60_000));
    await runJob();
    expect(await spgNotices('Jangan lupa check out')).toHaveLength(0);

    // 15 minutes before the end: one reminder, however often the job runs.
    await clockAt(new Date(limits.remindAt.getTime() + 60_000));
    await runJob();
    await runJob();
    const reminders = await spgNotices('Jangan lupa check out');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ jenis: 'pengingat', url: '/absensi/new/spg' });
    expect((await ownDay()).forgot_checkout).toBe(false);

    // Just before the limit: not yet forgotten.
    await clockAt(new Date(limits.limitAt.getTime() - 60_000));
    await runJob();
    expect((await ownDay()).forgot_checkout).toBe(false);

    // Past the limit: Lupa Check Out, reminded once more, and shown wherever the day is. (Earlier seeded
    // days left open were marked by the first runs: only what this day adds is counted.)
    const noticesBefore = (await spgNotices('Lupa Check Out')).length;
    await clockAt(new Date(limits.limitAt.getTime() + 60_000));
    await runJob();
    await runJob();
    expect((await ownDay()).forgot_checkout).toBe(true);
    expect(await spgNotices('Lupa Check Out')).toHaveLength(noticesBefore + 1);

    const list = await ctx.request('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${SPG_NRP}`, {
      token: admin,
    });
    const rows = ((await list.json()) as { result: { forgot_checkout: boolean; jam_keluar: string | null }[] }).result;
    expect(rows[0]).toMatchObject({ forgot_checkout: true, jam_keluar: null });

    const attention = await ctx.request('GET', `/api/dashboard/attention?date=${today}`, { token: admin });
    const att = (await attention.json()) as {
      result: { counts: Record<string, number>; rows: { kind: string; nrp: string }[] };
    };
    expect(att.result.counts.forgot_checkout).toBeGreaterThanOrEqual(1);
    expect(att.result.rows).toContainEqual(expect.objectContaining({ kind: 'forgot_checkout', nrp: SPG_NRP }));

    const period = today.slice(0, 7).replace('-', '');
    const report = await ctx.request('GET', `/api/report/absensi-detail?period=${period}&nrp=${SPG_NRP}&per_page=100`, {
      token: admin,
    });
    expect(report.status, await report.clone().text()).toBe(200);
    const detail = (
      (await report.json()) as { result: { tanggal: string; lupa_check_out: boolean; jam_kerja_menit: number }[] }
    ).result.find((r) => r.tanggal === today);
    // No hours until the day has its end.
    expect(detail).toMatchObject({ lupa_check_out: true, jam_kerja_menit: 0 });

    // Her check-out, late, ends it.
    const out = await ctx.request('POST', '/api/absensi/new/spg', {
      token: spg,
      body: photoForm({
        tanggal: today,
        jam_keluar: timeIn(WIB, serverNow()),
        captured_at: deviceNow(),
        lat: '-6.2',
        long: '106.8',
      }),
    });
    expect(out.status, await out.clone().text()).toBe(201);
    const after = await ownDay();
    expect(after.forgot_checkout).toBe(false);
    expect(after.jam_keluar).not.toBeNull();
  });

  it('reads a Batas Check Out past midnight on the next day, and a night shift’s end the next morning', () => {
    const evening = shiftDeadlines(
      { jam_mulai: '14:00', jam_selesai: '22:00', batas_check_out: '01:00:00' },
      '2030-01-10',
      WIB,
    );
    expect(evening.endAt.toISOString()).toBe(instantIn(WIB, '2030-01-10', '22:00').toISOString());
    expect(evening.limitAt.toISOString()).toBe(instantIn(WIB, '2030-01-11', '01:00').toISOString());
    const night = shiftDeadlines(
      { jam_mulai: '22:00', jam_selesai: '06:00', batas_check_out: null },
      '2030-01-10',
      WIB,
    );
    expect(night.endAt.toISOString()).toBe(instantIn(WIB, '2030-01-11', '06:00').toISOString());
    expect(night.limitAt.toISOString()).toBe(instantIn(WIB, '2030-01-11', '08:00').toISOString());
    expect(night.remindAt.toISOString()).toBe(instantIn(WIB, '2030-01-11', '05:45').toISOString());
  });
});
