import { queryOptions } from '@tanstack/react-query';
import { photoPath, type ThumbWidth } from '../domain/photo-thumbnail';
import { apiFile } from './http';

/**
 * A stored photo (check-in, visit, employee, news), fetched with the session — the server serves it only
 * to those who may see its record — and shown through an object URL. One key per photo and size whichever
 * screen shows it; the bytes never change, so it is never refetched while cached. With `w`, the photo's
 * thumbnail (a WebP of at most 40 KB, src/domain/photo-thumbnail.ts): what lists and small boxes show.
 */
export const storedPhotoQuery = (name: string, w?: ThumbWidth) =>
  queryOptions({
    queryKey: w ? (['photo', name, `w${w}`] as const) : (['photo', name] as const),
    queryFn: async ({ signal }) => {
      const { blob } = await apiFile(photoPath(name, w), { signal });
      return URL.createObjectURL(blob);
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
