/**
 * Reviews (issue 41 item 3) over HTTP: nobody decides her own record; a match names only employees of the
 * reviewer's scope; decision times are the server's clock; the SPG's own day and visits say only where the
 * review stands and what the reviewer wrote for her (no flag code, no internal reason); Terima needs no
 * reason; "Tandai Alpa" writes the audited manual change, and posting lists rejected days that still count.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { absensi } from '../../../server/db/schema/absensi';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { FIELD_FLAGS } from '../../../src/domain/absensi/absensi';
import { AbsensiOwnDayAnswerSchema } from '../../../src/domain/absensi/absensi';
import { KunjunganDayAnswerSchema } from '../../../src/domain/absensi/kunjungan-checkin';
import { AbsensiPeriodSummaryAnswerSchema } from '../../../src/domain/absensi/absensi-summary';
import { TinjauItemAnswerSchema } from '../../../src/domain/absensi/contracts';
import { TinjauDetailAnswerSchema } from '../../../src/domain/absensi/tinjau';
import { KoreksiRowSchema } from '../../../src/domain/absensi/koreksi';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
const T: Record<'admin' | 'hr' | 'tl' | 'spg', string> = { admin: '', hr: '', tl: '', spg: '' };
const SPG = '26000002';
const TL = '26000001';
const WIB = 'Asia/Jakarta' as const;
let today: string;

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, val] of Object.entries(fields)) f.append(k, val);
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
async function body<S extends v.GenericSchema>(res: Response, schema: S, status = 200): Promise<v.InferOutput<S>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return v.parse(schema, JSON.parse(text));
}
async function message(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (JSON.parse(text) as { message: string }).message;
}
const decide = (token: string, id: string, b: unknown) =>
  ctx.request('POST', `/api/absensi/tinjau/${id}`, { token, body: b });
/** No flag code anywhere in an answer she reads. */
const namesNoFlag = (json: string) => FIELD_FLAGS.filter((f) => json.includes(f));

beforeAll(async () => {
  ctx = await createTestContext();
  // Noon of the machine's day in WIB: her check-ins below are "now", whatever the date.
  today = dateIn(WIB, new Date());
  ctx.clock.offsetMs = instantIn(WIB, today, '12:00:00').getTime() - Date.now();
  for (const u of ['admin', 'hr', 'tl', 'spg'] as const) T[u] = await ctx.tokenFor(u);
});
afterAll(() => ctx?.close());

