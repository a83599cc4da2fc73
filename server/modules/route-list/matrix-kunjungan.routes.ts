/**
 * /api/matrix-kunjungan (spec part 2 §7): serves the weekly visit matrix's contracts
 * (src/domain/route-list/contracts.ts). Reads need the Route List screen's permission, writes
 * routeList.update; the route list must be in the user's scope.
 */
import { matrixContracts as matrix } from '../../../src/domain/route-list/contracts';
import { MATRIX_MESSAGES } from '../../../src/domain/route-list/matrix-kunjungan';
import { contractRouter } from '../../lib/contract-route';
import { addToMatrix, listMatrix, removeFromMatrix, updateMatrix } from './matrix-kunjungan.service';

export const matrixKunjunganRoutes = contractRouter('/api/matrix-kunjungan')
  .on(matrix.list, (c, { params }) => listMatrix(c.get('deps').db, c.get('actor'), params.id))
  .on(matrix.add, async (c, { body }) => ({
    message: MATRIX_MESSAGES.added,
    result: await addToMatrix(c.get('deps').db, c.get('actor'), body),
  }))
  .on(matrix.update, async (c, { params, body }) => ({
    message: MATRIX_MESSAGES.saved,
    result: await updateMatrix(c.get('deps').db, c.get('actor'), params.routeListId, params.custCode, body),
  }))
  .on(matrix.remove, async (c, { params }) => {
    await removeFromMatrix(c.get('deps').db, c.get('actor'), params.routeListId, params.custCode);
    return { message: MATRIX_MESSAGES.removed };
  }).router;
