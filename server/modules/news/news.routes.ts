/**
 * /api/news: serves the area's contracts (src/domain/news/contracts.ts, where each endpoint's path,
 * permission and answer are declared). docs/decisions/024-news.md.
 */
import type { Context } from 'hono';
import { NEWS_MESSAGES, NewsFieldsSchema } from '../../../src/domain/news/news';
import { newsContracts as news } from '../../../src/domain/news/contracts';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { contractRouter } from '../../lib/contract-route';
import { parseOr400 } from '../../lib/errors';
import { photoBodyLimit, readMultipart, readPhoto, type CheckedPhoto } from '../../lib/files';
import { UploadedFile } from '../../lib/multipart';
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

/** The form's fields and its optional photo (`foto`), checked by content before anything is stored. */
async function readNewsForm(c: Context<AppEnv>) {
  const form = await readMultipart(c);
  const { foto, ...fields } = form;
  const input = parseOr400(NewsFieldsSchema, fields);
  const photo: CheckedPhoto | null =
    foto === undefined || foto === '' || (foto instanceof UploadedFile && foto.size === 0) ? null : await readPhoto(foto);
  return { input, photo };
}

export const newsRoutes = contractRouter('/api/news')
  .on(news.list, async (c, { query }) => listNews(c.get('deps').db, c.get('actor'), query))
  .on(
    news.create,
    async (c) => {
      const { input, photo } = await readNewsForm(c);
      return createNews(c.get('deps'), c.get('actor'), input, photo);
    },
    { before: [photoBodyLimit] },
  )
  .on(news.options, async (c) => ({ selectOptions: await selectOptions(c.get('deps').db, c.get('actor')) }))
  .on(news.karyawan, async (c, { query }) => searchKaryawan(c.get('deps').db, c.get('actor'), query))
  .on(news.audienceCount, async (c, { query }) => ({
    result: { count: await audienceCount(c.get('deps').db, c.get('actor'), query) },
  }))
  .on(news.mine, async (c) => {
    const nrp = ownNrp(c.get('actor'), NEWS_MESSAGES.notLinked);
    const deps = c.get('deps');
    return myNews(deps.db, nrp, deps.now());
  })
  .on(news.read, async (c, { params, body }) => {
    const actor = c.get('actor');
    const nrp = ownNrp(actor, NEWS_MESSAGES.notLinked);
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => markRead(tx, deps, nrp, params.id, body.captured_at));
  })
  .on(news.readers, async (c, { params, query }) => newsReaders(c.get('deps').db, c.get('actor'), params.id, query))
  .on(news.detail, async (c, { params }) => {
    const db = c.get('deps').db;
    const actor = c.get('actor');
    const row = await findNews(db, actor, params.id);
    return { result: publicNews(row), selectOptions: await selectOptions(db, actor, row.nrp) };
  })
  .on(
    news.update,
    async (c, { params }) => {
      const { input, photo } = await readNewsForm(c);
      return updateNews(c.get('deps'), c.get('actor'), params.id, input, photo);
    },
    { before: [photoBodyLimit] },
  )
  .on(news.remove, async (c, { params }) => deleteNews(c.get('deps'), c.get('actor'), params.id)).router;
