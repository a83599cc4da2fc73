/**
 * /api/dashboard (spec part 1 §2 "Dashboard", §7), one contract per JSON endpoint
 * (src/domain/contract.ts): the home screen's reads, all behind dashboard.read and the user's trustee
 * scope. Without `date`, each location's own today. docs/decisions/023-dashboard.md; the answers shared
 * by a trustee scope for a few seconds: decision 042 (`sharedJson()` in dashboard.routes.ts).
 *
 * Not contracts: the two downloads, `GET /api/dashboard/activity/detail/export` and
 * `GET /api/dashboard/kontrak-alert/detail/excel` (.xlsx files; a contract's answer is JSON). They stay
 * hand-written `route()`s in dashboard.routes.ts with `DASHBOARD_ACCESS` from here, and the client saves
 * them with `saveApiFile`.
 */
import { contract, type Access } from '../contract';
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
  KontrakAlertAnswerSchema,
  KontrakAlertDetailAnswerSchema,
  KontrakAlertDetailQuerySchema,
} from './dashboard';

export const DASHBOARD_TAG = 'Dashboard';
const tag = DASHBOARD_TAG;

export const DASHBOARD_ACCESS: Access = {
  all: ['dashboard.read'],
  note: "Only the employees of the user's trustee scope; a location outside it answers 403.",
};
const access = DASHBOARD_ACCESS;

export const dashboardContracts = {
  kunjungan: contract({
    method: 'GET',
    path: '/api/dashboard/kunjungan',
    tag,
    summary: 'Per location: employees, planned visits, visits checked in, employees active on the day',
    access,
    query: DashboardDateQuerySchema,
    answer: DashboardKunjunganAnswerSchema,
  }),
  activity: contract({
    method: 'GET',
    path: '/api/dashboard/activity',
    tag,
    summary: "One location's employees with their visits of the day and last position",
    description: '`q` searches NRP and name. Employees with a plan or a check-in that day, in NRP order.',
    access,
    query: DashboardActivityQuerySchema,
    answer: DashboardActivityAnswerSchema,
    errors: [404],
  }),
  lastPosition: contract({
    method: 'GET',
    path: '/api/dashboard/map/last-position',
    tag,
    summary: "Each employee's last check-out position of the day, or her check-in position before that",
    description: '`nrp`: that one employee only (the map popup of /map/points).',
    access,
    query: DashboardMapQuerySchema,
    answer: DashboardMapAnswerSchema,
    errors: [404],
  }),
  mapPoints: contract({
    method: 'GET',
    path: '/api/dashboard/map/points',
    tag,
    summary: 'The map markers: the same positions as /map/last-position, as compact `[nrp, lat, long, at]`',
    description:
      '`at`: the instant of the position in whole seconds since 1970 (UTC). A popup reads its employee from ' +
      '`/map/last-position?nrp=`. 10,000 positions are about 440 KB of JSON, 130 KB gzipped.',
    access,
    query: DashboardMapQuerySchema,
    answer: DashboardMapPointsAnswerSchema,
    errors: [404],
  }),
  kontrakAlert: contract({
    method: 'GET',
    path: '/api/dashboard/kontrak-alert',
    tag,
    summary: 'Contracts ending, per location, counted per alert category',
    description: 'Categories (`columns`): already ended, within 30, 31–60 and 61–90 days of the date.',
    access,
    query: DashboardDateQuerySchema,
    answer: KontrakAlertAnswerSchema,
  }),
  kontrakAlertDetail: contract({
    method: 'GET',
    path: '/api/dashboard/kontrak-alert/detail',
    tag,
    summary: 'The employees of one location and alert category',
    access,
    query: KontrakAlertDetailQuerySchema,
    answer: KontrakAlertDetailAnswerSchema,
    errors: [404],
  }),
  attention: contract({
    method: 'GET',
    path: '/api/dashboard/attention',
    tag,
    summary: 'What needs a look on the day: visits not started, outside the radius, no check-out, clock skew',
    description: 'Counts are complete; `rows` holds at most 50 of each kind.',
    access,
    query: AttentionQuerySchema,
    answer: AttentionAnswerSchema,
    errors: [404],
  }),
};
