/**
 * /api/dashboard (spec part 1 §2 "Dashboard", §7): serves the area's contracts
 * (src/domain/dashboard/contracts.ts) for the home screen's reads; its two downloads (files) stay
 * route()s, registered in between as before. All behind dashboard.read and the user's trustee scope.
 * Without `date`, each location's own today.
 */
import type { Context } from 'hono';
import {
  DASHBOARD_ACCESS as access,
  DASHBOARD_TAG as tag,
  dashboardContracts as dash,
} from '../../../src/domain/dashboard/contracts';
import {
  DashboardDateQuerySchema,
  KONTRAK_DETAIL_COLUMNS,
  KontrakAlertDetailQuerySchema,
} from '../../../src/domain/dashboard/dashboard';
import type { Trustee } from '../../db/schema/auth';
import { fileAnswer } from '../../lib/attachments';
import type { AppEnv } from '../../lib/context';
import { contractRouter, type Answered } from '../../lib/contract-route';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate } from '../../lib/openapi';
import { attention } from './dashboard-attention';
import { exportActivityXlsx } from './dashboard-export';
import { localDay } from '../../lib/local-day';
import { ALERT_COLUMNS, kontrakAlert, kontrakAlertDetail, kontrakAlertDetailXlsx } from './dashboard-kontrak';
import { daysByZone, type Viewer } from './dashboard-day';
import { activity, lastPositions, lokasiSummary } from './dashboard.service';

/** A trustee written the same way whatever the order of its lists: one key per scope. */
function scopeKey(t: Trustee | null): string {
  if (!t) return '*';
  return JSON.stringify(
    Object.entries(t)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, list]) => [k, Array.isArray(list) ? [...(list as string[])].sort() : list]),
  );
}

/**
 * The JSON answer of one call for the caller's scope (decision 042): with the dashboard cache on, shared
 * for its few seconds by everyone of the same trustee scope asking the same query on the same day
 * (each zone's today is in the key, so midnight starts new answers). The computation sees only the
 * scope (`Viewer`), never the rest of the user. The answer is the cached JSON text as it was computed,
 * typed by what `compute` answers, so the contract still checks its shape.
 */
async function sharedJson<T>(
  c: Context<AppEnv>,
  call: string,
  query: object,
  compute: (viewer: Viewer, now: Date) => Promise<T>,
): Promise<Answered<T>> {
  const { dashboardCache, now } = c.get('deps');
  const trustee = c.get('actor').trustee;
  const at = now();
  const answer = () => compute({ trustee }, at).then((value) => JSON.stringify(value));
  const body = dashboardCache
    ? await dashboardCache.get(JSON.stringify([call, scopeKey(trustee), query, daysByZone(undefined, at)]), answer)
    : await answer();
  return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as Answered<T>;
}

// Registered in the order of the document, the downloads between the reads as before.
const served = contractRouter('/api/dashboard')
  .on(dash.kunjungan, (c, { query }) =>
    sharedJson(c, 'kunjungan', query, async (viewer, now) => ({
      result: await lokasiSummary(c.get('deps').db, viewer, query.date, now),
    })),
  )
  .on(dash.activity, (c, { query }) =>
    sharedJson(c, 'activity', query, (viewer, now) => activity(c.get('deps').db, viewer, query, now)),
  );

served.router.get(
  '/activity/detail/export',
  route({
    tag,
    summary: 'Every planned visit of the day with its check-in and check-out, as a streamed .xlsx',
    access,
    responses: { 200: { file: XLSX_TYPE } },
  }),
  validate('query', DashboardDateQuerySchema),
  (c) => {
    const { db, now } = c.get('deps');
    const file = exportActivityXlsx(db, c.get('actor'), c.req.valid('query').date, now());
    return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
  },
);

served
  .on(dash.lastPosition, (c, { query }) =>
    sharedJson(c, 'map/last-position', query, (viewer, now) => lastPositions(c.get('deps').db, viewer, query, now)),
  )
  .on(dash.kontrakAlert, async (c, { query }) => {
    const { db, now } = c.get('deps');
    const result = await kontrakAlert(db, c.get('actor'), query.date, now());
    return { columns: ALERT_COLUMNS, result };
  })
  .on(dash.kontrakAlertDetail, async (c, { query }) => {
    const { db, now } = c.get('deps');
    const result = await kontrakAlertDetail(db, c.get('actor'), query, now());
    return { columns: KONTRAK_DETAIL_COLUMNS, result };
  });

served.router.get(
  '/kontrak-alert/detail/excel',
  route({
    tag,
    summary: 'The same employees as an .xlsx',
    access,
    responses: { 200: { file: XLSX_TYPE } },
    errors: [404],
  }),
  validate('query', KontrakAlertDetailQuerySchema),
  async (c) => {
    const { db, now } = c.get('deps');
    const q = c.req.valid('query');
    const rows = await kontrakAlertDetail(db, c.get('actor'), q, now());
    const file = kontrakAlertDetailXlsx(q, localDay(c, now()), rows);
    return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
  },
);

served.on(dash.attention, (c, { query }) =>
  sharedJson(c, 'attention', query, async (viewer, now) => ({
    result: await attention(c.get('deps').db, viewer, query, now),
  })),
);

export const dashboardRoutes = served.router;
