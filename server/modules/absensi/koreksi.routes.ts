/**
 * /api/absensi/koreksi ("Koreksi Absensi", issue 29 item 2): filing from the phone (multipart with an
 * optional photo, or JSON; replayed by the outbox, so it takes an Idempotency-Key), the queue of the
 * caller (her team leader's step 1, an absensi.koreksi admin's step 2 in scope) or her own list
 * (`mine=1`), the decision of one step (idempotent too), and the photo behind the record's access check.
 * Any signed-in user reaches the routes; who may do what is the service's check on the record. Serves
 * `koreksiContracts` of src/domain/absensi/contracts.ts; the photo answers a file: a hand-written route.
 */
import type { Context } from 'hono';
import { resolver } from 'hono-openapi';
import {
  ABSENSI_TAG,
  KOREKSI_FOTO_ACCESS,
  koreksiContracts as koreksi,
} from '../../../src/domain/absensi/contracts';
import { KoreksiFieldsSchema, KoreksiFormDocSchema, KoreksiIdParamSchema } from '../../../src/domain/absensi/koreksi';
import type { AppEnv } from '../../lib/context';
import { contractRouter } from '../../lib/contract-route';
import { badRequest, parseOr400 } from '../../lib/errors';
import { readMultipart } from '../../lib/files';
import { photoBodyLimit } from '../../lib/files';
import { route, validate } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import {
  createKoreksi,
  decideKoreksi,
  koreksiFoto,
  listKoreksi,
  readKoreksiFoto,
  type KoreksiPhoto,
} from './koreksi.service';

/** The filing body: multipart (fields + optional `foto`) from the phone, or plain JSON without a photo. */
async function readKoreksiBody(c: Context<AppEnv>) {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let raw: Record<string, unknown>;
  let foto: KoreksiPhoto | null = null;
  if (type.startsWith('application/json')) {
    raw = (await c.req.json().catch(() => {
      throw badRequest('Data JSON tidak valid');
    })) as Record<string, unknown>;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Data JSON tidak valid');
  } else {
    const form = await readMultipart(c);
    const { foto: part, ...rest } = form;
    raw = rest;
    foto = await readKoreksiFoto(part);
  }
  return { fields: parseOr400(KoreksiFieldsSchema, raw), foto };
}

const routes = contractRouter('/api/absensi/koreksi')
  .on(koreksi.list, async (c, { query }) => listKoreksi(c.get('deps').db, c.get('actor'), query))
  .on(
    koreksi.file,
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const { fields, foto } = await readKoreksiBody(c);
      const deps = c.get('deps');
      return idempotent(c, actor, (tx, scope) => createKoreksi(tx, deps, scope, actor, fields, foto));
    },
    {
      before: [photoBodyLimit],
      // Documented after the multipart body of the contract's `form`.
      extra: { requestBody: { content: { 'application/json': { schema: resolver(KoreksiFormDocSchema) } } } },
    },
  )
  .on(koreksi.decide, async (c, { params, body }) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => decideKoreksi(tx, deps, actor, params.id, body));
  });
// A file answer, which a contract does not describe: declared here, in its place among the routes.
routes.router.get(
  '/:id/foto',
  route({
    tag: ABSENSI_TAG,
    summary: "Koreksi Absensi: the request's photo",
    access: KOREKSI_FOTO_ACCESS,
    responses: { 200: { file: 'image/jpeg', also: ['image/png', 'image/webp'] } },
    errors: [404],
  }),
  validate('param', KoreksiIdParamSchema),
  async (c) => {
    const found = await koreksiFoto(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.body(found.body, 200, {
      'Content-Type': found.type,
      'Content-Length': String(found.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  },
);

export const koreksiRoutes = routes.router;
