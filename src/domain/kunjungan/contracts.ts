/**
 * /api/kunjungan, the back office's visit plans (DCP, spec part 2 §2.3 and §7 visits), one contract per
 * endpoint (src/domain/contract.ts). Every endpoint is limited to the user's trustee scope.
 *
 * Not here: the employee's own visit endpoints under the same prefix (…/karyawan/{id},
 * …/detail/{id}/check-in|out), which server/modules/absensi serves; their paths never match these.
 */
import { MessageSchema } from '../api';
import { contract } from '../contract';
import {
  GantiRouteListPreviewAnswerSchema,
  GantiRouteListSavedSchema,
  GantiRouteListSchema,
  GeneratedPlanAnswerSchema,
  GenerateQuerySchema,
  KaryawanPeriodParamSchema,
  KaryawanPeriodPlanAnswerSchema,
  KunjunganListQuerySchema,
  LineAddSchema,
  LineParamSchema,
  LineSavedSchema,
  LineUpdateSchema,
  NoDcpParamSchema,
  PlanCreateSchema,
  PlanDeleteQuerySchema,
  PlanDetailAnswerSchema,
  PlanKaryawanListAnswerSchema,
  PlanKaryawanQuerySchema,
  PlanListAnswerSchema,
  PlanParamSchema,
  PlanSavedSchema,
  RouteListGeneratedAnswerSchema,
  RouteListGenerateSchema,
  RouteListParamSchema,
  RouteListPreviewAnswerSchema,
} from './kunjungan-plan';

const tag = 'Kunjungan (plan)';
const SCOPE = 'Only employees inside the user’s trustee scope (403 for one outside).';

