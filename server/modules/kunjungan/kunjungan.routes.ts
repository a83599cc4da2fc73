/**
 * The back office's visit plans (DCP), spec part 2 §2.3 and §7 visits, mounted at /api/kunjungan next
 * to the employee's own visit routes of server/modules/absensi (…/karyawan/{id}, …/detail/{id}/check-in|out),
 * whose paths these never match. Every route is limited to the user's trustee scope.
 */
import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import {
  GantiRouteListPreviewAnswerSchema,
  GantiRouteListSavedSchema,
  GantiRouteListSchema,
  GeneratedPlanAnswerSchema,
  GenerateQuerySchema,
  KaryawanPeriodParamSchema,
  KaryawanPeriodPlanAnswerSchema,
  KUNJUNGAN_PLAN_MESSAGES,
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
} from '../../../src/domain/kunjungan/kunjungan-plan';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { generatePlan, generateRouteList, previewRouteList } from './plan-generate.service';
import { getPlan, karyawanPeriodPlan, listPlanKaryawan, listPlans } from './plan-read.service';
import { gantiRouteList, previewGantiRouteList } from './plan-route-list.service';
import { addLine, createPlan, deleteLine, deletePlan, updateLine } from './plan-write.service';

const tag = 'Kunjungan (plan)';
const SCOPE = 'Only employees inside the user’s trustee scope (403 for one outside).';

