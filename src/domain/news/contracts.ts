/**
 * /api/news (spec part 2 §7 "news"), one contract per endpoint (src/domain/contract.ts): the editor's
 * list, item, multipart create/change and delete (news.read/create/update/delete, limited to items whose
 * audience lies within the editor's trustee), the form's option lists, employee picker and audience
 * preview, who has read an item; and the phone's own items (`/mine`) and read receipt (`/{id}/read`,
 * idempotent, from the outbox). docs/decisions/024-news.md.
 */
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { FIELD_NEWS_ACCESS as FIELD, myNewsContract } from './mine';
import {
  NewsAudienceCountAnswerSchema,
  NewsAudienceQuerySchema,
  NewsDetailAnswerSchema,
  NewsFormDocSchema,
  NewsIdParamSchema,
  NewsKaryawanAnswerSchema,
  NewsKaryawanQuerySchema,
  NewsListAnswerSchema,
  NewsListQuerySchema,
  NewsOptionsAnswerSchema,
  NewsReadAnswerSchema,
  NewsReadBodySchema,
  NewsReadersAnswerSchema,
  NewsReadersQuerySchema,
  NewsSavedSchema,
} from './news';

const tag = 'News';
const SCOPE_NOTE = "Only items whose audience lies within the user's trustee scope (others answer 404).";
const EDITOR: Access = { any: ['news.create', 'news.update'], note: "Options within the user's trustee scope." };

export const newsContracts = {
  list: contract({
    method: 'GET',
    path: '/api/news',
    tag,
    summary: 'List news items (newest first); `q` searches judul and isi',
    access: { all: ['news.read'], note: SCOPE_NOTE },
    query: NewsListQuerySchema,
    answer: NewsListAnswerSchema,
  }),
  create: contract({
    method: 'POST',
    path: '/api/news',
    tag,
    summary: 'Create a news item (multipart, with an optional photo `foto`)',
    description: 'The audience must lie within the user’s trustee scope (403 otherwise).',
    access: { all: ['news.create'] },
    form: NewsFormDocSchema,
    answer: NewsSavedSchema,
    status: 201,
    errors: [413],
  }),
  options: contract({
    method: 'GET',
    path: '/api/news/options',
    tag,
    summary: "The option lists of the form's multi-selects (a new item)",
    access: EDITOR,
    answer: NewsOptionsAnswerSchema,
  }),
  karyawan: contract({
    method: 'GET',
    path: '/api/news/karyawan',
    tag,
    summary: 'Active employees to address individually (`q`: NRP or name; `kode_prsh`: the chosen companies)',
    access: EDITOR,
    query: NewsKaryawanQuerySchema,
    answer: NewsKaryawanAnswerSchema,
  }),
  audienceCount: contract({
    method: 'GET',
    path: '/api/news/audience-count',
    tag,
    summary: 'How many active employees an audience reaches (comma-joined lists as the form sends them)',
    access: { any: ['news.read', 'news.create', 'news.update'], note: "Counted within the user's trustee scope." },
    query: NewsAudienceQuerySchema,
    answer: NewsAudienceCountAnswerSchema,
  }),
  mine: myNewsContract,
  /** The outbox's `news.read` rows (src/features/news/outbox.ts). */
  read: contract({
    method: 'POST',
    path: '/api/news/:id/read',
    tag,
    summary: 'Record that the signed-in employee opened an item (the first time counts)',
    description:
      'Takes an `Idempotency-Key` (the outbox row id). An item not addressed to her answers 404. ' +
      '`captured_at`: when she opened it, on her device.',
    access: FIELD,
    params: NewsIdParamSchema,
    body: NewsReadBodySchema,
    answer: NewsReadAnswerSchema,
    errors: [403, 404, 409, 422],
    idempotent: true,
  }),
  readers: contract({
    method: 'GET',
    path: '/api/news/:id/readers',
    tag,
    summary: "Who of an item's audience has (`status=read`) or has not (`unread`, default) opened it",
    description: 'With the audience size and the read count (active employees within the user’s scope).',
    access: { all: ['news.read'], note: SCOPE_NOTE },
    params: NewsIdParamSchema,
    query: NewsReadersQuerySchema,
    answer: NewsReadersAnswerSchema,
    errors: [404],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/news/:id',
    tag,
    summary: "One news item and the option lists of its form's multi-selects",
    access: { all: ['news.read'], note: SCOPE_NOTE },
    params: NewsIdParamSchema,
    answer: NewsDetailAnswerSchema,
    errors: [404],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/news/:id',
    tag,
    summary: 'Change a news item (multipart; a new `foto` replaces the photo, `remove_foto=true` drops it)',
    access: { all: ['news.update'], note: SCOPE_NOTE },
    params: NewsIdParamSchema,
    form: NewsFormDocSchema,
    answer: NewsSavedSchema,
    errors: [404, 413],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/news/:id',
    tag,
    summary: 'Delete a news item with its read receipts and photo',
    access: { all: ['news.delete'], note: SCOPE_NOTE },
    params: NewsIdParamSchema,
    answer: MessageSchema,
    errors: [404],
  }),
};
