/**
 * Issue 41 item 2: a password alone cannot make a trusted device. Only an employee's very first passkey is
 * trusted as she enrols it; any later one (after she or anyone revoked her phone too) is pending, signs
 * with `new_device` and has no approver until her team leader approves it. At most 3 wait at once. The
 * relying party is configuration (PUBLIC_URL), never a request's Host, and each passkey verifies against
 * the RP ID it was made for. A check-in whose assertion is a file part is kept and flagged. The nightly
 * retention run deletes used and expired challenges.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { enqueueJob } from '../../../server/lib/jobs/queue';
import { PHOTO_RETENTION_JOB } from '../../../server/modules/absensi/photo-retention';
import type { AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import {
  canonicalPayload,
  DEVICE_MESSAGES,
  signedChallenge,
  type ChallengeBatchAnswer,
  type DeviceRow,
  type SignedPayload,
} from '../../../src/domain/device/device';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';
import { dayFlagsOf } from '../reviewer-flags';
import { SoftAuthenticator } from './soft-authenticator';

let ctx: TestContext;
const SPG_NRP = '26000002';
const TL_NRP = '26000001';
const TL_USERID = 'U00003';
const WIB = 'Asia/Jakarta' as const;

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
const photoSha = createHash('sha256').update(JPEG).digest('hex');
const digest = (p: SignedPayload) => createHash('sha256').update(canonicalPayload(p)).digest('base64url');

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let nextDay = 0;
/** A day ahead of the seeded data, the server's clock at 18:00 WIB on it. */
function freshDay(): string {
  nextDay += 2;
  const day = dateIn(WIB, new Date(Date.now() + nextDay * 86_400_000));
  ctx.clock.offsetMs = instantIn(WIB, day, '18:00:00').getTime() - Date.now();
  return day;
}

type Send = (method: string, path: string, opts?: { token?: string; body?: unknown }) => Promise<Response>;

/** The enrolment as a phone (or a script) does it: options, then the authenticator's answer. */
async function enroll(token: string, auth: SoftAuthenticator, name: string, request: Send = ctx.request) {
  const opts = await request('POST', '/api/device/register/options', { token, body: { device_name: name } });
  if (opts.status !== 200) return opts;
  const { options } = (await opts.json()) as { options: { challenge: string } };
  return request('POST', '/api/device/register/verify', {
    token,
    body: { device_name: name, response: auth.register(options.challenge) },
  });
}

async function challenges(token: string, request: Send = ctx.request): Promise<ChallengeBatchAnswer> {
  const res = await request('GET', '/api/device/challenges', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as ChallengeBatchAnswer;
}

/** The day's check-in or check-out of `nrp`, signed by `auth` over `nonce` (or with `assertion` as given). */
function dayForm(
  nrp: string,
  tanggal: string,
  side: 'in' | 'out',
  jam: string,
  sign: { nonce: string; auth: SoftAuthenticator } | { assertion: Blob | string },
) {
  const fields = { tanggal, jam, captured_at: `${tanggal}T${jam}+07:00`, lat: -6.2001, long: 106.8166, accuracy: 9.5 };
  const f = new FormData();
  f.append('tanggal', tanggal);
  f.append(side === 'in' ? 'jam_masuk' : 'jam_keluar', jam);
  f.append('captured_at', fields.captured_at);
  f.append('lat', String(fields.lat));
  f.append('long', String(fields.long));
  f.append('accuracy', String(fields.accuracy));
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  if ('assertion' in sign) {
    if (typeof sign.assertion === 'string') f.append('assertion', sign.assertion);
    else f.append('assertion', sign.assertion, 'assertion.bin');
  } else {
    const payload: SignedPayload = {
      nrp,
      action: side === 'in' ? 'absensi.check-in' : 'absensi.check-out',
      ...fields,
      photo_sha256: photoSha,
    };
    f.append('assertion', JSON.stringify(sign.auth.assert(signedChallenge(sign.nonce, digest(payload)))));
  }
  return f;
}

async function checkIn(token: string, form: FormData, request: Send = ctx.request) {
  const res = await request('POST', '/api/absensi/new/spg', { token, body: form });
  const text = await res.text();
  expect([200, 201], text).toContain(res.status);
  const result = (JSON.parse(text) as { result: AbsensiSpgRecord }).result;
  // She is never told which flags (issue 41 item 3): they are read where HR reads them (hrFlags).
  expect(result.flags).toEqual([]);
  return result;
}

/** A day's flags as HR's Absensi list answers them, with a token of the server's clock now. */
async function hrFlags(nrp: string, tanggal: string): Promise<string[]> {
  return dayFlagsOf(ctx, await ctx.tokenFor('admin'), nrp, tanggal);
}

async function devicesOf(nrp: string, token: string): Promise<DeviceRow[]> {
  const res = await ctx.request('GET', `/api/karyawan/${nrp}/devices`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: DeviceRow[] }).result;
}

