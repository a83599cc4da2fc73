import { queryOptions } from '@tanstack/react-query';
import { apiFile } from './http';

/**
 * A stored photo (check-in, visit, employee, news), fetched with the session — the server serves it only
 * to those who may see its record — and shown through an object URL. One key per photo whichever screen
 * shows it; the bytes never change, so it is never refetched while cached.
 */
export const storedPhotoQuery = (name: string) =>
  queryOptions({
    queryKey: ['photo', name] as const,
    queryFn: async ({ signal }) => {
      const { blob } = await apiFile(`/uploads/photo/${encodeURIComponent(name)}`, { signal });
      return URL.createObjectURL(blob);
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
