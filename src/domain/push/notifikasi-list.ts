/**
 * The bell's answer (GET /api/notifikasi), on its own so the header's bell, which every screen loads,
 * brings nothing else of the push domain into the app chunk.
 */
import * as v from 'valibot';

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
