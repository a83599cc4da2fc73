/**
 * /api/karyawan, the lifecycle after hiring (spec part 1 §4, §6; docs/decisions/007): payroll posting
 * and its export, contract renewal, the generated documents, and resignation (P3).
 */
import { Hono } from 'hono';
import { resolver } from 'hono-openapi';
import { MessageSchema } from '../../../src/domain/api';
import { NrpParamSchema } from '../../../src/domain/karyawan/karyawan';
import {
  KontrakNoParamSchema,
  PbNoParamSchema,
  PostingExportQuerySchema,
  PostingListAnswerSchema,
  PostingBodyDocSchema,
  PostingListQuerySchema,
  PostingSchema,
  RenewSavedSchema,
  RenewSchema,
  ResignDetailAnswerSchema,
  ResignDetailQuerySchema,
  ResignSavedSchema,
  ResignSchema,
} from '../../../src/domain/karyawan/karyawan-lifecycle';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { jsonBody } from '../../lib/validate';
import { fileAnswer } from '../../lib/attachments';
import { pathParams } from './karyawan-http';
import { kontrakDocument, pbDocument, renewKontrak, type PdfFile } from './kontrak.service';
import { exportPosted } from './posting-export';
import { listPosting, postItems } from './posting.service';
import { cancelResign, editResign, resignDetail, resignKaryawan } from './resign.service';

const tag = 'Karyawan: lifecycle';
const PDF = 'application/pdf';
const pdf = (file: PdfFile) => ({ name: file.name, type: PDF, body: file.bytes.slice().buffer });

export const karyawanLifecycleRoutes = new Hono<AppEnv>()
  // Payroll posting
  .get(
    '/posting/list',
    route({
      tag,
      summary: 'Posting items of one status (open, posted, completed)',
      access: { all: ['karyawan.posting'] },
      responses: { 200: PostingListAnswerSchema },
    }),
    validate('query', PostingListQuerySchema),
    async (c) => c.json(await listPosting(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .put(
    '/posting',
    route({
      tag,
      summary: 'Post one item or several (open → posted), all or nothing',
      description: "An employee's items go out in the order they happened (409 while an older one is open).",
      access: { all: ['karyawan.posting'] },
      responses: { 200: MessageSchema },
      errors: [404, 409, 413],
      // Documented by its two shapes; checked by PostingSchema, which answers a bad field by its own message.
      extra: {
        requestBody: { required: true, content: { 'application/json': { schema: resolver(PostingBodyDocSchema) } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const items = await jsonBody(c, PostingSchema);
      return c.json(await postItems(deps.db, c.get('actor'), items, deps.now()));
    },
  )
  .get(
    '/posting/export',
    route({
      tag,
      summary: 'The payroll feed: every posted item as CSV, marked completed',
      description: 'The header X-Total-Count carries the number of rows.',
      access: { all: ['karyawan.posting', 'karyawan.gaji.read'] },
      responses: { 200: { file: 'text/csv' } },
    }),
    validate('query', PostingExportQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      const file = await exportPosted(deps.db, c.get('actor'), deps.now());
      c.header('X-Total-Count', String(file.count));
      return fileAnswer(c, { name: file.name, type: 'text/csv; charset=utf-8', body: file.csv });
    },
  )
  // Contracts and documents
  .post(
    '/kontrak/renew',
    route({
      tag,
      summary: 'Append the next contract',
      description: 'Next sequence, starting the day after the current end, end = start + months − 1 day, status B.',
      access: { all: ['karyawan.update', 'karyawan.kontrak.edit'] },
      responses: { 200: RenewSavedSchema },
      errors: [404, 409, 413],
    }),
    validate('json', RenewSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await renewKontrak(deps.db, c.get('actor'), c.req.valid('json'), deps.now()));
    },
  )
  .get(
    '/kontrak/:no/download',
    route({
      tag,
      summary: 'The contract (PKWT) as a PDF',
      description: 'The number with its slashes as dashes. The wage only with karyawan.gaji.read.',
      access: { all: ['karyawan.kontrak.read'] },
      responses: { 200: { file: PDF } },
      errors: [404],
    }),
    pathParams(KontrakNoParamSchema),
    async (c) => fileAnswer(c, pdf(await kontrakDocument(c.get('deps').db, c.get('actor'), c.req.valid('param').no))),
  )
  .get(
    '/pb/:no/download',
    route({
      tag,
      summary: 'The termination agreement (perjanjian bersama) as a PDF',
      access: { any: ['karyawan.read', 'karyawan.resign'] },
      responses: { 200: { file: PDF } },
      errors: [404],
    }),
    pathParams(PbNoParamSchema),
    async (c) => fileAnswer(c, pdf(await pbDocument(c.get('deps').db, c.get('actor'), c.req.valid('param').no))),
  )
  // Resignation (P3)
  .get(
    '/:nrp/resign-detail',
    route({
      tag,
      summary: 'The proposed discretionary amount for a resignation date',
      access: { all: ['karyawan.resign'] },
      responses: { 200: ResignDetailAnswerSchema },
      errors: [404],
    }),
    pathParams(NrpParamSchema),
    validate('query', ResignDetailQuerySchema),
    async (c) => {
      const { nrp } = c.req.valid('param');
      const { tgl_p3 } = c.req.valid('query');
      return c.json({ result: await resignDetail(c.get('deps').db, c.get('actor'), nrp, tgl_p3) });
    },
  )
  .put(
    '/:nrp/resign',
    route({
      tag,
      summary: 'Register a resignation: its agreement number and a P3 posting item',
      access: { all: ['karyawan.resign'] },
      responses: { 200: ResignSavedSchema },
      errors: [404, 409, 413],
    }),
    pathParams(NrpParamSchema),
    validate('json', ResignSchema),
    async (c) => {
      const deps = c.get('deps');
      const { nrp } = c.req.valid('param');
      return c.json(await resignKaryawan(deps.db, c.get('actor'), nrp, c.req.valid('json'), deps.now()));
    },
  )
  .put(
    '/:nrp/edit-resign',
    route({
      tag,
      summary: 'Change a resignation while its P3 item is open',
      access: { all: ['karyawan.resign'] },
      responses: { 200: MessageSchema },
      errors: [404, 409, 413],
    }),
    pathParams(NrpParamSchema),
    validate('json', ResignSchema),
    async (c) => {
      const deps = c.get('deps');
      const { nrp } = c.req.valid('param');
      return c.json(await editResign(deps.db, c.get('actor'), nrp, c.req.valid('json'), deps.now()));
    },
  )
  .delete(
    '/:nrp/resign',
    route({
      tag,
      summary: 'Cancel a resignation while its P3 item is open: the employee is active again',
      access: { all: ['karyawan.resign'] },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    pathParams(NrpParamSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await cancelResign(deps.db, c.get('actor'), c.req.valid('param').nrp, deps.now()));
    },
  );
