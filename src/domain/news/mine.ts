/**
 * The phone's own news (`GET /api/news/mine`): its answer and contract, in a module of their own so the
 * unread badge of the bottom navigation (on every field screen) fetches it without the news editor's
 * schemas and contracts (src/domain/news/contracts.ts lists it with the others).
 */
import * as v from 'valibot';
import { listAnswer } from '../api';
import { contract, type Access } from '../contract';

/** An item as everyone reads it: the editor's row (news.ts) and the phone's both start from these. */
export const NEWS_ITEM_ENTRIES = {
  news_id: v.number(),
  judul: v.string(),
  isi: v.string(),
  foto: v.nullable(v.string()),
  validfrom: v.string(),
  validto: v.string(),
};

/** What the phone receives: the item as she reads it, and whether she has opened it. */
export const MyNewsRowSchema = v.object({
  ...NEWS_ITEM_ENTRIES,
  tglupdate: v.string(),
  read_at: v.nullable(v.string()),
});
export type MyNewsRow = v.InferOutput<typeof MyNewsRowSchema>;
export const MyNewsAnswerSchema = v.object({ ...listAnswer(MyNewsRowSchema).entries, unread: v.number() });
export type MyNewsAnswer = v.InferOutput<typeof MyNewsAnswerSchema>;
/** The phone's news calls: hers only. */
export const FIELD_NEWS_ACCESS: Access = {
  session: true,
  note: 'The signed-in employee (an account linked to an NRP); only items addressed to her.',
};

export const myNewsContract = contract({
  method: 'GET',
  path: '/api/news/mine',
  tag: 'News',
  summary: "The signed-in employee's news: addressed to her and valid on her today (her location's zone)",
  access: {
    session: true,
    note: 'The signed-in employee (an account linked to an NRP); only items addressed to her.',
  },
  answer: MyNewsAnswerSchema,
  errors: [403],
});
