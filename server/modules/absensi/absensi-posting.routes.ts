/**
 * Attendance posting (spec part 2 §2.7, §7 "Attendance"): GET /api/absensi/period/{id} (the summary per
 * employee), POST /api/absensi/posting, and the records that arrived after a posting. Mounted at
 * /api/absensi next to the attendance list's routes.
 */
import { Hono } from 'hono';
import {
  AbsensiPeriodSummaryAnswerSchema,
  AfterPostingAnswerSchema,
  PeriodParamSchema,
  PeriodSummaryQuerySchema,
  PostingAnswerSchema,
  PostingBodySchema,
} from '../../../src/domain/absensi/absensi-summary';
import type { AppEnv } from '../../lib/context';
import { route, validate, type Access } from '../../lib/openapi';
import { afterPostingRows, periodSummary, postPeriod } from './absensi-posting.service';

const tag = 'Absensi';
const READ: Access = {
  all: ['absensi.posting'],
  note: "Only employees of the user's trustee scope are listed.",
};

export const absensiPostingRoutes = new Hono<AppEnv>()
  .get(
    '/period/:id',
    route({
      tag,
      summary: 'A period\'s attendance summary per employee (spec §3 "Attendance summary")',
      description:
        'Counted live while the period is open (src/domain/absensi/absensi-summary.ts); once posted, the counts frozen by the posting. Page size 30.',
      access: READ,
      responses: { 200: AbsensiPeriodSummaryAnswerSchema },
      errors: [404],
    }),
    validate('param', PeriodParamSchema),
    validate('query', PeriodSummaryQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(
        await periodSummary(deps.db, c.get('actor'), c.req.valid('param').id, c.req.valid('query'), deps.now()),
      );
    },
  )
  .get(
    '/period/:id/after-posting',
    route({
      tag,
      summary: 'Field check-ins of a posted period that reached the server after its posting',
      description: 'Rows flagged after_posting (the day record or a store visit): corrections for the next payroll.',
      access: READ,
      responses: { 200: AfterPostingAnswerSchema },
      errors: [404],
    }),
    validate('param', PeriodParamSchema),
    validate('query', PeriodSummaryQuerySchema),
    async (c) =>
      c.json(await afterPostingRows(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('query'))),
  )
  .post(
    '/posting',
    route({
      tag,
      summary: 'Post a period: freeze its summary for payroll and lock its attendance',
      description:
        'Posts every employee of the period in one transaction. Only a user whose trustee scope does not limit the employees may post (403). ' +
        'Posting disabled (Enable Posting off) is 422; a period already posted is 409; a period that has not ended yet ' +
        '(its last day not over in WIB) is 409 `period_not_ended` unless `belum_berakhir` is true.',
      access: { all: ['absensi.posting'] },
      responses: { 200: PostingAnswerSchema },
      errors: [404, 409, 422],
    }),
    validate('json', PostingBodySchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await postPeriod(deps.db, c.get('actor'), c.req.valid('json'), deps.now()));
    },
  );
