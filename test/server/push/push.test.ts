/**
 * Web Push (issue 29) through HTTP and the job queue, against a local push service: a node http server on
 * 127.0.0.1 (allowed by PUSH_ENDPOINT_HOSTS) that records every request and decrypts its body with
 * http_ece (RFC 8291) using the key pair of a subscription made here, as a browser would. The host
 * allowlist refuses every other endpoint and no request ever leaves for one; a 410 removes the
 * subscription; a kind turned off is not pushed but still lands in the bell list.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { pushSubscription } from '../../../server/db/schema/push';
import { enqueueJob } from '../../../server/lib/jobs/queue';
import { NEWS_NOTIFY_JOB } from '../../../server/modules/news/news-notify';
import { notifyUsers } from '../../../server/modules/push/notify';
import type { NotifikasiListAnswer, PushSettingAnswer } from '../../../src/domain/push/push';
import { createTestContext, type TestContext } from '../helpers';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server;
let base: string;
const received: Received[] = [];
/** path → the status the push service answers (default 201). */
const answer = new Map<string, number>();

let ctx: TestContext;
const T: Record<'admin' | 'tl' | 'spg' | 'hr', string> = { admin: '', tl: '', spg: '', hr: '' };
let publicKey = '';

/** A browser's subscription key pair: ECDH P-256 and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

function decrypt(r: Received, k: ReturnType<typeof browserKeys>) {
  const plain = ece.decrypt(r.body, {
    version: 'aes128gcm',
    privateKey: k.ecdh,
    authSecret: k.auth.toString('base64url'),
  });
  return JSON.parse(plain.toString('utf8')) as { title: string; body: string; url: string };
}

/** The VAPID header: `vapid t=<ES256 JWT>, k=<public key>`, signed by the key GET /api/push/key answers. */
function checkVapid(r: Received) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(r.headers.authorization));
  expect(m, String(r.headers.authorization)).not.toBeNull();
  const [jwt, k] = [m![1]!, m![2]!];
  expect(k).toBe(publicKey);
  const [h, p, sig] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  expect(claims.aud).toBe(base);
  expect(claims.sub).toBe('mailto:push-test@hadir.local');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig!, 'base64url'),
  );
  expect(ok).toBe(true);
}

async function subscribe(token: string, endpoint: string, keys: { p256dh: string; auth: string }) {
  return ctx.request('POST', '/api/push/subscription', { token, body: { endpoint, expirationTime: null, keys } });
}

async function bell(token: string) {
  const res = await ctx.request('GET', '/api/notifikasi', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as NotifikasiListAnswer;
}

const jakartaDay = (offset: number) =>
  new Date(Date.now() + 7 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function fileLeave(start: number) {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    tanggal: jakartaDay(0),
    jenis_leave: '3',
    start_date: jakartaDay(start),
    end_date: jakartaDay(start),
    keterangan: 'Urusan keluarga',
  }))
    f.append(k, v);
  const res = await ctx.request('POST', '/api/leave', { token: T.spg, body: f });
  const body = (await res.json()) as {
    result: { leave_id: number; approval: { approval_id: number; approval_role: string }[] };
  };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.result;
}

const sent = (path: string) => received.filter((r) => r.path === path);

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({
    push: { subject: 'mailto:push-test@hadir.local', extraHosts: [`127.0.0.1:${port}`] },
  });
  for (const u of ['admin', 'tl', 'spg', 'hr'] as const) T[u] = await ctx.tokenFor(u);
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the VAPID key', () => {
  it('is made once and kept; a signed-in user reads it', async () => {
    const a = await ctx.request('GET', '/api/push/key', { token: T.spg });
    expect(a.status).toBe(200);
    publicKey = ((await a.json()) as { result: { publicKey: string } }).result.publicKey;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    const b = await ctx.request('GET', '/api/push/key', { token: T.admin });
    expect(((await b.json()) as { result: { publicKey: string } }).result.publicKey).toBe(publicKey);
    expect((await ctx.request('GET', '/api/push/key')).status).toBe(401);
  });
});

