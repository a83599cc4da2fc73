/**
 * /api/absensi/koreksi ("Koreksi Absensi", issue 29 item 2): filing from the phone (multipart with an
 * optional photo, or JSON; replayed by the outbox, so it takes an Idempotency-Key), the queue of the
 * caller (her team leader's step 1, an absensi.koreksi admin's step 2 in scope) or her own list
 * (`mine=1`), the decision of one step (idempotent too), and the photo behind the record's access check.
 * Any signed-in user reaches the routes; who may do what is the service's check on the record.
 */
import { Hono, type Context } from 'hono';
import { resolver } from 'hono-openapi';
import {
  KoreksiCreatedSchema,
  KoreksiDecidedSchema,
  KoreksiDecisionSchema,
  KoreksiFieldsSchema,
  KoreksiFormDocSchema,
  KoreksiIdParamSchema,
  KoreksiListAnswerSchema,
  KoreksiListQuerySchema,
} from '../../../src/domain/absensi/koreksi';
import type { AppEnv } from '../../lib/context';
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

const tag = 'Absensi';
const POSTED = '409 "Periode sudah diposting" when the day lies in a posted period.';

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

export const koreksiRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: "Koreksi Absensi: the caller's queue (by role and scope), or her own requests (mine=1)",
      description:
        '`status=open` (default): the steps waiting for the caller — step 1 for the team leader named on it, ' +
        'step 2 for an absensi.koreksi holder whose scope covers the employee (never her own, never the team ' +
        'leader of step 1); oldest first. `decided`: what the caller decided; `all`: both. `mine=1`: her own ' +
        'requests in that status (all of them with `status=all`), newest first.',
      access: { session: true, note: 'Queues by role and data scope; mine=1 needs an account linked to an employee.' },
      responses: { 200: KoreksiListAnswerSchema },
      errors: [403],
    }),
    validate('query', KoreksiListQuerySchema),
    async (c) => c.json(await listKoreksi(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Koreksi Absensi: file a correction of one of her last 7 days (multipart with an optional photo)',
      description:
        'Fields tanggal (a day of the last 7 in her zone), jam_masuk and/or jam_keluar (the proposed local ' +
        'times; a blank one is not corrected), alasan (required), captured_at, and the optional photo `foto`. ' +
        `JSON without a photo is taken too. ${POSTED} Takes an \`Idempotency-Key\` (the outbox row id). ` +
        'Notifies the approvers of the waiting step.',
      access: { session: true, note: 'Her own attendance: the account must be linked to an employee.' },
      responses: { 201: KoreksiCreatedSchema },
      errors: [403, 409, 413],
      idempotent: true,
      extra: {
        requestBody: {
          content: {
            'multipart/form-data': { schema: resolver(KoreksiFormDocSchema) },
            'application/json': { schema: resolver(KoreksiFormDocSchema) },
          },
        },
      },
    }),
    photoBodyLimit,
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const { fields, foto } = await readKoreksiBody(c);
      const deps = c.get('deps');
      return idempotent(c, actor, (tx, scope) => createKoreksi(tx, deps, scope, actor, fields, foto));
    },
  )
  .post(
    '/:id/status',
    route({
      tag,
      summary: 'Koreksi Absensi: approve (A) or reject (R) the waiting step',
      description:
        'Step 1: the team leader named on it. Step 2: an absensi.koreksi holder whose scope covers the ' +
        "employee, not the team leader of step 1. Never one's own (403). The final approval writes the day " +
        'through the audited manual change (its history names "Koreksi Absensi #id" and the reason) and ' +
        `clears "Lupa Check Out" when the day gets a check-out. ${POSTED} Takes an \`Idempotency-Key\`.`,
      access: { session: true, note: 'The approver of the waiting step (see the description).' },
      responses: { 200: KoreksiDecidedSchema },
      errors: [403, 404, 409],
      idempotent: true,
    }),
    validate('param', KoreksiIdParamSchema),
    validate('json', KoreksiDecisionSchema),
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const input = c.req.valid('json');
      return idempotent(c, actor, (tx) => decideKoreksi(tx, deps, actor, id, input));
    },
  )
  .get(
    '/:id/foto',
    route({
      tag,
      summary: "Koreksi Absensi: the request's photo",
      access: {
        session: true,
        note: 'Its employee, her team leader of step 1, or absensi.read / absensi.koreksi within scope.',
      },
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
