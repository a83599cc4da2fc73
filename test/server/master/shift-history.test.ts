/**
 * The shift master does not rewrite the past (issue 41 item 4, docs/decisions/045): a change of a shift's
 * times applies from berlaku_mulai (default today, WIB). Last month's three attendance reports and the
 * posting preview stay identical after a change from today; a day from berlaku_mulai on is judged by the
 * new times; a back-dated change names the recorded days it re-judges first; a date in a posted period is
 * refused with nothing written. Days come from the seeded data and the server's clock.
 */
import dayjs from 'dayjs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_ROW_SCHEMAS } from '../../../src/domain/master/master';
import { SHIFT_HISTORY_MESSAGES, ShiftDampakAnswerSchema } from '../../../src/domain/master/shift-history';
import {
  ReportDetailAnswerSchema,
  type ReportDetailRow,
  type ReportSummaryRow,
} from '../../../src/domain/report/report-absensi';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
const WIB = 'Asia/Jakarta' as const;

const serverNow = () => new Date(Date.now() + ctx.clock.offsetMs);
/** Today in the business zone, by the server's clock. */
const today = () => dateIn(WIB, serverNow());
const periodOf = (d: string) => d.slice(0, 7).replace('-', '');
let LAST = '';
let THIS = '';

beforeAll(async () => {
  ctx = await createTestContext();
  // Late in today's working day (WIB), so a day's times of today are not in the future in any zone.
  const day = dateIn(WIB, new Date());
  ctx.clock.offsetMs = instantIn(WIB, day, '17:00:00').getTime() - Date.now();
  [admin, hr] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr')]);
  THIS = periodOf(today());
  LAST = periodOf(dayjs(today()).subtract(1, 'month').format('YYYY-MM-DD'));
});
afterAll(() => ctx.close());

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const get = <T>(path: string, token = hr) => ctx.request('GET', path, { token }).then((r) => json<T>(r));

async function detailRows(period: string): Promise<ReportDetailRow[]> {
  const rows: ReportDetailRow[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.request('GET', `/api/report/absensi-detail?period=${period}&per_page=1000&page=${page}`, {
      token: hr,
    });
    const a = v.parse(ReportDetailAnswerSchema, await json(res));
    rows.push(...a.result);
    if (rows.length >= a.totalCount || a.result.length === 0) return rows;
  }
}

/** Every answer of last month's reports and its posting preview, as a user reads them. */
async function lastMonth() {
  return {
    detail: await detailRows(LAST),
    summary: await get<{ result: ReportSummaryRow[] }>(`/api/report/absensi-summary?period=${LAST}&per_page=1000`),
    daily: await get(`/api/report/absensi-summary-daily?period=${LAST}&per_page=1000`),
    preview: await get(`/api/absensi/period/${LAST}?per_page=1000`),
  };
}

type Shift = v.InferOutput<(typeof MASTER_ROW_SCHEMAS)['shift']>;
const shiftOf = async (id: string) =>
  v.parse(MASTER_ROW_SCHEMAS.shift, (await get<{ result: unknown }>(`/api/shift/${id}`, admin)).result);
const put = (id: string, body: Record<string, unknown>) =>
  ctx.request('PUT', `/api/shift/${id}`, { token: admin, body });
const bodyOf = (s: Shift) => ({
  kode_prsh: s.kode_prsh,
  nama: s.nama,
  jam_mulai: s.jam_mulai,
  jam_selesai: s.jam_selesai,
  ada_uang_shift: s.ada_uang_shift,
  toleransi_terlambat: s.toleransi_terlambat,
  toleransi_pulang_cepat: s.toleransi_pulang_cepat,
});
/** A wall time moved by minutes, on the 24-hour circle. */
const shiftTime = (jam: string, menit: number) => dayjs(`2000-01-01T${jam}`).add(menit, 'minute').format('HH:mm:ss');

let before: Awaited<ReturnType<typeof lastMonth>>;
let shiftId = '';
let old: Shift;
const late = (rows: ReportDetailRow[]) => rows.filter((r) => r.terlambat).length;

