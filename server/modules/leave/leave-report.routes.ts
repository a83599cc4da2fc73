/**
 * The leave report of /api/leave (spec part 2 §2.8, §3 "Report filter"): a page (its contract in
 * src/domain/leave/contracts.ts), and every page as .xlsx — a file, not JSON, so a hand-written route.
 */
import { LEAVE_TAG as tag, leaveContracts as leave } from '../../../src/domain/leave/contracts';
import { LeaveReportQuerySchema } from '../../../src/domain/leave/leave';
import { contentDisposition } from '../../lib/attachments';
import { contractRouter } from '../../lib/contract-route';
import { route, validate } from '../../lib/openapi';
import { leaveReport, leaveReportXlsx } from './leave-report.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const leaveReportRoutes = contractRouter('/api/leave')
  .on(leave.report, async (c, { query }) => leaveReport(c.get('deps').db, c.get('actor'), query))
  .router.get(
    '/report/download',
    route({
      tag,
      summary: 'The leave report of a period as .xlsx (every page)',
      access: { all: ['leave.read', 'leave.laporan'] },
      responses: { 200: { file: XLSX } },
    }),
    validate('query', LeaveReportQuerySchema),
    async (c) => {
      const { page: _p, per_page: _pp, ...filter } = c.req.valid('query');
      const file = await leaveReportXlsx(c.get('deps').db, c.get('actor'), filter);
      return c.body(file.bytes, 200, {
        'Content-Type': XLSX,
        'Content-Disposition': contentDisposition(file.fileName),
        'Cache-Control': 'no-store',
      });
    },
  );