describe('the push services allowlist', () => {
  it('refuses every endpoint off the push services’ hosts with a 400, and sends nothing there', async () => {
    const { keys } = browserKeys();
    const port = new URL(base).port;
    for (const endpoint of [
      'https://evil.example.com/push/1',
      `http://localhost:${port}/push/sneaky`,
      `http://127.0.0.1:${Number(port) + 1}/push/other-port`,
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://notpush.apple.com/x',
      'https://push.services.mozilla.com.example/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await subscribe(T.spg, endpoint, keys);
      expect(res.status, endpoint).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message).toMatch(/^(Alamat push tidak diizinkan|Alamat push tidak valid)/);
    }
    const n = await ctx.database.db.select().from(pushSubscription);
    expect(n).toHaveLength(0);
    expect(received).toHaveLength(0);
  });

  it('accepts the push services’ own hosts', async () => {
    const { keys } = browserKeys();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx0',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect((await subscribe(T.hr, endpoint, keys)).status, endpoint).toBe(200);
      expect((await ctx.request('DELETE', '/api/push/subscription', { token: T.hr, body: { endpoint } })).status).toBe(
        200,
      );
    }
    expect(await ctx.database.db.select().from(pushSubscription)).toHaveLength(0);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
    const { keys } = browserKeys();
    const endpoint = `${base}/push/bad-keys`;
    for (const bad of [
      { ...keys, auth: 'short' },
      { ...keys, p256dh: keys.p256dh.slice(0, 40) },
      { ...keys, p256dh: `A${keys.p256dh.slice(1)}` },
      { ...keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' },
    ]) {
      const res = await subscribe(T.spg, endpoint, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('an endpoint stored before its host was removed from the list is dropped, never sent to', async () => {
    const { keys } = browserKeys();
    const [tl] = await ctx.database.db
      .execute<{ userid: string }>(`select userid from users where username = 'tl'` as never)
      .then((r) => (r as unknown as { rows: { userid: string }[] }).rows);
    const endpoint = `http://localhost:${new URL(base).port}/push/stale`;
    await ctx.database.db.insert(pushSubscription).values({ userid: tl!.userid, endpoint, ...keys });
    await notifyUsers(ctx.database.db, [tl!.userid], {
      jenis: 'info',
      title: 'Uji',
      body: 'Tidak terkirim',
      url: '/info',
    });
    await ctx.jobs.drain();
    expect(received).toHaveLength(0);
    expect(
      await ctx.database.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, endpoint)),
    ).toHaveLength(0);
  });
});

describe('a leave request, end to end', () => {
  const tlKeys = browserKeys();
  const spgKeys = browserKeys();
  const tlPath = '/push/tl-tablet';
  const spgPath = '/push/spg-phone';
  let leave: Awaited<ReturnType<typeof fileLeave>>;

  it('filing tells the team leader "Pengajuan baru", off the request path, encrypted for her browser', async () => {
    expect((await subscribe(T.tl, `${base}${tlPath}`, tlKeys.keys)).status).toBe(200);
    expect((await subscribe(T.spg, `${base}${spgPath}`, spgKeys.keys)).status).toBe(200);
    leave = await fileLeave(40);
    expect(received).toHaveLength(0);
    await ctx.jobs.drain();
    const [r] = sent(tlPath);
    expect(r).toBeDefined();
    expect(sent(tlPath)).toHaveLength(1);
    expect(r!.headers['content-encoding']).toBe('aes128gcm');
    expect(r!.headers.ttl).toBe(String(12 * 3600));
    checkVapid(r!);
    const payload = decrypt(r!, tlKeys);
    expect(payload.title).toBe('Pengajuan baru');
    expect(payload.body).toMatch(/mengajukan .+\. Menunggu persetujuan Anda\.$/);
    expect(payload.url).toBe('/approval/leave');
    expect(sent(spgPath)).toHaveLength(0);

    const list = await bell(T.tl);
    expect(list.result[0]).toMatchObject({ title: 'Pengajuan baru', url: '/approval/leave', read: false });
    expect(list.unread).toBeGreaterThanOrEqual(1);
  });

  it('the team leader’s approval reaches the employee, and the admin step’s approvers hear of it', async () => {
    const step = leave.approval.find((s) => s.approval_role === 'TL')!;
    const res = await ctx.request('POST', '/api/leave/approved/status', {
      token: T.tl,
      body: { id: step.approval_id, status: 'A' },
    });
    expect(res.status).toBe(200);
    await ctx.jobs.drain();
    const [r] = sent(spgPath);
    expect(decrypt(r!, spgKeys)).toMatchObject({ title: 'Disetujui Team Leader', url: '/leave' });
    expect((await bell(T.admin)).result[0]).toMatchObject({
      title: 'Pengajuan baru',
      url: '/approval/leave',
      read: false,
    });
    expect(decrypt(r!, spgKeys).body).toMatch(/, menunggu persetujuan Admin\.$/);
    // Her decision settles her "Pengajuan baru": read in her bell, on any device that asks.
    const asked = (await bell(T.tl)).result.filter((i) => i.title === 'Pengajuan baru');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.read).toBe(true);
  });

  it('a 410 from the push service removes the subscription; the decision is still in her bell', async () => {
    answer.set(spgPath, 410);
    const step = leave.approval.find((s) => s.approval_role === 'ADMIN')!;
    const res = await ctx.request('POST', '/api/leave/approved/status', {
      token: T.admin,
      body: { id: step.approval_id, status: 'A' },
    });
    expect(res.status).toBe(200);
    await ctx.jobs.drain();
    expect(sent(spgPath)).toHaveLength(2);
    expect(decrypt(sent(spgPath)[1]!, spgKeys).title).toBe('Pengajuan disetujui');
    expect((await bell(T.admin)).result.find((i) => i.title === 'Pengajuan baru')?.read).toBe(true);
    const rows = await ctx.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, `${base}${spgPath}`));
    expect(rows).toHaveLength(0);
    const setting = (await (
      await ctx.request('GET', '/api/push/setting', { token: T.spg })
    ).json()) as PushSettingAnswer;
    expect(setting.result.subscriptions).toBe(0);
    expect((await bell(T.spg)).result[0]).toMatchObject({ title: 'Pengajuan disetujui', read: false });
  });

  it('lists the switches of the kinds each role can receive: an SPG has no "Pengajuan baru"', async () => {
    const kinds = async (token: string) =>
      ((await (await ctx.request('GET', '/api/push/setting', { token })).json()) as PushSettingAnswer).result.settings
        .map((s) => s.jenis)
        .sort();
    expect(await kinds(T.spg)).toEqual(['info', 'keputusan', 'pengingat', 'rencana']);
    expect(await kinds(T.tl)).toEqual(['info', 'keputusan', 'pengajuan', 'pengingat', 'rencana']);
    // The admin decides requests and has no employee record: no decisions of her own, no reminders.
    expect(await kinds(T.admin)).toEqual(['info', 'pengajuan']);
  });

  it('a kind turned off is not pushed but lands in the bell list', async () => {
    const put = await ctx.request('PUT', '/api/push/setting', {
      token: T.tl,
      body: { jenis: 'pengajuan', aktif: false },
    });
    expect(put.status).toBe(200);
    const got = (await (await ctx.request('GET', '/api/push/setting', { token: T.tl })).json()) as PushSettingAnswer;
    expect(got.result.settings.find((s) => s.jenis === 'pengajuan')).toEqual({ jenis: 'pengajuan', aktif: false });
    expect(got.result.settings.find((s) => s.jenis === 'keputusan')).toEqual({ jenis: 'keputusan', aktif: true });
    expect(got.result.subscriptions).toBe(1);
    const before = sent(tlPath).length;
    const unread = (await bell(T.tl)).unread;
    await fileLeave(45);
    await ctx.jobs.drain();
    expect(sent(tlPath)).toHaveLength(before);
    const list = await bell(T.tl);
    expect(list.unread).toBe(unread + 1);
    expect(list.result[0]!.title).toBe('Pengajuan baru');
    const bad = await ctx.request('PUT', '/api/push/setting', { token: T.tl, body: { jenis: 'lain', aktif: false } });
    expect(bad.status).toBe(400);
  });
});

