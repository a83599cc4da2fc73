/** Route lists (a company's list of stores an SPG visits, with its weekly matrix), as the API answers them. */
import * as v from 'valibot';
import { listAnswer, resultAnswer } from './api';
import { code } from './primitives';

export const ROUTE_LIST_MESSAGES = {
  notFound: 'Route list tidak ditemukan',
} as const;

export const RouteListRowSchema = v.object({ id: v.string(), kode_prsh: v.string(), nama: v.string() });
export type RouteListRow = v.InferOutput<typeof RouteListRowSchema>;
export const RouteListListAnswerSchema = listAnswer(RouteListRowSchema);
export const RouteListDetailAnswerSchema = resultAnswer(RouteListRowSchema);

/** `{id}` of /api/route-list/{id}. */
export const RouteListIdParamSchema = v.object({
  id: code(/^[A-Za-z0-9._-]{1,5}$/, ROUTE_LIST_MESSAGES.notFound),
});
