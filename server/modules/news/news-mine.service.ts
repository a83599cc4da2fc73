/**
 * The phone's side of news: the items addressed to the signed-in employee and valid on her today (in
 * her location's zone), her read receipts, and who may see a news photo. An employee outside an item's
 * audience never receives it by any route: the list filters by `addressedTo` (`addresses` in SQL), the editor's routes need
 * news.read, and the photo is served only to the audience (while valid) and to editors whose scope
 * covers the item.
 */
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import {
  addresses,
  NEWS_MESSAGES,
  validOn,
  type MyNewsAnswer,
  type NewsReadAnswer,
} from '../../../src/domain/news/news';
import type { Db } from '../../db/client';
import { news, newsRead } from '../../db/schema/news';
import type { Actor, Deps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { todayOfNrp } from '../../lib/time-zone';
import type { Tx } from '../../db/client';
import type { WorkAnswer } from '../../middleware/idempotency';
import { addressedTo, memberOf, newsWithinScope } from './news-audience';
import { audienceOf } from './news.service';

/** At most this many items on a phone at once (the newest). */
const MINE_MAX = 100;

export async function myNews(db: Db, nrp: string, now: Date): Promise<MyNewsAnswer> {
  const me = await memberOf(db, nrp);
  if (!me) return { result: [], totalCount: 0, unread: 0 };
  const today = await todayOfNrp(db, nrp, now);
  const rows = await db
    .select({
      news_id: news.news_id,
      judul: news.judul,
      isi: news.isi,
      foto: news.foto,
      validfrom: news.validfrom,
      validto: news.validto,
      tglupdate: news.tglupdate,
      read_at: newsRead.read_at,
    })
    .from(news)
    .leftJoin(newsRead, and(eq(newsRead.news_id, news.news_id), eq(newsRead.nrp, nrp)))
    .where(and(addressedTo(me), lte(news.validfrom, today), gte(news.validto, today)))
    .orderBy(desc(news.validfrom), desc(news.news_id))
    .limit(MINE_MAX);
  const result = rows.map((r) => ({
    ...r,
    tglupdate: r.tglupdate.toISOString(),
    read_at: r.read_at ? r.read_at.toISOString() : null,
  }));
  return { result, totalCount: result.length, unread: result.filter((r) => r.read_at === null).length };
}

/**
 * POST /api/news/{id}/read: records the first opening (a repeat keeps the first time). The item must
 * be addressed to her; its validity is not asked again, since the outbox may deliver the receipt after
 * the item's last day. The device's time is the time of record, never later than the server's now.
 */
export async function markRead(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  nrp: string,
  id: number,
  capturedAt: string | undefined,
): Promise<WorkAnswer<NewsReadAnswer>> {
  const me = await memberOf(tx as unknown as Db, nrp);
  const [item] = me
    ? await tx
        .select({ news_id: news.news_id })
        .from(news)
        .where(and(eq(news.news_id, id), addressedTo(me)))
        .limit(1)
    : [];
  if (!item) throw notFound(NEWS_MESSAGES.notFound);
  const now = deps.now();
  const device = capturedAt ? new Date(capturedAt) : now;
  const at = device.getTime() > now.getTime() ? now : device;
  await tx.insert(newsRead).values({ news_id: id, nrp, read_at: at }).onConflictDoNothing();
  const [row] = await tx
    .select({ read_at: newsRead.read_at })
    .from(newsRead)
    .where(and(eq(newsRead.news_id, id), eq(newsRead.nrp, nrp)));
  return {
    status: 200,
    body: { message: NEWS_MESSAGES.read, result: { news_id: id, read_at: (row?.read_at ?? at).toISOString() } },
  };
}

/**
 * Whether a stored photo is a news photo the actor may see: an editor (news.read) whose scope covers
 * the item, or an employee it `addresses` on a day it is valid (the domain's rule itself, on the item).
 */
export async function maySeeNewsPhoto(db: Db, actor: Actor, name: string, now: Date): Promise<boolean> {
  const byName = eq(news.foto, name);
  if (actor.permissions.includes('news.read')) {
    const [hit] = await db
      .select({ id: news.news_id })
      .from(news)
      .where(and(byName, newsWithinScope(actor)))
      .limit(1);
    if (hit) return true;
  }
  if (!actor.nrp) return false;
  const items = await db
    .select({
      kode_prsh: news.kode_prsh,
      kode_lokasi: news.kode_lokasi,
      client: news.client,
      sales_office: news.sales_office,
      type_spg: news.type_spg,
      nrp: news.nrp,
      validfrom: news.validfrom,
      validto: news.validto,
    })
    .from(news)
    .where(byName);
  if (items.length === 0) return false;
  const me = await memberOf(db, actor.nrp);
  if (!me) return false;
  const today = await todayOfNrp(db, actor.nrp, now);
  return items.some((item) => validOn(item, today) && addresses(audienceOf(item), me));
}
