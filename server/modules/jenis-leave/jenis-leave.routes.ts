/**
 * /api/jenis-leave and /api/jenis-cuti (spec part 2 §7 "Leave types"). Reads are open to every
 * signed-in user: the leave form needs them, offline too (docs/decisions/004, 006). Writes need
 * master.create / master.update / master.delete, like the other master lists.
 */
import { Hono } from 'hono';
import type * as v from 'valibot';
import { ListQuerySchema } from '../../../src/domain/list-query';
import {
  JenisCutiSchema,
  JenisLeaveCreateSchema,
  JenisLeaveUpdateSchema,
  LEAVE_TYPES,
  LEAVE_TYPE_IDS,
  StatusBodySchema,
} from '../../../src/domain/leave';
import type { AppEnv } from '../../lib/context';
import { jsonBody, queryOf } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import {
  createKind,
  deleteKind,
  getKind,
  JENIS_CUTI,
  JENIS_LEAVE,
  kindId,
  listKinds,
  setKindStatus,
  updateKind,
  type KindTable,
} from './jenis-leave.service';

function kindRoutes(k: KindTable, schemas: { create: v.GenericSchema; update: v.GenericSchema }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listKinds(c.get('deps').db, k, queryOf(c, ListQuerySchema))))
    .put('/status/:id', requirePermission('master.update'), async (c) => {
      const { status } = await jsonBody(c, StatusBodySchema);
      return c.json(await setKindStatus(c.get('deps').db, k, kindId(k, c.req.param('id')), status));
    })
    .get('/:id', async (c) => c.json({ result: await getKind(c.get('deps').db, k, kindId(k, c.req.param('id'))) }))
    .post('/', requirePermission('master.create'), async (c) => {
      const input = (await jsonBody(c, schemas.create)) as Record<string, unknown>;
      return c.json(await createKind(c.get('deps').db, k, input), 201);
    })
    .put('/:id', requirePermission('master.update'), async (c) => {
      const id = kindId(k, c.req.param('id'));
      const input = (await jsonBody(c, schemas.update)) as Record<string, unknown>;
      return c.json(await updateKind(c.get('deps').db, k, id, input));
    })
    .delete('/:id', requirePermission('master.delete'), async (c) =>
      c.json(await deleteKind(c.get('deps').db, k, kindId(k, c.req.param('id')))),
    );
}

export const jenisLeaveRoutes = new Hono<AppEnv>()
  // The types a kind can have, for the "Tambah Jenis Leave" dialog.
  .get('/type/leave', (c) =>
    c.json({ result: LEAVE_TYPE_IDS.map((type) => ({ type, label: LEAVE_TYPES[type].label })) }),
  )
  .route('/', kindRoutes(JENIS_LEAVE, { create: JenisLeaveCreateSchema, update: JenisLeaveUpdateSchema }));

export const jenisCutiRoutes = kindRoutes(JENIS_CUTI, { create: JenisCutiSchema, update: JenisCutiSchema });
