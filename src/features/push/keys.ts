/**
 * The bell's query key and cache policy, apart from the calls: the header's bell (every screen, first
 * bundle) reads and refreshes it with neither schemas nor calls in the app chunk; they load on first use.
 */
export const pushKeys = {
  all: ['push'] as const,
  bell: (userid: string) => ['push', 'notifikasi', userid] as const,
  setting: (userid: string) => ['push', 'setting', userid] as const,
};

/** Her bell list is part of the phone's copy (persisted), so it reads offline. */
export const BELL_CACHE = { staleTime: 30_000, meta: { persist: true } } as const;
