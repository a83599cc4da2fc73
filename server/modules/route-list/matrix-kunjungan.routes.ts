/**
 * /api/matrix-kunjungan (spec part 2 §7): the weekly visit matrix of one route list. Reads need the
 * Route List screen's permission, writes routeList.update; the route list must be in the user's scope.
 */
import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import {
  MatrixCreateSchema,
  MatrixListAnswerSchema,
  MatrixParamSchema,
  MatrixRouteListParamSchema,
  MatrixSavedSchema,
  MatrixUpdateSchema,
  MATRIX_MESSAGES,
} from '../../../src/domain/route-list/matrix-kunjungan';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { addToMatrix, listMatrix, removeFromMatrix, updateMatrix } from './matrix-kunjungan.service';

const tag = 'Matrix kunjungan';
const errors = [404] as const;

export const matrixKunjunganRoutes = new Hono<AppEnv>()
  .get(
    '/route-list/:id',
    route({
      tag,
      summary: 'The matrix of a route list: one row per store, W1_1 … W5_7 (X or null)',
      access: { all: ['routeList.read'] },
      responses: { 200: MatrixListAnswerSchema },
      errors,
    }),
    validate('param', MatrixRouteListParamSchema),
    async (c) => c.json(await listMatrix(c.get('deps').db, c.get('actor'), c.req.valid('param').id)),
  )
  .post(
    '/',
    route({
      tag,
      summary: "Add a store to a route list's matrix",
      description: 'Days not given are off. A store already in the matrix is a 409.',
      access: { all: ['routeList.update'] },
      responses: { 201: MatrixSavedSchema },
      errors: [404, 409],
    }),
    validate('json', MatrixCreateSchema),
    async (c) => {
      const result = await addToMatrix(c.get('deps').db, c.get('actor'), c.req.valid('json'));
      return c.json({ message: MATRIX_MESSAGES.added, result }, 201);
    },
  )
  .put(
    '/route-list/:routeListId/store/:custCode',
    route({
      tag,
      summary: "Change a store's days",
      description: 'Only the days given change; each is written atomically, so quick successive switches all hold.',
      access: { all: ['routeList.update'] },
      responses: { 200: MatrixSavedSchema },
      errors,
    }),
    validate('param', MatrixParamSchema),
    validate('json', MatrixUpdateSchema),
    async (c) => {
      const { routeListId, custCode } = c.req.valid('param');
      const result = await updateMatrix(c.get('deps').db, c.get('actor'), routeListId, custCode, c.req.valid('json'));
      return c.json({ message: MATRIX_MESSAGES.saved, result });
    },
  )
  .delete(
    '/route-list/:routeListId/store/:custCode',
    route({
      tag,
      summary: "Remove a store from a route list's matrix",
      access: { all: ['routeList.update'] },
      responses: { 200: MessageSchema },
      errors,
    }),
    validate('param', MatrixParamSchema),
    async (c) => {
      const { routeListId, custCode } = c.req.valid('param');
      await removeFromMatrix(c.get('deps').db, c.get('actor'), routeListId, custCode);
      return c.json({ message: MATRIX_MESSAGES.removed });
    },
  );
