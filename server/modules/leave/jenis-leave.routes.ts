/**
 * /api/jenis-leave and /api/jenis-cuti (spec part 2 §7 "Leave types"): serves the kinds' contracts
 * (src/domain/leave/contracts.ts, where each endpoint's path, permission and answer are declared).
 * Reads are open to every signed-in user: the leave form needs them, offline too (docs/decisions/004,
 * 006). Writes need master.create / master.update / master.delete, like the other master lists.
 */
import { jenisCutiContracts, jenisLeaveContracts } from '../../../src/domain/leave/contracts';
import { LEAVE_TYPES, LEAVE_TYPE_IDS } from '../../../src/domain/leave/leave-kinds';
import { contractRouter } from '../../lib/contract-route';
import {
  createKind,
  deleteKind,
  getKind,
  JENIS_CUTI,
  JENIS_LEAVE,
  listKinds,
  setKindStatus,
  updateKind,
} from './jenis-leave.service';

const jenisLeave = jenisLeaveContracts;
const jenisCuti = jenisCutiContracts;

export const jenisLeaveRoutes = contractRouter('/api/jenis-leave')
  .on(jenisLeave.types, () => ({
    result: LEAVE_TYPE_IDS.map((type) => ({ type, label: LEAVE_TYPES[type].label })),
  }))
  .on(jenisLeave.list, async (c, { query }) => listKinds(c.get('deps').db, JENIS_LEAVE, query))
  .on(jenisLeave.status, async (c, { params, body }) =>
    setKindStatus(c.get('deps').db, JENIS_LEAVE, params.id, body.status),
  )
  .on(jenisLeave.detail, async (c, { params }) => ({ result: await getKind(c.get('deps').db, JENIS_LEAVE, params.id) }))
  .on(jenisLeave.create, async (c, { body }) => createKind(c.get('deps').db, JENIS_LEAVE, body))
  .on(jenisLeave.update, async (c, { params, body }) => updateKind(c.get('deps').db, JENIS_LEAVE, params.id, body))
  .on(jenisLeave.remove, async (c, { params }) => deleteKind(c.get('deps').db, JENIS_LEAVE, params.id)).router;

export const jenisCutiRoutes = contractRouter('/api/jenis-cuti')
  .on(jenisCuti.list, async (c, { query }) => listKinds(c.get('deps').db, JENIS_CUTI, query))
  .on(jenisCuti.status, async (c, { params, body }) =>
    setKindStatus(c.get('deps').db, JENIS_CUTI, params.id, body.status),
  )
  .on(jenisCuti.detail, async (c, { params }) => ({ result: await getKind(c.get('deps').db, JENIS_CUTI, params.id) }))
  .on(jenisCuti.create, async (c, { body }) => createKind(c.get('deps').db, JENIS_CUTI, body))
  .on(jenisCuti.update, async (c, { params, body }) => updateKind(c.get('deps').db, JENIS_CUTI, params.id, body))
  .on(jenisCuti.remove, async (c, { params }) => deleteKind(c.get('deps').db, JENIS_CUTI, params.id)).router;
