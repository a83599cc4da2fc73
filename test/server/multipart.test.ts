/**
 * The multipart reader (server/lib/multipart.ts) through the day check-in, with bodies written byte by
 * byte: what browsers and other clients send must be read exactly (the photo stored byte for byte, UTF-8
 * text intact), and a body that does not parse must be a 400 that writes nothing. The platform's FormData
 * encoding is covered by every other check-in test.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsensiSpgRecord } from '../../src/domain/absensi/absensi';
import { dateIn, instantIn } from '../../src/domain/time-zone';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let spg: string;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const WIB = 'Asia/Jakarta' as const;
let ahead = 0;
/** A fresh day for the demo SPG: the server's clock at 08:10 WIB of a day ahead, her token issued there. */
async function freshDay(): Promise<string> {
  ahead += 2;
  const day = dateIn(WIB, new Date(Date.now() + ahead * 86_400_000));
  ctx.clock.offsetMs = instantIn(WIB, day, '08:10:00').getTime() - Date.now();
  spg = await ctx.tokenFor('spg');
  return day;
}

/**
 * A JPEG whose bytes hold what a naive reader trips on: CRLFs, dashes, and the boundary itself without
 * the CRLF that would make it a delimiter.
 */
function trickyJpeg(boundary: string): Uint8Array {
  const middle = Buffer.from(`\r\n-\r\n--\r\n${boundary}--${boundary}\r\n\r\n-${boundary}`);
  const noise = Buffer.alloc(4096);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise, middle, noise, Buffer.from([0xff, 0xd9])]),
  );
}

type Part = { headers: string[]; body: string | Uint8Array };
const field = (name: string, value: string): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  body: value,
});

function bodyOf(boundary: string, parts: Part[], o: { preamble?: string; epilogue?: string; close?: boolean } = {}) {
  const chunks: Buffer[] = [Buffer.from(o.preamble ?? '')];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`),
      Buffer.from(p.body),
      Buffer.from('\r\n'),
    );
  }
  if (o.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n${o.epilogue ?? ''}`));
  return new Uint8Array(Buffer.concat(chunks));
}

function checkInFields(day: string): Part[] {
  return [
    field('tanggal', day),
    field('jam_masuk', '08:05:12'),
    field('captured_at', `${day}T08:05:12+07:00`),
    field('lat', '-6.2001'),
    field('long', '106.8166'),
    field('accuracy', '12.5'),
  ];
}

const post = (body: Uint8Array<ArrayBuffer>, contentType: string) =>
  ctx.app.request('/api/absensi/new/spg', {
    method: 'POST',
    headers: { Authorization: `Bearer ${spg}`, 'Content-Type': contentType, 'Idempotency-Key': randomUUID() },
    body,
  });

async function ownDay(day: string): Promise<AbsensiSpgRecord | null> {
  const res = await ctx.request('GET', `/api/absensi/new/spg?tanggal=${day}`, { token: spg });
  return ((await res.json()) as { result: AbsensiSpgRecord | null }).result;
}

