/**
 * /api/route-list and /api/matrix-kunjungan (spec part 2 §2.5, §7), one contract per JSON endpoint
 * (src/domain/contract.ts): the route lists (read by the employee form's and the visit plan's pickers
 * too) with the form's writes and the .xlsx upload, and the weekly visit matrix of one route list.
 * Everything is limited to the user's trustee scope (a route list by its company).
 *
 * The upload history (`…/upload/log`, `…/upload/log/{id}`) is `routeListUploadHistory`, the pair every
 * upload makes alike (src/domain/upload-contracts.ts), served by server/lib/upload-routes.ts.
 *
 * Not contracts, because a contract's answer is JSON: the per-row .xlsx download
 * (`GET /api/route-list/{id}/download`, a `route()` in route-list.routes.ts, saved by `saveApiFile`) and
 * the refused rows of an upload (`…/upload/log/{id}/download`, beside the history). The upload is a
 * contract (its multipart body is documented by `form`); the client sends it with `uploadFile` to the
 * contract's path, for the progress bar `call()` does not give.
 */
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { UploadFileBodySchema } from '../upload';
import { uploadHistoryContracts } from '../upload-contracts';
import {
  MatrixCreateSchema,
  MatrixListAnswerSchema,
  MatrixParamSchema,
  MatrixRouteListParamSchema,
  MatrixSavedSchema,
  MatrixUpdateSchema,
} from './matrix-kunjungan';
import {
  RouteListCreateSchema,
  RouteListDetailAnswerSchema,
  RouteListIdParamSchema,
  RouteListListAnswerSchema,
  RouteListQuerySchema,
  RouteListSavedSchema,
  RouteListUpdateSchema,
  RouteListUploadAnswerSchema,
} from './route-list';

const tag = 'Route list';

/** The Route List screen, or a screen that picks a route list (employee form, visit plan). */
const ROUTE_LIST_READ: Access = {
  any: ['routeList.read', 'karyawan.create', 'karyawan.update', 'kunjungan.create'],
  note: "Limited to the user's companies.",
};
/** An upload creates route lists and changes matrices (its history is read with the same permissions). */
export const ROUTE_LIST_UPLOAD: Access = { all: ['routeList.create', 'routeList.update'] };

export const routeListContracts = {
  list: contract({
    method: 'GET',
    path: '/api/route-list',
    tag,
    summary: 'List route lists',
    description: '`q` searches the id and the name; 20 rows a page unless `per_page` says otherwise.',
    access: ROUTE_LIST_READ,
    query: RouteListQuerySchema,
    answer: RouteListListAnswerSchema,
  }),
  create: contract({
    method: 'POST',
    path: '/api/route-list',
    tag,
    summary: 'Create a route list (company KM)',
    access: { all: ['routeList.create'] },
    body: RouteListCreateSchema,
    answer: RouteListSavedSchema,
    status: 201,
    errors: [409],
  }),
  upload: contract({
    method: 'POST',
    path: '/api/route-list/upload',
    tag,
    summary: 'Upload route lists and their matrices from an .xlsx sheet',
    description:
      'Route lists are created (company KM) or renamed by id; matrix rows upserted by route list and store. ' +
      'Every row is checked; the good rows are saved in one transaction with the history row naming every ' +
      'refused row. Stores missing from the file stay in their matrix. The file is recognised by its content, at most 20 MB.',
    access: ROUTE_LIST_UPLOAD,
    form: UploadFileBodySchema,
    answer: RouteListUploadAnswerSchema,
    errors: [413],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/route-list/:id',
    tag,
    summary: 'One route list',
    access: ROUTE_LIST_READ,
    params: RouteListIdParamSchema,
    answer: RouteListDetailAnswerSchema,
    errors: [404],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/route-list/:id',
    tag,
    summary: 'Rename a route list',
    access: { all: ['routeList.update'] },
    params: RouteListIdParamSchema,
    body: RouteListUpdateSchema,
    answer: RouteListSavedSchema,
    errors: [404],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/route-list/:id',
    tag,
    summary: 'Delete a route list with its matrix',
    description: 'Refused (409) while an employee or a visit plan uses it.',
    access: { all: ['routeList.delete'] },
    params: RouteListIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
};

/** GET /api/route-list/upload/log and …/upload/log/{id}: the history of the route-list upload. */
export const routeListUploadHistory = uploadHistoryContracts({
  prefix: '/api/route-list',
  tag,
  what: 'route-list',
  access: ROUTE_LIST_UPLOAD,
});

const matrixTag = 'Matrix kunjungan';

/** The weekly visit matrix: reads need the Route List screen's permission, writes routeList.update. */
export const matrixContracts = {
  list: contract({
    method: 'GET',
    path: '/api/matrix-kunjungan/route-list/:id',
    tag: matrixTag,
    summary: 'The matrix of a route list: one row per store, W1_1 … W5_7 (X or null)',
    access: { all: ['routeList.read'] },
    params: MatrixRouteListParamSchema,
    answer: MatrixListAnswerSchema,
    errors: [404],
  }),
  add: contract({
    method: 'POST',
    path: '/api/matrix-kunjungan',
    tag: matrixTag,
    summary: "Add a store to a route list's matrix",
    description: 'Days not given are off. A store already in the matrix is a 409.',
    access: { all: ['routeList.update'] },
    body: MatrixCreateSchema,
    answer: MatrixSavedSchema,
    status: 201,
    errors: [404, 409],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/matrix-kunjungan/route-list/:routeListId/store/:custCode',
    tag: matrixTag,
    summary: "Change a store's days",
    description: 'Only the days given change; each is written atomically, so quick successive switches all hold.',
    access: { all: ['routeList.update'] },
    params: MatrixParamSchema,
    body: MatrixUpdateSchema,
    answer: MatrixSavedSchema,
    errors: [404],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/matrix-kunjungan/route-list/:routeListId/store/:custCode',
    tag: matrixTag,
    summary: "Remove a store from a route list's matrix",
    access: { all: ['routeList.update'] },
    params: MatrixParamSchema,
    answer: MessageSchema,
    errors: [404],
  }),
};
