/**
 * `Vary: Accept-Encoding` on every answer hono's compress() may compress, set before compress() looks.
 *
 * compress() adds it itself through `c.header()`, and on a finished answer that rebuilds it: on
 * @hono/node-server the answer becomes a web Response whose body is a stream, read chunk by chunk to be
 * written, instead of the string node-server writes at once. Every JSON answer of the API paid that, the
 * morning rush's check-ins included (issue 42 §2). Set here on the answer's own headers, the header is the
 * same and compress() finds it there and leaves the answer alone; what it compresses is unchanged.
 *
 * The conditions are compress()'s own (hono/dist/middleware/compress): a compressible type, not a range,
 * not already encoded or chunked, not HEAD, not under the 1 KB threshold by its Content-Length, no
 * `Cache-Control: no-transform`. Registered right after compress(), so it runs first on the way out.
 */
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** compress()'s default threshold (hono's compress() is used with its defaults, server/app.ts). */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export const varyAcceptEncoding: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const headers = res.headers;
  const length = headers.get('Content-Length');
  const type = headers.get('Content-Type');
  const cacheControl = headers.get('Cache-Control');
  if (
    res.status === 206 ||
    headers.has('Content-Encoding') ||
    headers.has('Transfer-Encoding') ||
    c.req.method === 'HEAD' ||
    (length && Number(length) < THRESHOLD) ||
    !type ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    (cacheControl && NO_TRANSFORM.test(cacheControl))
  ) {
    return;
  }
  const current = headers.get('Vary');
  if (current === '*' || (current && VARIES_BY_ENCODING.test(current))) return;
  headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
};
