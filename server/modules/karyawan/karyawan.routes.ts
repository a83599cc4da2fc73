/**
 * /api/karyawan (spec part 1 §7 "Employees"): validate → authorize → service → answer. The Excel and
 * lifecycle routes are mounted first: their fixed paths (posting, kontrak, pb, export, report, upload)
 * must never be read as an NRP.
 */
import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import {
  KaryawanCreatedSchema,
  KaryawanCreateSchema,
  KaryawanDetailAnswerSchema,
  KaryawanIdParamSchema,
  KaryawanUpdateSchema,
  NrpParamSchema,
} from '../../../src/domain/karyawan/karyawan';
import { PostingStatusAnswerSchema } from '../../../src/domain/karyawan/karyawan-lifecycle';
import { KaryawanListAnswerSchema, KaryawanListQuerySchema } from '../../../src/domain/karyawan/karyawan-list';
import { NewPasswordPairSchema } from '../../../src/domain/auth/password-policy';
import { PasswordResetAnswerSchema } from '../../../src/domain/users/users';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { karyawanBodyLimit, karyawanRequestBody, readKaryawanBody } from './karyawan-body';
import { karyawanExcelRoutes } from './karyawan-excel.routes';
import { pathParams } from './karyawan-http';
import { karyawanLifecycleRoutes } from './karyawan-lifecycle.routes';
import { changeKaryawanPassword, resetKaryawanPassword } from './karyawan-password.service';
import { getKaryawan, listKaryawan, loadKaryawan } from './karyawan-read.service';
import { createKaryawan, deleteKaryawan, updateKaryawan } from './karyawan-write.service';
import { postingStatus } from './posting.service';

const tag = 'Karyawan';

export const karyawanRoutes = new Hono<AppEnv>()
  .route('/', karyawanExcelRoutes)
  .route('/', karyawanLifecycleRoutes)
  .get(
    '/',
    route({
      tag,
      summary: 'The active (resigned=0) or resigned (resigned=1) employees, searched by NRP or name',
      description: 'Also the resign dialog’s picker, hence karyawan.resign.',
      access: { any: ['karyawan.read', 'karyawan.resign'] },
      responses: { 200: KaryawanListAnswerSchema },
    }),
    validate('query', KaryawanListQuerySchema),
    async (c) => c.json(await listKaryawan(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create an employee: the next NRP, the first contract and a P1 posting item',
      description: 'Multipart (fields as text, gaji as JSON text, photos foto_kar / foto_ktp) or JSON without photos.',
      access: { all: ['karyawan.create'] },
      responses: { 201: KaryawanCreatedSchema },
      errors: [413],
      extra: karyawanRequestBody(KaryawanCreateSchema),
    }),
    karyawanBodyLimit,
    async (c) => {
      const { input, photos } = await readKaryawanBody(c, KaryawanCreateSchema);
      return c.json(await createKaryawan(c.get('deps'), c.get('actor'), input, photos), 201);
    },
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One employee with the names of their codes',
      description: 'Salary only with karyawan.gaji.read, the contract history only with karyawan.kontrak.read.',
      access: { all: ['karyawan.read'] },
      responses: { 200: KaryawanDetailAnswerSchema },
      errors: [404],
    }),
    pathParams(KaryawanIdParamSchema),
    async (c) => c.json({ result: await getKaryawan(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Change an employee: the fields sent, tab by tab',
      description:
        'Each changed tab needs its edit permission (karyawan.personal.edit, …; salary: karyawan.gaji.read and an ' +
        'administrator role). A field left out stays; a field sent blank is cleared. A change leaves a P2 item.',
      access: { all: ['karyawan.update'] },
      responses: { 200: MessageSchema },
      errors: [404, 409, 413],
      extra: karyawanRequestBody(KaryawanUpdateSchema),
    }),
    pathParams(KaryawanIdParamSchema),
    karyawanBodyLimit,
    async (c) => {
      const { input, photos } = await readKaryawanBody(c, KaryawanUpdateSchema);
      return c.json(await updateKaryawan(c.get('deps'), c.get('actor'), c.req.valid('param').id, input, photos));
    },
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Delete an employee without visits whose items never went to payroll',
      access: { all: ['karyawan.delete'] },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    pathParams(KaryawanIdParamSchema),
    async (c) => c.json(await deleteKaryawan(c.get('deps'), c.get('actor'), c.req.valid('param').id)),
  )
  .get(
    '/:id/posting/status',
    route({
      tag,
      summary: "The employee's posting items, open ones pending",
      access: { all: ['karyawan.posting'] },
      responses: { 200: PostingStatusAnswerSchema },
      errors: [404],
    }),
    pathParams(KaryawanIdParamSchema),
    async (c) => {
      const db = c.get('deps').db;
      const e = await loadKaryawan(db, c.get('actor'), c.req.valid('param').id);
      return c.json({ result: await postingStatus(db, e.nrp) });
    },
  )
  // The employee's login account (Action menu): a temporary password, or a password set by the admin
  .post(
    '/:nrp/reset-password',
    route({
      tag,
      summary: "A temporary password for the employee's login account, shown once",
      access: { all: ['karyawan.resetpassword'] },
      responses: { 200: PasswordResetAnswerSchema },
      errors: [404],
    }),
    pathParams(NrpParamSchema),
    async (c) => {
      const answer = await resetKaryawanPassword(c.get('deps'), c.get('actor'), c.req.valid('param').nrp);
      // The temporary password is in this answer: no cache may keep it.
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    },
  )
  .post(
    '/:nrp/change-password',
    route({
      tag,
      summary: "Set the password of the employee's login account (to be changed at the next login)",
      access: { all: ['karyawan.resetpassword'] },
      responses: { 200: MessageSchema },
      errors: [404, 413],
    }),
    pathParams(NrpParamSchema),
    validate('json', NewPasswordPairSchema),
    async (c) =>
      c.json(
        await changeKaryawanPassword(c.get('deps'), c.get('actor'), c.req.valid('param').nrp, c.req.valid('json')),
      ),
  );
