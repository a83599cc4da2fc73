/**
 * /api/leave and /api/count/leave (spec part 2 §7 "Leave"). Everything needs leave.read; approval
 * queues and decisions leave.approve; filing for someone else and the admin lists leave.admin; the
 * report leave.laporan. The two writes a field device makes offline — filing (multipart, with the
 * attachment) and deciding — go through `idempotent`, keyed by the outbox row id.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { dateInJakarta } from '../../../src/domain/absensi';
import {
  LEAVE_MESSAGES,
  LeaveDecisionSchema,
  LeaveFieldsSchema,
  LeaveListQuerySchema,
  LeaveReportQuerySchema,
  type LeaveCountKind,
} from '../../../src/domain/leave';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { karyawan } from '../../db/schema/karyawan';
import type { Actor, AppEnv } from '../../lib/context';
import {
  attachmentBodyLimit,
  attachmentMime,
  contentDisposition,
  readAttachment,
  readStoredAttachment,
} from '../../lib/attachments';
import { badRequest, forbidden, notFound, parseOr400 } from '../../lib/errors';
import { readMultipart } from '../../lib/files';
import { jsonBody, queryOf } from '../../lib/validate';
import { requireAnyPermission, requirePermission } from '../../middleware/auth';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { assertInScope } from '../../middleware/trustee-scope';
import { adminQueueWhere, approvalQueue, decideLeave, myQueueWhere, type QueueStatus } from './leave-approval.service';
import {
  countOwn,
  cutiBalance,
  getVisibleLeave,
  karyawanOptions,
  listLeaves,
  ownListWhere,
  parseLeaveId,
  publicRow,
  scopedListWhere,
  visitDays,
} from './leave-read.service';
import { leaveReport, leaveReportXlsx } from './leave-report.service';
import { createLeave, deleteLeave, updateLeave } from './leave-write.service';

function ownNrp(actor: Actor): string {
  if (!actor.nrp) throw forbidden(LEAVE_MESSAGES.notLinked);
  return actor.nrp;
}

function queueStatus(raw: string): QueueStatus {
  if (raw === 'N' || raw === 'A' || raw === 'R' || raw === 'all') return raw;
  throw badRequest('Status harus N, A, R atau all');
}

const today = (c: Context<AppEnv>) => dateInJakarta(c.get('deps').now());

/**
 * The employee a lookup is about: the caller ("0", "me" or absent), or — for leave.admin — another
 * employee in the caller's scope (spec §6: "the visit list is looked up for the selected employee").
 */
async function lookupNrp(c: Context<AppEnv>, requested: string | undefined): Promise<string> {
  const actor = c.get('actor');
  if (!requested || requested === '0' || requested === 'me' || requested === actor.nrp) return ownNrp(actor);
  if (!actor.permissions.includes('leave.admin')) throw forbidden(LEAVE_MESSAGES.onBehalfForbidden);
  const [emp] = await c.get('deps').db.select().from(karyawan).where(eq(karyawan.nrp, requested)).limit(1);
  if (!emp) throw notFound(LEAVE_MESSAGES.karyawanNotFound);
  assertInScope(actor, emp);
  return emp.nrp;
}

const VisitQuerySchema = v.object({
  period_id: v.pipe(v.optional(v.string(), ''), v.regex(/^\d{6}$/, LEAVE_MESSAGES.periodRequired)),
  karyawan: v.optional(v.string()),
});
const BalanceQuerySchema = v.object({
  nrp: v.optional(v.string()),
  tahun: v.optional(v.pipe(v.string(), v.regex(/^\d{4}$/, 'Tahun tidak valid'), v.transform(Number))),
});

async function readLeaveForm(c: Context<AppEnv>) {
  const form = await readMultipart(c);
  const fields = parseOr400(LeaveFieldsSchema, form);
  const attachment = await readAttachment(form.attachment);
  return { fields, attachment };
}

