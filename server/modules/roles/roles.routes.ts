/** /api/roles: serves the area's contracts (src/domain/roles/contracts.ts). */
import { roleContracts as roles } from '../../../src/domain/roles/contracts';
import { contractRouter } from '../../lib/contract-route';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';

export const roleRoutes = contractRouter('/api/roles')
  .on(roles.list, (c, { query }) => listRoles(c.get('deps').db, c.get('actor'), query))
  .on(roles.detail, async (c, { params }) => ({ result: await getRole(c.get('deps').db, c.get('actor'), params.id) }))
  .on(roles.create, (c, { body }) => createRole(c.get('deps').db, c.get('actor'), body))
  .on(roles.update, (c, { params, body }) => updateRole(c.get('deps').db, c.get('actor'), params.id, body))
  .on(roles.remove, (c, { params }) => deleteRole(c.get('deps').db, c.get('actor'), params.id)).router;
