/**
 * The bell's endpoints (GET /api/notifikasi, POST /api/notifikasi/read) with their shapes, on their own so
 * the header's bell, which every screen loads, brings nothing else of the push domain into the app chunk.
 * `src/domain/push/contracts.ts` lists them with the area's other contracts.
 */
import * as v from 'valibot';
import { contract } from '../contract';
import { PG_INT_MAX } from '../primitives';

export const NotifikasiItemSchema = v.object({
  id: v.number(),
  jenis: v.string(),
  title: v.string(),
  body: v.string(),
  url: v.string(),
  created_at: v.string(),
  read: v.boolean(),
});
export type NotifikasiItem = v.InferOutput<typeof NotifikasiItemSchema>;
/** The caller's newest items (at most NOTIFIKASI_LIST_MAX) and how many of all hers are unread. */
export const NotifikasiListAnswerSchema = v.object({ result: v.array(NotifikasiItemSchema), unread: v.number() });
export type NotifikasiListAnswer = v.InferOutput<typeof NotifikasiListAnswerSchema>;
export const NOTIFIKASI_LIST_MAX = 50;

/** POST /api/notifikasi/read: her unread count after. */
export const NotifikasiReadAnswerSchema = v.object({ message: v.string(), unread: v.number() });

/** Mark these ids read; no ids: all of hers. */
export const NotifikasiReadBodySchema = v.object({
  ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PG_INT_MAX))),
      v.maxLength(200, 'Maksimal 200 notifikasi sekaligus'),
    ),
  ),
});

const tag = 'Notifikasi';
const own = { session: true, note: 'Own account only.' } as const;

export const notifikasiContracts = {
  list: contract({
    method: 'GET',
    path: '/api/notifikasi',
    tag,
    summary: 'The caller’s notifications (the bell)',
    description: 'Her 50 newest items, newest first, and how many of all hers are unread.',
    access: own,
    answer: NotifikasiListAnswerSchema,
  }),
  read: contract({
    method: 'POST',
    path: '/api/notifikasi/read',
    tag,
    summary: 'Marks the caller’s notifications read',
    description: '`ids` of hers to mark, or no `ids` for all. Idempotent: a read item keeps its time.',
    access: own,
    body: NotifikasiReadBodySchema,
    answer: NotifikasiReadAnswerSchema,
  }),
};