export const leaveRoutes = new Hono<AppEnv>()
  .use('*', requirePermission('leave.read'))
  // Everyone's requests within scope (leave.admin).
  .get('/', requirePermission('leave.admin'), async (c) => {
    const q = queryOf(c, LeaveListQuerySchema);
    return c.json(await listLeaves(c.get('deps').db, scopedListWhere(c.get('actor'), q, today(c)), q));
  })
  // The caller's own requests (/leave).
  .post('/karyawan/get', async (c) => {
    const q = await jsonBody(c, LeaveListQuerySchema);
    const nrp = ownNrp(c.get('actor'));
    return c.json(await listLeaves(c.get('deps').db, ownListWhere(nrp, q, today(c)), q));
  })
  .get('/karyawan/options', requirePermission('leave.admin'), async (c) => {
    const { q } = queryOf(c, ListQuerySchema);
    return c.json(await karyawanOptions(c.get('deps').db, c.get('actor'), q, today(c)));
  })
  .get('/visit/list', async (c) => {
    const q = queryOf(c, VisitQuerySchema);
    const nrp = await lookupNrp(c, q.karyawan);
    return c.json({ result: await visitDays(c.get('deps').db, nrp, q.period_id) });
  })
  .get('/cuti/sisa', async (c) => {
    const q = queryOf(c, BalanceQuerySchema);
    const nrp = await lookupNrp(c, q.nrp);
    return c.json({ result: await cutiBalance(c.get('deps').db, nrp, q.tahun ?? Number(today(c).slice(0, 4))) });
  })
  .get('/approval/admin/:status', requirePermission('leave.approve', 'leave.admin'), async (c) => {
    const status = queueStatus(c.req.param('status'));
    const page = queryOf(c, ListQuerySchema);
    return c.json(await approvalQueue(c.get('deps').db, adminQueueWhere(c.get('actor'), status), status, page));
  })
  .get('/approval/:status', requirePermission('leave.approve'), async (c) => {
    const status = queueStatus(c.req.param('status'));
    const page = queryOf(c, ListQuerySchema);
    return c.json(await approvalQueue(c.get('deps').db, myQueueWhere(c.get('actor'), status), status, page));
  })
  .get('/all/approval/admin', requirePermission('leave.admin'), async (c) => {
    const q = queryOf(c, LeaveListQuerySchema);
    return c.json(await listLeaves(c.get('deps').db, scopedListWhere(c.get('actor'), q, today(c)), q));
  })
  .post('/approved/status', requirePermission('leave.approve'), async (c) => {
    readIdempotencyKey(c);
    const input = await jsonBody(c, LeaveDecisionSchema);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => decideLeave(tx, deps, actor, input));
  })
  .get('/admin/report', requirePermission('leave.laporan'), async (c) =>
    c.json(await leaveReport(c.get('deps').db, c.get('actor'), queryOf(c, LeaveReportQuerySchema))),
  )
  .get('/report/download', requirePermission('leave.laporan'), async (c) => {
    const { page: _p, per_page: _pp, ...filter } = queryOf(c, LeaveReportQuerySchema);
    const file = await leaveReportXlsx(c.get('deps').db, c.get('actor'), filter);
    return c.body(file.bytes, 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': contentDisposition(file.fileName),
      'Cache-Control': 'no-store',
    });
  })
  .get('/attachment/:id/download', async (c) => {
    const deps = c.get('deps');
    const row = await getVisibleLeave(deps.db, c.get('actor'), parseLeaveId(c.req.param('id')));
    if (!row.storedAttachment) throw notFound(LEAVE_MESSAGES.noAttachment);
    const bytes = await readStoredAttachment(deps.uploadsDir, row.storedAttachment);
    return c.body(bytes, 200, {
      'Content-Type': attachmentMime(row.storedAttachment),
      'Content-Disposition': contentDisposition(row.attachment ?? row.storedAttachment),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .get('/:id', async (c) => {
    const row = await getVisibleLeave(c.get('deps').db, c.get('actor'), parseLeaveId(c.req.param('id')), true);
    return c.json({ result: { ...publicRow(row), coverage: row.coverage } });
  })
  .post('/', attachmentBodyLimit, async (c) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const { fields, attachment } = await readLeaveForm(c);
    const deps = c.get('deps');
    return idempotent(c, actor, (tx, scope) => createLeave(tx, deps, scope, actor, fields, attachment));
  })
  .put('/:id', attachmentBodyLimit, async (c) => {
    const { fields, attachment } = await readLeaveForm(c);
    return c.json(await updateLeave(c.get('deps'), c.get('actor'), c.req.param('id'), fields, attachment));
  })
  .delete('/:id', async (c) => c.json(await deleteLeave(c.get('deps'), c.get('actor'), c.req.param('id'))));

const COUNT_KINDS: readonly LeaveCountKind[] = ['year', 'month', 'open', 'reject'];

/** GET /api/count/leave/{year|month|open|reject}/{jenis}: the caller's own counts; jenis an id or "all". */
export const leaveCountRoutes = new Hono<AppEnv>()
  .use('*', requireAnyPermission('leave.read'))
  .get('/:kind/:jenis', async (c) => {
    const kind = c.req.param('kind') as LeaveCountKind;
    if (!COUNT_KINDS.includes(kind)) throw notFound('Jenis hitungan tidak dikenal (year, month, open, reject)');
    const raw = c.req.param('jenis');
    const jenis = raw === 'all' ? null : /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (Number.isNaN(jenis)) throw badRequest(LEAVE_MESSAGES.jenisNotFound);
    const nrp = ownNrp(c.get('actor'));
    return c.json({ result: await countOwn(c.get('deps').db, nrp, kind, jenis, today(c)) });
  });
