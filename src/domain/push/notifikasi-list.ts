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

/** The bell's accessible name: "Notifikasi, 3 belum dibaca". */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi');

/** What the service worker posts to the open windows: a push arrived (refresh the bell), a tap (open url). */
export const PUSH_SW_MESSAGE = { pushed: 'hadir:notifikasi', open: 'hadir:open' } as const;
