/**
 * "Info" for a published news item's audience (issue 29), fanned out by a job rather than in the editor's
 * request: an item can reach 100,000 employees. The job (enqueued in the item's own transaction, to run
 * when it becomes valid) inserts the bell rows 2,000 users at a time, each batch with its push.send job,
 * and skips users who already have this item's row, so a job run twice notifies nobody twice.
 */
import { eq, sql } from 'drizzle-orm';
import { PUSH_SEND_JOB } from '../../../src/domain/push/notifikasi';
import type { Db, Q } from '../../db/client';
import { users } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { news } from '../../db/schema/news';
import { enqueueJob } from '../../lib/jobs/queue';
import { audienceWhere } from './news-audience';

export const NEWS_NOTIFY_JOB = 'news.notify';
const BATCH = 2000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Queues the fan-out of a new item: now, or at 07:00 WIB of its first valid day when that is later. */
export async function enqueueNewsNotify(db: Q, newsId: number, validfrom: string, now: Date) {
  const start = new Date(`${validfrom}T07:00:00+07:00`);
  await enqueueJob(
    db,
    NEWS_NOTIFY_JOB,
    { news_id: newsId },
    { singletonKey: String(newsId), runAt: start > now ? start : undefined },
  );
}

export function newsNotifyJob(deps: { db: Db }) {
  return async (data: { news_id?: number }): Promise<void> => {
    const id = Number(data.news_id);
    const [item] = await deps.db.select().from(news).where(eq(news.news_id, id)).limit(1);
    // Deleted meanwhile, or past its last day: nothing to tell.
    if (!item || item.validto < new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10)) return;
    const url = `/info/${id}`;
    const title = 'Info baru';
    const body = item.judul.length > 300 ? `${item.judul.slice(0, 299)}…` : item.judul;
    for (;;) {
      const inserted = rowsOf<{ id: number }>(
        await deps.db.execute(sql`
          insert into notifikasi (userid, jenis, title, body, url)
          select ${users.userid}, 'info', ${title}, ${body}, ${url}
          from ${users} join ${karyawan} on ${karyawan.nrp} = ${users.nrp}
          where ${users.isActive} and ${audienceWhere(item) ?? sql`true`}
            and not exists (select 1 from notifikasi n where n.userid = ${users.userid} and n.jenis = 'info' and n.url = ${url})
          order by ${users.userid}
          limit ${BATCH}
          returning id`),
      );
      if (inserted.length === 0) return;
      await enqueueJob(deps.db, PUSH_SEND_JOB, { ids: inserted.map((r) => Number(r.id)) });
      if (inserted.length < BATCH) return;
    }
  };
}
