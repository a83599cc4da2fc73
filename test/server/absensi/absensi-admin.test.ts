/**
 * HR's attendance calls (spec part 2 §2.7, §5 "Manual attendance", §7): POST and DELETE /api/absensi
 * with every §5 message, the reason and the change history, the posting lock (409), the trustee scope
 * (403), the permissions (401/403); GET /api/absensi with its filters, zone and review marks; the
 * employee look-up GET /api/absensi/find/nrp.
 */
import dayjs from 'dayjs';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absensiChange, absensiPosting, absensi } from '../../../server/db/schema/absensi';
import { karyawan } from '../../../server/db/schema/karyawan';
import { lokasi, period, shift } from '../../../server/db/schema/master';
import { postedPeriodMessage } from '../../../server/lib/posting-lock';
import { ABSENSI_MESSAGES } from '../../../src/domain/absensi/absensi';
import {
  ABSENSI_ADMIN_MESSAGES as M,
  type AbsensiChange,
  type AbsensiManualAnswer,
  type FindNrpRow,
} from '../../../src/domain/absensi/absensi-admin';
import type { AbsensiListRow } from '../../../src/domain/absensi/absensi-list';
import type { ListAnswer } from '../../../src/domain/list-query';
import { dateIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
let spg: string;
let tl: string;
let nrp: string;
let otherNrp: string;
let shiftId: string;
const db = () => ctx.database.db;
const day = (back: number) => dayjs(dateIn('Asia/Jakarta', new Date())).subtract(back, 'day').format('YYYY-MM-DD');

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr, spg, tl] = (await Promise.all(['admin', 'hr', 'spg', 'tl'].map((u) => ctx.tokenFor(u)))) as [
    string,
    string,
    string,
    string,
  ];
  // Two employees of different locations; the first in WITA so her times are labelled as such.
  const [a] = await db().select({ nrp: karyawan.nrp, lokasi: karyawan.kode_lokasi }).from(karyawan).limit(1);
  const [b] = await db()
    .select({ nrp: karyawan.nrp })
    .from(karyawan)
    .where(ne(karyawan.kode_lokasi, a!.lokasi))
    .limit(1);
  nrp = a!.nrp;
  otherNrp = b!.nrp;
  await db().update(lokasi).set({ time_zone: 'Asia/Makassar' }).where(eq(lokasi.id, a!.lokasi));
  const [s] = await db().select({ id: shift.id, jam_mulai: shift.jam_mulai }).from(shift).limit(1);
  shiftId = s!.id;
  // The seeded month has attendance for everyone: these two start with a clean week.
  await db()
    .delete(absensi)
    .where(inArray(absensi.nrp, [nrp, otherNrp]));
});
afterAll(() => ctx.close());

const manual = (over: Record<string, unknown> = {}) => ({
  nrp,
  shift_id: shiftId,
  sts_abs_id: 'H',
  tanggal: day(3),
  jam_masuk: '07:30:00',
  jam_keluar: '16:00:00',
  alasan: 'Lupa check in, dikonfirmasi atasan',
  ...over,
});

const post = (body: unknown, token = hr) => ctx.request('POST', '/api/absensi', { token, body });
const del = (body: unknown, token = hr) => ctx.request('DELETE', '/api/absensi', { token, body });
const history = async (n: string, t: string, token = hr) =>
  (
    (await (await ctx.request('GET', `/api/absensi/${n}/${t}/history`, { token })).json()) as {
      result: AbsensiChange[];
    }
  ).result;
