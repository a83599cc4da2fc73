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
    summary: "The map: each employee's last check-in or check-out position of the day, compact",
    description:
      'Per employee `[nrp, nama, lat, long, at, kind, zone, store]`: `at` the instant in whole seconds since ' +
      "1970 (UTC); `kind` 0 the day's own check-in, 1 its check-out, 2 a store visit's check-in, 3 its " +
      'check-out; `zone` an index of [Asia/Jakarta, Asia/Makassar, Asia/Jayapura]; `store` an index of ' +
      "`stores` (`[cust_code, cust_name, cust_address]`), null for the day's own attendance. `nrp`: that one " +
      'employee only. 10,000 positions are about 0.7 MB of JSON.',
    access,
    query: DashboardMapQuerySchema,
    answer: DashboardMapAnswerSchema,
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
