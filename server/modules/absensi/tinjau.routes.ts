/**
 * /api/absensi/tinjau, "Perlu Ditinjau" (issue 28, docs/decisions/035): the review queue of flagged
 * check-ins, one item's detail with the photos it resembles, a reviewer's decision (terima/tolak with a
 * reason, once) and the employee's own note on her flagged check-in (through the phone's outbox).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  TINJAU_MESSAGES,
  TinjauCatatanSchema,
  TinjauDecisionSchema,
  TinjauDetailAnswerSchema,
  TinjauIdSchema,
  TinjauItemSchema,
  TinjauListAnswerSchema,
  TinjauListQuerySchema,
} from '../../../src/domain/absensi/tinjau';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { route, validate, type Access } from '../../lib/openapi';
import { idempotent } from '../../middleware/idempotency';
import { decideTinjau, listTinjau, noteTinjau, tinjauDetail } from './tinjau.service';

const tag = 'Absensi';
const REVIEW: Access = { all: ['absensi.tinjau'], note: "Only employees of the user's trustee scope." };
const IdParamSchema = v.object({ id: TinjauIdSchema });
const ItemAnswerSchema = v.object({ message: v.string(), result: TinjauItemSchema });

export const tinjauRoutes = new Hono<AppEnv>()
  .get(
    '/tinjau',
    route({
      tag,
      summary: 'Perlu Ditinjau: flagged check-ins of days and visits (open or decided)',
      description:
        'Every day record and visit line whose flags ask for a look (all but `after_posting`), newest day first. ' +
        '`status=open` (default) lists those without a decision, `closed` the decided ones. The date range defaults ' +
        "to the last 31 days; `lokasi_id` filters by the employee's location, `jenis` by `hari` or `kunjungan`. " +
        "An item's `id` is `hari-<id>` or `kunjungan-<id>`.",
      access: REVIEW,
      responses: { 200: TinjauListAnswerSchema },
    }),
    validate('query', TinjauListQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await listTinjau(deps.db, c.get('actor'), c.req.valid('query'), deps.now()));
    },
  )
  .get(
    '/tinjau/:id',
    route({
      tag,
      summary: 'One flagged check-in with the earlier photos its photos resemble',
      description: '`matches`: for photo_reused / photo_shared, the matched photo, its employee and when it was taken.',
      access: REVIEW,
      responses: { 200: TinjauDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', IdParamSchema),
    async (c) => c.json({ result: await tinjauDetail(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .post(
    '/tinjau/:id',
    route({
      tag,
      summary: 'Decide a flagged check-in: terima or tolak, with a reason',
      description:
        'Audited on the item (who, when, why, and the flags seen). A rejected visit counts as not visited everywhere; ' +
        `a rejected day shows as such in the list and the reports. Without a reason: 400 "${TINJAU_MESSAGES.alasanRequired}"; ` +
        'already decided: 409.',
      access: REVIEW,
      responses: { 200: ItemAnswerSchema },
      errors: [403, 404, 409],
    }),
    validate('param', IdParamSchema),
    validate('json', TinjauDecisionSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(
        await decideTinjau(deps.db, c.get('actor'), c.req.valid('param').id, c.req.valid('json'), deps.now()),
      );
    },
  )
  .post(
    '/tinjau/:id/catatan',
    route({
      tag,
      summary: "The employee's note on her own flagged check-in",
      description:
        'Sent by her phone through the outbox: takes an `Idempotency-Key` (the outbox row id). Only her own record (403); ' +
        'the newest note replaces an earlier one.',
      access: { session: true, note: 'The employee herself.' },
      responses: { 200: ItemAnswerSchema },
      errors: [403, 404, 422],
      idempotent: true,
    }),
    validate('param', IdParamSchema),
    validate('json', TinjauCatatanSchema),
    async (c) => {
      const actor = c.get('actor');
      ownNrp(actor, TINJAU_MESSAGES.notOwn);
      const deps = c.get('deps');
      const id = c.req.valid('param').id;
      const { catatan } = c.req.valid('json');
      return idempotent(c, actor, async (tx) => ({
        status: 200,
        body: await noteTinjau(tx, actor, id, catatan, deps.now()),
      }));
    },
  );