const issues = async (res: Response) =>
  ((await res.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues;

async function scopedToken(trustee: Record<string, string[]>) {
  const userid = `A${String(Math.floor(Math.random() * 99999)).padStart(5, '0')}`;
  const username = `scope${userid}`;
  const res = await ctx.request('POST', '/api/users', {
    token: admin,
    body: { userid, username, nama: 'HR Cabang', password: 'Kuat#Sekali2026', role: 'HR', trustee },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ctx.tokenFor(username, 'Kuat#Sekali2026');
}

describe('POST /api/absensi (manual attendance)', () => {
  it('answers every §5 message, on the server as in the form', async () => {
    const empty = await post({});
    expect(empty.status).toBe(400);
    const messages = (await issues(empty)).map((i) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        `nrp: ${M.nrpRequired}`,
        `shift_id: ${M.shiftRequired}`,
        `sts_abs_id: ${M.statusRequired}`,
        `tanggal: ${M.tanggalRequired}`,
        `alasan: ${M.alasanRequired}`,
        `jam_masuk: ${M.jamRequired}`,
      ]),
    );
    const noJam = await issues(await post(manual({ jam_masuk: '', jam_keluar: '' })));
    expect(noJam).toEqual([{ path: 'jam_masuk', message: M.jamRequired }]);
    const order = await issues(await post(manual({ jam_masuk: '17:00', jam_keluar: '08:00' })));
    expect(order).toEqual([{ path: 'jam_keluar', message: M.jamOrder }]);
    const format = await issues(await post(manual({ jam_masuk: '7.30' })));
    expect(format).toEqual([{ path: 'jam_masuk', message: M.jamFormat }]);
    const reason = await issues(await post(manual({ alasan: '   ' })));
    expect(reason).toEqual([{ path: 'alasan', message: M.alasanRequired }]);
    const future = await post(manual({ tanggal: day(-3) }));
    expect(future.status).toBe(400);
    expect(((await future.json()) as { message: string }).message).toBe(ABSENSI_MESSAGES.futureDate);
    const unknownShift = await post(manual({ shift_id: 'ZZZ' }));
    expect(unknownShift.status).toBe(400);
    const unknownNrp = await post(manual({ nrp: 'X999999' }));
    expect(unknownNrp.status).toBe(404);
    expect(await db().select({ n: count() }).from(absensiChange)).toEqual([{ n: 0 }]);
  });

  it('needs a session and absensi.manual', async () => {
    expect((await ctx.request('POST', '/api/absensi', { body: manual() })).status).toBe(401);
    expect((await post(manual(), spg)).status).toBe(403);
    expect((await post(manual(), tl)).status).toBe(403);
  });

  it('creates, changes, keeps equal values unwritten, and keeps who, when, why, before and after', async () => {
    const created = await post(manual());
    const a = (await created.json()) as AbsensiManualAnswer;
    expect(created.status, JSON.stringify(a)).toBe(201);
    expect(a).toMatchObject({ message: M.saved, changed: true, result: { sumber: 'M', jam_masuk: '07:30:00' } });

    const changed = await post(manual({ jam_masuk: '08:05', alasan: 'Koreksi jam dari absen manual toko' }));
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as AbsensiManualAnswer).result.jam_masuk).toBe('08:05:00');

    const same = await post(manual({ jam_masuk: '08:05:00', alasan: 'Kirim ulang' }));
    expect(same.status).toBe(200);
    expect((await same.json()) as AbsensiManualAnswer).toMatchObject({ changed: false, message: M.unchanged });

    const h = await history(nrp, day(3));
    expect(h.map((c) => c.aksi)).toEqual(['update', 'create']);
    expect(h[0]).toMatchObject({
      alasan: 'Koreksi jam dari absen manual toko',
      sebelum: { jam_masuk: '07:30:00', sts_abs_id: 'H' },
      sesudah: { jam_masuk: '08:05:00' },
      changed_by: 'U00002',
      changed_by_nama: 'U00002 - Staf HR',
    });
    expect(h[1]).toMatchObject({ sebelum: null, sesudah: { jam_masuk: '07:30:00', jam_keluar: '16:00:00' } });
  });

  it('keeps an employee outside the trustee scope out of reach (403)', async () => {
    const [own] = await db().select({ lokasi: karyawan.kode_lokasi }).from(karyawan).where(eq(karyawan.nrp, nrp));
    const token = await scopedToken({ lokasi: [own!.lokasi] });
    expect((await post(manual({ nrp: otherNrp, tanggal: day(4) }), token)).status).toBe(403);
    expect((await del({ nrp: otherNrp, tanggal: day(4), alasan: 'x' }, token)).status).toBe(403);
    expect((await ctx.request('GET', `/api/absensi/${otherNrp}/${day(4)}/history`, { token })).status).toBe(403);
    expect((await post(manual({ tanggal: day(4) }), token)).status).toBe(201);
    const found = (await (
      await ctx.request('GET', `/api/absensi/find/nrp?q=${otherNrp}`, { token })
    ).json()) as ListAnswer<FindNrpRow>;
    expect(found.result).toEqual([]);
    const list = (await (
      await ctx.request('GET', `/api/absensi?startDate=${day(5)}&endDate=${day(0)}&per_page=1000`, { token })
    ).json()) as ListAnswer<AbsensiListRow>;
    expect(list.result.every((r) => r.lokasi.id === own!.lokasi)).toBe(true);
  });

  it('refuses create, change and delete inside a posted period (409)', async () => {
    const [p] = await db().select().from(period).orderBy(period.mulai).limit(1);
    const tanggal = p!.mulai;
    expect((await post(manual({ tanggal }))).status).toBe(201);
    await db().insert(absensiPosting).values({ period_id: p!.id, posted_by: 'U00001', employee_count: 1 });
    try {
      const create = await post(manual({ nrp: otherNrp, tanggal }));
      expect(create.status).toBe(409);
      expect(((await create.json()) as { message: string }).message).toBe(postedPeriodMessage(p!.id));
      expect((await post(manual({ tanggal, jam_keluar: '17:00' }))).status).toBe(409);
      expect((await del({ nrp, tanggal, alasan: 'salah input' })).status).toBe(409);
      expect(await history(nrp, tanggal)).toHaveLength(1);
    } finally {
      await db().delete(absensiPosting).where(eq(absensiPosting.period_id, p!.id));
    }
  });
});

