/**
 * Koreksi Absensi (issue 29 item 2) through HTTP: filing (reason, the last 7 days, a posted period, the
 * photo, replays), the queues by role and scope and her own list, who may decide, the chain team leader →
 * admin writing the day through the audited manual change (its history names the correction), "Lupa Check
 * Out" cleared, and the notifications of each step.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absensi, absensiChange, absensiPosting } from '../../../server/db/schema/absensi';
import { absensiKoreksi } from '../../../server/db/schema/koreksi';
import { period } from '../../../server/db/schema/master';
import { notifikasi } from '../../../server/db/schema/push';
import type { AbsensiChange } from '../../../src/domain/absensi/absensi-admin';
import { KOREKSI_MESSAGES as M, type KoreksiRow } from '../../../src/domain/absensi/koreksi';
import { dateIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
const T: Record<string, string> = {};
const SPG = '26000002';
const TL = '26000001';
/** Bandung, whose team leader has no account: her corrections go straight to the admin step. */
const EMP_BDG = '26000009';
const PASSWORD = 'Koreksi#Test2026';
const U = { admin: 'U00001', hr: 'U00002', tl: 'U00003', spg: 'U00004' } as const;

const day = (offset: number) => dateIn('Asia/Jakarta', new Date(Date.now() + offset * 86_400_000));

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

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

beforeAll(async () => {
  ctx = await createTestContext();
  for (const u of ['admin', 'hr', 'tl', 'spg']) T[u] = await ctx.tokenFor(u);
  T.bdg = await createUser('KORBDG', 'USER', EMP_BDG);
  // An administrator limited to Bandung.
  T.bdgAdmin = await createUser('KORADB', 'ADMIN', null, { lokasi: ['BDG'] });
  // An HR account of the Bandung employee herself: absensi.koreksi, yet never on her own request.
  T.bdgHr = await createUser('KORHRB', 'HR', EMP_BDG);
});
afterAll(() => ctx?.close());

