/**
 * The address of /kunjungan and the query of GET /api/kunjungan. Kept apart from kunjungan-plan.ts
 * because every route's validateSearch is in the entry chunk, and with it everything its module holds;
 * kunjungan-plan.ts re-exports it.
 */
import * as v from 'valibot';
import { page, perPage, periodId, PRIMITIVE_MESSAGES, text } from '../primitives';

/** GET /api/kunjungan: the page and the period ('' = every period); `q` searches NRP and name. */
export const KunjunganListQuerySchema = v.object({
  page: page(),
  per_page: perPage(10, 100),
  // The screen's URL may carry it as a number (the router reads 202611 as JSON).
  period_id: v.optional(
    v.union(
      [v.literal(''), periodId(), v.pipe(v.number(), v.transform(String), periodId())],
      PRIMITIVE_MESSAGES.period,
    ),
    '',
  ),
  q: v.optional(text(100, { tooLong: 'Kata kunci terlalu panjang' }), ''),
});
export type KunjunganListQuery = v.InferOutput<typeof KunjunganListQuerySchema>;
