/**
 * /api/route-list (spec part 2 §2.5, §7): serves the area's contracts (src/domain/route-list/contracts.ts):
 * the list and one route list (read by the employee form's and the visit plan's pickers too), the
 * route-list form's writes, the upload and its history (the shared uploadHistoryRoutes); and, as plain
 * routes because they answer files, the refused rows of an upload and the per-row Excel download.
 * Everything is limited to the user's trustee scope (a route list by its company).
 */
import { routeListContracts as rl, routeListUploadHistory } from '../../../src/domain/route-list/contracts';
import { ROUTE_LIST_MESSAGES, RouteListIdParamSchema } from '../../../src/domain/route-list/route-list';
import { ROUTE_LIST_SHEET_COLUMNS } from '../../../src/domain/route-list/route-list-sheet';
import { contractRouter } from '../../lib/contract-route';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate } from '../../lib/openapi';
import { fileAnswer } from '../../lib/attachments';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { ROUTE_LIST_UPLOAD_JENIS } from './route-list-upload.service';
import { routeListXlsx } from './route-list-excel.service';
import { uploadRouteList } from './route-list-upload.service';
import { createRouteList, deleteRouteList, getRouteList, listRouteLists, updateRouteList } from './route-list.service';

const tag = rl.list.tag;

const routes = contractRouter('/api/route-list')
  .on(rl.list, (c, { query }) => listRouteLists(c.get('deps').db, c.get('actor'), query))
  .on(rl.create, async (c, { body }) => ({
    message: ROUTE_LIST_MESSAGES.created,
    result: await createRouteList(c.get('deps').db, c.get('actor'), body),
  }))
  .on(rl.upload, async (c) => uploadRouteList(c.get('deps'), c.get('actor'), await readUploadFile(c)), {
    before: [uploadBodyLimit],
  });

// The history every upload shares (server/lib/upload-routes.ts), in its place in the document.
routes.router.route(
  '/',
  uploadHistoryRoutes(routeListUploadHistory, {
    jenis: ROUTE_LIST_UPLOAD_JENIS,
    columns: ROUTE_LIST_SHEET_COLUMNS.map((c) => c.key),
  }),
);

routes
  .on(rl.detail, async (c, { params }) => ({ result: await getRouteList(c.get('deps').db, c.get('actor'), params.id) }))
  .on(rl.update, async (c, { params, body }) => ({
    message: ROUTE_LIST_MESSAGES.updated,
    result: await updateRouteList(c.get('deps').db, c.get('actor'), params.id, body.nama),
  }))
  .on(rl.remove, async (c, { params }) => {
    await deleteRouteList(c.get('deps').db, c.get('actor'), params.id);
    return { message: ROUTE_LIST_MESSAGES.deleted };
  })
  // A file, not JSON: a plain route.
  .router.get(
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

export const routeListRoutes = routes.router;
