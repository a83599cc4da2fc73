/**
 * Device-verified check-ins (decision 032) over HTTP, with a software passkey: enrollment, the challenge
 * batch, signed check-ins of the day and of a visit verified on arrival, and every way a signature can
 * fail stored and flagged, never refused; the devices routes' permissions and scope.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { perusahaan } from '../../../server/db/schema/master';
import type { AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import {
  canonicalPayload,
  signedChallenge,
  type ChallengeBatchAnswer,
  type DeviceRow,
  type SignedPayload,
} from '../../../src/domain/device/device';
import type { KunjunganCheckAnswer, KunjunganDay } from '../../../src/domain/absensi/kunjungan-checkin';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';
import { dayFlagsOf } from '../reviewer-flags';
import { SoftAuthenticator } from './soft-authenticator';

let ctx: TestContext;
let spg: string;
let tl: string;
let hr: string;
let admin: string;
const SPG_NRP = '26000002';
const WIB = 'Asia/Jakarta' as const;
const phone = new SoftAuthenticator();

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
const photoSha = createHash('sha256').update(JPEG).digest('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  await tokens();
});
afterAll(() => ctx.close());

async function tokens() {
  [spg, tl, hr, admin] = (await Promise.all(['spg', 'tl', 'hr', 'admin'].map((u) => ctx.tokenFor(u)))) as [
    string,
    string,
    string,
    string,
  ];
}

let nextDay = 0;
/** A day ahead of the seeded data at 18:00 WIB, fresh tokens. */
async function freshDay(): Promise<string> {
  nextDay += 3;
  const day = dateIn(WIB, new Date(Date.now() + nextDay * 86_400_000));
  ctx.clock.offsetMs = instantIn(WIB, day, '18:00:00').getTime() - Date.now();
  await tokens();
  return day;
}

async function enroll(auth: SoftAuthenticator, token = spg, name = 'Redmi 9A') {
  const opts = await ctx.request('POST', '/api/device/register/options', { token, body: { device_name: name } });
  expect(opts.status, await opts.clone().text()).toBe(200);
  const { options } = (await opts.json()) as { options: { challenge: string; rp: { id: string } } };
  expect(options.rp.id).toBe('localhost');
  return ctx.request('POST', '/api/device/register/verify', {
    token,
    body: { device_name: name, response: auth.register(options.challenge) },
  });
}

