/** /api/permissions: serves the catalogue's contract (src/domain/roles/contracts.ts). */
import { roleContracts } from '../../../src/domain/roles/contracts';
import { permissionList } from '../../../src/domain/roles/permissions';
import { contractRouter } from '../../lib/contract-route';

export const permissionRoutes = contractRouter('/api/permissions').on(roleContracts.permissions, () => {
  const result = permissionList();
  return { result, totalCount: result.length };
}).router;
