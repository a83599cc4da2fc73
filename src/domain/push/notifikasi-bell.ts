/**
 * What the header's bell and the service worker share, free of schemas (the bell is on every screen).
 */

/** The bell's accessible name: "Notifikasi, 3 belum dibaca". */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi');

/** What the service worker posts to the open windows: a push arrived (refresh the bell), a tap (open url). */
export const PUSH_SW_MESSAGE = { pushed: 'hadir:notifikasi', open: 'hadir:open' } as const;
