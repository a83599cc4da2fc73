/**
 * /api/karyawan (spec part 1 §7 "Employees"), serving the register's contracts
 * (src/domain/karyawan/contracts.ts): validate → authorize → service → answer. The Excel and lifecycle
 * routes are mounted first: their fixed paths (posting, kontrak, pb, export, report, upload) must never
 * be read as an NRP. A malformed NRP names nobody: `pathParams` answers 404.
 */
import { karyawanContracts as karyawan } from '../../../src/domain/karyawan/contracts';
import { KaryawanCreateSchema, KaryawanUpdateSchema } from '../../../src/domain/karyawan/karyawan';
import { contractRouter, type ServeOptions } from '../../lib/contract-route';
import { karyawanBodyLimit, karyawanJsonBody, readKaryawanBody } from './karyawan-body';
import { karyawanExcelRoutes } from './karyawan-excel.routes';
import { namingParams } from './karyawan-http';
import { karyawanLifecycleRoutes } from './karyawan-lifecycle.routes';
import { changeKaryawanPassword, resetKaryawanPassword } from './karyawan-password.service';
import { getKaryawan, listKaryawan, loadKaryawan } from './karyawan-read.service';
import { createKaryawan, deleteKaryawan, updateKaryawan } from './karyawan-write.service';
import { postingStatus } from './posting.service';

/** An NRP in the path that cannot exist is a 404, as an unknown one. */
const naming: ServeOptions = { check: { param: namingParams } };

const register = contractRouter('/api/karyawan');
register.router.route('/', karyawanExcelRoutes).route('/', karyawanLifecycleRoutes);
register
  .on(karyawan.list, async (c, { query }) => listKaryawan(c.get('deps').db, c.get('actor'), query))
  .on(
    karyawan.create,
    async (c) => {
      const { input, photos } = await readKaryawanBody(c, KaryawanCreateSchema);
      return createKaryawan(c.get('deps'), c.get('actor'), input, photos);
    },
    { before: [karyawanBodyLimit], extra: karyawanJsonBody(KaryawanCreateSchema) },
  )
  .on(
    karyawan.detail,
    async (c, { params }) => ({ result: await getKaryawan(c.get('deps').db, c.get('actor'), params.id) }),
    naming,
  )
  .on(
    karyawan.update,
    async (c, { params }) => {
      const { input, photos } = await readKaryawanBody(c, KaryawanUpdateSchema);
      return updateKaryawan(c.get('deps'), c.get('actor'), params.id, input, photos);
    },
    { ...naming, before: [karyawanBodyLimit], extra: karyawanJsonBody(KaryawanUpdateSchema) },
  )
  .on(karyawan.remove, async (c, { params }) => deleteKaryawan(c.get('deps'), c.get('actor'), params.id), naming)
  .on(
    karyawan.postingStatus,
    async (c, { params }) => {
      const db = c.get('deps').db;
      const e = await loadKaryawan(db, c.get('actor'), params.id);
      return { result: await postingStatus(db, e.nrp) };
    },
    naming,
  )
  // The employee's login account (Action menu): a temporary password, or a password set by the admin
  .on(
    karyawan.resetPassword,
    async (c, { params }) => {
      const answer = await resetKaryawanPassword(c.get('deps'), c.get('actor'), params.nrp);
      // The temporary password is in this answer: no cache may keep it.
      c.header('Cache-Control', 'no-store');
      return answer;
    },
    naming,
  )
  .on(
    karyawan.changePassword,
    async (c, { params, body }) => changeKaryawanPassword(c.get('deps'), c.get('actor'), params.nrp, body),
    naming,
  );

export const karyawanRoutes = register.router;
