/**
 * Failed logins per client address (docs/decisions/014-login-limit-per-address.md). The per-username
 * lock (login-lock.ts) stops guessing one account's password; this stops one address from trying a few
 * passwords on each of many accounts. An address that made `maxFailures` failed logins in its current
 * window (a fixed window opened by its first failure) is answered 429 until the window ends, whatever
 * the username or password. The default is high (300 per 15 minutes) because a carrier puts many phones
 * behind one address, and a shift starts with all of them logging in.
 *
 * The address is the socket's, or, behind trusted proxies (TRUST_PROXY = their number), the entry of
 * X-Forwarded-For the outermost trusted proxy wrote: entries left of it are whatever the client sent.
 * IPv6 addresses count per /64 network, the block one subscriber gets.
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../db/client';
import { loginAddressFailures } from '../../db/schema/auth';
import type { AddressLimit } from '../../lib/context';
import { HttpError } from '../../lib/errors';

export const DEFAULT_ADDRESS_LIMIT: AddressLimit = { maxFailures: 300, windowSeconds: 15 * 60 };

export const addressLimitedMessage = (seconds: number) =>
  `Terlalu banyak percobaan login yang gagal dari jaringan ini. Silakan coba lagi dalam ${Math.max(1, Math.ceil(seconds / 60))} menit.`;

export const addressLimited = (seconds: number) =>
  new HttpError(429, addressLimitedMessage(seconds), 'too_many_attempts', undefined, { retry_after: seconds });

/** The address a request counts under, or null when there is none (in-process test requests have no socket). */
export function clientAddress(c: Context, trustProxy: number): string | null {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length) return normalizeAddress(hops[Math.max(0, hops.length - trustProxy)]!);
  }
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (app.request in tests).
  }
  return socketAddress ? normalizeAddress(socketAddress) : null;
}

/** IPv4 as it is (IPv4-mapped IPv6 included), IPv6 as its /64 network; anything else is no address. */
export function normalizeAddress(raw: string): string | null {
  const a = raw
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) return isIP(mapped[1]!) === 4 ? mapped[1]! : null;
  if (isIP(a) === 4) return a;
  if (isIP(a) !== 6) return null;
  return `${ipv6Groups(a).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(a: string): string[] {
  const [head = '', tail] = a.toLowerCase().split('::') as [string, string | undefined];
  const part = (s: string) =>
    s
      ? s.split(':').flatMap((g) => {
          if (!g.includes('.')) return [g];
          const [w = 0, x = 0, y = 0, z = 0] = g.split('.').map(Number);
          return [((w << 8) | x).toString(16), ((y << 8) | z).toString(16)];
        })
      : [];
  const front = part(head);
  const back = part(tail ?? '');
  const groups = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/** Seconds until the address may try again, or 0. */
export async function addressBlockedFor(db: Db, address: string, now: Date, limit: AddressLimit): Promise<number> {
  const [row] = await db.select().from(loginAddressFailures).where(eq(loginAddressFailures.address, address));
  if (!row || row.failures < limit.maxFailures) return 0;
  const ends = row.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  return Math.max(0, Math.ceil((ends - now.getTime()) / 1000));
}

/** Counts one failure atomically, opening a new window when the last one has ended. */
export async function recordAddressFailure(db: Db, address: string, now: Date, limit: AddressLimit): Promise<void> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const ended = sql`${loginAddressFailures.windowStartedAt} <= ${windowStart}`;
  await db
    .insert(loginAddressFailures)
    .values({ address, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginAddressFailures.address,
      set: {
        failures: sql`case when ${ended} then 1 else ${loginAddressFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${ended} then ${now} else ${loginAddressFailures.windowStartedAt} end`,
      },
    });
}

/** Rows of ended windows say nothing any more (run daily with the other purges). */
export async function purgeAddressFailures(db: Db, now: Date, limit: AddressLimit): Promise<void> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  await db.delete(loginAddressFailures).where(lt(loginAddressFailures.windowStartedAt, windowStart));
}
