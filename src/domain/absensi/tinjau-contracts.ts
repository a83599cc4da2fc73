/**
 * /api/absensi/tinjau, "Perlu Ditinjau" (issue 28, docs/decisions/035), one contract per endpoint: the
 * review queue, one item, a reviewer's decision, and the employee's own note (the outbox's tinjau.catatan
 * rows, src/features/absensi/outbox.ts). Served by server/modules/absensi/tinjau.routes.ts.
 */
import * as v from 'valibot';
import { contract, type Access } from '../contract';
import { ABSENSI_TAG } from './field-contracts';
import {
  TINJAU_MESSAGES,
  TinjauCatatanSchema,
  TinjauDecisionSchema,
  TinjauDetailAnswerSchema,
  TinjauIdSchema,
  TinjauItemSchema,
  TinjauListAnswerSchema,
} from './tinjau';
import { TinjauListQuerySchema } from './tinjau-search';

const REVIEW: Access = { all: ['absensi.tinjau'], note: "Only employees of the user's trustee scope." };
export const TinjauIdParamSchema = v.object({ id: TinjauIdSchema });
/** A decision or a note: the item as it stands after it. */
export const TinjauItemAnswerSchema = v.object({ message: v.string(), result: TinjauItemSchema });

export const tinjauContracts = {
  list: contract({
    method: 'GET',
    path: '/api/absensi/tinjau',
    tag: ABSENSI_TAG,
    summary: 'Perlu Ditinjau: flagged check-ins of days and visits (open or decided)',
    description:
      'Every day record and visit line whose flags ask for a look (all but `after_posting`), newest day first. ' +
      '`status=open` (default) lists those without a decision, `closed` the decided ones. The date range defaults ' +
      "to the last 31 days; `lokasi_id` filters by the employee's location, `jenis` by `hari` or `kunjungan`. " +
      "An item's `id` is `hari-<id>` or `kunjungan-<id>`.",
    access: REVIEW,
    query: TinjauListQuerySchema,
    answer: TinjauListAnswerSchema,
  }),
  detail: contract({
    method: 'GET',
    path: '/api/absensi/tinjau/:id',
    tag: ABSENSI_TAG,
    summary: 'One flagged check-in with the earlier photos its photos resemble',
    description: '`matches`: for photo_reused / photo_shared, the matched photo, its employee and when it was taken.',
    access: REVIEW,
    params: TinjauIdParamSchema,
    answer: TinjauDetailAnswerSchema,
    errors: [403, 404],
  }),
  decide: contract({
    method: 'POST',
    path: '/api/absensi/tinjau/:id',
    tag: ABSENSI_TAG,
    summary: 'Decide a flagged check-in: terima or tolak, with a reason',
    description:
      'Audited on the item (who, when, why, and the flags seen). A rejected visit counts as not visited everywhere; ' +
      `a rejected day shows as such in the list and the reports. Without a reason: 400 "${TINJAU_MESSAGES.alasanRequired}"; ` +
      'already decided: 409.',
    access: REVIEW,
    params: TinjauIdParamSchema,
    body: TinjauDecisionSchema,
    answer: TinjauItemAnswerSchema,
    errors: [403, 404, 409],
  }),
  /** The outbox's tinjau.catatan rows. */
  note: contract({
    method: 'POST',
    path: '/api/absensi/tinjau/:id/catatan',
    tag: ABSENSI_TAG,
    summary: "The employee's note on her own flagged check-in",
    description:
      'Sent by her phone through the outbox: takes an `Idempotency-Key` (the outbox row id). Only her own record (403); ' +
      'the newest note replaces an earlier one.',
    access: { session: true, note: 'The employee herself.' },
    params: TinjauIdParamSchema,
    body: TinjauCatatanSchema,
    answer: TinjauItemAnswerSchema,
    errors: [403, 404, 422],
    idempotent: true,
  }),
};