describe('multipart bodies of a check-in', () => {
  it('stores the photo byte for byte and keeps UTF-8 text, with a quoted boundary, a preamble and an epilogue', async () => {
    const day = await freshDay();
    const boundary = 'Hadir:boundary=with spaces';
    const photo = trickyJpeg(boundary);
    const parts = [
      ...checkInFields(day),
      field('location_error', 'Sinyal lemah — lantai B2, café “Toko Ñ”'),
      {
        headers: [
          // Header names in any case, the file name in UTF-8 as browsers send it.
          'CONTENT-DISPOSITION: form-data; name="photo"; filename="foto kasir ü.jpg"',
          'content-type: image/jpeg',
        ],
        body: photo,
      },
    ];
    const body = bodyOf(boundary, parts, { preamble: 'ignored preamble\r\n', epilogue: 'ignored epilogue' });
    const res = await post(body, `multipart/form-data; boundary="${boundary}"`);
    expect(res.status).toBe(201);
    const record = ((await res.json()) as { result: AbsensiSpgRecord }).result;
    expect(record.masuk_location_note).toBe('Sinyal lemah — lantai B2, café “Toko Ñ”');
    const stored = await ctx.request('GET', `/uploads/photo/${record.foto_masuk}`, { token: spg });
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
  });

  it('takes a bare boundary and the last value of a field sent twice', async () => {
    const day = await freshDay();
    const boundary = '----WebKitFormBoundaryA1b2C3d4E5f6G7h8';
    const photo = trickyJpeg(boundary);
    const parts = [
      field('jam_masuk', 'not a time'),
      ...checkInFields(day),
      { headers: ['Content-Disposition: form-data; name="photo"; filename="a.jpg"'], body: photo },
    ];
    const res = await post(bodyOf(boundary, parts), `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(201);
    expect((await ownDay(day))?.field_jam_masuk).toBe('08:05:12');
  });

  it.each([
    ['without its closing delimiter', (b: string, p: Part[]) => bodyOf(b, p, { close: false })],
    ['cut inside the photo', (b: string, p: Part[]) => bodyOf(b, p).subarray(0, 900)],
    [
      'with a part that has no name',
      (b: string, p: Part[]) =>
        bodyOf(b, [...p.slice(0, 6), { headers: ['Content-Disposition: form-data'], body: 'x' }, p[6]!]),
    ],
    [
      'with a part that is not form-data',
      (b: string, p: Part[]) =>
        bodyOf(b, [{ headers: ['Content-Disposition: attachment; name="x"'], body: 'x' }, ...p]),
    ],
    ['under another boundary than the header names', (_b: string, p: Part[]) => bodyOf('other-boundary', p)],
  ])('answers 400 to a body %s, and records nothing', async (_what, make) => {
    const day = await freshDay();
    const boundary = 'hadir-test-boundary';
    const parts = [
      ...checkInFields(day),
      {
        headers: ['Content-Disposition: form-data; name="photo"; filename="a.jpg"', 'Content-Type: image/jpeg'],
        body: trickyJpeg(boundary),
      },
    ];
    const res = await post(make(boundary, parts), `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Data harus dikirim sebagai multipart/form-data');
    expect(await ownDay(day)).toBeNull();
  });

  it('answers 400 to a multipart type without a boundary', async () => {
    const day = await freshDay();
    const res = await post(bodyOf('x-boundary', checkInFields(day)), 'multipart/form-data');
    expect(res.status).toBe(400);
    expect(await ownDay(day)).toBeNull();
  });
});

/**
 * Served by @hono/node-server, as in production: a body with a Content-Length is read straight from node's
 * request (server/lib/files.ts bodyBytes), a chunked one through hono's arrayBuffer(); both byte for byte.
 */
describe('multipart bodies over HTTP', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  /** Sends the body in pieces of `piece` bytes, with its Content-Length or chunked. */
  function send(body: Uint8Array, boundary: string, sized: boolean): Promise<{ status: number; json: unknown }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/absensi/new/spg',
          headers: {
            Authorization: `Bearer ${spg}`,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Idempotency-Key': randomUUID(),
            ...(sized ? { 'Content-Length': String(body.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
          );
        },
      );
      req.on('error', reject);
      for (let at = 0; at < body.length; at += 1000) req.write(body.subarray(at, at + 1000));
      req.end();
    });
  }

  it.each([
    ['with its Content-Length', true],
    ['chunked', false],
  ])('stores the photo of a body sent in pieces %s byte for byte', async (_how, sized) => {
    const day = await freshDay();
    const boundary = 'hadir-http-boundary';
    const photo = trickyJpeg(boundary);
    const parts = [
      ...checkInFields(day),
      { headers: ['Content-Disposition: form-data; name="photo"; filename="a.jpg"'], body: photo },
    ];
    const res = await send(bodyOf(boundary, parts), boundary, sized);
    expect(res.status).toBe(201);
    const record = (res.json as { result: AbsensiSpgRecord }).result;
    const stored = await ctx.request('GET', `/uploads/photo/${record.foto_masuk}`, { token: spg });
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
  });

  it('answers 400 to a body over HTTP that does not parse, and records nothing', async () => {
    const day = await freshDay();
    const res = await send(bodyOf('one-boundary', checkInFields(day)), 'another-boundary', true);
    expect(res.status).toBe(400);
    expect(await ownDay(day)).toBeNull();
  });
});
