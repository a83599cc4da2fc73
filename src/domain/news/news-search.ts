/**
 * The address of /news and the query of GET /api/news: the common list query. Kept apart from news.ts
 * because every route's validateSearch is in the entry chunk, and with it everything its module holds;
 * news.ts re-exports it.
 */
import type * as v from 'valibot';
import { ListQuerySchema } from '../list-query';

export const NewsListQuerySchema = ListQuerySchema;
export type NewsListQuery = v.InferOutput<typeof NewsListQuerySchema>;
