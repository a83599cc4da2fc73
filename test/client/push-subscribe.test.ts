/**
 * Turning notifications on in a browser whose endpoint the server refuses as another user's (issue 41:
 * a 409, never moved): subscribeThisBrowser gives this browser a new endpoint of its own and registers
 * that one, so a shared tablet's next user still gets her notifications. Any other refusal is shown as is.
 * The browser's push API is a fake; the server is a stubbed fetch answering as the contracts say.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeThisBrowser } from '../../src/features/push/api';

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** An uncompressed P-256 point's shape (65 bytes, leading 4): what the server's key looks like. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 7));
const KEY = b64url(KEY_BYTES);
const AUTH = b64url(new Uint8Array(16).fill(1));
const OTHER_USER = 'Perangkat ini sudah terdaftar untuk pengguna lain';

interface FakeSub {
  endpoint: string;
  unsubscribed: boolean;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

let made = 0;
function fakeSub(): FakeSub {
  made += 1;
  const endpoint = `https://fcm.googleapis.com/fcm/send/browser-${made}`;
  const key = KEY_BYTES.slice();
  return {
    endpoint,
    unsubscribed: false,
    options: { applicationServerKey: key.buffer },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: KEY, auth: AUTH },
    }),
    async unsubscribe() {
      this.unsubscribed = true;
      current = null;
      return true;
    },
  };
}

let current: FakeSub | null;
/** The endpoints POSTed to /api/push/subscription, in order. */
let posted: string[];
/** How the server answers each POST in turn (status, body). */
let answers: [number, unknown][];

beforeEach(() => {
  made = 0;
  posted = [];
  current = fakeSub();
  vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      ready: Promise.resolve({
        pushManager: {
          getSubscription: async () => current,
          subscribe: async () => (current = fakeSub()),
        },
      }),
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/push/key') return json(200, { result: { publicKey: KEY } });
    if (url === '/api/push/subscription' && init.method === 'POST') {
      posted.push((JSON.parse(String(init.body)) as { endpoint: string }).endpoint);
      const [status, body] = answers.shift() ?? [500, { message: 'unexpected' }];
      return json(status, body);
    }
    return json(404, { message: 'not here' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const refused = (status: number, message: string, code: string) => [status, { message, error: { code, message } }] as [
  number,
  unknown,
];

describe('subscribeThisBrowser', () => {
  it('on 409 (another user’s endpoint) makes this browser a new endpoint and registers it', async () => {
    const first = current!;
    answers = [refused(409, OTHER_USER, 'conflict'), [200, { message: 'Notifikasi aktif di perangkat ini' }]];
    await expect(subscribeThisBrowser()).resolves.toBe('Notifikasi aktif di perangkat ini');
    expect(first.unsubscribed).toBe(true);
    expect(posted).toEqual([first.endpoint, current!.endpoint]);
    expect(current!.endpoint).not.toBe(first.endpoint);
  });

  it('shows a second 409 and any other refusal as the server wrote it, without touching the browser', async () => {
    const first = current!;
    answers = [refused(400, 'Kunci langganan push tidak valid', 'validation')];
    await expect(subscribeThisBrowser()).rejects.toThrow('Kunci langganan push tidak valid');
    expect(first.unsubscribed).toBe(false);

    answers = [refused(409, OTHER_USER, 'conflict'), refused(409, OTHER_USER, 'conflict')];
    await expect(subscribeThisBrowser()).rejects.toThrow(OTHER_USER);
    expect(posted).toHaveLength(3);
  });
});
