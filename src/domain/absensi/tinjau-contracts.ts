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
    description:
      '`matches`: for photo_reused / photo_shared, each earlier photo once, how alike in words (`kemiripan`), its ' +
      'employee, photo and time. `lokasi_sama`: the records at the very same coordinates (location_identical), ' +
      'whose, when and where. A matched employee outside the reviewer\'s scope is named only "karyawan lain", ' +
      'with no NRP, time, place or photo.',
    access: REVIEW,
    params: TinjauIdParamSchema,
    answer: TinjauDetailAnswerSchema,
    errors: [403, 404],
  }),
  decide: contract({
    method: 'POST',
    path: '/api/absensi/tinjau/:id',
    tag: ABSENSI_TAG,
    summary: 'Decide a flagged check-in: terima, or tolak with a reason',
    description:
      "Audited on the item (who, the server's time, why, and the flags seen). `alasan` is internal and required for " +
      `tolak only (400 "${TINJAU_MESSAGES.alasanRequired}"); \`pesan_karyawan\` (optional) is the only text the ` +
      'employee reads. A rejected visit counts as not visited everywhere; a rejected day still counts as present ' +
      'until changed in Absensi Manual: `tandai_alpa: true` (a day, tolak, permission absensi.manual) writes that ' +
      `audited manual change to Alpa with the reason "Ditolak peninjau: <alasan>". Her own record: 403 ` +
      `"${TINJAU_MESSAGES.ownRecord}"; already decided: 409; a day in a posted period with tandai_alpa: 409.`,
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
      'Sent by her phone through the outbox: takes an `Idempotency-Key` (the outbox row id). A record that is not ' +
      "flagged and another employee's record both answer 404; the newest note replaces an earlier one.",
    access: { session: true, note: 'The employee herself.' },
    params: TinjauIdParamSchema,
    body: TinjauCatatanSchema,
    answer: TinjauItemAnswerSchema,
    errors: [403, 404, 422],
    idempotent: true,
  }),
};
