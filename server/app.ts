import { deviceRoutes } from './modules/device/device.routes';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from './lib/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import * as v from 'valibot';
import type { AppEnv, Deps } from './lib/context';
import { contentSecurityPolicy } from './lib/csp';
import { HttpError } from './lib/errors';
import { varyAcceptEncoding } from './lib/vary-encoding';
import { logger as processLogger } from './lib/logger';
import { metricsAuthorized } from './lib/metrics';
import { route } from './lib/openapi';
import { authenticate } from './middleware/auth';
import { requestLog } from './middleware/request-log';
import { absensiModule } from './modules/absensi/absensi.module';
import { karyawanModule } from './modules/karyawan/karyawan.module';
import { kunjunganRoutes } from './modules/kunjungan/kunjungan.routes';
import { leaveModule } from './modules/leave/leave.module';
import { masterModule } from './modules/master/master.module';
import { rolesModule } from './modules/roles/roles.module';
import { routeListModule } from './modules/route-list/route-list.module';
import { authRoutes } from './modules/auth/auth.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { clientConfigRoutes } from './modules/client-config/client-config.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { fileRoutes } from './modules/files/files.routes';
import { newsRoutes } from './modules/news/news.routes';
import { pushRoutes } from './modules/push/push.routes';
import { reportRoutes } from './modules/report/report.routes';
import { storeRoutes } from './modules/store/store.routes';
import { userRoutes } from './modules/users/users.routes';

const HealthSchema = v.object({ status: v.string() });
const JSON_LIMIT = 1024 * 1024;

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const log = deps.logger ?? processLogger;

  // First: the request id, the metrics of this app, and one log line once answered.
  app.use('*', requestLog(log, deps.metrics));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: contentSecurityPolicy(deps.mapTileUrl),
      // A handler's own policy stands (the /api/docs page adds a nonce for its inline configuration).
      overwrite: false,
    }),
  );
  app.use('*', compress());
  // Its Vary header set on the answer itself, before compress() would rebuild the answer to add it.
  app.use('*', varyAcceptEncoding);

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      if (err.status === 403 && err.code === 'locked') c.header('Retry-After', String(err.extra?.retry_after ?? ''));
      return c.json(err.body(), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      // Hono's own 400s (a malformed JSON body, a wrong content type) get the project's Indonesian text.
      const message =
        status === 413
          ? 'Ukuran data terlalu besar'
          : status === 400
            ? 'Format data tidak valid (JSON)'
            : 'Permintaan tidak valid';
      return c.json({ message, error: { code: 'http_' + status, message } }, status);
    }
    log.error({ reqId: c.get('requestId'), method: c.req.method, route: routePath(c), err }, 'unhandled error');
    const message = 'Terjadi kesalahan pada server. Silakan coba lagi.';
    return c.json({ message, error: { code: 'internal', message } }, 500);
  });

  const tooLarge = bodyLimit({
    maxSize: JSON_LIMIT,
    onError: () => {
      throw new HttpError(413, 'Ukuran data terlalu besar', 'too_large');
    },
  });

  // A load balancer sends traffic only to a copy answering 200: 503 while it migrates and seeds, and again
  // once SIGTERM has it draining its requests in flight.
  app.get(
    '/api/health',
    route({
      tag: 'Docs',
      summary: 'Readiness',
      description: "200 `{ status: 'ok' }` when ready; 503 `{ status: 'starting' | 'stopping', … }` otherwise.",
      access: { public: true },
      responses: { 200: HealthSchema },
      errors: [503],
    }),
    (c) => {
      const status = deps.health?.() ?? 'ok';
      if (status === 'ok') return c.json({ status });
      const message = status === 'starting' ? 'Server sedang dimulai' : 'Server sedang berhenti';
      c.header('Retry-After', '5');
      c.header('Cache-Control', 'no-store');
      return c.json({ status, message, error: { code: status, message } }, 503);
    },
  );
  // Prometheus metrics (server/lib/metrics.ts), only with METRICS_TOKEN set; not part of the API document.
  app.get('/metrics', async (c) => {
    const m = deps.metrics;
    if (!m) return c.text('Not Found', 404);
    c.header('Cache-Control', 'no-store');
    if (!metricsAuthorized(c.req.header('Authorization'), m.token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized', 401);
    }
    return c.body(await m.registry.metrics(), 200, { 'Content-Type': m.registry.contentType });
  });
  // The API's description answers without a token (it holds no data).
  app.route('/api', docsRoutes(app));

  app.use('/auth/*', tooLarge);
  app.route('/auth', authRoutes);

  // Everything under /api but the health check needs a valid session.
  app.use('/api/*', authenticate);
  // JSON bodies are capped here; multipart routes (photos, attachments, .xlsx) declare their own limit.
  app.use('/api/*', (c, next) =>
    (c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? next() : tooLarge(c, next),
  );
  // One router per module (server/modules/<area>); a module whose paths span several prefixes mounts at /api.
  app.route('/api', rolesModule);
  app.route('/api/users', userRoutes);
  app.route('/api', absensiModule);
  app.route('/api/report', reportRoutes);
  app.route('/api/kunjungan', kunjunganRoutes);
  app.route('/api', karyawanModule);
  app.route('/api', leaveModule);
  app.route('/api/client-config', clientConfigRoutes);
  app.route('/api/store', storeRoutes);
  app.route('/api/dashboard', dashboardRoutes);
  app.route('/api', routeListModule);
  app.route('/api/news', newsRoutes);
  app.route('/api', deviceRoutes);
  app.route('/api', pushRoutes);
  // Master lists: /api/period, /api/lokasi, /api/jabatan, … (one route per list).
  app.route('/api', masterModule);
  app.all('/api/*', (c) => {
    const message = 'Endpoint tidak ditemukan';
    return c.json({ message, error: { code: 'not_found', message } }, 404);
  });

  // Stored photos, for those who may see their record (server/modules/files).
  app.route('/uploads', fileRoutes);

  if (deps.staticDir && existsSync(deps.staticDir)) mountPwa(app, deps.staticDir);
  return app;
}

/** The built PWA: hashed assets cached for a year, the shell and the worker always revalidated. */
function mountPwa(app: Hono<AppEnv>, root: string) {
  // Cache policy of the files the static handler served (it marks them with Last-Modified), set on the
  // answer itself: serveStatic's onFound runs after its Response is built. The shell sets its own.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Last-Modified') || c.res.headers.has('Cache-Control')) return;
    const p = c.req.path;
    const policy = p.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : /(sw\.js|index\.html|manifest\.webmanifest)$/.test(p)
        ? 'no-cache'
        : 'public, max-age=3600';
    c.res.headers.set('Cache-Control', policy);
  });
  // The build writes Brotli copies of the assets (vite.config.ts): sent as they are to browsers that accept br.
  app.use('*', serveStatic({ root, precompressed: true }));
  // Client-side routes: any other navigation gets the shell.
  app.get('*', async (c, next) => {
    const p = c.req.path;
    if (
      p.startsWith('/api/') ||
      p.startsWith('/auth/') ||
      p.startsWith('/uploads/') ||
      p.startsWith('/template/') ||
      path.extname(p)
    ) {
      return next();
    }
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ root, path: 'index.html' })(c, next);
  });
}
