/**
 * Attendance posting (spec part 2 §2.7, §7 "Attendance"): GET /api/absensi/period/{id} (the summary per
 * employee), POST /api/absensi/posting, and the records that arrived after a posting. Mounted at
 * /api/absensi next to the attendance list's routes; serves `postingContracts` of
 * src/domain/absensi/contracts.ts.
 */
import { postingContracts as posting } from '../../../src/domain/absensi/contracts';
import { contractRouter } from '../../lib/contract-route';
import { afterPostingRows, periodSummary, postPeriod } from './absensi-posting.service';

export const absensiPostingRoutes = contractRouter('/api/absensi')
  .on(posting.periodSummary, async (c, { params, query }) => {
    const deps = c.get('deps');
    return periodSummary(deps.db, c.get('actor'), params.id, query, deps.now());
  })
  .on(posting.afterPosting, async (c, { params, query }) =>
    afterPostingRows(c.get('deps').db, c.get('actor'), params.id, query),
  )
  .on(posting.post, async (c, { body }) => {
    const deps = c.get('deps');
    return postPeriod(deps.db, c.get('actor'), body, deps.now());
  }).router;