describe('a password alone cannot make a trusted device', () => {
  it('revoking her phone and enrolling a script gives a pending device whose check-ins carry new_device until her team leader approves it', async () => {
    // Her own phone, her first device: trusted as she enrols it.
    const spg = await ctx.tokenFor('spg');
    const herPhone = new SoftAuthenticator();
    const first = await enroll(spg, herPhone, 'Redmi 9A');
    expect(first.status, await first.clone().text()).toBe(201);
    expect(((await first.json()) as { result: DeviceRow }).result.status).toBe('active');

    // Someone with only her password: logs in, revokes her phone, enrols a passkey of his own.
    const thief = await ctx.tokenFor('spg');
    const [phoneRow] = await devicesOf(SPG_NRP, thief);
    expect(
      (await ctx.request('DELETE', `/api/karyawan/${SPG_NRP}/devices/${phoneRow!.id}`, { token: thief })).status,
    ).toBe(200);
    const script = new SoftAuthenticator();
    const enrolled = await enroll(thief, script, 'Skrip');
    expect(enrolled.status, await enrolled.clone().text()).toBe(201);
    const answer = (await enrolled.json()) as { message: string; result: DeviceRow };
    expect(answer.message).toBe(DEVICE_MESSAGES.enrolledPending);
    expect(answer.result).toMatchObject({ status: 'pending', approved_by: null });

    // His signed check-in is kept, and says new_device: not "Terverifikasi perangkat".
    const tanggal = freshDay();
    const thiefNow = await ctx.tokenFor('spg');
    const [a, b] = (await challenges(thiefNow)).challenges;
    const forged = await checkIn(
      thiefNow,
      dayForm(SPG_NRP, tanggal, 'in', '07:55:00', { nonce: a!.nonce, auth: script }),
    );
    expect(forged.in_verified).toBe('none');
    expect(await hrFlags(SPG_NRP, tanggal)).toContain('new_device');
    const listed = (await devicesOf(SPG_NRP, await ctx.tokenFor('tl'))).find((d) => d.id === answer.result.id);
    expect(listed).toMatchObject({ status: 'pending', approved_by: null });

    // It waits on her team leader's and HR's approval screen, not on hers.
    const pendingFor = async (token: string) => {
      const res = await ctx.request('GET', '/api/device/pending', { token });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: (DeviceRow & { nama: string })[] }).result;
    };
    for (const who of ['tl', 'hr']) {
      const waiting = await pendingFor(await ctx.tokenFor(who));
      expect(waiting.find((d) => d.id === answer.result.id)).toMatchObject({
        nrp: SPG_NRP,
        device_name: 'Skrip',
        status: 'pending',
        nama: expect.any(String),
      });
    }
    expect(await pendingFor(thiefNow)).toEqual([]);

    // She cannot approve it herself; her team leader can, and from then on it verifies.
    expect(
      (await ctx.request('POST', `/api/karyawan/${SPG_NRP}/devices/${answer.result.id}/approve`, { token: thiefNow }))
        .status,
    ).toBe(403);
    const tl = await ctx.tokenFor('tl');
    const approved = await ctx.request('POST', `/api/karyawan/${SPG_NRP}/devices/${answer.result.id}/approve`, {
      token: tl,
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(((await approved.json()) as { result: DeviceRow }).result).toMatchObject({
      status: 'active',
      approved_by: TL_USERID,
    });
    expect((await pendingFor(tl)).map((d) => d.id)).not.toContain(answer.result.id);
    const after = await checkIn(
      thiefNow,
      dayForm(SPG_NRP, tanggal, 'out', '16:00:00', { nonce: b!.nonce, auth: script }),
    );
    expect(after.out_verified).toBe('passkey');
  });

  it('keeps at most 3 devices waiting, refused with a message in Indonesian, also when enrolled at once', async () => {
    const spg = await ctx.tokenFor('spg');
    for (const name of ['Dua', 'Tiga']) expect((await enroll(spg, new SoftAuthenticator(), name)).status).toBe(201);
    // Two enrolments started together while two wait: only one can take the third place.
    const starts = await Promise.all(
      [0, 1].map(async () => {
        const res = await ctx.request('POST', '/api/device/register/options', { token: spg, body: {} });
        expect(res.status).toBe(200);
        return ((await res.json()) as { options: { challenge: string } }).options.challenge;
      }),
    );
    const verifies: Response[] = [];
    for (const challenge of starts) {
      verifies.push(
        await ctx.request('POST', '/api/device/register/verify', {
          token: spg,
          body: { device_name: 'Bersamaan', response: new SoftAuthenticator().register(challenge) },
        }),
      );
    }
    expect(verifies.map((r) => r.status)).toEqual([201, 400]);
    const refusal = (await verifies[1]!.json()) as { message: string };
    expect(refusal.message).toBe(DEVICE_MESSAGES.tooManyPending(3));
    expect(refusal.message).toMatch(/^Sudah ada 3 perangkat menunggu persetujuan/);

    // A fourth asked for later is refused before the phone makes a passkey.
    const fourth = await enroll(spg, new SoftAuthenticator(), 'Empat');
    expect(fourth.status).toBe(400);
    expect(((await fourth.json()) as { message: string }).message).toBe(DEVICE_MESSAGES.tooManyPending(3));
    const waiting = (await devicesOf(SPG_NRP, spg)).filter((d) => d.status === 'pending');
    expect(waiting).toHaveLength(3);

    // Turning one down (revoking it) makes room again.
    const hr = await ctx.tokenFor('hr');
    expect(
      (await ctx.request('DELETE', `/api/karyawan/${SPG_NRP}/devices/${waiting[0]!.id}`, { token: hr })).status,
    ).toBe(200);
    expect((await enroll(spg, new SoftAuthenticator(), 'Lima')).status).toBe(201);
  });

  it('a check-in whose assertion part is a file is stored and flagged signature_invalid', async () => {
    const tanggal = freshDay();
    const spg = await ctx.tokenFor('spg');
    const assertion = new Blob(['{"id":"x"}'], { type: 'application/json' });
    const res = await ctx.request('POST', '/api/absensi/new/spg', {
      token: spg,
      body: dayForm(SPG_NRP, tanggal, 'in', '08:01:00', { assertion }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const record = ((await res.json()) as { result: AbsensiSpgRecord }).result;
    expect(record).toMatchObject({ tanggal, jam_masuk: '08:01:00', in_verified: 'none' });
    expect(record.flags).toEqual([]);
    expect(await hrFlags(SPG_NRP, tanggal)).toContain('signature_invalid');
  });
});

describe('the relying party comes from configuration only', () => {
  /** The app as a request addressed to evil.test reaches it (the Host a client chose). */
  const viaEvilHost: Send = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { Host: 'evil.test', Origin: 'http://evil.test' };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.body instanceof FormData)
      return ctx.app.request(`http://evil.test${path}`, { method, headers, body: opts.body });
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return ctx.app.request(`http://evil.test${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  };

  it('Host: evil.test neither registers nor verifies passkeys for evil.test', async () => {
    const hr = await ctx.tokenFor('hr');
    const tl = await ctx.tokenFor('tl');
    const opts = await viaEvilHost('POST', '/api/device/register/options', { token: tl, body: {} });
    expect(opts.status).toBe(200);
    const { options } = (await opts.json()) as { options: { challenge: string; rp: { id: string } } };
    expect(options.rp.id).toBe('localhost');
    expect((await challenges(tl, viaEvilHost)).rp_id).toBe('localhost');

    // A passkey made for evil.test is refused, whatever Host the request names.
    const evil = new SoftAuthenticator('evil.test', 'http://evil.test');
    const refused = await viaEvilHost('POST', '/api/device/register/verify', {
      token: tl,
      body: { device_name: 'Evil', response: evil.register(options.challenge) },
    });
    expect(refused.status).toBe(400);
    expect(await devicesOf(TL_NRP, hr)).toEqual([]);

    // The configured RP's passkey enrols through that Host too; a check-in it signs verifies, and one
    // signed for evil.test does not.
    const own = new SoftAuthenticator();
    expect((await enroll(tl, own, 'Ponsel TL', viaEvilHost)).status).toBe(201);
    const tanggal = freshDay();
    const tlNow = await ctx.tokenFor('tl');
    const [a, b] = (await challenges(tlNow, viaEvilHost)).challenges;
    const forged = await checkIn(
      tlNow,
      dayForm(TL_NRP, tanggal, 'in', '07:50:00', { nonce: a!.nonce, auth: evil }),
      viaEvilHost,
    );
    expect(forged.in_verified).toBe('none');
    expect(await hrFlags(TL_NRP, tanggal)).toContain('signature_invalid');
    const honest = await checkIn(
      tlNow,
      dayForm(TL_NRP, tanggal, 'out', '16:10:00', { nonce: b!.nonce, auth: own }),
      viaEvilHost,
    );
    expect(honest.out_verified).toBe('passkey');
  });

  it('a passkey verifies against the RP ID it was made for, after the configured RP ID changed', async () => {
    const appFor = (rp: { id: string; origin: string }) =>
      createApp({
        db: ctx.database.db,
        jwtKey: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
        tokenTtlHours: 12,
        storage: ctx.storage,
        now: () => new Date(Date.now() + ctx.clock.offsetMs),
        publicUrl: 'https://hadir.example.com',
        relyingParty: rp,
      });
    const requestOn =
      (app: ReturnType<typeof createApp>): Send =>
      async (method, path, opts = {}) => {
        const headers: Record<string, string> = {};
        if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
        if (opts.body instanceof FormData) return app.request(path, { method, headers, body: opts.body });
        if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
        return app.request(path, {
          method,
          headers,
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        });
      };
    // Enrolled while the RP ID was the app's own host…
    const before = requestOn(appFor({ id: 'hadir.example.com', origin: 'https://hadir.example.com' }));
    const hr = await ctx.tokenFor('hr');
    const [emp] = (
      (await ctx.database.db.execute(
        sql`select k.nrp from karyawan k where k.team_leader_nrp = ${TL_NRP} and k.nrp <> ${SPG_NRP}
             and not exists (select 1 from device_credential d where d.nrp = k.nrp) order by k.nrp limit 1`,
      )) as unknown as { rows: { nrp: string }[] }
    ).rows;
    expect(emp).toBeDefined();
    const account = `pk${Date.now().toString(36).slice(-6)}`;
    const created = await ctx.request('POST', '/api/users', {
      token: await ctx.tokenFor('admin'),
      body: {
        userid: `P${account.slice(-5).toUpperCase()}`,
        username: account,
        nama: 'SPG RP',
        password: 'Kuat#Sekali2026',
        role: 'USER',
        nrp: emp!.nrp,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const token = await ctx.tokenFor(account, 'Kuat#Sekali2026');
    const phone = new SoftAuthenticator('hadir.example.com', 'https://hadir.example.com');
    expect((await enroll(token, phone, 'Ponsel', before)).status).toBe(201);
    expect((await devicesOf(emp!.nrp, hr)).map((d) => d.status)).toEqual(['active']);

    // …and signing after the operator moved the RP ID to the parent domain: still verified.
    const after = requestOn(appFor({ id: 'example.com', origin: 'https://hadir.example.com' }));
    const tanggal = freshDay();
    const now = await ctx.tokenFor(account, 'Kuat#Sekali2026');
    const [a] = (await challenges(now, after)).challenges;
    const record = await checkIn(
      now,
      dayForm(emp!.nrp, tanggal, 'in', '07:45:00', { nonce: a!.nonce, auth: phone }),
      after,
    );
    expect(record.in_verified).toBe('passkey');
  });
});

describe('the nightly retention run purges used and expired challenges', () => {
  it('deletes used and expired registration and check-in challenges and keeps the open ones', async () => {
    const count = async (where: ReturnType<typeof sql>) =>
      (
        (await ctx.database.db.execute(
          sql`select count(*)::int as n from device_challenge where ${where}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const tl = await ctx.tokenFor('tl');
    // An enrolment started and never finished: a registration challenge left to expire.
    expect((await ctx.request('POST', '/api/device/register/options', { token: tl, body: {} })).status).toBe(200);
    const open = (await challenges(tl)).challenges.map((c) => c.nonce);
    const at = new Date(Date.now() + ctx.clock.offsetMs + 10 * 60_000);
    expect(await count(sql`used_at is not null`)).toBeGreaterThan(0);
    expect(await count(sql`kind = 'register' and used_at is null`)).toBeGreaterThan(0);

    ctx.clock.offsetMs += 10 * 60_000;
    await enqueueJob(ctx.database.db, PHOTO_RETENTION_JOB);
    await ctx.jobs.drain();

    expect(await count(sql`used_at is not null`)).toBe(0);
    expect(await count(sql`expires_at <= ${at.toISOString()}::timestamptz`)).toBe(0);
    // Her phone's unused, unexpired nonces are still hers to sign with.
    const kept = (await challenges(await ctx.tokenFor('tl'))).challenges.map((c) => c.nonce);
    expect(kept.sort()).toEqual(open.sort());
  });
});
