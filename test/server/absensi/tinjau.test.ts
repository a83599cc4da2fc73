/**
 * "Perlu Ditinjau" (issue 28 item 4, docs/decisions/035) over HTTP: a flagged check-in of the day and of a
 * visit reach the queue of the reviewers in scope, a decision needs a reason and is taken once, the
 * employee adds her note through the outbox, and a rejected visit no longer counts as visited on the
 * dashboard.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TinjauDetail, TinjauItem } from '../../../src/domain/absensi/tinjau';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { karyawan } from '../../../server/db/schema/karyawan';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { dayFlagsOf } from '../reviewer-flags';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let spg: string;
let tl: string;
let admin: string;
const SPG_NRP = '26000002';
const WIB = 'Asia/Jakarta' as const;
/** The seeded day (the machine's date, WIB): the demo SPG has visit lines on it. */
const today = dateIn(WIB, new Date());

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
const json = async <T>(res: Response) => (await res.json()) as T;
type List = { result: TinjauItem[]; totalCount: number };
const list = (query: string, token = admin) => ctx.request('GET', `/api/absensi/tinjau?${query}`, { token });

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.offsetMs = instantIn(WIB, today, '12:00:00').getTime() - Date.now();
  [spg, tl, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl'), ctx.tokenFor('admin')]);
});
afterAll(async () => {
  await ctx.close();
});

/** Her own check-in of today, unsigned: stored and flagged no_device_signature (the policy is wajib). */
async function flaggedDay(): Promise<string> {
  const res = await ctx.request('POST', '/api/absensi/new/spg', {
    token: spg,
    body: form({
      tanggal: today,
      jam_masuk: '08:05:00',
      captured_at: `${today}T08:05:00+07:00`,
      lat: '-6.2001',
      long: '106.8166',
      accuracy: '12',
    }),
  });
  expect([200, 201]).toContain(res.status);
  const body = await json<{ result: { id: number; flags: string[] } }>(res);
  // Her answer names no flag (issue 41 item 3); HR's list does.
  expect(body.result.flags).toEqual([]);
  expect(await dayFlagsOf(ctx, admin, SPG_NRP, today)).toContain('no_device_signature');
  return `hari-${body.result.id}`;
}

/** A fresh planned line of hers today, checked in 1 km from its store: outside_radius_in. */
async function flaggedVisit(): Promise<{ id: string; lineId: number }> {
  const [line] = await ctx.database.db
    .select({
      no_dcp: kunjunganDetail.no_dcp,
      shift_id: kunjunganDetail.shift_id,
      cust_code: store.cust_code,
      lat: store.cust_lat,
      long: store.cust_long,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjunganDetail.tgl_dcp, today)))
    .limit(1);
  const [row] = await ctx.database.db
    .insert(kunjunganDetail)
    .values({ no_dcp: line!.no_dcp, tgl_dcp: today, shift_id: line!.shift_id, cust_code: line!.cust_code })
    .returning({ id: kunjunganDetail.id });
  const res = await ctx.request('POST', `/api/kunjungan/detail/${row!.id}/check-in`, {
    token: spg,
    body: form({
      jam: '09:00:00',
      captured_at: `${today}T09:00:00+07:00`,
      lat: String(line!.lat! + 0.01),
      long: String(line!.long!),
      accuracy: '9',
    }),
  });
  expect(res.status).toBe(200);
  return { id: `kunjungan-${row!.id}`, lineId: row!.id };
}