async function challenges(token = spg): Promise<ChallengeBatchAnswer> {
  const res = await ctx.request('GET', '/api/device/challenges', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as ChallengeBatchAnswer;
}

const digest = (p: SignedPayload) => createHash('sha256').update(canonicalPayload(p)).digest('base64url');

/** The day's check-in as the phone sends it; `signedAs` lets a test sign something else than it sends. */
function dayForm(
  tanggal: string,
  side: 'in' | 'out',
  jam: string,
  sign?: { nonce: string; auth?: SoftAuthenticator; signedAs?: Partial<SignedPayload> },
) {
  const fields = {
    tanggal,
    jam,
    captured_at: `${tanggal}T${jam}+07:00`,
    lat: -6.2001,
    long: 106.8166,
    accuracy: 9.5,
  };
  const f = new FormData();
  f.append('tanggal', tanggal);
  f.append(side === 'in' ? 'jam_masuk' : 'jam_keluar', jam);
  f.append('captured_at', fields.captured_at);
  f.append('lat', String(fields.lat));
  f.append('long', String(fields.long));
  f.append('accuracy', String(fields.accuracy));
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  if (sign) {
    const payload: SignedPayload = {
      nrp: SPG_NRP,
      action: side === 'in' ? 'absensi.check-in' : 'absensi.check-out',
      ...fields,
      photo_sha256: photoSha,
      ...sign.signedAs,
    };
    const assertion = (sign.auth ?? phone).assert(signedChallenge(sign.nonce, digest(payload)));
    f.append('assertion', JSON.stringify(assertion));
  }
  return f;
}
/** Her check-in as she is answered (no flag codes, issue 41 item 3), and the day's flags as HR reads them. */
async function day(form: FormData) {
  const res = await ctx.request('POST', '/api/absensi/new/spg', { token: spg, body: form });
  const result = ((await res.json()) as { result: AbsensiSpgRecord }).result;
  expect(result.flags).toEqual([]);
  return { status: res.status, result, flags: await dayFlagsOf(ctx, admin, SPG_NRP, result.tanggal) };
}

describe('enrollment and challenges', () => {
  it('enrolls her first phone as active and a second one as pending', async () => {
    const first = await enroll(phone);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(((await first.json()) as { result: DeviceRow }).result).toMatchObject({
      nrp: SPG_NRP,
      device_name: 'Redmi 9A',
      status: 'active',
    });
    // The same passkey again is a conflict, not a second device.
    const again = await ctx.request('POST', '/api/device/register/options', { token: spg, body: {} });
    const { options } = (await again.json()) as {
      options: { challenge: string; excludeCredentials: { id: string }[] };
    };
    expect(options.excludeCredentials.map((c) => c.id)).toContain(phone.id);

    const batch = await challenges();
    expect(batch.rp_id).toBe('localhost');
    expect(batch.challenges).toHaveLength(30);
    expect(new Set(batch.challenges.map((c) => c.nonce)).size).toBe(30);
    expect(batch.credential_ids).toEqual([phone.id]);
    // Asked again (another start, a reconnect): the same open nonces, not a second batch.
    const again2 = await challenges();
    expect(again2.challenges.map((c) => c.nonce).sort()).toEqual(batch.challenges.map((c) => c.nonce).sort());
    const days = (Date.parse(batch.challenges[0]!.expires_at) - (Date.now() + ctx.clock.offsetMs)) / 86_400_000;
    expect(days).toBeCloseTo(14, 0);
  });

  it('refuses a registration answered for another challenge, and accounts without an employee', async () => {
    const bad = await ctx.request('POST', '/api/device/register/verify', {
      token: spg,
      body: {
        device_name: 'x',
        response: new SoftAuthenticator().register(Buffer.from('not-issued').toString('base64url')),
      },
    });
    expect(bad.status).toBe(400);
    expect((await ctx.request('GET', '/api/device/challenges', { token: admin })).status).toBe(403);
    expect((await ctx.request('GET', '/api/device/challenges')).status).toBe(401);
  });
});

describe('signed check-ins are verified; every failure is stored and flagged', () => {
  it('a signed check-in and check-out of the day are verified by passkey', async () => {
    const tanggal = await freshDay();
    const [a, b] = (await challenges()).challenges;
    const checkIn = await day(dayForm(tanggal, 'in', '07:55:10', { nonce: a!.nonce }));
    expect(checkIn.status).toBe(201);
    expect(checkIn.result).toMatchObject({ in_verified: 'passkey', out_verified: null });
    expect(checkIn.flags).not.toContain('no_device_signature');
    const checkOut = await day(dayForm(tanggal, 'out', '16:05:00', { nonce: b!.nonce }));
    expect(checkOut.result).toMatchObject({ in_verified: 'passkey', out_verified: 'passkey' });
    expect(checkOut.flags.filter((f) => f.includes('signature') || f.includes('device'))).toEqual([]);
  });

  it('unsigned: recorded and flagged no_device_signature; a company that only records it is not flagged', async () => {
    const tanggal = await freshDay();
    const unsigned = await day(dayForm(tanggal, 'in', '08:00:00'));
    expect(unsigned.status).toBe(201);
    expect(unsigned.result).toMatchObject({ in_verified: 'none' });
    expect(unsigned.flags).toContain('no_device_signature');

    const [emp] = await ctx.database.db
      .select({ kode_prsh: karyawan.kode_prsh })
      .from(karyawan)
      .where(eq(karyawan.nrp, SPG_NRP));
    // HR sets the company's policy on the Perusahaan master (PUT /api/perusahaan/{kode}).
    const [company] = await ctx.database.db
      .select({ nama: perusahaan.nama })
      .from(perusahaan)
      .where(eq(perusahaan.kode_prsh, emp!.kode_prsh));
    const setPolicy = async (device_policy: string) => {
      const res = await ctx.request('PUT', `/api/perusahaan/${emp!.kode_prsh}`, {
        token: admin,
        body: { nama: company!.nama, device_policy },
      });
      expect(res.status).toBe(200);
    };
    const wrong = await ctx.request('PUT', `/api/perusahaan/${emp!.kode_prsh}`, {
      token: admin,
      body: { nama: company!.nama, device_policy: 'longgar' },
    });
    expect(wrong.status).toBe(400);
    await setPolicy('dicatat');
    try {
      const out = await day(dayForm(tanggal, 'out', '16:00:00'));
      expect(out.result).toMatchObject({ out_verified: 'none' });
      expect(out.flags.filter((f) => f === 'no_device_signature')).toHaveLength(1);
    } finally {
      await setPolicy('wajib');
    }
  });

  it('a payload changed after signing, a reused nonce and a nonce not issued to her are signature_invalid', async () => {
    const tanggal = await freshDay();
    const [a, b] = (await challenges()).challenges;
    // Signed at one place, sent with another.
    const moved = await day(dayForm(tanggal, 'in', '07:58:00', { nonce: a!.nonce, signedAs: { lat: -6.3 } }));
    expect(moved.status).toBe(201);
    expect(moved.result).toMatchObject({ in_verified: 'none', jam_masuk: '07:58:00' });
    expect(moved.flags).toContain('signature_invalid');

    const reused = await day(dayForm(tanggal, 'out', '16:00:00', { nonce: a!.nonce }));
    expect(reused.status).toBe(201);
    expect(reused.result).toMatchObject({ out_verified: 'none' });

    const tanggal2 = await freshDay();
    const invented = await day(dayForm(tanggal2, 'in', '07:40:00', { nonce: 'bm90LWlzc3VlZC10by1oZXI' }));
    expect(invented.flags).toContain('signature_invalid');
    // An honest one right after still verifies: nothing was spent by the failures but their own nonces.
    const honest = await day(dayForm(tanggal2, 'out', '15:00:00', { nonce: b!.nonce }));
    expect(honest.result.out_verified).toBe('passkey');
  });

  it('a second phone signs as new_device until approved; a revoked phone signs as device_revoked', async () => {
    const second = new SoftAuthenticator();
    const enrolled = await enroll(second, spg, 'Samsung A05');
    expect(enrolled.status).toBe(201);
    const row = ((await enrolled.json()) as { result: DeviceRow }).result;
    expect(row.status).toBe('pending');

    const tanggal = await freshDay();
    const [a, b] = (await challenges()).challenges;
    const fromNew = await day(dayForm(tanggal, 'in', '07:50:00', { nonce: a!.nonce, auth: second }));
    expect(fromNew.result).toMatchObject({ in_verified: 'none' });
    expect(fromNew.flags).toContain('new_device');

    // She may not approve her own phone; her team leader may.
    expect(
      (await ctx.request('POST', `/api/karyawan/${SPG_NRP}/devices/${row.id}/approve`, { token: spg })).status,
    ).toBe(403);
    const approved = await ctx.request('POST', `/api/karyawan/${SPG_NRP}/devices/${row.id}/approve`, { token: tl });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const fromApproved = await day(dayForm(tanggal, 'out', '16:00:00', { nonce: b!.nonce, auth: second }));
    expect(fromApproved.result.out_verified).toBe('passkey');

    const revoked = await ctx.request('DELETE', `/api/karyawan/${SPG_NRP}/devices/${row.id}`, { token: spg });
    expect(revoked.status).toBe(200);
    const tanggal2 = await freshDay();
    const [c] = (await challenges()).challenges;
    const fromRevoked = await day(dayForm(tanggal2, 'in', '07:45:00', { nonce: c!.nonce, auth: second }));
    expect(fromRevoked.result).toMatchObject({ in_verified: 'none' });
    expect(fromRevoked.flags).toContain('device_revoked');
  });

  it('a signed visit check-in is verified on its line', async () => {
    ctx.clock.offsetMs = 0;
    await tokens();
    const today = dateIn(WIB, new Date());
    const plan = (await (
      await ctx.request('GET', `/api/kunjungan/karyawan/me?tanggal=${today}`, { token: spg })
    ).json()) as { result: KunjunganDay };
    const line = plan.result.details.find((l) => !l.in_jam);
    expect(line).toBeDefined();
    const [a] = (await challenges()).challenges;
    const jam = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(11, 19);
    const captured_at = new Date(Date.now() - 60_000).toISOString();
    const payload: SignedPayload = {
      nrp: SPG_NRP,
      action: 'kunjungan.check-in',
      line_id: line!.id,
      jam,
      captured_at,
      lat: -6.2,
      long: 106.8,
      accuracy: 12,
      photo_sha256: photoSha,
    };
    const f = new FormData();
    f.append('jam', jam);
    f.append('captured_at', captured_at);
    f.append('lat', '-6.2');
    f.append('long', '106.8');
    f.append('accuracy', '12');
    f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
    f.append('assertion', JSON.stringify(phone.assert(signedChallenge(a!.nonce, digest(payload)))));
    const res = await ctx.request('POST', `/api/kunjungan/detail/${line!.id}/check-in`, { token: spg, body: f });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as KunjunganCheckAnswer).result).toMatchObject({ in_verified: 'passkey' });
  });
});

