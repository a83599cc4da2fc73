/**
 * The request body's size limit, as hono's `bodyLimit` (which it wraps), without touching the body when the
 * request says its size. hono's middleware first asks `c.req.raw.body`: on @hono/node-server that builds a
 * web Request around the socket, and the body is then read through web streams, chunk by chunk. Asked
 * nothing, node-server reads the body straight from the socket into one buffer when the handler reads it.
 * On the morning rush's check-in (a 300 KB photo, decision 044) that difference was node's CPU.
 *
 * A request with a Content-Length (and no Transfer-Encoding) is judged by it, as hono's does; a GET or HEAD
 * carries no body; anything else (a chunked body) is counted by hono's middleware as it arrives.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit as countedBodyLimit } from 'hono/body-limit';

export interface BodyLimitOptions {
  maxSize: number;
  /** Throws the route's 413 (an HttpError with its Indonesian message). */
  onError: (c: Context) => never;
}

export function bodyLimit(opts: BodyLimitOptions): MiddlewareHandler {
  const counted = countedBodyLimit(opts);
  return async (c: Context, next: Next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number.parseInt(length, 10) > opts.maxSize) opts.onError(c);
    return next();
  };
}
