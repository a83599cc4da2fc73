/**
 * /api/<list> for every master list (spec part 2 §7 "Master data"): serves the contracts generated from
 * the table of kinds (src/domain/master/contracts.ts), each list with its MASTER_TABLES entry. Reads are
 * open to every signed-in user, within their trustee scope (docs/decisions/004); writes need
 * master.create / master.update / master.delete.
 */
import { isWritableMaster, masterContracts, shiftContracts } from '../../../src/domain/master/contracts';
import { contractRouter } from '../../lib/contract-route';
import { MASTER_TABLES, type MasterTableConfig } from './master.config';
import { updateShift, shiftDampak } from './shift-history.service';
import { createMaster, deleteMaster, getMaster, listMaster, updateMaster } from './master.service';

type Routes = ReturnType<typeof contractRouter>;

function mount(routes: Routes, cfg: MasterTableConfig) {
  const { resource } = cfg;
  const reads = masterContracts[resource];
  routes
    .on(reads.list, (c, { query }) => listMaster(c.get('deps').db, c.get('actor'), cfg, query))
    .on(reads.detail, async (c, { params }) => ({
      result: await getMaster(c.get('deps').db, c.get('actor'), cfg, params.id),
    }));
  if (!isWritableMaster(resource)) return;
  const writes = masterContracts[resource];
  routes
    .on(writes.create, (c, { body }) => createMaster(c.get('deps').db, c.get('actor'), cfg, body))
    .on(writes.update, (c, { params, body }) =>
      resource === 'shift'
        ? updateShift(c.get('deps').db, c.get('actor'), cfg, params.id, body, c.get('deps').now())
        : updateMaster(c.get('deps').db, c.get('actor'), cfg, params.id, body),
    )
    .on(writes.remove, (c, { params }) => deleteMaster(c.get('deps').db, c.get('actor'), cfg, params.id));
}

const routes = contractRouter('/api');
for (const cfg of MASTER_TABLES) mount(routes, cfg);
const shiftTable = MASTER_TABLES.find((t) => t.resource === 'shift')!;
routes.on(shiftContracts.dampak, async (c, { params, query }) => ({
  result: await shiftDampak(
    c.get('deps').db,
    c.get('actor'),
    shiftTable,
    params.id,
    query.berlaku_mulai,
    c.get('deps').now(),
  ),
}));
export const masterRoutes = routes.router;
