/**
 * /api/leave and /api/count/leave (spec part 2 §7 "Leave"), serving the area's contracts
 * (src/domain/leave/contracts.ts, where each endpoint's path, permission and answer are declared).
 * Everything needs leave.read; approval queues and decisions leave.approve; filing for someone else and
 * the admin lists leave.admin; the report leave.laporan. The two writes a field device makes offline —
 * filing (multipart, with the attachment) and deciding — go through `idempotent`, keyed by the outbox
 * row id. The attachment download answers a file, not JSON: a hand-written route.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { LEAVE_TAG as tag, LEAVE_VISIBLE, leaveContracts as leave } from '../../../src/domain/leave/contracts';
import { LeaveFieldsSchema, LeaveIdParamSchema } from '../../../src/domain/leave/leave';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { LEAVE_COUNT_KINDS } from '../../../src/domain/leave/leave-rules';
import { karyawan } from '../../db/schema/karyawan';
import {
  ATTACHMENT_MIME,
  attachmentBodyLimit,
  attachmentMime,
  contentDisposition,
  readAttachment,
  readStoredAttachment,
} from '../../lib/attachments';
import type { AppEnv } from '../../lib/context';
import { contractRouter } from '../../lib/contract-route';
import { forbidden, notFound, parseOr400 } from '../../lib/errors';
import { readMultipart } from '../../lib/files';
import { route, validate } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { assertInScope } from '../../middleware/trustee-scope';
import { leaveApprovalRoutes } from './leave-approval.routes';
import { officeToday, own, todayOf } from './leave-context';
import {
  countOwn,
  countOwnSummary,
  cutiBalance,
  karyawanOptions,
  listLeaves,
  ownListWhere,
  scopedListWhere,
} from './leave-read.service';
import { leaveReportRoutes } from './leave-report.routes';
import { getVisibleLeave, publicRow } from './leave-rows.service';
import { visitDays } from './leave-visits.service';
import { createLeave, deleteLeave, updateLeave } from './leave-write.service';

/**
 * The employee a lookup is about: the caller ("0", "me" or absent), or — for leave.admin — another
 * employee in the caller's scope (spec §6: "the visit list is looked up for the selected employee").
 */
async function lookupNrp(c: Context<AppEnv>, requested: string | undefined): Promise<string> {
  const actor = c.get('actor');
  if (!requested || requested === '0' || requested === 'me' || requested === actor.nrp) return own(c);
  if (!actor.permissions.includes('leave.admin')) throw forbidden(LEAVE_MESSAGES.onBehalfForbidden);
  const [emp] = await c.get('deps').db.select().from(karyawan).where(eq(karyawan.nrp, requested)).limit(1);
  if (!emp) throw notFound(LEAVE_MESSAGES.karyawanNotFound);
  assertInScope(actor, emp);
  return emp.nrp;
}

async function readLeaveForm(c: Context<AppEnv>) {
  const form = await readMultipart(c);
  const fields = parseOr400(LeaveFieldsSchema, form);
  const attachment = await readAttachment(form.attachment);
  return { fields, attachment };
}

const requests = contractRouter('/api/leave');
requests.router.route('/', leaveApprovalRoutes).route('/', leaveReportRoutes);
requests
  .on(leave.list, async (c, { query }) =>
    listLeaves(c.get('deps').db, scopedListWhere(c.get('actor'), query, officeToday(c)), query),
  )
  .on(leave.own, async (c, { body }) =>
    listLeaves(c.get('deps').db, ownListWhere(own(c), body, await todayOf(c, own(c))), body),
  )
  .on(leave.karyawanOptions, async (c, { query }) =>
    karyawanOptions(c.get('deps').db, c.get('actor'), query.q, officeToday(c)),
  )
  .on(leave.visits, async (c, { query }) => {
    const nrp = await lookupNrp(c, query.karyawan);
    return { result: await visitDays(c.get('deps').db, nrp, query.period_id) };
  })
  .on(leave.balance, async (c, { query }) => {
    const nrp = await lookupNrp(c, query.nrp);
    return {
      result: await cutiBalance(c.get('deps').db, nrp, query.tahun ?? Number((await todayOf(c, nrp)).slice(0, 4))),
    };
  });
// A file answer, which a contract does not describe: declared here, in its place among the routes.
requests.router.get(
  '/attachment/:id/download',
  route({
    tag,
    summary: "A request's attachment",
    access: LEAVE_VISIBLE,
    responses: { 200: { file: ATTACHMENT_MIME.pdf, also: [ATTACHMENT_MIME.jpg, ATTACHMENT_MIME.png] } },
    errors: [404],
  }),
  validate('param', LeaveIdParamSchema),
  async (c) => {
    const deps = c.get('deps');
    const row = await getVisibleLeave(deps.db, c.get('actor'), c.req.valid('param').id);
    if (!row.storedAttachment) throw notFound(LEAVE_MESSAGES.noAttachment);
    const bytes = await readStoredAttachment(deps.storage, row.storedAttachment);
    return c.body(bytes, 200, {
      'Content-Type': attachmentMime(row.storedAttachment),
      'Content-Disposition': contentDisposition(row.attachment ?? row.storedAttachment),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  },
);
requests
  .on(leave.detail, async (c, { params }) => {
    const row = await getVisibleLeave(c.get('deps').db, c.get('actor'), params.id, true);
    return { result: { ...publicRow(row), coverage: row.coverage } };
  })
  .on(
    leave.file,
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const { fields, attachment } = await readLeaveForm(c);
      const deps = c.get('deps');
      return idempotent(c, actor, (tx, scope) => createLeave(tx, deps, scope, actor, fields, attachment));
    },
    { before: [attachmentBodyLimit] },
  )
  .on(
    leave.change,
    async (c, { params }) => {
      const { fields, attachment } = await readLeaveForm(c);
      return updateLeave(c.get('deps'), c.get('actor'), params.id, fields, attachment);
    },
    { before: [attachmentBodyLimit] },
  )
  .on(leave.withdraw, async (c, { params }) => deleteLeave(c.get('deps'), c.get('actor'), params.id));

export const leaveRoutes = requests.router;

/**
 * GET /api/count/leave/{year|month|open|reject}/{jenis}: the caller's own counts; jenis an id or "all".
 * GET /api/count/leave/summary (not in the spec; decision 015): all of them in one answer, so the phone's
 * copy of the day asks once instead of four times per kind.
 */
export const leaveCountRoutes = contractRouter('/api/count/leave')
  .on(leave.countSummary, async (c) => {
    const nrp = own(c);
    return { result: await countOwnSummary(c.get('deps').db, nrp, await todayOf(c, nrp)) };
  })
  .on(leave.count, async (c, { params }) => {
    const { kind, jenis } = params;
    const known = LEAVE_COUNT_KINDS.find((k) => k === kind);
    if (!known) throw notFound(LEAVE_MESSAGES.countKindUnknown);
    const result = await countOwn(
      c.get('deps').db,
      own(c),
      known,
      jenis === 'all' ? null : jenis,
      await todayOf(c, own(c)),
    );
    return { result };
  }).router;
