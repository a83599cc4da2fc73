/** The leave report of /api/leave (spec part 2 §2.8, §3 "Report filter"): a page, and every page as .xlsx. */
import { Hono } from 'hono';
import { LeaveReportQuerySchema } from '../../../src/domain/leave/leave';
import { LeaveListAnswerSchema } from '../../../src/domain/leave/leave-answers';
import { contentDisposition } from '../../lib/attachments';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { TAG as tag } from './leave-context';
import { leaveReport, leaveReportXlsx } from './leave-report.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const leaveReportRoutes = new Hono<AppEnv>()
  .get(
    '/admin/report',
    route({
      tag,
      summary: 'The leave report of a period (a page)',
      access: { all: ['leave.read', 'leave.laporan'] },
      responses: { 200: LeaveListAnswerSchema },
    }),
    validate('query', LeaveReportQuerySchema),
    async (c) => c.json(await leaveReport(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
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