const PASSWORD = 'Tinjau#Test2026';
let made = 0;
/** A sign-in for another employee of the team leader's team: each scenario needs a day of its own. */
async function teamMember(): Promise<{ nrp: string; token: string }> {
  const [tlEmp] = await ctx.database.db
    .select({ lokasi: karyawan.kode_lokasi, client: karyawan.client_id })
    .from(karyawan)
    .where(eq(karyawan.nrp, TL));
  const members = await ctx.database.db
    .select({ nrp: karyawan.nrp })
    .from(karyawan)
    .where(
      and(
        eq(karyawan.kode_lokasi, tlEmp!.lokasi!),
        eq(karyawan.client_id, tlEmp!.client!),
        ne(karyawan.nrp, TL),
        ne(karyawan.nrp, SPG),
      ),
    )
    .orderBy(karyawan.nrp);
  const nrp = members[made]!.nrp;
  const userid = `TNJ${String(++made).padStart(3, '0')}`;
  const res = await ctx.request('POST', '/api/users', {
    token: T.admin,
    body: {
      userid,
      username: userid.toLowerCase(),
      nama: `User ${userid}`,
      password: PASSWORD,
      role: 'USER',
      nrp,
      reset_password: false,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { nrp, token: await ctx.tokenFor(userid.toLowerCase(), PASSWORD) };
}

/** Her (or the team leader's) check-in of today, unsigned: stored and flagged for review. */
async function flaggedDay(token: string): Promise<{ id: string; recordId: number }> {
  const res = await ctx.request('POST', '/api/absensi/new/spg', {
    token,
    body: form({
      tanggal: today,
      jam_masuk: '08:05:00',
      captured_at: `${today}T08:05:00+07:00`,
      lat: '-6.2001',
      long: '106.8166',
      accuracy: '12',
    }),
  });
  expect([200, 201], await res.clone().text()).toContain(res.status);
  const { result } = (await res.json()) as { result: { id: number } };
  return { id: `hari-${result.id}`, recordId: result.id };
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
    .where(eq(kunjungan.nrp, SPG))
    .orderBy(sql`abs(${kunjunganDetail.tgl_dcp} - ${today}::date)`)
    .limit(1);
  const [row] = await ctx.database.db
    .insert(kunjunganDetail)
    .values({ no_dcp: line!.no_dcp, tgl_dcp: today, shift_id: line!.shift_id, cust_code: line!.cust_code })
    .returning({ id: kunjunganDetail.id });
  const res = await ctx.request('POST', `/api/kunjungan/detail/${row!.id}/check-in`, {
    token: T.spg,
    body: form({
      jam: '09:00:00',
      captured_at: `${today}T09:00:00+07:00`,
      lat: String(line!.lat! + 0.01),
      long: String(line!.long!),
      accuracy: '9',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { id: `kunjungan-${row!.id}`, lineId: row!.id };
}

describe('separation of duties', () => {
  it('a reviewer cannot decide her own record; someone else can', async () => {
    const own = await flaggedDay(T.tl);
    // The team leader's own day is in her queue's scope, and her permission does not make it hers to decide.
    expect(await message(await decide(T.tl, own.id, { keputusan: 'terima' }), 403)).toBe(
      'Anda tidak dapat meninjau absensi Anda sendiri',
    );
    expect(await message(await decide(T.tl, own.id, { keputusan: 'tolak', alasan: 'Saya sendiri' }), 403)).toBe(
      'Anda tidak dapat meninjau absensi Anda sendiri',
    );
    const detail = await body(
      await ctx.request('GET', `/api/absensi/tinjau/${own.id}`, { token: T.admin }),
      TinjauDetailAnswerSchema,
    );
    expect(detail.result.status).toBe('open');
    // The admin decides it: at the server's clock, whatever the request says.
    const decided = await body(
      await decide(T.admin, own.id, { keputusan: 'terima', decided_at: '1999-01-01T00:00:00Z' }),
      TinjauItemAnswerSchema,
    );
    const at = Date.parse(decided.result.diputuskan_pada!);
    expect(Math.abs(at - (Date.now() + ctx.clock.offsetMs))).toBeLessThan(60_000);
  });

  it("a Koreksi Absensi step is dated by the server's clock; the phone's time is kept apart", async () => {
    const yesterday = dateIn(WIB, new Date(Date.now() + ctx.clock.offsetMs - 86_400_000));
    const filed = await ctx.request('POST', '/api/absensi/koreksi', {
      token: T.spg,
      body: { tanggal: yesterday, jam_masuk: '08:00:00', alasan: 'Lupa check in' },
    });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const { result } = (await filed.json()) as { result: { id: number } };
    // Step 1 by her team leader, step 2 by the admin, each phone claiming a time far off.
    for (const [token, captured_at] of [
      [T.tl, '1999-01-01T08:00:00+07:00'],
      [T.admin, '2035-06-01T08:00:00+07:00'],
    ] as const) {
      const res = await ctx.request('POST', `/api/absensi/koreksi/${result.id}/status`, {
        token,
        body: { status: 'A', captured_at },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const list = await ctx.request('GET', '/api/absensi/koreksi?status=all&per_page=100', { token: T.admin });
    expect(list.status).toBe(200);
    const row = v.parse(
      KoreksiRowSchema,
      ((await list.json()) as { result: unknown[] }).result.find((r) => (r as { id: number }).id === result.id),
    );
    for (const at of [row.tl_at, row.admin_at]) {
      expect(at).not.toBeNull();
      expect(Math.abs(Date.parse(at!) - (Date.now() + ctx.clock.offsetMs))).toBeLessThan(60_000);
    }
  });
});

describe('what the SPG reads of a review', () => {
  it('"Sedang ditinjau" with no flag, then "tidak diterima" with only the message for her', async () => {
    const day = await flaggedDay(T.spg);
    const visit = await flaggedVisit();
    // Her own note makes the item's row exist before any decision.
    expect(
      (
        await ctx.request('POST', `/api/absensi/tinjau/${visit.id}/catatan`, {
          token: T.spg,
          body: { catatan: 'GPS lemah' },
          headers: { 'Idempotency-Key': randomUUID() },
        })
      ).status,
    ).toBe(200);

    const ownDay = async () => {
      const res = await ctx.request('GET', '/api/absensi/new/spg', { token: T.spg });
      const text = await res.clone().text();
      return { text, result: (await body(res, AbsensiOwnDayAnswerSchema)).result };
    };
    const ownVisits = async () => {
      const res = await ctx.request('GET', `/api/kunjungan/karyawan/me?tanggal=${today}`, { token: T.spg });
      const text = await res.clone().text();
      const b = await body(res, KunjunganDayAnswerSchema);
      return { text, periodId: b.result.period_id, line: b.result.details.find((l) => l.id === visit.lineId)! };
    };
    const open = await ownVisits();
    expect(open.line.tinjau).toEqual({ status: 'ditinjau', pesan: null, catatan: 'GPS lemah' });
    expect(namesNoFlag(open.text)).toEqual([]);
    // A reviewer in scope still reads the codes on the same endpoint.
    const tlView = await ctx.request('GET', `/api/kunjungan/karyawan/${SPG}?tanggal=${today}`, { token: T.tl });
    expect(await tlView.text()).toContain('outside_radius_in');

    const ALASAN = 'Foto diambil oleh Rina di toko lain';
    const PESAN = 'Check in harus di toko, bukan di tempat lain.';
    expect(await message(await decide(T.tl, visit.id, { keputusan: 'tolak', pesan_karyawan: PESAN }), 400)).toBe(
      'Alasan wajib diisi',
    );
    await body(
      await decide(T.tl, visit.id, { keputusan: 'tolak', alasan: ALASAN, pesan_karyawan: PESAN }),
      TinjauItemAnswerSchema,
    );
    const decided = await ownVisits();
    expect(decided.line.tinjau).toEqual({ status: 'tidak_diterima', pesan: PESAN, catatan: 'GPS lemah' });
    expect(decided.text).not.toContain(ALASAN);
    expect(decided.text).not.toContain('Rina');
    expect(namesNoFlag(decided.text)).toEqual([]);
    // Her plan of the period (the Kunjungan tab) is hers too.
    const plan = await ctx.request('GET', `/api/kunjungan/karyawan/v2/${decided.periodId}/nrp/0`, { token: T.spg });
    const planText = await plan.text();
    expect(plan.status, planText).toBe(200);
    expect(planText).toContain(`"id":${visit.lineId}`);
    expect(namesNoFlag(planText)).toEqual([]);

    // Her day: the unsigned check-in is told by the device card, not here; it is decided with no reason.
    const before = await ownDay();
    expect(namesNoFlag(before.text)).toEqual([]);
    expect(before.result!.flags).toEqual([]);
    await body(await decide(T.tl, day.id, { keputusan: 'terima' }), TinjauItemAnswerSchema);
    const after = await ownDay();
    expect(after.result!.tinjau).toEqual({ status: 'diterima', pesan: null, catatan: null });
    expect(namesNoFlag(after.text)).toEqual([]);
  });

  it("a note on another employee's record or on a record that is not flagged answers 404", async () => {
    const day = await flaggedDay(T.spg);
    const note = (token: string, id: string) =>
      ctx.request('POST', `/api/absensi/tinjau/${id}/catatan`, {
        token,
        body: { catatan: 'Coba' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    expect(await message(await note(T.tl, day.id), 404)).toBe('Data tinjauan tidak ditemukan');
    const [plain] = await ctx.database.db
      .select({ id: absensi.id })
      .from(absensi)
      .where(and(eq(absensi.nrp, SPG), sql`${absensi.flags} = '[]'::jsonb`))
      .limit(1);
    expect(plain).toBeDefined();
    expect(await message(await note(T.spg, `hari-${plain!.id}`), 404)).toBe('Data tinjauan tidak ditemukan');
  });
});

describe('the matches a reviewer sees', () => {
  it('names a matched employee within her scope only; "karyawan lain" otherwise, in words, once', async () => {
    const { recordId, id } = await flaggedDay(T.spg);
    const [tlEmp] = await ctx.database.db
      .select({ lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(eq(karyawan.nrp, TL));
    const [other] = await ctx.database.db
      .select({ nrp: karyawan.nrp, nama: karyawan.nama })
      .from(karyawan)
      .where(ne(karyawan.kode_lokasi, tlEmp!.lokasi!))
      .limit(1);
    const db = ctx.database.db;
    const at = instantIn(WIB, today, '08:00:00').toISOString();
    const ids = (
      (await db.execute(sql`
        insert into photo_hash (file, nrp, kind, record_id, side, taken_at, hash, h0, h1, h2, h3) values
          ('mine-${sql.raw(String(recordId))}.jpg', ${SPG}, 'hari', ${recordId}, 'in', ${at}::timestamptz, 1, 1, 1, 1, 1),
          ('other-${sql.raw(String(recordId))}.jpg', ${other!.nrp}, 'hari', ${recordId + 1_000_000}, 'in',
           ${at}::timestamptz - interval '1 hour', 3, 1, 1, 1, 3),
          ('tl-${sql.raw(String(recordId))}.jpg', ${TL}, 'hari', ${recordId + 2_000_000}, 'in',
           ${at}::timestamptz - interval '2 hour', 255, 1, 1, 1, 255)
        on conflict (kind, record_id, side) do update set file = excluded.file
        returning id`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
    const [mine, theirs, tls] = ids as [number, number, number];
    await db.execute(sql`insert into photo_match (photo_id, matched_id, code, distance) values
      (${mine}, ${theirs}, 'photo_shared', 1), (${mine}, ${tls}, 'photo_shared', 9)
      on conflict do nothing`);
    await db.execute(sql`insert into checkin_position (nrp, kind, record_id, side, tanggal, at, lat, long, lat6, long6) values
      (${other!.nrp}, 'hari', ${recordId + 1_000_000}, 'in', ${today}, ${at}::timestamptz, -6.2001, 106.8166, -6200100, 106816600)
      on conflict do nothing`);
    await db.execute(sql`insert into checkin_position (nrp, kind, record_id, side, tanggal, at, lat, long, lat6, long6) values
      (${SPG}, 'hari', ${recordId}, 'in', ${today}, ${at}::timestamptz, -6.2001, 106.8166, -6200100, 106816600)
      on conflict (kind, record_id, side) do update set lat6 = excluded.lat6, long6 = excluded.long6`);

    const detail = async (token: string) => {
      const res = await ctx.request('GET', `/api/absensi/tinjau/${id}`, { token });
      const text = await res.clone().text();
      return { text, result: (await body(res, TinjauDetailAnswerSchema)).result };
    };
    const tl = await detail(T.tl);
    expect(tl.result.matches).toEqual([
      expect.objectContaining({
        kemiripan: 'hampir_sama',
        matched_nama: 'karyawan lain',
        matched_nrp: null,
        matched_at: null,
        matched_foto: null,
      }),
      expect.objectContaining({ kemiripan: 'mirip', matched_nrp: TL }),
    ]);
    expect(tl.result.lokasi_sama).toContainEqual(
      expect.objectContaining({ nama: 'karyawan lain', nrp: null, at: null, tempat: null }),
    );
    expect(tl.text).not.toContain(other!.nrp);
    expect(tl.text).not.toContain('distance');
    expect(tl.result.boleh_tandai_alpa).toBe(false);

    const admin = await detail(T.admin);
    expect(admin.result.matches[0]).toMatchObject({ matched_nrp: other!.nrp, matched_nama: other!.nama });
    expect(admin.result.lokasi_sama).toContainEqual(
      expect.objectContaining({ nrp: other!.nrp, nama: other!.nama, at: expect.any(String) }),
    );
    expect(admin.result.lokasi_sama.find((m) => m.nrp === other!.nrp)!.tempat).toBeTruthy();
    expect(admin.result.boleh_tandai_alpa).toBe(true);
  });
});

describe('a rejected day', () => {
  it('still counts and is listed at posting until "Tandai Alpa" writes the audited manual change', async () => {
    const [one, two] = [await teamMember(), await teamMember()];
    const oneDay = await flaggedDay(one.token);
    const twoDay = await flaggedDay(two.token);
    const period = today.slice(0, 4) + today.slice(5, 7);
    const rejected = async () => {
      const res = await ctx.request('GET', `/api/absensi/period/${period}`, { token: T.admin });
      return (await body(res, AbsensiPeriodSummaryAnswerSchema)).period.tinjau_ditolak_hadir ?? [];
    };

    // Without absensi.manual the team leader cannot mark Alpa: refused whole, the review stays open.
    expect(
      await message(
        await decide(T.tl, oneDay.id, { keputusan: 'tolak', alasan: 'Bukan di toko', tandai_alpa: true }),
        403,
      ),
    ).toBe('Anda tidak berhak mengubah absensi');
    expect(await message(await decide(T.admin, oneDay.id, { keputusan: 'terima', tandai_alpa: true }), 400)).toBe(
      'Tandai Alpa hanya untuk absensi harian yang ditolak',
    );
    await body(await decide(T.tl, oneDay.id, { keputusan: 'tolak', alasan: 'Bukan di toko' }), TinjauItemAnswerSchema);
    expect(await rejected()).toContainEqual(expect.objectContaining({ nrp: one.nrp, tanggal: today }));

    // The admin rejects the other day and marks it Alpa through Absensi Manual.
    await body(
      await decide(T.admin, twoDay.id, { keputusan: 'tolak', alasan: 'Foto sama dengan kemarin', tandai_alpa: true }),
      TinjauItemAnswerSchema,
    );
    const list = await ctx.request('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${two.nrp}`, {
      token: T.hr,
    });
    expect(list.status).toBe(200);
    const [row] = ((await list.json()) as { result: { statusAbsensi: { id: string }; alasan: string | null }[] })
      .result;
    expect(row).toMatchObject({ statusAbsensi: { id: 'A' }, alasan: 'Ditolak peninjau: Foto sama dengan kemarin' });
    const listed = await rejected();
    expect(listed.some((d) => d.nrp === two.nrp && d.tanggal === today)).toBe(false);
    expect(listed.some((d) => d.nrp === one.nrp && d.tanggal === today)).toBe(true);
  });
});