export const kunjunganRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List visit plans with their evidence counts',
      description: 'Per plan: lines planned, checked in, checked out, and flagged outside the radius.',
      access: { all: ['kunjungan.read'], note: SCOPE },
      responses: { 200: PlanListAnswerSchema },
    }),
    validate('query', KunjunganListQuerySchema),
    async (c) => c.json(await listPlans(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/create/new',
    route({
      tag,
      summary: "Generate a plan's rows from the employee's route-list matrix (nothing is saved)",
      description:
        'Days of approved sick, cuti and izin leave and days outside the employment are left out, and so are ' +
        'the days before today (her zone) unless `hari_lalu=true`. ' +
        '`existing_no_dcp` names the plan the employee already has for the period, if any.',
      access: { all: ['kunjungan.create'], note: SCOPE },
      responses: { 200: GeneratedPlanAnswerSchema },
      errors: [404],
    }),
    validate('query', GenerateQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json({ result: await generatePlan(deps.db, deps, c.get('actor'), c.req.valid('query')) });
    },
  )
  .get(
    '/create/karyawan',
    route({
      tag,
      summary: 'Employees a plan can be made for (the form’s picker)',
      access: { all: ['kunjungan.create'], note: SCOPE },
      responses: { 200: PlanKaryawanListAnswerSchema },
    }),
    validate('query', PlanKaryawanQuerySchema),
    async (c) => c.json(await listPlanKaryawan(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/route-list/:id/generate',
    route({
      tag,
      summary: "Preview generating the plans of a route list's employees for a period",
      description: "Each employee's lines start on her today unless `hari_lalu=true`.",
      access: { all: ['kunjungan.create'], note: SCOPE },
      responses: { 200: RouteListPreviewAnswerSchema },
      errors: [404],
    }),
    validate('param', RouteListParamSchema),
    validate('query', RouteListGenerateSchema),
    async (c) => {
      const deps = c.get('deps');
      const q = c.req.valid('query');
      const result = await previewRouteList(
        deps.db,
        deps,
        c.get('actor'),
        c.req.valid('param').id,
        q.period_id,
        q.shift_id,
        q.hari_lalu,
      );
      return c.json({ result });
    },
  )
  .post(
    '/route-list/:id/generate',
    route({
      tag,
      summary: "Generate the plans of a route list's employees for a period, in one transaction",
      description:
        'Employees who already have a plan for the period keep it (counted in `skipped`). Lines start on each ' +
        "employee's today unless `hari_lalu` is true.",
      access: { all: ['kunjungan.create'], note: SCOPE },
      responses: { 201: RouteListGeneratedAnswerSchema },
      errors: [404],
    }),
    validate('param', RouteListParamSchema),
    validate('json', RouteListGenerateSchema),
    async (c) => {
      const deps = c.get('deps');
      const b = c.req.valid('json');
      const result = await generateRouteList(
        deps.db,
        deps,
        c.get('actor'),
        c.req.valid('param').id,
        b.period_id,
        b.shift_id,
        b.hari_lalu,
      );
      return c.json({ message: KUNJUNGAN_PLAN_MESSAGES.generated(result.plans, result.lines), result }, 201);
    },
  )
  .get(
    '/karyawan/v2/:a/nrp/:b',
    route({
      tag,
      summary: "An employee's plan of a period (`a` the period, `b` an NRP or 0 for the caller)",
      access: { session: true, note: 'Another employee: kunjungan.read, within scope.' },
      responses: { 200: KaryawanPeriodPlanAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', KaryawanPeriodParamSchema),
    async (c) => {
      const { a, b } = c.req.valid('param');
      return c.json({ result: await karyawanPeriodPlan(c.get('deps').db, c.get('actor'), a, b) });
    },
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Save a plan with its lines',
      description: 'One plan per employee and period: saving again answers 409 naming the existing plan.',
      access: { all: ['kunjungan.create'], note: SCOPE },
      responses: { 201: PlanSavedSchema },
      errors: [404, 409],
    }),
    validate('json', PlanCreateSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await createPlan(deps.db, deps, c.get('actor'), c.req.valid('json')), 201);
    },
  )
  .post(
    '/:no_dcp/detail/add',
    route({
      tag,
      summary: 'Add a line to a plan',
      access: { all: ['kunjungan.update'], note: SCOPE },
      responses: { 201: LineSavedSchema },
      errors: [404, 409],
    }),
    validate('param', NoDcpParamSchema),
    validate('json', LineAddSchema),
    async (c) =>
      c.json(await addLine(c.get('deps').db, c.get('actor'), c.req.valid('param').no_dcp, c.req.valid('json')), 201),
  )
  .get(
    '/:no_dcp/ganti-route-list',
    route({
      tag,
      summary: "Preview changing a plan's route list from a day (nothing is written)",
      description:
        'Counts of the open lines from `tgl_mulai` that would be removed, left unchanged and added, and of the ' +
        'lines with evidence that stay. `tgl_mulai` blank: today in her zone.',
      access: { all: ['kunjungan.update'], note: SCOPE },
      responses: { 200: GantiRouteListPreviewAnswerSchema },
      errors: [404, 409],
    }),
    validate('param', NoDcpParamSchema),
    validate('query', GantiRouteListSchema),
    async (c) => {
      const deps = c.get('deps');
      const { no_dcp } = c.req.valid('param');
      return c.json({
        result: await previewGantiRouteList(deps.db, deps, c.get('actor'), no_dcp, c.req.valid('query')),
      });
    },
  )
  .post(
    '/:no_dcp/ganti-route-list',
    route({
      tag,
      summary: "Change a plan's route list from a day: only open lines from that day are regenerated",
      description:
        'In one transaction: open lines (no check-in, no check-out) from `tgl_mulai` that the new route list does ' +
        'not plan are removed, its missing lines are added, and the plan takes the route list. Lines with ' +
        'evidence and days before `tgl_mulai` stay. `tgl_mulai` blank: today in her zone; a day before today ' +
        'needs `hari_lalu: true`; it must lie inside the plan. 409 when she has left before that day.',
      access: { all: ['kunjungan.update'], note: SCOPE },
      responses: { 200: GantiRouteListSavedSchema },
      errors: [404, 409],
    }),
    validate('param', NoDcpParamSchema),
    validate('json', GantiRouteListSchema),
    async (c) => {
      const deps = c.get('deps');
      const { no_dcp } = c.req.valid('param');
      return c.json(await gantiRouteList(deps.db, deps, c.get('actor'), no_dcp, c.req.valid('json')));
    },
  )
  .put(
    '/detail/:id',
    route({
      tag,
      summary: "Change a line's shift or store (a checked-in line keeps its store: 409)",
      access: { all: ['kunjungan.update'], note: SCOPE },
      responses: { 200: LineSavedSchema },
      errors: [404, 409],
    }),
    validate('param', LineParamSchema),
    validate('json', LineUpdateSchema),
    async (c) =>
      c.json(await updateLine(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(
    '/detail/:id',
    route({
      tag,
      summary: 'Remove a line without a check-in (a checked-in line: 409)',
      access: { all: ['kunjungan.update'], note: SCOPE },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', LineParamSchema),
    async (c) => c.json(await deleteLine(c.get('deps').db, c.get('actor'), c.req.valid('param').id)),
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One plan with its lines and their check-in evidence',
      description: '`id` is the no_dcp, URL-encoded (DCP%2FYYYYMM%2FNRP).',
      access: { all: ['kunjungan.read'], note: SCOPE },
      responses: { 200: PlanDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', PlanParamSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json({ result: await getPlan(deps.db, deps, c.get('actor'), c.req.valid('param').id) });
    },
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Delete a plan with its lines',
      description:
        'While any line is checked in the answer is 409 unless `force=true` confirms the second, explicit warning.',
      access: { all: ['kunjungan.delete'], note: SCOPE },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', PlanParamSchema),
    validate('query', PlanDeleteQuerySchema),
    async (c) =>
      c.json(
        await deletePlan(
          c.get('deps').db,
          c.get('actor'),
          c.req.valid('param').id,
          c.req.valid('query').force === 'true',
        ),
      ),
  );