type Fields = Record<string, string | undefined>;
function form(fields: Fields, foto?: Uint8Array<ArrayBuffer>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, v);
  if (foto) f.append('foto', new Blob([foto], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
const file = (
  token: string,
  fields: Fields,
  opts: { key?: string; foto?: Uint8Array<ArrayBuffer>; json?: boolean } = {},
) =>
  ctx.request('POST', '/api/absensi/koreksi', {
    token,
    body: opts.json ? fields : form(fields, opts.foto),
    headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
  });
async function filed(res: Response): Promise<number> {
  const body = (await res.json()) as { result: { id: number }; message: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.result.id;
}
const decide = (token: string, id: number, status: 'A' | 'R', keterangan?: string) =>
  ctx.request('POST', `/api/absensi/koreksi/${id}/status`, { token, body: { status, keterangan } });
async function queue(token: string, query = 'status=open') {
  const res = await ctx.request('GET', `/api/absensi/koreksi?${query}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: KoreksiRow[] }).result;
}
async function message(res: Response, status: number) {
  const body = (await res.json()) as { message: string };
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.message;
}
const notices = (userid: string) => ctx.database.db.select().from(notifikasi).where(eq(notifikasi.userid, userid));

/** Her day with a check-in and no check-out, marked "Lupa Check Out" (as the forgot-checkout job leaves it). */
async function forgotDay(nrp: string, tanggal: string) {
  const db = ctx.database.db;
  await db.delete(absensiChange).where(and(eq(absensiChange.nrp, nrp), eq(absensiChange.tanggal, tanggal)));
  await db.delete(absensi).where(and(eq(absensi.nrp, nrp), eq(absensi.tanggal, tanggal)));
  await db.insert(absensi).values({
    nrp,
    tanggal,
    tahun: Number(tanggal.slice(0, 4)),
    bulan: Number(tanggal.slice(5, 7)),
    sts_abs_id: 'H',
    jam_masuk: '08:01:00',
    jam_keluar: null,
    field_jam_masuk: '08:01:00',
    sumber: 'S',
    forgot_checkout: true,
  });
}

/** Posts the period that holds `tanggal` for the length of `fn`. */
async function whilePosted(tanggal: string, fn: () => Promise<void>) {
  const db = ctx.database.db;
  const [p] = (await periodsOf(tanggal)).map((id) => ({ id }));
  expect(p, `a period holding ${tanggal}`).toBeDefined();
  await db.insert(absensiPosting).values({ period_id: p!.id, posted_by: U.hr, employee_count: 0 });
  try {
    await fn();
  } finally {
    await db.delete(absensiPosting).where(eq(absensiPosting.period_id, p!.id));
  }
}
async function periodsOf(tanggal: string) {
  const rows = await ctx.database.db.select({ id: period.id, mulai: period.mulai, akhir: period.akhir }).from(period);
  return rows.filter((r) => r.mulai <= tanggal && r.akhir >= tanggal).map((r) => r.id);
}

describe('filing', () => {
  it('answers 400 in Indonesian without a reason, without a time, and for a day outside the last 7', async () => {
    expect(await message(await file(T.spg!, { tanggal: day(-1), jam_keluar: '17:00' }), 400)).toBe(M.alasanRequired);
    expect(await message(await file(T.spg!, { tanggal: day(-1), alasan: '  ' }), 400)).toBe(M.alasanRequired);
    expect(await message(await file(T.spg!, { tanggal: day(-1), alasan: 'Lupa' }), 400)).toBe(M.jamRequired);
    expect(await message(await file(T.spg!, { tanggal: day(-7), jam_keluar: '17:00', alasan: 'Lupa' }), 400)).toBe(
      M.tooOld,
    );
    expect(await message(await file(T.spg!, { tanggal: day(1), jam_keluar: '17:00', alasan: 'Lupa' }), 400)).toBe(
      M.future,
    );
    expect(
      await message(
        await file(T.spg!, { tanggal: day(-1), jam_masuk: '18:00', jam_keluar: '17:00', alasan: 'x' }),
        400,
      ),
    ).toBe(M.jamOrder);
    // JSON is taken too, with the same rules.
    expect(await message(await file(T.spg!, { tanggal: day(-1), jam_keluar: '17:00' }, { json: true }), 400)).toBe(
      M.alasanRequired,
    );
    expect((await ctx.request('POST', '/api/absensi/koreksi', { body: form({}) })).status).toBe(401);
  });

  it('refuses a proposed time later than the moment of filing: "Jam tidak boleh melebihi waktu sekarang"', async () => {
    // The server's clock at 10:00 of her today (WIB); a time already past is taken.
    const today = day(0);
    ctx.clock.offsetMs = Date.parse(`${today}T10:00:00+07:00`) - Date.now();
    try {
      const later = await file(T.spg!, { tanggal: today, jam_masuk: '08:00', jam_keluar: '10:30', alasan: 'Lupa' });
      expect(await message(later, 400)).toBe(M.jamFuture);
      const laterIn = await file(T.spg!, { tanggal: today, jam_masuk: '10:01', alasan: 'Lupa' });
      expect(await message(laterIn, 400)).toBe(M.jamFuture);
      // Filed offline at 09:00 and delivered at 10:00: measured at the filing, so 09:30 had not come yet.
      const offline = await file(T.spg!, {
        tanggal: today,
        jam_keluar: '09:30',
        alasan: 'Lupa',
        captured_at: `${today}T09:00:00+07:00`,
      });
      expect(await message(offline, 400)).toBe(M.jamFuture);
      // A phone clock ahead of the server's never makes a later time acceptable.
      const ahead = await file(T.spg!, {
        tanggal: today,
        jam_keluar: '10:30',
        alasan: 'Lupa',
        captured_at: `${today}T11:00:00+07:00`,
      });
      expect(await message(ahead, 400)).toBe(M.jamFuture);
      expect((await queue(T.spg!, 'status=all&mine=1')).filter((r) => r.tanggal === today)).toEqual([]);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('refuses an account without an employee (403) and a day of a posted period (409 "Periode sudah diposting")', async () => {
    expect((await file(T.admin!, { tanggal: day(-1), jam_keluar: '17:00', alasan: 'Lupa' })).status).toBe(403);
    await whilePosted(day(-3), async () => {
      const res = await file(T.spg!, { tanggal: day(-3), jam_keluar: '17:00', alasan: 'Lupa check out' });
      expect(await message(res, 409)).toBe('Periode sudah diposting');
    });
  });

  it('replays the same Idempotency-Key with the same id and writes once', async () => {
    const key = crypto.randomUUID();
    const fields = { tanggal: day(-6), jam_masuk: '08:00', alasan: 'Sinyal hilang saat check in' };
    const first = await filed(await file(T.spg!, fields, { key }));
    const again = await file(T.spg!, fields, { key });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await filed(again)).toBe(first);
    const rows = await ctx.database.db
      .select()
      .from(absensiKoreksi)
      .where(eq(absensiKoreksi.tanggal, day(-6)));
    expect(rows.filter((r) => r.nrp === SPG)).toHaveLength(1);
  });

  it('keeps the optional photo, shown to her, her team leader and HR in scope, to nobody else', async () => {
    const id = await filed(
      await file(T.spg!, { tanggal: day(-5), jam_masuk: '07:55:00', alasan: 'Foto check in gagal' }, { foto: JPEG }),
    );
    for (const who of ['spg', 'tl', 'hr']) {
      const res = await ctx.request('GET', `/api/absensi/koreksi/${id}/foto`, { token: T[who] });
      expect(res.status, who).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(JPEG);
    }
    expect((await ctx.request('GET', `/api/absensi/koreksi/${id}/foto`, { token: T.bdg })).status).toBe(404);
    expect((await ctx.request('GET', `/api/absensi/koreksi/${id}/foto`, { token: T.bdgAdmin })).status).toBe(404);
    const bad = await file(
      T.spg!,
      { tanggal: day(-5), jam_masuk: '07:55', alasan: 'x' },
      { foto: new Uint8Array([1, 2, 3]) },
    );
    expect(await message(bad, 400)).toBe(M.photoType);
  });
});

describe('queues and the chain', () => {
  let spgId: number;
  let bdgId: number;

  it('puts her request in her team leader’s queue and notifies him; a team-less one goes to the admins in scope', async () => {
    await forgotDay(SPG, day(-2));
    spgId = await filed(
      await file(T.spg!, { tanggal: day(-2), jam_keluar: '17:30', alasan: 'Lupa check out, pulang jam 17.30' }),
    );
    bdgId = await filed(await file(T.bdg!, { tanggal: day(-1), jam_masuk: '08:00', alasan: 'HP mati' }));

    const tlQueue = await queue(T.tl!);
    expect(tlQueue.map((r) => r.id)).toContain(spgId);
    expect(tlQueue.map((r) => r.id)).not.toContain(bdgId);
    expect(tlQueue.every((r) => r.tl_nrp === TL && r.step === 1)).toBe(true);
    const row = tlQueue.find((r) => r.id === spgId)!;
    expect(row).toMatchObject({
      nrp: SPG,
      tanggal: day(-2),
      jam_masuk_lama: '08:01:00',
      jam_keluar_lama: null,
      jam_keluar: '17:30:00',
      status: 'N',
      step: 1,
    });

    // Step 2 only: HR and admins in scope see the Bandung one, not the one waiting for the team leader.
    for (const who of ['hr', 'admin', 'bdgAdmin']) {
      const ids = (await queue(T[who]!)).map((r) => r.id);
      expect(ids, who).toContain(bdgId);
      expect(ids, who).not.toContain(spgId);
    }
    // Never her own, even with absensi.koreksi.
    expect((await queue(T.bdgHr!)).map((r) => r.id)).not.toContain(bdgId);
    // A plain employee has no queue.
    expect(await queue(T.spg!)).toEqual([]);

    const own = await queue(T.spg!, 'status=all&mine=1');
    expect(own.map((r) => r.id)).toContain(spgId);
    expect(own.every((r) => r.nrp === SPG)).toBe(true);
    expect((await queue(T.bdg!, 'status=open&mine=1')).map((r) => r.id)).toEqual([bdgId]);
    expect((await ctx.request('GET', '/api/absensi/koreksi?mine=1', { token: T.admin })).status).toBe(403);

    const tlNotices = await notices(U.tl);
    expect(
      tlNotices.some((n) => n.jenis === 'pengajuan' && n.title === 'Pengajuan baru' && n.url === '/approval/absensi'),
    ).toBe(true);
    expect((await notices(U.hr)).some((n) => n.jenis === 'pengajuan' && n.body.includes(EMP_BDG))).toBe(true);
    expect((await notices(U.hr)).some((n) => n.body.includes(SPG))).toBe(false);
  });

  it('answers 403 on her own request and to anyone but the approver of the waiting step', async () => {
    expect(await message(await decide(T.spg!, spgId, 'A'), 403)).toBe(M.ownRequest);
    expect(await message(await decide(T.bdgHr!, bdgId, 'A'), 403)).toBe(M.ownRequest);
    expect(await message(await decide(T.hr!, spgId, 'A'), 403)).toBe(M.notApprover);
    expect(await message(await decide(T.tl!, bdgId, 'A'), 403)).toBe(M.notApprover);
    expect((await decide(T.hr!, 999_999, 'A')).status).toBe(404);
  });

  it('team leader then admin: the day takes the new time, loses "Lupa Check Out", and its history names the correction', async () => {
    const tl = await decide(T.tl!, spgId, 'A', 'Benar, saya lihat dia di toko');
    expect(tl.status).toBe(200);
    expect(((await tl.json()) as { result: KoreksiRow }).result).toMatchObject({
      step: 2,
      status: 'N',
      tl_status: 'A',
    });
    // The admins in scope are told; the Bandung-only admin neither sees nor may decide it.
    expect((await notices(U.hr)).some((n) => n.jenis === 'pengajuan' && n.body.includes(SPG))).toBe(true);
    expect((await queue(T.hr!)).map((r) => r.id)).toContain(spgId);
    expect((await queue(T.bdgAdmin!)).map((r) => r.id)).not.toContain(spgId);
    expect((await decide(T.bdgAdmin!, spgId, 'A')).status).toBe(403);
    // The team leader has decided his step; it is in his decided list now.
    expect((await queue(T.tl!, 'status=decided')).map((r) => r.id)).toContain(spgId);

    const res = await decide(T.hr!, spgId, 'A');
    const body = (await res.json()) as { result: KoreksiRow; message: string };
    expect(res.status).toBe(200);
    expect(body.message).toBe(M.approved);
    expect(body.result).toMatchObject({ status: 'A', step: 0, admin_status: 'A' });

    const [row] = await ctx.database.db
      .select()
      .from(absensi)
      .where(and(eq(absensi.nrp, SPG), eq(absensi.tanggal, day(-2))));
    expect(row).toMatchObject({ jam_masuk: '08:01:00', jam_keluar: '17:30:00', sumber: 'M', forgot_checkout: false });
    // Her own check-in stays as the phone sent it (decision 027).
    expect(row!.field_jam_keluar).toBeNull();

    const history = await ctx.request('GET', `/api/absensi/${SPG}/${day(-2)}/history`, { token: T.hr });
    expect(history.status).toBe(200);
    const [newest] = ((await history.json()) as { result: AbsensiChange[] }).result;
    expect(newest).toMatchObject({
      alasan: `Koreksi Absensi #${spgId}: Lupa check out, pulang jam 17.30`,
      changed_by: U.hr,
      sebelum: { jam_keluar: null },
      sesudah: { jam_masuk: '08:01:00', jam_keluar: '17:30:00' },
    });

    const own = (await queue(T.spg!, 'status=all&mine=1')).find((r) => r.id === spgId)!;
    expect(own).toMatchObject({ status: 'A', tl_status: 'A', admin_status: 'A' });
    expect((await notices(U.spg)).some((n) => n.jenis === 'keputusan' && n.url === '/request/absensi')).toBe(true);
    // Decided once.
    expect(await message(await decide(T.admin!, spgId, 'R'), 409)).toBe(M.alreadyDecided);
  });

  it('a rejection ends the request without touching the day and tells her', async () => {
    const before = await ctx.database.db
      .select({ jam_masuk: absensi.jam_masuk })
      .from(absensi)
      .where(and(eq(absensi.nrp, EMP_BDG), eq(absensi.tanggal, day(-1))));
    const res = await decide(T.bdgAdmin!, bdgId, 'R', 'Tidak ada bukti');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: KoreksiRow }).result).toMatchObject({ status: 'R', step: 0 });
    const after = await ctx.database.db
      .select({ jam_masuk: absensi.jam_masuk })
      .from(absensi)
      .where(and(eq(absensi.nrp, EMP_BDG), eq(absensi.tanggal, day(-1))));
    expect(after).toEqual(before);
    const [bdgUser] = await ctx.database.db.select().from(notifikasi).where(eq(notifikasi.jenis, 'keputusan'));
    expect(bdgUser).toBeDefined();
    expect((await queue(T.bdg!, 'status=decided&mine=1')).map((r) => r.id)).toEqual([bdgId]);
  });

  it('refuses the approval of a day whose period was posted meanwhile (409)', async () => {
    const id = await filed(await file(T.bdg!, { tanggal: day(-4), jam_keluar: '17:00', alasan: 'Lupa check out' }));
    await whilePosted(day(-4), async () => {
      expect(await message(await decide(T.hr!, id, 'A'), 409)).toBe('Periode sudah diposting');
    });
    expect((await decide(T.hr!, id, 'A')).status).toBe(200);
  });
});
