/**
 * /api/store (spec part 2 §2.4, §7 "Stores"): the list and one store for the Store screens and the
 * pickers of other screens, the form's writes, the upload with its history, and the export. Who reads
 * what: store-access.ts (docs/decisions/004).
 */
import { Hono } from 'hono';
import { resolver } from 'hono-openapi';
import { MessageSchema } from '../../../src/domain/api';
import {
  STORE_COLUMNS,
  STORE_MESSAGES,
  StoreCreateSchema,
  StoreDetailAnswerSchema,
  StoreFieldsSchema,
  StoreIdParamSchema,
  StoreListAnswerSchema,
  StoreListQuerySchema,
  StoreSavedSchema,
  StoreUploadAnswerSchema,
} from '../../../src/domain/store/store';
import { UploadFileBodySchema } from '../../../src/domain/upload';
import type { AppEnv } from '../../lib/context';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate, type Access } from '../../lib/openapi';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { fileAnswer } from '../../lib/attachments';
import { exportStoresXlsx } from './store-export';
import { STORE_UPLOAD_JENIS, uploadStores } from './store-upload';
import { createStore, deleteStore, getStore, listStores, updateStore } from './store.service';

/** Route-list reads still use this (server/modules/route-list). */
export const PICKER_READ: Access = {
  session: true,
  note: "Pickers of other screens read these too. Limited to the user's data scope (a store by its client and sales office, a route list by its company).",
};

const STORE_READ: Access = {
  session: true,
  note:
    'With store.read or a permission whose screen picks a store (karyawan.create, karyawan.update, ' +
    "kunjungan.create, kunjungan.update, routeList.create, routeList.update): the stores of the user's trustee scope (client, " +
    'sales office). Anyone else: only the stores of their own visit plans.',
};

const tag = 'Store';

export const storeRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List stores, optionally of one client or sales office',
      description: '`q` searches the code and the name.',
      access: STORE_READ,
      responses: { 200: StoreListAnswerSchema },
    }),
    validate('query', StoreListQuerySchema),
    async (c) => c.json(await listStores(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create a store',
      description: 'Sales office, client and key account must exist; a limited user creates within their scope.',
      access: { all: ['store.create'] },
      responses: { 201: StoreSavedSchema },
      errors: [409],
    }),
    validate('json', StoreCreateSchema),
    async (c) => {
      const row = await createStore(c.get('deps').db, c.get('actor'), c.req.valid('json'));
      return c.json({ message: STORE_MESSAGES.created, result: row }, 201);
    },
  )
  .get(
    '/export/excel',
    route({
      tag,
      summary: 'Every store the user reads, as an .xlsx in the upload sheet’s columns',
      access: { all: ['store.export'] },
      responses: { 200: { file: XLSX_TYPE } },
    }),
    (c) => {
      const deps = c.get('deps');
      const file = exportStoresXlsx(deps.db, c.get('actor'), deps.now());
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  )
  .post(
    '/upload',
    route({
      tag,
      summary: 'Upload stores from an .xlsx sheet (upsert by cust_code)',
      description:
        'Every row is checked as the form checks it; the good rows are saved in one transaction with the ' +
        'history row naming every refused row (its cust_code in `nrp`). At most 20 MB.',
      access: { all: ['store.upload'] },
      responses: { 200: StoreUploadAnswerSchema },
      errors: [413],
      extra: { requestBody: { content: { 'multipart/form-data': { schema: resolver(UploadFileBodySchema) } } } },
    }),
    uploadBodyLimit,
    async (c) => c.json(await uploadStores(c.get('deps'), c.get('actor'), await readUploadFile(c))),
  )
  .route(
    '/',
    uploadHistoryRoutes({
      tag,
      jenis: STORE_UPLOAD_JENIS,
      what: 'store',
      access: { all: ['store.upload'] },
      columns: STORE_COLUMNS,
    }),
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One store by its customer code, with whether it may be deleted',
      access: STORE_READ,
      responses: { 200: StoreDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', StoreIdParamSchema),
    async (c) => c.json({ result: await getStore(c.get('deps'), c.get('actor'), c.req.valid('param').id) }),
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Change a store (every field but its code)',
      access: { all: ['store.update'] },
      responses: { 200: StoreSavedSchema },
      errors: [404],
    }),
    validate('param', StoreIdParamSchema),
    validate('json', StoreFieldsSchema),
    async (c) => {
      const row = await updateStore(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ message: STORE_MESSAGES.updated, result: row });
    },
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Delete a store no visit plan, route-list matrix or employee uses',
      description: 'A store in use answers 409 with the reason.',
      access: { all: ['store.delete'] },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', StoreIdParamSchema),
    async (c) => {
      await deleteStore(c.get('deps').db, c.get('actor'), c.req.valid('param').id);
      return c.json({ message: STORE_MESSAGES.deleted });
    },
  );