describe('DELETE /api/absensi', () => {
  it('deletes a manual day after its reason, keeps the history; a field check-in is not deleted', async () => {
    expect((await del({ nrp, tanggal: day(3) }, hr)).status).toBe(400);
    expect((await del({ nrp, tanggal: day(3), alasan: 'Salah orang' }, spg)).status).toBe(403);
    const rowsOfDay = () =>
      db()
        .select()
        .from(absensi)
        .where(and(eq(absensi.nrp, nrp), eq(absensi.tanggal, day(3))));
    // The day has two revisions (07:30, then 08:05): a delete goes back to the one before.
    const res = await del({ nrp, tanggal: day(3), alasan: 'Salah orang' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(M.revisionDeleted);
    expect(await rowsOfDay()).toMatchObject([{ jam_masuk: '07:30:00', sumber: 'M' }]);
    const last = await del({ nrp, tanggal: day(3), alasan: 'Salah orang' });
    expect(((await last.json()) as { message: string }).message).toBe(M.deleted);
    expect(await rowsOfDay()).toEqual([]);
    const h = await history(nrp, day(3));
    expect(h.map((c) => c.aksi)).toEqual(['delete', 'delete', 'update', 'create']);
    expect(h[0]).toMatchObject({
      aksi: 'delete',
      alasan: 'Salah orang',
      sesudah: null,
      sebelum: { jam_masuk: '07:30:00' },
    });
    expect(h[1]).toMatchObject({ sebelum: { jam_masuk: '08:05:00' }, sesudah: { jam_masuk: '07:30:00' } });
    expect((await del({ nrp, tanggal: day(3), alasan: 'lagi' })).status).toBe(404);

    await db()
      .insert(absensi)
      .values({
        nrp: otherNrp,
        tanggal: day(6),
        tahun: 2026,
        bulan: 1,
        sts_abs_id: 'H',
        sumber: 'S',
        jam_masuk: '08:00:00',
      });
    const field = await del({ nrp: otherNrp, tanggal: day(6), alasan: 'x' });
    expect(field.status).toBe(409);
    expect(((await field.json()) as { message: string }).message).toBe(M.fieldRowDelete);
  });
});

describe('GET /api/absensi (HR list)', () => {
  it('filters by source, status, search and shows the zone, shift and review marks', async () => {
    await post(manual({ tanggal: day(2), jam_masuk: '09:45', alasan: 'Terlambat, izin atasan' }));
    await db()
      .insert(absensi)
      .values({
        nrp,
        tanggal: day(1),
        tahun: 2026,
        bulan: 1,
        sts_abs_id: 'H',
        sumber: 'S',
        jam_masuk: '07:00:00',
        shift_id: shiftId,
      });
    const get = async (q: string, token = hr) => {
      const res = await ctx.request('GET', `/api/absensi?startDate=${day(7)}&endDate=${day(0)}&${q}`, { token });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as ListAnswer<AbsensiListRow> & { totalCapped?: boolean };
    };
    const manualRows = await get(`sumber=M&q=${nrp}`);
    expect(manualRows.result.map((r) => r.tanggal)).toEqual([day(2), day(4)]);
    const [late] = manualRows.result;
    expect(late).toMatchObject({
      nrp,
      sumber: 'M',
      time_zone: 'Asia/Makassar',
      alasan: 'Terlambat, izin atasan',
      updated_by: 'U00002',
      shift: { id: shiftId },
    });
    expect(late!.late).toBe('09:45:00' > late!.shift!.jam_mulai);
    const field = await get(`sumber=S&q=${nrp}`);
    expect(field.result).toHaveLength(1);
    expect(field.result[0]).toMatchObject({ tanggal: day(1), missing_checkout: true, sumber: 'S' });
    expect((await get(`manual=true&q=${nrp}`)).totalCount).toBe(2);
    expect((await get(`status=S&q=${nrp}`)).totalCount).toBe(0);
    expect((await get(`page=1&per_page=1`)).result).toHaveLength(1);
    const tomorrow = dayjs(day(0)).add(2, 'day').format('YYYY-MM-DD');
    const future = await ctx.request('GET', `/api/absensi?startDate=${day(1)}&endDate=${tomorrow}`, { token: hr });
    expect(future.status).toBe(400);
    expect((await ctx.request('GET', '/api/absensi?sumber=X', { token: hr })).status).toBe(400);
    expect((await ctx.request('GET', '/api/absensi')).status).toBe(401);
    expect((await ctx.request('GET', '/api/absensi', { token: spg })).status).toBe(403);
  });
});

describe('GET /api/absensi/find/nrp', () => {
  it('finds active employees by NRP or name within scope, with their zone', async () => {
    const res = await ctx.request('GET', `/api/absensi/find/nrp?q=${nrp}`, { token: hr });
    const body = (await res.json()) as ListAnswer<FindNrpRow>;
    expect(body.result[0]).toMatchObject({ nrp, time_zone: 'Asia/Makassar' });
    const [k] = await db().select({ nama: karyawan.nama }).from(karyawan).where(eq(karyawan.nrp, nrp));
    const byName = (await (
      await ctx.request('GET', `/api/absensi/find/nrp?q=${encodeURIComponent(k!.nama.slice(0, 5))}`, { token: hr })
    ).json()) as ListAnswer<FindNrpRow>;
    expect(byName.result.some((r) => r.nrp === nrp)).toBe(true);
    expect((await ctx.request('GET', '/api/absensi/find/nrp', { token: spg })).status).toBe(403);
    expect((await ctx.request('GET', '/api/absensi/find/nrp?page=0', { token: hr })).status).toBe(400);
  });
});
