/**
 * The back office's visit plans (DCP), spec part 2 §2.3 and §7 visits: serves the area's contracts
 * (src/domain/kunjungan/contracts.ts), mounted at /api/kunjungan next to the employee's own visit routes
 * of server/modules/absensi (…/karyawan/{id}, …/detail/{id}/check-in|out), whose paths these never
 * match. Every route is limited to the user's trustee scope.
 */
import { kunjunganContracts as plans } from '../../../src/domain/kunjungan/contracts';
import { KUNJUNGAN_PLAN_MESSAGES } from '../../../src/domain/kunjungan/kunjungan-plan';
import { contractRouter } from '../../lib/contract-route';
import { generatePlan, generateRouteList, previewRouteList } from './plan-generate.service';
import { getPlan, karyawanPeriodPlan, listPlanKaryawan, listPlans } from './plan-read.service';
import { gantiRouteList, previewGantiRouteList } from './plan-route-list.service';
import { addLine, createPlan, deleteLine, deletePlan, updateLine } from './plan-write.service';

// Registered in this order: the fixed paths (create/…, route-list/…, karyawan/…) before /{id}.
export const kunjunganRoutes = contractRouter('/api/kunjungan')
  .on(plans.list, (c, { query }) => listPlans(c.get('deps').db, c.get('actor'), query))
  .on(plans.generate, async (c, { query }) => {
    const deps = c.get('deps');
    return { result: await generatePlan(deps.db, deps, c.get('actor'), query) };
  })
  .on(plans.karyawan, (c, { query }) => listPlanKaryawan(c.get('deps').db, c.get('actor'), query))
  .on(plans.routeListPreview, async (c, { params, query }) => {
    const deps = c.get('deps');
    const result = await previewRouteList(
      deps.db,
      deps,
      c.get('actor'),
      params.id,
      query.period_id,
      query.shift_id,
      query.hari_lalu,
    );
    return { result };
  })
  .on(plans.routeListGenerate, async (c, { params, body }) => {
    const deps = c.get('deps');
    const result = await generateRouteList(
      deps.db,
      deps,
      c.get('actor'),
      params.id,
      body.period_id,
      body.shift_id,
      body.hari_lalu,
    );
    return { message: KUNJUNGAN_PLAN_MESSAGES.generated(result.plans, result.lines), result };
  })
  .on(plans.karyawanPeriod, async (c, { params }) => ({
    result: await karyawanPeriodPlan(c.get('deps').db, c.get('actor'), params.a, params.b),
  }))
  .on(plans.create, (c, { body }) => {
    const deps = c.get('deps');
    return createPlan(deps.db, deps, c.get('actor'), body);
  })
  .on(plans.addLine, (c, { params, body }) => addLine(c.get('deps').db, c.get('actor'), params.no_dcp, body))
  .on(plans.gantiPreview, async (c, { params, query }) => {
    const deps = c.get('deps');
    return { result: await previewGantiRouteList(deps.db, deps, c.get('actor'), params.no_dcp, query) };
  })
  .on(plans.ganti, (c, { params, body }) => {
    const deps = c.get('deps');
    return gantiRouteList(deps.db, deps, c.get('actor'), params.no_dcp, body);
  })
  .on(plans.updateLine, (c, { params, body }) => updateLine(c.get('deps').db, c.get('actor'), params.id, body))
  .on(plans.removeLine, (c, { params }) => deleteLine(c.get('deps').db, c.get('actor'), params.id))
  .on(plans.detail, async (c, { params }) => {
    const deps = c.get('deps');
    return { result: await getPlan(deps.db, deps, c.get('actor'), params.id) };
  })
  .on(plans.remove, (c, { params, query }) =>
    deletePlan(c.get('deps').db, c.get('actor'), params.id, query.force === 'true'),
  ).router;
