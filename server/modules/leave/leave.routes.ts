/**
 * /api/leave and /api/count/leave (spec part 2 §7 "Leave"). Everything needs leave.read; approval
 * queues and decisions leave.approve; filing for someone else and the admin lists leave.admin; the
 * report leave.laporan. The two writes a field device makes offline — filing (multipart, with the
 * attachment) and deciding — go through `idempotent`, keyed by the outbox row id.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { resolver } from 'hono-openapi';
import { MessageSchema } from '../../../src/domain/api';
import {
  BalanceQuerySchema,
  LeaveCountParamSchema,
  LeaveFieldsSchema,
  LeaveFormDocSchema,
  LeaveIdParamSchema,
  LeaveListQuerySchema,
  VisitQuerySchema,
} from '../../../src/domain/leave/leave';
import {
  CutiBalanceAnswerSchema,
  KaryawanOptionListAnswerSchema,
  LeaveCountAnswerSchema,
  LeaveCountSummaryAnswerSchema,
  LeaveDetailAnswerSchema,
  LeaveListAnswerSchema,
  LeaveSavedSchema,
  VisitDaysAnswerSchema,
} from '../../../src/domain/leave/leave-answers';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { LEAVE_COUNT_KINDS } from '../../../src/domain/leave/leave-rules';
import { ListQuerySchema } from '../../../src/domain/list-query';
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
import { forbidden, notFound, parseOr400 } from '../../lib/errors';
import { readMultipart } from '../../lib/files';
import { route, validate } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { assertInScope } from '../../middleware/trustee-scope';
import { leaveApprovalRoutes } from './leave-approval.routes';
import { officeToday, own, TAG as tag, todayOf } from './leave-context';
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

/** The multipart body of filing and changing a request, for the document. */
const leaveForm = {
  requestBody: { content: { 'multipart/form-data': { schema: resolver(LeaveFormDocSchema) } } },
};

const ON_BEHALF = 'Another employee (`karyawan`/`nrp`): leave.admin, within scope.';

