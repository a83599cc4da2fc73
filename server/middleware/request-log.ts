/**
 * The first middleware of every request (issue 31): gives it an id, answered as `X-Request-Id` (a sane
 * incoming one is kept, so a proxy's id joins the lines), runs it with the app's metrics, and when it has
 * been answered writes one log line and one observation of `http_request_duration_seconds`.
 *
 * The line: reqId, method, route (the matched template, `/api/absensi/:id`: never the raw URL, whose ids
 * and query would leak data and split the metric), status, ms, and userid when signed in. Never a body,
 * a header or a file.
 */
import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from '../lib/context';
import type { Logger } from '../lib/logger';
import { withMetrics, type Metrics } from '../lib/metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An incoming id kept as it is: 1–64 letters, digits and `._:-` (a uuid, a proxy's trace id). */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestLog(log: Logger, metrics: Metrics | undefined) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const reqId = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', reqId);
    await withMetrics(metrics, next);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.res.headers.set(REQUEST_ID_HEADER, reqId);
    // The handler that answered (c.req.routeIndex), not this '*' middleware: its registered template.
    const route = routePath(c, c.req.routeIndex) || '*';
    const status = c.res.status;
    metrics?.httpDuration.observe({ method: c.req.method, route, status: String(status) }, ms / 1000);
    const userid = (c.get('actor') as { userid?: string } | undefined)?.userid;
    log.info({ reqId, method: c.req.method, route, status, ms, ...(userid ? { userid } : {}) }, 'request');
  });
}
