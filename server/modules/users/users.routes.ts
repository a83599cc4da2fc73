/** /api/users: serves the area's contracts (src/domain/users/contracts.ts). */
import { userContracts as users } from '../../../src/domain/users/contracts';
import { contractRouter } from '../../lib/contract-route';
import { createUser, getUser, listUsers, resetUserPassword, updateUser } from './users.service';

export const userRoutes = contractRouter('/api/users')
  .on(users.list, (c, { query }) => listUsers(c.get('deps').db, c.get('actor'), query))
  .on(users.detail, async (c, { params }) => ({ result: await getUser(c.get('deps').db, c.get('actor'), params.id) }))
  .on(users.create, (c, { body }) => createUser(c.get('deps').db, c.get('actor'), body))
  .on(users.update, (c, { params, body }) => updateUser(c.get('deps').db, c.get('actor'), params.id, body))
  .on(users.resetPassword, async (c, { params }) => {
    const answer = await resetUserPassword(c.get('deps').db, c.get('actor'), params.id);
    // The temporary password is in this answer: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    return answer;
  }).router;