describe('the bell list', () => {
  it('marks her own items read, by id or all, idempotently; another user’s ids change nothing', async () => {
    const list = await bell(T.tl);
    expect(list.unread).toBeGreaterThanOrEqual(2);
    const first = list.result[0]!;
    const other = await ctx.request('POST', '/api/notifikasi/read', { token: T.spg, body: { ids: [first.id] } });
    expect(other.status).toBe(200);
    expect((await bell(T.tl)).unread).toBe(list.unread);

    const one = await ctx.request('POST', '/api/notifikasi/read', { token: T.tl, body: { ids: [first.id] } });
    expect(((await one.json()) as { unread: number }).unread).toBe(list.unread - 1);
    const again = await ctx.request('POST', '/api/notifikasi/read', { token: T.tl, body: { ids: [first.id] } });
    expect(((await again.json()) as { unread: number }).unread).toBe(list.unread - 1);
    expect((await bell(T.tl)).result[0]).toMatchObject({ id: first.id, read: true });

    const all = await ctx.request('POST', '/api/notifikasi/read', { token: T.tl, body: {} });
    expect((await all.json()) as { unread: number; message: string }).toEqual({
      message: 'Notifikasi ditandai sudah dibaca',
      unread: 0,
    });
    expect((await bell(T.tl)).result.every((i) => i.read)).toBe(true);
    expect((await ctx.request('GET', '/api/notifikasi')).status).toBe(401);
  });
});

