/**
 * /api/store (spec part 2 §2.4, §7 "Stores"): serves the area's contracts (src/domain/store/contracts.ts)
 * for the list and one store for the Store screens and the pickers of other screens, the form's writes
 * and the upload, and the upload history (storeUploadHistory, served by the shared uploadHistoryRoutes);
 * the export and the refused rows of an upload (files) stay route()s, all registered in order as before.
 * Who reads what: store-access.ts (docs/decisions/004).
 */
import { storeContracts as stores, storeUploadHistory } from '../../../src/domain/store/contracts';
import { STORE_COLUMNS, STORE_MESSAGES } from '../../../src/domain/store/store';
import { fileAnswer } from '../../lib/attachments';
import { contractRouter } from '../../lib/contract-route';
import { XLSX_TYPE } from '../../lib/excel';
import { route, type Access } from '../../lib/openapi';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { localDay } from '../../lib/local-day';
import { exportStoresXlsx } from './store-export';
import { STORE_UPLOAD_JENIS, uploadStores } from './store-upload';
import { createStore, deleteStore, getStore, listStores, updateStore } from './store.service';

/** Route-list reads still use this (server/modules/route-list). */
export const PICKER_READ: Access = {
  session: true,
  note: "Pickers of other screens read these too. Limited to the user's data scope (a store by its client and sales office, a route list by its company).",
};

const tag = 'Store';

// Registered in the order of the document: the list and create, the export, the upload and its history,
// then one store.
const served = contractRouter('/api/store')
  .on(stores.list, (c, { query }) => listStores(c.get('deps').db, c.get('actor'), query))
  .on(stores.create, async (c, { body }) => {
    const row = await createStore(c.get('deps').db, c.get('actor'), body);
    return { message: STORE_MESSAGES.created, result: row };
  });

served.router.get(
  '/export/excel',
  route({
    tag,
    summary: 'Every store the user reads, as an .xlsx in the upload sheet’s columns',
    access: { all: ['store.export'] },
    responses: { 200: { file: XLSX_TYPE } },
  }),
  (c) => {
    const deps = c.get('deps');
    const file = exportStoresXlsx(deps.db, c.get('actor'), localDay(c, deps.now()));
    return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
  },
);

served.on(stores.upload, async (c) => uploadStores(c.get('deps'), c.get('actor'), await readUploadFile(c)), {
  before: [uploadBodyLimit],
});

served.router.route(
  '/',
  uploadHistoryRoutes(storeUploadHistory, { jenis: STORE_UPLOAD_JENIS, columns: STORE_COLUMNS }),
);

served
  .on(stores.detail, async (c, { params }) => ({ result: await getStore(c.get('deps'), c.get('actor'), params.id) }))
  .on(stores.update, async (c, { params, body }) => {
    const row = await updateStore(c.get('deps').db, c.get('actor'), params.id, body);
    return { message: STORE_MESSAGES.updated, result: row };
  })
  .on(stores.remove, async (c, { params }) => {
    await deleteStore(c.get('deps').db, c.get('actor'), params.id);
    return { message: STORE_MESSAGES.deleted };
  });

export const storeRoutes = served.router;