export const kunjunganContracts = {
  list: contract({
    method: 'GET',
    path: '/api/kunjungan',
    tag,
    summary: 'List visit plans with their evidence counts',
    description: 'Per plan: lines planned, checked in, checked out, and flagged outside the radius.',
    access: { all: ['kunjungan.read'], note: SCOPE },
    query: KunjunganListQuerySchema,
    answer: PlanListAnswerSchema,
  }),
  generate: contract({
    method: 'GET',
    path: '/api/kunjungan/create/new',
    tag,
    summary: "Generate a plan's rows from the employee's route-list matrix (nothing is saved)",
    description:
      'Days of approved sick, cuti and izin leave and days outside the employment are left out, and so are ' +
      'the days before today (her zone) unless `hari_lalu=true`. ' +
      '`existing_no_dcp` names the plan the employee already has for the period, if any.',
    access: { all: ['kunjungan.create'], note: SCOPE },
    query: GenerateQuerySchema,
    answer: GeneratedPlanAnswerSchema,
    errors: [404],
  }),
  karyawan: contract({
    method: 'GET',
    path: '/api/kunjungan/create/karyawan',
    tag,
    summary: 'Employees a plan can be made for (the form’s picker)',
    access: { all: ['kunjungan.create'], note: SCOPE },
    query: PlanKaryawanQuerySchema,
    answer: PlanKaryawanListAnswerSchema,
  }),
  routeListPreview: contract({
    method: 'GET',
    path: '/api/kunjungan/route-list/:id/generate',
    tag,
    summary: "Preview generating the plans of a route list's employees for a period",
    description: "Each employee's lines start on her today unless `hari_lalu=true`.",
    access: { all: ['kunjungan.create'], note: SCOPE },
    params: RouteListParamSchema,
    query: RouteListGenerateSchema,
    answer: RouteListPreviewAnswerSchema,
    errors: [404],
  }),
  routeListGenerate: contract({
    method: 'POST',
    path: '/api/kunjungan/route-list/:id/generate',
    tag,
    summary: "Generate the plans of a route list's employees for a period, in one transaction",
    description:
      'Employees who already have a plan for the period keep it (counted in `skipped`). Lines start on each ' +
      "employee's today unless `hari_lalu` is true.",
    access: { all: ['kunjungan.create'], note: SCOPE },
    params: RouteListParamSchema,
    body: RouteListGenerateSchema,
    answer: RouteListGeneratedAnswerSchema,
    status: 201,
    errors: [404],
  }),
  karyawanPeriod: contract({
    method: 'GET',
    path: '/api/kunjungan/karyawan/v2/:a/nrp/:b',
    tag,
    summary: "An employee's plan of a period (`a` the period, `b` an NRP or 0 for the caller)",
    access: { session: true, note: 'Another employee: kunjungan.read, within scope.' },
    params: KaryawanPeriodParamSchema,
    answer: KaryawanPeriodPlanAnswerSchema,
    errors: [403, 404],
  }),
  create: contract({
    method: 'POST',
    path: '/api/kunjungan',
    tag,
    summary: 'Save a plan with its lines',
    description: 'One plan per employee and period: saving again answers 409 naming the existing plan.',
    access: { all: ['kunjungan.create'], note: SCOPE },
    body: PlanCreateSchema,
    answer: PlanSavedSchema,
    status: 201,
    errors: [404, 409],
  }),
  addLine: contract({
    method: 'POST',
    path: '/api/kunjungan/:no_dcp/detail/add',
    tag,
    summary: 'Add a line to a plan',
    access: { all: ['kunjungan.update'], note: SCOPE },
    params: NoDcpParamSchema,
    body: LineAddSchema,
    answer: LineSavedSchema,
    status: 201,
    errors: [404, 409],
  }),
  gantiPreview: contract({
    method: 'GET',
    path: '/api/kunjungan/:no_dcp/ganti-route-list',
    tag,
    summary: "Preview changing a plan's route list from a day (nothing is written)",
    description:
      'Counts of the open lines from `tgl_mulai` that would be removed, left unchanged and added, and of the ' +
      'lines with evidence that stay. `tgl_mulai` blank: today in her zone.',
    access: { all: ['kunjungan.update'], note: SCOPE },
    params: NoDcpParamSchema,
    query: GantiRouteListSchema,
    answer: GantiRouteListPreviewAnswerSchema,
    errors: [404, 409],
  }),
  ganti: contract({
    method: 'POST',
    path: '/api/kunjungan/:no_dcp/ganti-route-list',
    tag,
    summary: "Change a plan's route list from a day: only open lines from that day are regenerated",
    description:
      'In one transaction: open lines (no check-in, no check-out) from `tgl_mulai` that the new route list does ' +
      'not plan are removed, its missing lines are added, and the plan takes the route list. Lines with ' +
      'evidence and days before `tgl_mulai` stay. `tgl_mulai` blank: today in her zone; a day before today ' +
      'needs `hari_lalu: true`; it must lie inside the plan. 409 when she has left before that day.',
    access: { all: ['kunjungan.update'], note: SCOPE },
    params: NoDcpParamSchema,
    body: GantiRouteListSchema,
    answer: GantiRouteListSavedSchema,
    errors: [404, 409],
  }),
  updateLine: contract({
    method: 'PUT',
    path: '/api/kunjungan/detail/:id',
    tag,
    summary: "Change a line's shift or store (a checked-in line keeps its store: 409)",
    access: { all: ['kunjungan.update'], note: SCOPE },
    params: LineParamSchema,
    body: LineUpdateSchema,
    answer: LineSavedSchema,
    errors: [404, 409],
  }),
  removeLine: contract({
    method: 'DELETE',
    path: '/api/kunjungan/detail/:id',
    tag,
    summary: 'Remove a line without a check-in (a checked-in line: 409)',
    access: { all: ['kunjungan.update'], note: SCOPE },
    params: LineParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/kunjungan/:id',
    tag,
    summary: 'One plan with its lines and their check-in evidence',
    description: '`id` is the no_dcp, URL-encoded (DCP%2FYYYYMM%2FNRP).',
    access: { all: ['kunjungan.read'], note: SCOPE },
    params: PlanParamSchema,
    answer: PlanDetailAnswerSchema,
    errors: [404],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/kunjungan/:id',
    tag,
    summary: 'Delete a plan with its lines',
    description:
      'While any line is checked in the answer is 409 unless `force=true` confirms the second, explicit warning.',
    access: { all: ['kunjungan.delete'], note: SCOPE },
    params: PlanParamSchema,
    query: PlanDeleteQuerySchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
};
