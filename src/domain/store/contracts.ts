/**
 * /api/store (spec part 2 §2.4, §7 "Stores"), one contract per JSON endpoint (src/domain/contract.ts):
 * the list and one store for the Store screens and the pickers of other screens, the form's writes, and
 * the .xlsx upload (multipart, documented by `form`). Who reads what: server/modules/store/store-access.ts
 * (docs/decisions/004).
 *
 * The upload history (…/upload/log, …/upload/log/{id}) is `storeUploadHistory`, the pair every upload
 * makes alike (src/domain/upload-contracts.ts), served by the shared `uploadHistoryRoutes()`
 * (server/lib/upload-routes.ts).
 *
 * Not contracts, because the mechanism has no file answer: GET /api/store/export/excel (an .xlsx,
 * `route()` in store.routes.ts, saved with `saveApiFile`) and the refused rows of an upload
 * (…/upload/log/{id}/download, beside the history). The upload is sent with `uploadFile`
 * (XMLHttpRequest, for its progress) to `pathOf(storeContracts.upload)`; the static template is a file
 * under /template/download.
 */
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { UploadFileBodySchema } from '../upload';
import { uploadHistoryContracts } from '../upload-contracts';
import {
  StoreCreateSchema,
  StoreDetailAnswerSchema,
  StoreFieldsSchema,
  StoreIdParamSchema,
  StoreListAnswerSchema,
  StoreListQuerySchema,
  StoreSavedSchema,
  StoreUploadAnswerSchema,
} from './store';

const tag = 'Store';

const STORE_READ: Access = {
  session: true,
  note:
    'With store.read or a permission whose screen picks a store (karyawan.create, karyawan.update, ' +
    "kunjungan.create, kunjungan.update, routeList.create, routeList.update): the stores of the user's trustee scope (client, " +
    'sales office). Anyone else: only the stores of their own visit plans.',
};

export const storeContracts = {
  list: contract({
    method: 'GET',
    path: '/api/store',
    tag,
    summary: 'List stores, optionally of one client or sales office',
    description: '`q` searches the code and the name.',
    access: STORE_READ,
    query: StoreListQuerySchema,
    answer: StoreListAnswerSchema,
  }),
  create: contract({
    method: 'POST',
    path: '/api/store',
    tag,
    summary: 'Create a store',
    description: 'Sales office, client and key account must exist; a limited user creates within their scope.',
    access: { all: ['store.create'] },
    body: StoreCreateSchema,
    answer: StoreSavedSchema,
    status: 201,
    errors: [409],
  }),
  upload: contract({
    method: 'POST',
    path: '/api/store/upload',
    tag,
    summary: 'Upload stores from an .xlsx sheet (upsert by cust_code)',
    description:
      'Every row is checked as the form checks it; the good rows are saved in one transaction with the ' +
      'history row naming every refused row (its cust_code in `nrp`). At most 20 MB.',
    access: { all: ['store.upload'] },
    form: UploadFileBodySchema,
    answer: StoreUploadAnswerSchema,
    errors: [413],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/store/:id',
    tag,
    summary: 'One store by its customer code, with whether it may be deleted',
    access: STORE_READ,
    params: StoreIdParamSchema,
    answer: StoreDetailAnswerSchema,
    errors: [403, 404],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/store/:id',
    tag,
    summary: 'Change a store (every field but its code)',
    access: { all: ['store.update'] },
    params: StoreIdParamSchema,
    body: StoreFieldsSchema,
    answer: StoreSavedSchema,
    errors: [404],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/store/:id',
    tag,
    summary: 'Delete a store no visit plan, route-list matrix or employee uses',
    description: 'A store in use answers 409 with the reason.',
    access: { all: ['store.delete'] },
    params: StoreIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
};

/** GET /api/store/upload/log and …/upload/log/{id}: the history of the store upload. */
export const storeUploadHistory = uploadHistoryContracts({
  prefix: '/api/store',
  tag,
  what: 'store',
  access: { all: ['store.upload'] },
});
