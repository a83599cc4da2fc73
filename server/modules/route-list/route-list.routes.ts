/**
 * /api/route-list (spec part 2 §2.5, §7): the list and one route list (read by the employee form's and
 * the visit plan's pickers too), the route-list form's writes, the per-row Excel download, the upload
 * and its history. Everything is limited to the user's trustee scope (a route list by its company).
 */
import { Hono } from 'hono';
import { resolver } from 'hono-openapi';
import { MessageSchema } from '../../../src/domain/api';
import {
  RouteListCreateSchema,
  RouteListDetailAnswerSchema,
  RouteListIdParamSchema,
  RouteListListAnswerSchema,
  RouteListQuerySchema,
  RouteListSavedSchema,
  RouteListUpdateSchema,
  RouteListUploadAnswerSchema,
  ROUTE_LIST_MESSAGES,
} from '../../../src/domain/route-list/route-list';
import { ROUTE_LIST_SHEET_COLUMNS } from '../../../src/domain/route-list/route-list-sheet';
import { UploadFileBodySchema } from '../../../src/domain/upload';
import type { AppEnv } from '../../lib/context';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate, type Access } from '../../lib/openapi';
import { fileAnswer } from '../../lib/attachments';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { ROUTE_LIST_UPLOAD_JENIS } from './route-list-upload.service';
import { routeListXlsx } from './route-list-excel.service';
import { uploadRouteList } from './route-list-upload.service';
import { createRouteList, deleteRouteList, getRouteList, listRouteLists, updateRouteList } from './route-list.service';

const tag = 'Route list';

/** The Route List screen, or a screen that picks a route list (employee form, visit plan). */
export const ROUTE_LIST_READ: Access = {
  any: ['routeList.read', 'karyawan.create', 'karyawan.update', 'kunjungan.create'],
  note: "Limited to the user's companies.",
};
/** An upload creates route lists and changes matrices. */
const UPLOAD: Access = { all: ['routeList.create', 'routeList.update'] };

export const routeListRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List route lists',
      description: '`q` searches the id and the name; 20 rows a page unless `per_page` says otherwise.',
      access: ROUTE_LIST_READ,
      responses: { 200: RouteListListAnswerSchema },
    }),
    validate('query', RouteListQuerySchema),
    async (c) => c.json(await listRouteLists(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create a route list (company KM)',
      access: { all: ['routeList.create'] },
      responses: { 201: RouteListSavedSchema },
      errors: [409],
    }),
    validate('json', RouteListCreateSchema),
    async (c) => {
      const result = await createRouteList(c.get('deps').db, c.get('actor'), c.req.valid('json'));
      return c.json({ message: ROUTE_LIST_MESSAGES.created, result }, 201);
    },
  )
  .post(
    '/upload',
    route({
      tag,
      summary: 'Upload route lists and their matrices from an .xlsx sheet',
      description:
        'Route lists are created (company KM) or renamed by id; matrix rows upserted by route list and store. ' +
        'Every row is checked; the good rows are saved in one transaction with the history row naming every ' +
        'refused row. Stores missing from the file stay in their matrix. The file is recognised by its content, at most 20 MB.',
      access: UPLOAD,
      responses: { 200: RouteListUploadAnswerSchema },
      errors: [413],
      extra: { requestBody: { content: { 'multipart/form-data': { schema: resolver(UploadFileBodySchema) } } } },
    }),
    uploadBodyLimit,
    async (c) => c.json(await uploadRouteList(c.get('deps'), c.get('actor'), await readUploadFile(c))),
  )
  .route(
    '/',
    uploadHistoryRoutes({
      tag,
      jenis: ROUTE_LIST_UPLOAD_JENIS,
      what: 'route-list',
      access: UPLOAD,
      columns: ROUTE_LIST_SHEET_COLUMNS.map((c) => c.key),
    }),
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One route list',
      access: ROUTE_LIST_READ,
      responses: { 200: RouteListDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', RouteListIdParamSchema),
    async (c) => c.json({ result: await getRouteList(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Rename a route list',
      access: { all: ['routeList.update'] },
      responses: { 200: RouteListSavedSchema },
      errors: [404],
    }),
    validate('param', RouteListIdParamSchema),
    validate('json', RouteListUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const result = await updateRouteList(c.get('deps').db, c.get('actor'), id, c.req.valid('json').nama);
      return c.json({ message: ROUTE_LIST_MESSAGES.updated, result });
    },
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Delete a route list with its matrix',
      description: 'Refused (409) while an employee or a visit plan uses it.',
      access: { all: ['routeList.delete'] },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', RouteListIdParamSchema),
    async (c) => {
      await deleteRouteList(c.get('deps').db, c.get('actor'), c.req.valid('param').id);
      return c.json({ message: ROUTE_LIST_MESSAGES.deleted });
    },
  )
  .get(
    '/:id/download',
    route({
      tag,
      summary: 'One route list with its matrix as an .xlsx (the upload layout)',
      access: { all: ['routeList.read'] },
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('param', RouteListIdParamSchema),
    async (c) => {
      const file = await routeListXlsx(c.get('deps').db, c.get('actor'), c.req.valid('param').id);
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  );