describe('subscriptions', () => {
  const ownerOf = async (endpoint: string) =>
    (await ctx.database.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, endpoint)))[0];

  it('an endpoint another user subscribed is refused with 409, not moved; only its owner removes it', async () => {
    const k = browserKeys();
    const endpoint = `${base}/push/shared-tablet`;
    expect((await subscribe(T.tl, endpoint, k.keys)).status).toBe(200);
    const tlRow = await ownerOf(endpoint);
    expect(tlRow).toBeDefined();

    const other = browserKeys();
    const res = await subscribe(T.hr, endpoint, other.keys);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: 'Perangkat ini sudah terdaftar untuk pengguna lain',
      error: { code: 'conflict' },
    });
    // Still hers, with her keys: pushes for her are not sent to the caller's keys.
    expect(await ownerOf(endpoint)).toMatchObject({ userid: tlRow!.userid, p256dh: k.keys.p256dh });

    // Her own renewal (new keys for the same endpoint) is accepted.
    const renewed = browserKeys();
    expect((await subscribe(T.tl, endpoint, renewed.keys)).status).toBe(200);
    expect(await ownerOf(endpoint)).toMatchObject({ userid: tlRow!.userid, p256dh: renewed.keys.p256dh });

    await ctx.request('DELETE', '/api/push/subscription', { token: T.hr, body: { endpoint } });
    expect((await ownerOf(endpoint))?.userid).toBe(tlRow!.userid);
    await ctx.request('DELETE', '/api/push/subscription', { token: T.tl, body: { endpoint } });
    expect(await ownerOf(endpoint)).toBeUndefined();
    // Once she let it go, the other user may subscribe that browser.
    expect((await subscribe(T.hr, endpoint, other.keys)).status).toBe(200);
    await ctx.request('DELETE', '/api/push/subscription', { token: T.hr, body: { endpoint } });
  });

  it('keeps at most 5 browsers per user: a sixth replaces her oldest', async () => {
    const count = async () => {
      const res = await ctx.request('GET', '/api/push/setting', { token: T.admin });
      expect(res.status).toBe(200);
      return ((await res.json()) as PushSettingAnswer).result.subscriptions;
    };
    const start = await count();
    const endpoints = Array.from({ length: 7 }, (_, i) => `${base}/push/admin-browser-${i}`);
    for (const [i, endpoint] of endpoints.entries()) {
      expect((await subscribe(T.admin, endpoint, browserKeys().keys)).status).toBe(200);
      expect(await count()).toBe(Math.min(5, start + i + 1));
    }
    // The newest five are kept, the oldest gone.
    const kept = await Promise.all(endpoints.map(async (e) => (await ownerOf(e)) !== undefined));
    expect(kept).toEqual([false, false, true, true, true, true, true]);
    // Renewing one makes it the newest: the next new browser replaces the oldest of the others.
    expect((await subscribe(T.admin, endpoints[2]!, browserKeys().keys)).status).toBe(200);
    expect((await subscribe(T.admin, `${base}/push/admin-browser-7`, browserKeys().keys)).status).toBe(200);
    expect(await ownerOf(endpoints[2]!)).toBeDefined();
    expect(await ownerOf(endpoints[3]!)).toBeUndefined();
    expect(await count()).toBe(5);
    // Another user's browsers are not touched by hers.
    for (const e of [...endpoints, `${base}/push/admin-browser-7`]) {
      await ctx.request('DELETE', '/api/push/subscription', { token: T.admin, body: { endpoint: e } });
    }
    expect(await count()).toBe(0);
  });
});

