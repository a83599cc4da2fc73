/**
 * /api/dashboard (spec part 1 §2 "Dashboard", §7): the home screen's reads and its two downloads,
 * all behind dashboard.read and the user's trustee scope. Without `date`, each location's own today.
 */
import { Hono, type Context } from 'hono';
import {
  AttentionAnswerSchema,
  AttentionQuerySchema,
  DashboardActivityAnswerSchema,
  DashboardActivityQuerySchema,
  DashboardDateQuerySchema,
  DashboardKunjunganAnswerSchema,
  DashboardMapAnswerSchema,
  DashboardMapPointsAnswerSchema,
  DashboardMapQuerySchema,
  KONTRAK_DETAIL_COLUMNS,
  KontrakAlertAnswerSchema,
  KontrakAlertDetailAnswerSchema,
  KontrakAlertDetailQuerySchema,
  mapPointOf,
} from '../../../src/domain/dashboard/dashboard';
import type { Trustee } from '../../db/schema/auth';
import type { AppEnv } from '../../lib/context';
import { XLSX_TYPE } from '../../lib/excel';
import { fileAnswer } from '../../lib/attachments';
import { route, validate, type Access } from '../../lib/openapi';
import { attention } from './dashboard-attention';
import { exportActivityXlsx } from './dashboard-export';
import { ALERT_COLUMNS, kontrakAlert, kontrakAlertDetail, kontrakAlertDetailXlsx } from './dashboard-kontrak';
import { daysByZone, type Viewer } from './dashboard-day';
import { activity, lastPositions, lokasiSummary } from './dashboard.service';

const tag = 'Dashboard';
const access: Access = {
  all: ['dashboard.read'],
  note: "Only the employees of the user's trustee scope; a location outside it answers 403.",
};

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
 * scope (`Viewer`), never the rest of the user.
 */
async function sharedJson(
  c: Context<AppEnv>,
  call: string,
  query: object,
  compute: (viewer: Viewer, now: Date) => Promise<unknown>,
): Promise<Response> {
  const { dashboardCache, now } = c.get('deps');
  const trustee = c.get('actor').trustee;
  const at = now();
  const answer = () => compute({ trustee }, at).then((value) => JSON.stringify(value));
  const body = dashboardCache
    ? await dashboardCache.get(JSON.stringify([call, scopeKey(trustee), query, daysByZone(undefined, at)]), answer)
    : await answer();
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

export const dashboardRoutes = new Hono<AppEnv>()
  .get(
    '/kunjungan',
    route({
      tag,
      summary: 'Per location: employees, planned visits, visits checked in, employees active on the day',
      access,
      responses: { 200: DashboardKunjunganAnswerSchema },
    }),
    validate('query', DashboardDateQuerySchema),
    (c) => {
      const q = c.req.valid('query');
      return sharedJson(c, 'kunjungan', q, async (viewer, now) => ({
        result: await lokasiSummary(c.get('deps').db, viewer, q.date, now),
      }));
    },
  )
  .get(
    '/activity',
    route({
      tag,
      summary: "One location's employees with their visits of the day and last position",
      description: '`q` searches NRP and name. Employees with a plan or a check-in that day, in NRP order.',
      access,
      responses: { 200: DashboardActivityAnswerSchema },
      errors: [404],
    }),
    validate('query', DashboardActivityQuerySchema),
    (c) => {
      const q = c.req.valid('query');
      return sharedJson(c, 'activity', q, (viewer, now) => activity(c.get('deps').db, viewer, q, now));
    },
  )
  .get(
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
  )
  .get(
    '/map/last-position',
    route({
      tag,
      summary: "Each employee's last check-out position of the day, or her check-in position before that",
      description: '`nrp`: that one employee only (the map popup of /map/points).',
      access,
      responses: { 200: DashboardMapAnswerSchema },
      errors: [404],
    }),
    validate('query', DashboardMapQuerySchema),
    (c) => {
      const q = c.req.valid('query');
      return sharedJson(c, 'map/last-position', q, async (viewer, now) => ({
        result: await lastPositions(c.get('deps').db, viewer, q, now),
      }));
    },
  )
  .get(
    '/map/points',
    route({
      tag,
      summary: 'The map markers: the same positions as /map/last-position, as compact `[nrp, lat, long, at]`',
      description:
        '`at`: the instant of the position in whole seconds since 1970 (UTC). A popup reads its employee from ' +
        '`/map/last-position?nrp=`. 10,000 positions are about 440 KB of JSON, 130 KB gzipped.',
      access,
      responses: { 200: DashboardMapPointsAnswerSchema },
      errors: [404],
    }),
    validate('query', DashboardMapQuerySchema),
    (c) => {
      const q = c.req.valid('query');
      return sharedJson(c, 'map/points', q, async (viewer, now) => ({
        result: (await lastPositions(c.get('deps').db, viewer, q, now)).map(mapPointOf),
      }));
    },
  )
  .get(
    '/kontrak-alert',
    route({
      tag,
      summary: 'Contracts ending, per location, counted per alert category',
      description: 'Categories (`columns`): already ended, within 30, 31–60 and 61–90 days of the date.',
      access,
      responses: { 200: KontrakAlertAnswerSchema },
    }),
    validate('query', DashboardDateQuerySchema),
    async (c) => {
      const { db, now } = c.get('deps');
      const result = await kontrakAlert(db, c.get('actor'), c.req.valid('query').date, now());
      return c.json({ columns: ALERT_COLUMNS, result });
    },
  )
  .get(
    '/kontrak-alert/detail',
    route({
      tag,
      summary: 'The employees of one location and alert category',
      access,
      responses: { 200: KontrakAlertDetailAnswerSchema },
      errors: [404],
    }),
    validate('query', KontrakAlertDetailQuerySchema),
    async (c) => {
      const { db, now } = c.get('deps');
      const result = await kontrakAlertDetail(db, c.get('actor'), c.req.valid('query'), now());
      return c.json({ columns: KONTRAK_DETAIL_COLUMNS, result });
    },
  )
  .get(
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
      const file = kontrakAlertDetailXlsx(q, now(), rows);
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  )
  .get(
    '/attention',
    route({
      tag,
      summary: 'What needs a look on the day: visits not started, outside the radius, no check-out, clock skew',
      description: 'Counts are complete; `rows` holds at most 50 of each kind.',
      access,
      responses: { 200: AttentionAnswerSchema },
      errors: [404],
    }),
    validate('query', AttentionQuerySchema),
    (c) => {
      const q = c.req.valid('query');
      return sharedJson(c, 'attention', q, async (viewer, now) => ({
        result: await attention(c.get('deps').db, viewer, q, now),
      }));
    },
  );
