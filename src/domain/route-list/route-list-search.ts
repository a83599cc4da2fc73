/**
 * The address of /route-list and /matrix-kunjungan and the query of GET /api/route-list: the page size,
 * the list query and a route list's id. Kept apart from route-list.ts because every route's
 * validateSearch is in the entry chunk, and with it everything its module holds; route-list.ts
 * re-exports what it used to define here.
 */
import * as v from 'valibot';
import { ListQuerySchema } from '../list-query';
import { code } from '../primitives';

/** Spec §9: the route list table shows 20 rows a page. */
export const ROUTE_LIST_PAGE_SIZE = 20;

export const ROUTE_LIST_ID = /^[A-Za-z0-9._-]{1,5}$/;

/** The message of an unknown id; ROUTE_LIST_MESSAGES (route-list.ts) carries it too. */
export const ROUTE_LIST_QUERY_MESSAGES = {
  notFound: 'Route list tidak ditemukan',
} as const;

/** GET /api/route-list: the list query, 20 rows a page unless asked otherwise. */
export const RouteListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  per_page: v.optional(ListQuerySchema.entries.per_page, ROUTE_LIST_PAGE_SIZE),
});
export type RouteListQuery = v.InferOutput<typeof RouteListQuerySchema>;

export const routeListId = (message: string = ROUTE_LIST_QUERY_MESSAGES.notFound) => code(ROUTE_LIST_ID, message);