describe('news and today’s plan', () => {
  it('a published news item reaches its audience’s bell and browsers through a job', async () => {
    const k = browserKeys();
    const path = '/push/spg-news';
    expect((await subscribe(T.spg, `${base}${path}`, k.keys)).status).toBe(200);
    const [me] = await ctx.database.db
      .select({ kode_prsh: karyawan.kode_prsh, kode_lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(eq(karyawan.nrp, '26000002'));
    const f = new FormData();
    for (const [key, v] of Object.entries({
      judul: 'Seragam baru mulai Senin',
      isi: 'Semua toko memakai seragam baru.',
      // Valid since yesterday: told at once at any hour (one valid from today waits for 07:00 WIB).
      validfrom: jakartaDay(-1),
      validto: jakartaDay(7),
      kode_prsh: me!.kode_prsh,
      kode_lokasi: me!.kode_lokasi,
    }))
      f.append(key, v);
    const res = await ctx.request('POST', '/api/news', { token: T.admin, body: f });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { result: { news_id: number } }).result.news_id;
    await ctx.jobs.drain();
    expect(decrypt(sent(path)[0]!, k)).toEqual({
      title: 'Info baru',
      body: 'Seragam baru mulai Senin',
      url: `/info/${id}`,
    });
    expect((await bell(T.spg)).result[0]).toMatchObject({ jenis: 'info', url: `/info/${id}` });
    // The admin is not in the audience (no employee of that location).
    expect((await bell(T.admin)).result.some((i) => i.url === `/info/${id}`)).toBe(false);
    // A second run of the fan-out notifies nobody twice.
    await enqueueJob(ctx.database.db, NEWS_NOTIFY_JOB, { news_id: id });
    await ctx.jobs.drain();
    expect((await bell(T.spg)).result.filter((i) => i.url === `/info/${id}`)).toHaveLength(1);
    expect(sent(path)).toHaveLength(1);
  });

  it('a change to a line of her plan for today tells her; another day’s line does not', async () => {
    const today = jakartaDay(0);
    const lines = await ctx.database.db
      .select({
        id: kunjunganDetail.id,
        tgl: kunjunganDetail.tgl_dcp,
        shift_id: kunjunganDetail.shift_id,
        cust_code: kunjunganDetail.cust_code,
      })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(eq(kunjungan.nrp, '26000002'));
    const todays = lines.find((l) => l.tgl === today);
    const other = lines.find((l) => l.tgl > today);
    expect(todays, 'the seed plans her today').toBeDefined();
    const before = (await bell(T.spg)).result.length;
    if (other) {
      const res = await ctx.request('PUT', `/api/kunjungan/detail/${other.id}`, {
        token: T.admin,
        body: { shift_id: other.shift_id, cust_code: other.cust_code },
      });
      expect(res.status).toBe(200);
      expect((await bell(T.spg)).result).toHaveLength(before);
    }
    const res = await ctx.request('PUT', `/api/kunjungan/detail/${todays!.id}`, {
      token: T.admin,
      body: { shift_id: todays!.shift_id, cust_code: todays!.cust_code },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await ctx.jobs.drain();
    const [item] = (await bell(T.spg)).result;
    expect(item).toMatchObject({ jenis: 'rencana', title: 'Rencana hari ini berubah', url: '/kunjungan/hari-ini' });
    expect(item!.body).toMatch(/^Kunjungan ke .+ hari ini diubah\.$/);
  });
});
