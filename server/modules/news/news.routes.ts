/**
 * /api/news (spec part 2 §7 "news"): the editor's list, item, multipart create/change and delete
 * (news.read/create/update/delete, limited to items whose audience lies within the editor's trustee),
 * the form's option lists, employee picker and audience preview, who has read an item; and the
 * phone's own items (`/mine`) and read receipt (`/{id}/read`, idempotent, from the outbox).
 * docs/decisions/024-news.md.
 */
import { Hono, type Context } from 'hono';
import { resolver } from 'hono-openapi';
import { MessageSchema } from '../../../src/domain/api';
import {
  MyNewsAnswerSchema,
  NEWS_MESSAGES,
  NewsAudienceCountAnswerSchema,
  NewsAudienceQuerySchema,
  NewsDetailAnswerSchema,
  NewsFieldsSchema,
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
} from '../../../src/domain/news/news';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { parseOr400 } from '../../lib/errors';
import { photoBodyLimit, readMultipart, readPhoto, type CheckedPhoto } from '../../lib/files';
import { route, validate, type Access } from '../../lib/openapi';
import { idempotent } from '../../middleware/idempotency';
import { myNews, markRead } from './news-mine.service';
import {
  audienceCount,
  createNews,
  deleteNews,
  findNews,
  listNews,
  newsReaders,
  publicNews,
  searchKaryawan,
  selectOptions,
  updateNews,
} from './news.service';

const tag = 'News';
const SCOPE_NOTE = "Only items whose audience lies within the user's trustee scope (others answer 404).";
const EDITOR: Access = { any: ['news.create', 'news.update'], note: "Options within the user's trustee scope." };
const FIELD: Access = {
  session: true,
  note: 'The signed-in employee (an account linked to an NRP); only items addressed to her.',
};

/** The form's fields and its optional photo (`foto`), checked by content before anything is stored. */
async function readNewsForm(c: Context<AppEnv>) {
  const form = await readMultipart(c);
  const { foto, ...fields } = form;
  const input = parseOr400(NewsFieldsSchema, fields);
  const photo: CheckedPhoto | null =
    foto === undefined || foto === '' || (foto instanceof File && foto.size === 0) ? null : await readPhoto(foto);
  return { input, photo };
}

const newsForm = {
  requestBody: { content: { 'multipart/form-data': { schema: resolver(NewsFormDocSchema) } } },
};

export const newsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List news items (newest first); `q` searches judul and isi',
      access: { all: ['news.read'], note: SCOPE_NOTE },
      responses: { 200: NewsListAnswerSchema },
    }),
    validate('query', NewsListQuerySchema),
    async (c) => c.json(await listNews(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create a news item (multipart, with an optional photo `foto`)',
      description: 'The audience must lie within the user’s trustee scope (403 otherwise).',
      access: { all: ['news.create'] },
      responses: { 201: NewsSavedSchema },
      errors: [413],
      extra: newsForm,
    }),
    photoBodyLimit,
    async (c) => {
      const { input, photo } = await readNewsForm(c);
      return c.json(await createNews(c.get('deps'), c.get('actor'), input, photo), 201);
    },
  )
  .get(
    '/options',
    route({
      tag,
      summary: "The option lists of the form's multi-selects (a new item)",
      access: EDITOR,
      responses: { 200: NewsOptionsAnswerSchema },
    }),
    async (c) => c.json({ selectOptions: await selectOptions(c.get('deps').db, c.get('actor')) }),
  )
  .get(
    '/karyawan',
    route({
      tag,
      summary: 'Active employees to address individually (`q`: NRP or name; `kode_prsh`: the chosen companies)',
      access: EDITOR,
      responses: { 200: NewsKaryawanAnswerSchema },
    }),
    validate('query', NewsKaryawanQuerySchema),
    async (c) => c.json(await searchKaryawan(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/audience-count',
    route({
      tag,
      summary: 'How many active employees an audience reaches (comma-joined lists as the form sends them)',
      access: { any: ['news.read', 'news.create', 'news.update'], note: "Counted within the user's trustee scope." },
      responses: { 200: NewsAudienceCountAnswerSchema },
    }),
    validate('query', NewsAudienceQuerySchema),
    async (c) =>
      c.json({ result: { count: await audienceCount(c.get('deps').db, c.get('actor'), c.req.valid('query')) } }),
  )
  .get(
    '/mine',
    route({
      tag,
      summary: "The signed-in employee's news: addressed to her and valid on her today (her location's zone)",
      access: FIELD,
      responses: { 200: MyNewsAnswerSchema },
      errors: [403],
    }),
    async (c) => {
      const nrp = ownNrp(c.get('actor'), NEWS_MESSAGES.notLinked);
      const deps = c.get('deps');
      return c.json(await myNews(deps.db, nrp, deps.now()));
    },
  )
  .post(
    '/:id/read',
    route({
      tag,
      summary: 'Record that the signed-in employee opened an item (the first time counts)',
      description:
        'Takes an `Idempotency-Key` (the outbox row id). An item not addressed to her answers 404. ' +
        '`captured_at`: when she opened it, on her device.',
      access: FIELD,
      responses: { 200: NewsReadAnswerSchema },
      errors: [403, 404, 409, 422],
      idempotent: true,
    }),
    validate('param', NewsIdParamSchema),
    validate('json', NewsReadBodySchema),
    async (c) => {
      const actor = c.get('actor');
      const nrp = ownNrp(actor, NEWS_MESSAGES.notLinked);
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const deps = c.get('deps');
      return idempotent(c, actor, (tx) => markRead(tx, deps, nrp, id, body.captured_at));
    },
  )
  .get(
    '/:id/readers',
    route({
      tag,
      summary: "Who of an item's audience has (`status=read`) or has not (`unread`, default) opened it",
      description: 'With the audience size and the read count (active employees within the user’s scope).',
      access: { all: ['news.read'], note: SCOPE_NOTE },
      responses: { 200: NewsReadersAnswerSchema },
      errors: [404],
    }),
    validate('param', NewsIdParamSchema),
    validate('query', NewsReadersQuerySchema),
    async (c) =>
      c.json(await newsReaders(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('query'))),
  )
  .get(
    '/:id',
    route({
      tag,
      summary: "One news item and the option lists of its form's multi-selects",
      access: { all: ['news.read'], note: SCOPE_NOTE },
      responses: { 200: NewsDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', NewsIdParamSchema),
    async (c) => {
      const db = c.get('deps').db;
      const actor = c.get('actor');
      const row = await findNews(db, actor, c.req.valid('param').id);
      return c.json({ result: publicNews(row), selectOptions: await selectOptions(db, actor, row.nrp) });
    },
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Change a news item (multipart; a new `foto` replaces the photo, `remove_foto=true` drops it)',
      access: { all: ['news.update'], note: SCOPE_NOTE },
      responses: { 200: NewsSavedSchema },
      errors: [404, 413],
      extra: newsForm,
    }),
    validate('param', NewsIdParamSchema),
    photoBodyLimit,
    async (c) => {
      const { input, photo } = await readNewsForm(c);
      return c.json(await updateNews(c.get('deps'), c.get('actor'), c.req.valid('param').id, input, photo));
    },
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Delete a news item with its read receipts and photo',
      access: { all: ['news.delete'], note: SCOPE_NOTE },
      responses: { 200: MessageSchema },
      errors: [404],
    }),
    validate('param', NewsIdParamSchema),
    async (c) => c.json(await deleteNews(c.get('deps'), c.get('actor'), c.req.valid('param').id)),
  );
