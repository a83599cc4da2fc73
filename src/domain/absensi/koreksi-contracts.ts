/**
 * /api/absensi/koreksi, "Koreksi Absensi" (issue 29 item 2), one contract per JSON endpoint: the queue or
 * her own requests, filing (the outbox's absensi.koreksi rows, multipart; JSON without a photo is taken
 * too) and deciding a step (absensi.koreksi.decide rows), src/features/absensi/koreksi/outbox.ts. The
 * photo answers a file: a hand-written route in server/modules/absensi/koreksi.routes.ts.
 */
import { contract, type Access } from '../contract';
import { ABSENSI_TAG } from './field-contracts';
import {
  KoreksiCreatedSchema,
  KoreksiDecidedSchema,
  KoreksiDecisionSchema,
  KoreksiFormDocSchema,
  KoreksiIdParamSchema,
  KoreksiListAnswerSchema,
  KoreksiListQuerySchema,
} from './koreksi';

const POSTED = '409 "Periode sudah diposting" when the day lies in a posted period.';

export const koreksiContracts = {
  list: contract({
    method: 'GET',
    path: '/api/absensi/koreksi',
    tag: ABSENSI_TAG,
    summary: "Koreksi Absensi: the caller's queue (by role and scope), or her own requests (mine=1)",
    description:
      '`status=open` (default): the steps waiting for the caller — step 1 for the team leader named on it, ' +
      'step 2 for an absensi.koreksi holder whose scope covers the employee (never her own, never the team ' +
      'leader of step 1); oldest first. `decided`: what the caller decided; `all`: both. `mine=1`: her own ' +
      'requests in that status (all of them with `status=all`), newest first.',
    access: { session: true, note: 'Queues by role and data scope; mine=1 needs an account linked to an employee.' },
    query: KoreksiListQuerySchema,
    answer: KoreksiListAnswerSchema,
    errors: [403],
  }),
  /** The outbox's absensi.koreksi rows (multipart; JSON without a photo is taken too). */
  file: contract({
    method: 'POST',
    path: '/api/absensi/koreksi',
    tag: ABSENSI_TAG,
    summary: 'Koreksi Absensi: file a correction of one of her last 7 days (multipart with an optional photo)',
    description:
      'Fields tanggal (a day of the last 7 in her zone), jam_masuk and/or jam_keluar (the proposed local ' +
      'times; a blank one is not corrected), alasan (required), captured_at, and the optional photo `foto`. ' +
      `JSON without a photo is taken too. ${POSTED} Takes an \`Idempotency-Key\` (the outbox row id). ` +
      'Notifies the approvers of the waiting step.',
    access: { session: true, note: 'Her own attendance: the account must be linked to an employee.' },
    form: KoreksiFormDocSchema,
    answer: KoreksiCreatedSchema,
    status: 201,
    errors: [403, 409, 413],
    idempotent: true,
  }),
  /** The outbox's absensi.koreksi.decide rows. */
  decide: contract({
    method: 'POST',
    path: '/api/absensi/koreksi/:id/status',
    tag: ABSENSI_TAG,
    summary: 'Koreksi Absensi: approve (A) or reject (R) the waiting step',
    description:
      'Step 1: the team leader named on it. Step 2: an absensi.koreksi holder whose scope covers the ' +
      "employee, not the team leader of step 1. Never one's own (403). The final approval writes the day " +
      'through the audited manual change (its history names "Koreksi Absensi #id" and the reason) and ' +
      `clears "Lupa Check Out" when the day gets a check-out. ${POSTED} Takes an \`Idempotency-Key\`.`,
    access: { session: true, note: 'The approver of the waiting step (see the description).' },
    params: KoreksiIdParamSchema,
    body: KoreksiDecisionSchema,
    answer: KoreksiDecidedSchema,
    errors: [403, 404, 409],
    idempotent: true,
  }),
};

/** A correction's photo: a file answer, a hand-written route (koreksi.routes.ts). */
export const KOREKSI_FOTO_ACCESS: Access = {
  session: true,
  note: 'Its employee, her team leader of step 1, or absensi.read / absensi.koreksi within scope.',
};