export const leaveRoutes = new Hono<AppEnv>()
  .route('/', leaveApprovalRoutes)
  .route('/', leaveReportRoutes)
  .get(
    '/',
    route({
      tag,
      summary: "Everyone's requests within the user's scope",
      access: { all: ['leave.read', 'leave.admin'] },
      responses: { 200: LeaveListAnswerSchema },
    }),
    validate('query', LeaveListQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(await listLeaves(c.get('deps').db, scopedListWhere(c.get('actor'), q, officeToday(c)), q));
    },
  )
  .post(
    '/karyawan/get',
    route({
      tag,
      summary: "The caller's own requests (/leave)",
      access: { all: ['leave.read'], note: 'Own requests only; the account must be linked to an employee.' },
      responses: { 200: LeaveListAnswerSchema },
    }),
    validate('json', LeaveListQuerySchema),
    async (c) => {
      const q = c.req.valid('json');
      return c.json(await listLeaves(c.get('deps').db, ownListWhere(own(c), q, await todayOf(c, own(c))), q));
    },
  )
  .get(
    '/karyawan/options',
    route({
      tag,
      summary: 'Employees a leave.admin may file for (NRP or name)',
      access: { all: ['leave.read', 'leave.admin'] },
      responses: { 200: KaryawanOptionListAnswerSchema },
    }),
    validate('query', ListQuerySchema),
    async (c) =>
      c.json(await karyawanOptions(c.get('deps').db, c.get('actor'), c.req.valid('query').q, officeToday(c))),
  )
  .get(
    '/visit/list',
    route({
      tag,
      summary: "An employee's visit plan of a period, by day (Tuker Off Hari, Perubahan Shift Kerja)",
      access: { all: ['leave.read'], note: ON_BEHALF },
      responses: { 200: VisitDaysAnswerSchema },
      errors: [404],
    }),
    validate('query', VisitQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      const nrp = await lookupNrp(c, q.karyawan);
      return c.json({ result: await visitDays(c.get('deps').db, nrp, q.period_id) });
    },
  )
  .get(
    '/cuti/sisa',
    route({
      tag,
      summary: 'The annual cuti balance of a year',
      access: { all: ['leave.read'], note: ON_BEHALF },
      responses: { 200: CutiBalanceAnswerSchema },
      errors: [404],
    }),
    validate('query', BalanceQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      const nrp = await lookupNrp(c, q.nrp);
      return c.json({
        result: await cutiBalance(c.get('deps').db, nrp, q.tahun ?? Number((await todayOf(c, nrp)).slice(0, 4))),
      });
    },
  )
  .get(
    '/attachment/:id/download',
    route({
      tag,
      summary: "A request's attachment",
      access: {
        all: ['leave.read'],
        note: 'Its employee, the team leader of its step 1, or leave.admin / leave.laporan within scope.',
      },
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
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One request with its approval steps and the visits it leaves uncovered',
      access: {
        all: ['leave.read'],
        note: 'Its employee, the team leader of its step 1, or leave.admin / leave.laporan within scope.',
      },
      responses: { 200: LeaveDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', LeaveIdParamSchema),
    async (c) => {
      const row = await getVisibleLeave(c.get('deps').db, c.get('actor'), c.req.valid('param').id, true);
      return c.json({ result: { ...publicRow(row), coverage: row.coverage } });
    },
  )
  .post(
    '/',
    route({
      tag,
      summary: 'File a request (multipart, with the attachment)',
      description:
        'For another employee (`karyawan_nrp`): leave.admin, within scope. Takes an `Idempotency-Key` ' +
        '(the outbox row id).',
      access: { all: ['leave.read'] },
      responses: { 201: LeaveSavedSchema },
      errors: [409, 413],
      idempotent: true,
      extra: leaveForm,
    }),
    attachmentBodyLimit,
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const { fields, attachment } = await readLeaveForm(c);
      const deps = c.get('deps');
      return idempotent(c, actor, (tx, scope) => createLeave(tx, deps, scope, actor, fields, attachment));
    },
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Change a request nobody has decided yet (multipart)',
      access: { all: ['leave.read'], note: 'Its employee, or leave.admin within scope.' },
      responses: { 200: LeaveSavedSchema },
      errors: [404, 409, 413],
      extra: leaveForm,
    }),
    validate('param', LeaveIdParamSchema),
    attachmentBodyLimit,
    async (c) => {
      const { fields, attachment } = await readLeaveForm(c);
      const id = c.req.valid('param').id;
      return c.json(await updateLeave(c.get('deps'), c.get('actor'), id, fields, attachment));
    },
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Withdraw a request nobody has decided yet',
      access: { all: ['leave.read'], note: 'Its employee, or leave.admin within scope.' },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', LeaveIdParamSchema),
    async (c) => c.json(await deleteLeave(c.get('deps'), c.get('actor'), c.req.valid('param').id)),
  );

/**
 * GET /api/count/leave/{year|month|open|reject}/{jenis}: the caller's own counts; jenis an id or "all".
 * GET /api/count/leave/summary (not in the spec; decision 015): all of them in one answer, so the phone's
 * copy of the day asks once instead of four times per kind.
 */
export const leaveCountRoutes = new Hono<AppEnv>()
  .get(
    '/summary',
    route({
      tag,
      summary: "Every count of the caller's own requests, for every kind and each kind of leave, at once",
      access: { all: ['leave.read'], note: 'Own requests only.' },
      responses: { 200: LeaveCountSummaryAnswerSchema },
    }),
    async (c) => {
      const nrp = own(c);
      return c.json({ result: await countOwnSummary(c.get('deps').db, nrp, await todayOf(c, nrp)) });
    },
  )
  .get(
    '/:kind/:jenis',
    route({
      tag,
      summary: "The caller's own requests counted: approved this year / month, open, rejected",
      access: { all: ['leave.read'], note: 'Own requests only.' },
      responses: { 200: LeaveCountAnswerSchema },
      errors: [404],
    }),
    validate('param', LeaveCountParamSchema),
    async (c) => {
      const { kind, jenis } = c.req.valid('param');
      const known = LEAVE_COUNT_KINDS.find((k) => k === kind);
      if (!known) throw notFound(LEAVE_MESSAGES.countKindUnknown);
      const result = await countOwn(
        c.get('deps').db,
        own(c),
        known,
        jenis === 'all' ? null : jenis,
        await todayOf(c, own(c)),
      );
      return c.json({ result });
    },
  );
