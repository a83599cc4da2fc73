/**
 * /api/karyawan (spec part 1 §7 "Employees"): validate → authorize → service → answer. Fixed paths
 * (posting, kontrak, pb, export, report, upload) are registered before /:id so they are never read
 * as an NRP.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  KaryawanCreateSchema,
  KaryawanSortSchema,
  KaryawanUpdateSchema,
  ResignedFilterSchema,
} from '../../../src/domain/karyawan';
import {
  PostingListQuerySchema,
  PostingSchema,
  RenewSchema,
  ResignDetailQuerySchema,
  ResignSchema,
} from '../../../src/domain/karyawan-lifecycle';
import { GajiPeriodSchema } from '../../../src/domain/karyawan-gaji';
import { KaryawanReportQuerySchema } from '../../../src/domain/karyawan-upload';
import { UploadLogQuerySchema } from '../../../src/domain/upload';
import { NewPasswordPairSchema } from '../../../src/domain/password-policy';
import { ListQuerySchema } from '../../../src/domain/list-query';
import type { AppEnv } from '../../lib/context';
import { badRequest, parseOr400 } from '../../lib/errors';
import { XLSX_TYPE } from '../../lib/excel';
import { jsonBody, queryOf } from '../../lib/validate';
import { requireAnyPermission, requirePermission } from '../../middleware/auth';
import { karyawanBodyLimit, readKaryawanBody } from './karyawan-body';
import { changeKaryawanPassword, resetKaryawanPassword } from './karyawan-password.service';
import { exportKaryawanXlsx, karyawanSheetXlsx, type XlsxDownload } from './karyawan-export.service';
import { gajiPeriode } from './karyawan-gaji.service';
import { readUploadFile, uploadBodyLimit } from './karyawan-upload-body';
import { listUploadLog, uploadKaryawan, uploadLogDetail } from './karyawan-upload.service';
import { getKaryawan, listKaryawan, loadKaryawan } from './karyawan-read.service';
import { createKaryawan, deleteKaryawan, updateKaryawan } from './karyawan-write.service';
import { kontrakDocument, pbDocument, renewKontrak, type PdfFile } from './kontrak.service';
import { exportPosted } from './posting-export';
import { listPosting, postingStatus, postItems, POSTING_MESSAGES } from './posting.service';
import { cancelResign, editResign, resignDetail, resignKaryawan } from './resign.service';

const KaryawanListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  resigned: ResignedFilterSchema,
  sort: KaryawanSortSchema,
});

const PostingPageSchema = v.object({ ...ListQuerySchema.entries, ...PostingListQuerySchema.entries });

function attachment(c: Context, name: string, type: string) {
  c.header('Content-Type', type);
  // Names come from document numbers: anything but plain characters becomes a dash.
  c.header('Content-Disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '-')}"`);
  c.header('Cache-Control', 'no-store');
}

function xlsx(c: Context, file: XlsxDownload) {
  attachment(c, file.name, XLSX_TYPE);
  return c.body(file.body);
}

const ExportQuerySchema = v.object({ resigned: ResignedFilterSchema, q: ListQuerySchema.entries.q });

function pdf(c: Context, file: PdfFile) {
  attachment(c, file.name, 'application/pdf');
  return c.body(file.bytes.slice().buffer);
}

export const karyawanRoutes = new Hono<AppEnv>()
  // Lists: the employee list, the resigned list and the resign dialog's picker.
  .get('/', requireAnyPermission('karyawan.read', 'karyawan.resign'), async (c) =>
    c.json(await listKaryawan(c.get('deps').db, c.get('actor'), queryOf(c, KaryawanListQuerySchema))),
  )
  // Payroll posting
  .get('/posting/list', requirePermission('karyawan.posting'), async (c) =>
    c.json(await listPosting(c.get('deps').db, c.get('actor'), queryOf(c, PostingPageSchema))),
  )
  .put('/posting', requirePermission('karyawan.posting'), async (c) => {
    const body = await jsonBody(c, PostingSchema);
    const deps = c.get('deps');
    return c.json(await postItems(deps.db, c.get('actor'), Array.isArray(body) ? body : [body], deps.now()));
  })
  .get('/posting/export', requirePermission('karyawan.posting', 'karyawan.gaji.read'), async (c) => {
    if ((c.req.query('status') ?? 'posted') !== 'posted') throw badRequest(POSTING_MESSAGES.exportStatus);
    const deps = c.get('deps');
    const file = await exportPosted(deps.db, c.get('actor'), deps.now());
    attachment(c, file.name, 'text/csv; charset=utf-8');
    c.header('X-Total-Count', String(file.count));
    return c.body(file.csv);
  })
  // Excel: the list export, the upload sheet (template or data), the upload and its history
  .get('/export/excel', requirePermission('karyawan.export'), (c) => {
    const deps = c.get('deps');
    return xlsx(c, exportKaryawanXlsx(deps.db, c.get('actor'), queryOf(c, ExportQuerySchema), deps.now()));
  })
  .get('/report/download', requirePermission('karyawan.upload'), (c) => {
    const deps = c.get('deps');
    const { template, ...filter } = queryOf(c, KaryawanReportQuerySchema);
    return xlsx(c, karyawanSheetXlsx(deps.db, c.get('actor'), { ...filter, template: template === '1' }, deps.now()));
  })
  .post('/upload', requirePermission('karyawan.upload'), uploadBodyLimit, async (c) =>
    c.json(await uploadKaryawan(c.get('deps'), c.get('actor'), await readUploadFile(c))),
  )
  .get('/upload/log', requirePermission('karyawan.upload'), async (c) =>
    c.json(await listUploadLog(c.get('deps').db, c.get('actor'), queryOf(c, UploadLogQuerySchema))),
  )
  .get('/upload/log/:id', requirePermission('karyawan.upload'), async (c) =>
    c.json({ result: await uploadLogDetail(c.get('deps').db, c.get('actor'), c.req.param('id')) }),
  )
  // Contracts and documents
  .post('/kontrak/renew', requirePermission('karyawan.update', 'karyawan.kontrak.edit'), async (c) => {
    const deps = c.get('deps');
    return c.json(await renewKontrak(deps.db, c.get('actor'), await jsonBody(c, RenewSchema), deps.now()));
  })
  .get('/kontrak/:no/download', requirePermission('karyawan.kontrak.read'), async (c) =>
    pdf(c, await kontrakDocument(c.get('deps').db, c.get('actor'), c.req.param('no'))),
  )
  .get('/pb/:no/download', requireAnyPermission('karyawan.read', 'karyawan.resign'), async (c) =>
    pdf(c, await pbDocument(c.get('deps').db, c.get('actor'), c.req.param('no'))),
  )
  // One employee
  .post('/', requirePermission('karyawan.create'), karyawanBodyLimit, async (c) => {
    const { input, photos } = await readKaryawanBody(c, KaryawanCreateSchema);
    return c.json(await createKaryawan(c.get('deps'), c.get('actor'), input, photos), 201);
  })
  .get('/:id', requirePermission('karyawan.read'), async (c) =>
    c.json({ result: await getKaryawan(c.get('deps').db, c.get('actor'), c.req.param('id')) }),
  )
  .put('/:id', requirePermission('karyawan.update'), karyawanBodyLimit, async (c) => {
    const { input, photos } = await readKaryawanBody(c, KaryawanUpdateSchema);
    return c.json(await updateKaryawan(c.get('deps'), c.get('actor'), c.req.param('id'), input, photos));
  })
  .delete('/:id', requirePermission('karyawan.delete'), async (c) =>
    c.json(await deleteKaryawan(c.get('deps'), c.get('actor'), c.req.param('id'))),
  )
  .get('/:id/posting/status', requirePermission('karyawan.posting'), async (c) => {
    const db = c.get('deps').db;
    const e = await loadKaryawan(db, c.get('actor'), c.req.param('id'));
    return c.json({ result: await postingStatus(db, e.nrp) });
  })
  // The employee's login account (Action menu): a temporary password, or a password set by the admin
  .post('/:nrp/reset-password', requirePermission('karyawan.resetpassword'), async (c) => {
    const answer = await resetKaryawanPassword(c.get('deps'), c.get('actor'), c.req.param('nrp'));
    // The temporary password is in this answer: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  })
  .post('/:nrp/change-password', requirePermission('karyawan.resetpassword'), async (c) => {
    const input = await jsonBody(c, NewPasswordPairSchema);
    return c.json(await changeKaryawanPassword(c.get('deps'), c.get('actor'), c.req.param('nrp'), input));
  })
  // Salary information of a period
  .get('/:nrp/gaji/:period', requirePermission('karyawan.gaji.read'), async (c) => {
    const periodId = parseOr400(GajiPeriodSchema, c.req.param('period'));
    return c.json(await gajiPeriode(c.get('deps').db, c.get('actor'), c.req.param('nrp'), periodId));
  })
  // Resignation (P3)
  .get('/:nrp/resign-detail', requirePermission('karyawan.resign'), async (c) => {
    const { tgl_p3 } = queryOf(c, ResignDetailQuerySchema);
    return c.json({ result: await resignDetail(c.get('deps').db, c.get('actor'), c.req.param('nrp'), tgl_p3) });
  })
  .put('/:nrp/resign', requirePermission('karyawan.resign'), async (c) => {
    const deps = c.get('deps');
    const input = await jsonBody(c, ResignSchema);
    return c.json(await resignKaryawan(deps.db, c.get('actor'), c.req.param('nrp'), input, deps.now()));
  })
  .put('/:nrp/edit-resign', requirePermission('karyawan.resign'), async (c) => {
    const deps = c.get('deps');
    const input = await jsonBody(c, ResignSchema);
    return c.json(await editResign(deps.db, c.get('actor'), c.req.param('nrp'), input, deps.now()));
  })
  .delete('/:nrp/resign', requirePermission('karyawan.resign'), async (c) => {
    const deps = c.get('deps');
    return c.json(await cancelResign(deps.db, c.get('actor'), c.req.param('nrp'), deps.now()));
  });