describe('a change from today', () => {
  it('leaves every total of last month’s reports and the posting preview identical', async () => {
    before = await lastMonth();
    // The shift of most of last month's present days, none of them late once the start is an hour earlier.
    const byShift = new Map<string, number>();
    for (const r of before.detail)
      if (r.shift && r.jam_masuk) byShift.set(r.shift.id, (byShift.get(r.shift.id) ?? 0) + 1);
    shiftId = [...byShift].sort((a, b) => b[1] - a[1])[0]![0];
    old = await shiftOf(shiftId);
    expect(old.berlaku_mulai).toBeNull();

    // An hour earlier (last month's on-time days would be late) and Uang Shift flipped (the posting's
    // count_uang_shift would move): a change that rewrote the past could not pass unseen.
    const earlier = shiftTime(old.jam_mulai, -60);
    const uang = old.ada_uang_shift === 'Y' ? 'T' : 'Y';
    const done = await json<{ message: string }>(
      await put(shiftId, { ...bodyOf(old), jam_mulai: earlier, ada_uang_shift: uang }),
    );
    expect(done.message).toContain('berhasil diubah');
    const now = await shiftOf(shiftId);
    expect(now).toMatchObject({ jam_mulai: earlier, ada_uang_shift: uang, berlaku_mulai: today() });

    const after = await lastMonth();
    expect(after).toEqual(before);
    // Every day of this shift last month still shows the times it was judged by.
    for (const r of after.detail.filter((d) => d.shift?.id === shiftId)) expect(r.shift!.jam_mulai).toBe(old.jam_mulai);
  });

  it('judges a day from berlaku_mulai on by the new times', async () => {
    // One of last month's employees on this shift, on time there at the old start.
    const onTime = before.detail.find((r) => r.shift?.id === shiftId && r.jam_masuk && !r.terlambat)!;
    expect(onTime).toBeTruthy();
    const saved = await ctx.request('POST', '/api/absensi', {
      token: hr,
      body: {
        nrp: onTime.nrp,
        tanggal: today(),
        shift_id: shiftId,
        sts_abs_id: 'H',
        jam_masuk: old.jam_mulai.slice(0, 5),
        jam_keluar: shiftTime(old.jam_mulai, 60).slice(0, 5),
        alasan: 'Uji shift berlaku mulai',
      },
    });
    expect(saved.status, await saved.clone().text()).toBeLessThan(300);
    const day = (await detailRows(THIS)).find((r) => r.nrp === onTime.nrp && r.tanggal === today())!;
    expect(day.shift!.jam_mulai).toBe(shiftTime(old.jam_mulai, -60));
    expect(day.terlambat).toBe(true);
  });
});

describe('a back-dated change', () => {
  it('names the recorded days it re-judges, and then re-judges them', async () => {
    const mulai = before.detail.map((r) => r.tanggal).sort()[0]!;
    const from = (await get<{ result: { mulai: string } }>(`/api/period/${LAST}`, admin)).result.mulai;
    expect(from <= mulai).toBe(true);
    const days = [...before.detail, ...(await detailRows(THIS))].filter(
      (r) => r.shift?.id === shiftId && r.tanggal >= from && r.tanggal < today(),
    ).length;
    expect(days).toBeGreaterThan(0);

    const dampak = v.parse(
      ShiftDampakAnswerSchema,
      await get(`/api/shift/${shiftId}/dampak?berlaku_mulai=${from}`, admin),
    ).result;
    expect(dampak).toEqual({
      berlaku_mulai: from,
      hari_ini: today(),
      hari_tercatat: days,
      konfirmasi: `Perubahan ini mengubah ${days} hari yang sudah tercatat. Lanjutkan?`,
      ditolak: null,
    });
    expect(dampak.konfirmasi).toBe(SHIFT_HISTORY_MESSAGES.konfirmasi(days));
    // Today or later is not back-dated: nothing to confirm.
    const forward = (
      await get<{ result: { konfirmasi: string | null; hari_tercatat: number } }>(
        `/api/shift/${shiftId}/dampak?berlaku_mulai=${today()}`,
        admin,
      )
    ).result;
    expect(forward).toMatchObject({ konfirmasi: null, hari_tercatat: 0 });

    const current = await shiftOf(shiftId);
    await json(await put(shiftId, { ...bodyOf(current), berlaku_mulai: from }));
    expect(await shiftOf(shiftId)).toMatchObject({ berlaku_mulai: from, jam_mulai: current.jam_mulai });
    // The comparison above would have seen it: last month is now judged by the earlier start.
    const after = await lastMonth();
    expect(late(after.detail)).toBeGreaterThan(late(before.detail));
    const sum = (a: { result: ReportSummaryRow[] }) => a.result.reduce((n, r) => n + r.count_late, 0);
    expect(sum(after.summary)).toBeGreaterThan(sum(before.summary));
    expect(after.preview).not.toEqual(before.preview);
    for (const r of after.detail.filter((d) => d.shift?.id === shiftId))
      expect(r.shift!.jam_mulai).toBe(current.jam_mulai);
  });
});

