/**
 * /api/karyawan, the lifecycle after hiring (spec part 1 §4, §6; docs/decisions/007): payroll posting
 * and its export, contract renewal, the generated documents, and resignation (P3). The JSON endpoints
 * serve their contracts (src/domain/karyawan/contracts.ts); the payroll feed (CSV) and the two PDFs are
 * files, hand-written routes in their places.
 */
import { resolver } from 'hono-openapi';
import {
  KARYAWAN_LIFECYCLE_TAG as tag,
  karyawanLifecycleContracts as lifecycle,
} from '../../../src/domain/karyawan/contracts';
import {
  KontrakNoParamSchema,
  PbNoParamSchema,
  PostingBodyDocSchema,
  PostingExportQuerySchema,
  PostingSchema,
} from '../../../src/domain/karyawan/karyawan-lifecycle';
import { fileAnswer } from '../../lib/attachments';
import { contractRouter } from '../../lib/contract-route';
import { route, validate } from '../../lib/openapi';
import { jsonBody } from '../../lib/validate';
import { namingParams, pathParams, readInto } from './karyawan-http';
import { kontrakDocument, pbDocument, renewKontrak, type PdfFile } from './kontrak.service';
import { exportPosted } from './posting-export';
import { listPosting, postItems } from './posting.service';
import { cancelResign, editResign, resignDetail, resignKaryawan } from './resign.service';

const PDF = 'application/pdf';
const pdf = (file: PdfFile) => ({ name: file.name, type: PDF, body: file.bytes.slice().buffer });

const routes = contractRouter('/api/karyawan');

// Payroll posting
routes
  .on(lifecycle.postingList, async (c, { query }) => listPosting(c.get('deps').db, c.get('actor'), query))
  .on(
    lifecycle.post,
    async (c, { body }) => {
      const deps = c.get('deps');
      return postItems(deps.db, c.get('actor'), Array.isArray(body) ? body : [body], deps.now());
    },
    {
      // Checked by PostingSchema, which answers a bad field by its own message (a plain union would answer
      // only that neither shape fits), and documented by its two shapes.
      check: { json: () => readInto('json', (c) => jsonBody(c, PostingSchema)) },
      extra: {
        requestBody: { required: true, content: { 'application/json': { schema: resolver(PostingBodyDocSchema) } } },
      },
    },
  );
routes.router.get(
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
);
// Contracts and documents
routes.on(lifecycle.renew, async (c, { body }) => {
  const deps = c.get('deps');
  return renewKontrak(deps.db, c.get('actor'), body, deps.now());
});
routes.router
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
  );
// Resignation (P3); a malformed NRP names nobody (404)
const naming = { check: { param: namingParams } };
routes
  .on(
    lifecycle.resignDetail,
    async (c, { params, query }) => ({
      result: await resignDetail(c.get('deps').db, c.get('actor'), params.nrp, query.tgl_p3),
    }),
    naming,
  )
  .on(
    lifecycle.resign,
    async (c, { params, body }) => {
      const deps = c.get('deps');
      return resignKaryawan(deps.db, c.get('actor'), params.nrp, body, deps.now());
    },
    naming,
  )
  .on(
    lifecycle.editResign,
    async (c, { params, body }) => {
      const deps = c.get('deps');
      return editResign(deps.db, c.get('actor'), params.nrp, body, deps.now());
    },
    naming,
  )
  .on(
    lifecycle.cancelResign,
    async (c, { params }) => {
      const deps = c.get('deps');
      return cancelResign(deps.db, c.get('actor'), params.nrp, deps.now());
    },
    naming,
  );

export const karyawanLifecycleRoutes = routes.router;
