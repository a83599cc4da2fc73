/**
 * /api/jenis-leave and /api/jenis-cuti (spec part 2 §7 "Leave types"). Reads are open to every
 * signed-in user: the leave form needs them, offline too (docs/decisions/004, 006). Writes need
 * master.create / master.update / master.delete, like the other master lists.
 */
import { Hono } from 'hono';
import type * as v from 'valibot';
import { MessageSchema } from '../../../src/domain/api';
import {
  JenisCutiDetailAnswerSchema,
  JenisCutiIdParamSchema,
  JenisCutiListAnswerSchema,
  JenisCutiSavedSchema,
  JenisCutiSchema,
  JenisLeaveCreateSchema,
  JenisLeaveDetailAnswerSchema,
  JenisLeaveIdParamSchema,
  JenisLeaveListAnswerSchema,
  JenisLeaveSavedSchema,
  JenisLeaveUpdateSchema,
  LEAVE_TYPES,
  LEAVE_TYPE_IDS,
  LeaveTypeListAnswerSchema,
  StatusBodySchema,
} from '../../../src/domain/leave/leave-kinds';
import { ListQuerySchema } from '../../../src/domain/list-query';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import {
  createKind,
  deleteKind,
  getKind,
  JENIS_CUTI,
  JENIS_LEAVE,
  listKinds,
  setKindStatus,
  updateKind,
  type KindTable,
} from './jenis-leave.service';

/** What one kind list takes and answers. */
interface KindContract {
  tag: string;
  /** "leave kind" / "cuti kind", for the summaries. */
  noun: string;
  idParam: typeof JenisLeaveIdParamSchema | typeof JenisCutiIdParamSchema;
  create: v.GenericSchema<unknown, Record<string, unknown>>;
  update: v.GenericSchema<unknown, Record<string, unknown>>;
  list: v.GenericSchema;
  detail: v.GenericSchema;
  saved: v.GenericSchema;
}

const READ_NOTE = 'The leave form reads the kinds, offline too.';

function kindRoutes(k: KindTable, s: KindContract) {
  const { tag, noun } = s;
  return new Hono<AppEnv>()
    .get(
      '/',
      route({
        tag,
        summary: `List ${noun}s`,
        access: { session: true, note: READ_NOTE },
        responses: { 200: s.list },
      }),
      validate('query', ListQuerySchema),
      async (c) => c.json(await listKinds(c.get('deps').db, k, c.req.valid('query'))),
    )
    .put(
      '/status/:id',
      route({
        tag,
        summary: `Switch a ${noun} on or off`,
        access: { all: ['master.update'] },
        responses: { 200: MessageSchema },
        errors: [404],
      }),
      validate('param', s.idParam),
      validate('json', StatusBodySchema),
      async (c) => {
        const { status } = c.req.valid('json');
        return c.json(await setKindStatus(c.get('deps').db, k, c.req.valid('param').id, status));
      },
    )
    .get(
      '/:id',
      route({
        tag,
        summary: `One ${noun}`,
        access: { session: true, note: READ_NOTE },
        responses: { 200: s.detail },
        errors: [404],
      }),
      validate('param', s.idParam),
      async (c) => c.json({ result: await getKind(c.get('deps').db, k, c.req.valid('param').id) }),
    )
    .post(
      '/',
      route({
        tag,
        summary: `Add a ${noun}`,
        access: { all: ['master.create'] },
        responses: { 201: s.saved },
        errors: [409],
      }),
      validate('json', s.create),
      async (c) => c.json(await createKind(c.get('deps').db, k, c.req.valid('json')), 201),
    )
    .put(
      '/:id',
      route({
        tag,
        summary: `Rename a ${noun}`,
        access: { all: ['master.update'] },
        responses: { 200: MessageSchema },
        errors: [404, 409],
      }),
      validate('param', s.idParam),
      validate('json', s.update),
      async (c) => c.json(await updateKind(c.get('deps').db, k, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete(
      '/:id',
      route({
        tag,
        summary: `Delete a ${noun} no request uses`,
        access: { all: ['master.delete'] },
        responses: { 200: MessageSchema },
        errors: [404, 409],
      }),
      validate('param', s.idParam),
      async (c) => c.json(await deleteKind(c.get('deps').db, k, c.req.valid('param').id)),
    );
}

export const jenisLeaveRoutes = new Hono<AppEnv>()
  .get(
    '/type/leave',
    route({
      tag: 'Leave kinds',
      summary: 'The types a leave kind can have (the add dialog)',
      access: { session: true },
      responses: { 200: LeaveTypeListAnswerSchema },
    }),
    (c) => c.json({ result: LEAVE_TYPE_IDS.map((type) => ({ type, label: LEAVE_TYPES[type].label })) }),
  )
  .route(
    '/',
    kindRoutes(JENIS_LEAVE, {
      tag: 'Leave kinds',
      noun: 'leave kind',
      idParam: JenisLeaveIdParamSchema,
      create: JenisLeaveCreateSchema,
      update: JenisLeaveUpdateSchema,
      list: JenisLeaveListAnswerSchema,
      detail: JenisLeaveDetailAnswerSchema,
      saved: JenisLeaveSavedSchema,
    }),
  );

export const jenisCutiRoutes = kindRoutes(JENIS_CUTI, {
  tag: 'Cuti kinds',
  noun: 'cuti kind',
  idParam: JenisCutiIdParamSchema,
  create: JenisCutiSchema,
  update: JenisCutiSchema,
  list: JenisCutiListAnswerSchema,
  detail: JenisCutiDetailAnswerSchema,
  saved: JenisCutiSavedSchema,
});