describe('posted periods never change', () => {
  it('refuses a berlaku_mulai on or before the end of a posted period, writing nothing', async () => {
    await json(await ctx.request('POST', '/api/absensi/posting', { token: hr, body: { period_id: LAST } }));
    const p = (await get<{ result: { mulai: string; akhir: string } }>(`/api/period/${LAST}`, admin)).result;
    const frozen = await lastMonth();
    const current = await shiftOf(shiftId);
    const next = dayjs(p.akhir).add(1, 'day');
    const message = SHIFT_HISTORY_MESSAGES.diposting(LAST, next.format('DD/MM/YYYY'));

    const dampak = (
      await get<{ result: { ditolak: string | null } }>(`/api/shift/${shiftId}/dampak?berlaku_mulai=${p.akhir}`, admin)
    ).result;
    expect(dampak.ditolak).toBe(message);

    for (const day of [p.mulai, p.akhir]) {
      const refused = await json<{ message: string; error: { issues: { path: string }[] } }>(
        await put(shiftId, { ...bodyOf(current), jam_mulai: shiftTime(current.jam_mulai, 30), berlaku_mulai: day }),
        400,
      );
      expect(refused.message).toBe(message);
      expect(refused.error.issues[0]!.path).toBe('berlaku_mulai');
    }
    expect(await shiftOf(shiftId)).toEqual(current);
    expect(await lastMonth()).toEqual(frozen);

    // The day after the posted period is allowed; the name alone changes at once, whatever the date.
    const after = next.format('YYYY-MM-DD');
    if (after <= today()) {
      await json(
        await put(shiftId, { ...bodyOf(current), jam_mulai: shiftTime(current.jam_mulai, 30), berlaku_mulai: after }),
      );
      expect(await shiftOf(shiftId)).toMatchObject({ berlaku_mulai: after });
    }
    // An earlier date than the times' own moves them back over those days: refused here too.
    expect((await put(shiftId, { ...bodyOf(await shiftOf(shiftId)), berlaku_mulai: p.mulai })).status).toBe(400);
    await json(await put(shiftId, { ...bodyOf(await shiftOf(shiftId)), nama: 'Pagi Baru' }));
    expect((await shiftOf(shiftId)).nama).toBe('Pagi Baru');
    expect(await lastMonth()).toEqual({
      ...frozen,
      detail: frozen.detail.map((r) =>
        r.shift?.id === shiftId ? { ...r, shift: { ...r.shift, nama: 'Pagi Baru' } } : r,
      ),
    });
  });

  it('refuses a berlaku_mulai that is not a date with an Indonesian 400', async () => {
    const current = await shiftOf(shiftId);
    const year = today().slice(0, 4);
    for (const bad of [`${year}-02-30`, 'besok', 20260101]) {
      const res = await json<{ message: string }>(
        await put(shiftId, { ...bodyOf(current), jam_mulai: shiftTime(current.jam_mulai, 15), berlaku_mulai: bad }),
        400,
      );
      expect(res.message).toContain(SHIFT_HISTORY_MESSAGES.berlakuMulai);
    }
    expect(await shiftOf(shiftId)).toEqual(current);
    expect(
      (await ctx.request('GET', `/api/shift/${shiftId}/dampak?berlaku_mulai=kemarin`, { token: admin })).status,
    ).toBe(400);
    expect(
      (await ctx.request('GET', `/api/shift/${shiftId}/dampak?berlaku_mulai=${today()}`, { token: hr })).status,
    ).toBe(403);
  });
});