describe('GET /api/absensi/tinjau', () => {
  it('lists flagged days and visits of the scope; the SPG herself may not list', async () => {
    const dayId = await flaggedDay();
    const visit = await flaggedVisit();
    const open = await json<List>(await list('status=open&per_page=200'));
    const ids = open.result.map((i) => i.id);
    expect(ids).toContain(dayId);
    expect(ids).toContain(visit.id);
    const item = open.result.find((i) => i.id === visit.id)!;
    expect(item).toMatchObject({ jenis: 'kunjungan', nrp: SPG_NRP, tanggal: today, status: 'open', keputusan: null });
    expect(item.flags).toContain('outside_radius_in');
    expect(item.store?.lat).not.toBeNull();
    expect(item.in.jam).toBe('09:00:00');
    expect(item.in.verified).toBe('none');

    // Her team leader's scope holds her; one limited to another location sees none of hers.
    const tlIds = (await json<List>(await list('status=open&per_page=200', tl))).result.map((i) => i.id);
    expect(tlIds).toContain(visit.id);
    const [emp] = await ctx.database.db
      .select({ lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(eq(karyawan.nrp, SPG_NRP));
    const elsewhere = await json<List>(
      await list(`status=open&per_page=200&lokasi_id=NOPE${emp!.lokasi}`.slice(0, 60)),
    );
    expect(elsewhere.result.some((i) => i.nrp === SPG_NRP)).toBe(false);
    expect(
      await json<List>(await list(`jenis=hari&per_page=200`)).then((l) => l.result.every((i) => i.jenis === 'hari')),
    ).toBe(true);

    expect((await list('status=open', spg)).status).toBe(403);
    expect((await ctx.request('GET', '/api/absensi/tinjau')).status).toBe(401);
    const bad = await list('status=maybe');
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toBe('Status harus open atau closed');
  });
});

describe('POST /api/absensi/tinjau/{id}', () => {
  it('needs a reason, decides once (409 after), and moves the item to the closed list with who and why', async () => {
    const { id } = await flaggedVisit();
    const decide = (body: unknown, token = admin) => ctx.request('POST', `/api/absensi/tinjau/${id}`, { token, body });

    const noReason = await decide({ keputusan: 'tolak', alasan: '  ' });
    expect(noReason.status).toBe(400);
    expect((await json<{ message: string }>(noReason)).message).toBe('Alasan wajib diisi');
    expect((await decide({ keputusan: 'hapus', alasan: 'x' })).status).toBe(400);
    expect((await decide({ keputusan: 'tolak', alasan: 'Foto bukan di toko' }, spg)).status).toBe(403);

    const ok = await decide({ keputusan: 'tolak', alasan: 'Foto bukan di toko' });
    expect(ok.status).toBe(200);
    expect(await json<{ message: string; result: TinjauItem }>(ok)).toMatchObject({
      message: 'Check in ditolak',
      result: { id, status: 'closed', keputusan: 'tolak', alasan: 'Foto bukan di toko', diputuskan_oleh: 'U00001' },
    });
    const again = await decide({ keputusan: 'terima', alasan: 'Salah pilih' });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe('Data ini sudah diputuskan');

    expect((await json<List>(await list('status=open&per_page=200'))).result.some((i) => i.id === id)).toBe(false);
    const closed = (await json<List>(await list('status=closed&per_page=200'))).result.find((i) => i.id === id);
    expect(closed).toMatchObject({ keputusan: 'tolak', alasan: 'Foto bukan di toko', diputuskan_oleh: 'U00001' });
    expect(closed!.diputuskan_pada).toMatch(/^\d{4}-\d\d-\d\dT/);

    const detail = await ctx.request('GET', `/api/absensi/tinjau/${id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect((await json<{ result: TinjauDetail }>(detail)).result).toMatchObject({
      id,
      keputusan: 'tolak',
      matches: [],
    });
    expect((await ctx.request('GET', '/api/absensi/tinjau/kunjungan-999999999', { token: admin })).status).toBe(404);
    expect((await ctx.request('GET', '/api/absensi/tinjau/toko-1', { token: admin })).status).toBe(400);
  });

  it('a rejected visit no longer counts as visited on the dashboard', async () => {
    const [emp] = await ctx.database.db
      .select({ lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(eq(karyawan.nrp, SPG_NRP));
    const visited = async () => {
      const res = await ctx.request('GET', `/api/dashboard/kunjungan?date=${today}`, { token: admin });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { id: string; visited_count: number }[] };
      return body.result.find((r) => r.id === emp!.lokasi)!.visited_count;
    };
    const { id } = await flaggedVisit();
    const before = await visited();
    const res = await ctx.request('POST', `/api/absensi/tinjau/${id}`, {
      token: admin,
      body: { keputusan: 'tolak', alasan: 'Lokasi 1 km dari toko' },
    });
    expect(res.status).toBe(200);
    expect(await visited()).toBe(before - 1);
    // Its circle on the activity list is red: not visited.
    const activity = await ctx.request(
      'GET',
      `/api/dashboard/activity?date=${today}&lokasi_id=${emp!.lokasi}&q=${SPG_NRP}`,
      {
        token: admin,
      },
    );
    expect(activity.status).toBe(200);
    const people = (
      (await activity.json()) as { result: { nrp: string; kunjunganDetail: { id: number; ditolak?: boolean }[] }[] }
    ).result;
    const line = people.find((p) => p.nrp === SPG_NRP)!.kunjunganDetail.find((l) => `kunjungan-${l.id}` === id);
    expect(line?.ditolak).toBe(true);
  });
});

describe('a decision in the attendance list', () => {
  it("a rejected day says so in HR's list, and a rejected visit is marked not counted", async () => {
    const dayId = await flaggedDay();
    const { id: visitId, lineId } = await flaggedVisit();
    for (const id of [dayId, visitId]) {
      const res = await ctx.request('POST', `/api/absensi/tinjau/${id}`, {
        token: admin,
        body: { keputusan: 'tolak', alasan: 'Bukan di lokasi' },
      });
      // The day may have been decided by an earlier scenario of this file.
      expect([200, 409]).toContain(res.status);
    }
    const res = await ctx.request('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${SPG_NRP}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const [row] = (
      (await res.json()) as {
        result: { id: number; tinjau: { keputusan: string | null } | null; details: { ditolak?: boolean }[] }[];
      }
    ).result;
    expect(`hari-${row!.id}`).toBe(dayId);
    expect(row!.tinjau?.keputusan).toBe('tolak');
    expect(row!.details.filter((d) => d.ditolak).length).toBeGreaterThanOrEqual(1);
    expect(lineId).toBeGreaterThan(0);

    // Laporan Absensi names it too (the day still counts as it is: the decision is shown, not applied).
    const period = today.slice(0, 4) + today.slice(5, 7);
    const report = await ctx.request(
      'GET',
      `/api/report/absensi-detail?period=${period}&karyawan=${SPG_NRP}&per_page=100`,
      {
        token: admin,
      },
    );
    expect(report.status).toBe(200);
    const days = ((await report.json()) as { result: { tanggal: string; tinjau: string | null }[] }).result;
    expect(days.find((d) => d.tanggal === today)?.tinjau).toBe('tolak');
  });
});

describe("the dashboard's attention list", () => {
  it('lists an open flagged visit under perlu_ditinjau until it is decided', async () => {
    const { id } = await flaggedVisit();
    const attention = async () => {
      const res = await ctx.request('GET', `/api/dashboard/attention?date=${today}`, { token: admin });
      expect(res.status).toBe(200);
      return (
        (await res.json()) as {
          result: { counts: Record<string, number>; rows: { kind: string; nrp: string; jam: string | null }[] };
        }
      ).result;
    };
    const before = await attention();
    expect(before.counts.perlu_ditinjau).toBeGreaterThan(0);
    expect(before.rows.some((r) => r.kind === 'perlu_ditinjau' && r.nrp === SPG_NRP)).toBe(true);
    const res = await ctx.request('POST', `/api/absensi/tinjau/${id}`, {
      token: admin,
      body: { keputusan: 'terima', alasan: 'GPS mal memang lemah' },
    });
    expect(res.status).toBe(200);
    expect((await attention()).counts.perlu_ditinjau).toBe(before.counts.perlu_ditinjau! - 1);
  });
});

describe("the posting screen's count", () => {
  it('names the open review items of the period it would post', async () => {
    await flaggedVisit();
    const period = today.slice(0, 4) + today.slice(5, 7);
    const res = await ctx.request('GET', `/api/absensi/period/${period}`, { token: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { period: { tinjau_terbuka?: number }; posting: unknown };
    expect(body.posting).toBeNull();
    const open = await json<List>(await list(`status=open&startDate=${today}&endDate=${today}&per_page=200`));
    expect(body.period.tinjau_terbuka).toBeGreaterThanOrEqual(open.totalCount);
    expect(open.totalCount).toBeGreaterThan(0);
  });
});

describe('POST /api/absensi/tinjau/{id}/catatan', () => {
  it("her note reaches the item once per outbox row; another employee's record is not found", async () => {
    const id = await flaggedDay();
    const key = randomUUID();
    const note = (token: string, k = key) =>
      ctx.request('POST', `/api/absensi/tinjau/${id}/catatan`, {
        token,
        body: { catatan: 'Sinyal di basement hilang' },
        headers: { 'Idempotency-Key': k },
      });
    const first = await note(spg);
    expect(first.status).toBe(200);
    expect((await json<{ result: TinjauItem }>(first)).result.catatan).toBe('Sinyal di basement hilang');
    const replay = await note(spg);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    // Another employee's record answers as one that is not flagged (issue 41 item 3).
    expect((await note(tl, randomUUID())).status).toBe(404);
    const empty = await ctx.request('POST', `/api/absensi/tinjau/${id}/catatan`, {
      token: spg,
      body: { catatan: '' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(empty.status).toBe(400);
    expect((await json<{ message: string }>(empty)).message).toBe('Catatan wajib diisi');
    const item = await json<{ result: TinjauDetail }>(
      await ctx.request('GET', `/api/absensi/tinjau/${id}`, { token: admin }),
    );
    expect(item.result.catatan).toBe('Sinyal di basement hilang');
  });
});