describe('GET, approve and revoke /api/karyawan/{nrp}/devices', () => {
  it('lists her devices to herself, her team leader and HR in scope; nobody else', async () => {
    for (const token of [spg, tl, hr]) {
      const res = await ctx.request('GET', `/api/karyawan/${SPG_NRP}/devices`, { token });
      expect(res.status).toBe(200);
      const rows = ((await res.json()) as { result: DeviceRow[] }).result;
      expect(rows.map((r) => r.device_name)).toEqual(['Redmi 9A', 'Samsung A05']);
    }
    expect((await ctx.request('GET', `/api/karyawan/${SPG_NRP}/devices`)).status).toBe(401);
    expect((await ctx.request('GET', '/api/karyawan/26000099/devices', { token: spg })).status).toBe(403);
    expect((await ctx.request('GET', '/api/karyawan/ZZZ999/devices', { token: hr })).status).toBe(404);
    expect((await ctx.request('GET', `/api/karyawan/${SPG_NRP}/devices`, { token: await outOfScope() })).status).toBe(
      403,
    );
  });

  it('approves at most 2 active devices, and a device of another employee is not found', async () => {
    const third = new SoftAuthenticator();
    await tokens();
    const res = await enroll(third, spg, 'Tablet');
    const row = ((await res.json()) as { result: DeviceRow }).result;
    expect(row.status).toBe('pending');
    // The revoked second phone no longer counts: her first and this one make two.
    expect(
      (await ctx.request('POST', `/api/karyawan/${SPG_NRP}/devices/${row.id}/approve`, { token: hr })).status,
    ).toBe(200);
    const fourth = await enroll(new SoftAuthenticator(), spg, 'Lagi');
    const four = ((await fourth.json()) as { result: DeviceRow }).result;
    const tooMany = await ctx.request('POST', `/api/karyawan/${SPG_NRP}/devices/${four.id}/approve`, { token: hr });
    expect(tooMany.status).toBe(409);
    expect((await ctx.request('DELETE', `/api/karyawan/26000001/devices/${four.id}`, { token: admin })).status).toBe(
      404,
    );
  });
});

/** An HR user whose scope is a location other than the demo SPG's. */
async function outOfScope(): Promise<string> {
  const [emp] = await ctx.database.db
    .select({ lokasi: karyawan.kode_lokasi })
    .from(karyawan)
    .where(eq(karyawan.nrp, SPG_NRP));
  const [other] = await ctx.database.db
    .select({ lokasi: karyawan.kode_lokasi })
    .from(karyawan)
    .where(eq(karyawan.kode_lokasi, emp!.lokasi === 'JKT' ? 'SBY' : 'JKT'))
    .limit(1);
  const userid = `D${String(Math.floor(Math.random() * 99999)).padStart(5, '0')}`;
  const res = await ctx.request('POST', '/api/users', {
    token: admin,
    body: {
      userid,
      username: `dev${userid}`,
      nama: 'HR Lain',
      password: 'Kuat#Sekali2026',
      role: 'HR',
      trustee: { lokasi: [other?.lokasi ?? 'SBY'] },
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ctx.tokenFor(`dev${userid}`, 'Kuat#Sekali2026');
}
