/**
 * What a feature calls to tell people something: one row per user in the in-app list (the header's bell,
 * `notifikasi`) and, after the caller's transaction commits, a `push.send` job that pushes the same item to
 * the user's subscribed browsers when the kind is on for them (off the request path; see push-job.ts).
 *
 * Call it inside the transaction that makes the event true, so an event that rolls back notifies no one.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Q } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notifikasi } from '../../db/schema/push';
import { enqueueJob } from '../../lib/jobs/queue';
import { PUSH_SEND_JOB, type NotifikasiJenis } from '../../../src/domain/push/notifikasi';

export interface Notice {
  jenis: NotifikasiJenis;
  /** Indonesian, short: the notification's title. */
  title: string;
  body: string;
  /** The screen a tap opens (an app path such as /approval/leave). */
  url: string;
  /** The request it asks a decision on ('leave:12'); see `settleNotices`. */
  ref?: string;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Notifies these users (duplicates and empty lists are fine). Answers how many were notified. */
export async function notifyUsers(db: Q, userids: readonly string[], notice: Notice): Promise<number> {
  const ids = [...new Set(userids)];
  if (ids.length === 0) return 0;
  const rows = await db
    .insert(notifikasi)
    .values(
      ids.map((userid) => ({
        userid,
        jenis: notice.jenis,
        title: clip(notice.title, 120),
        body: clip(notice.body, 300),
        url: clip(notice.url, 300),
        ref: notice.ref ?? null,
      })),
    )
    .returning({ id: notifikasi.id });
  await enqueueJob(db, PUSH_SEND_JOB, { ids: rows.map((r) => r.id) });
  return rows.length;
}

/** Notifies the active accounts of these employees (an employee without an account is skipped). */
export async function notifyEmployees(db: Q, nrps: readonly string[], notice: Notice): Promise<number> {
  const list = [...new Set(nrps)];
  if (list.length === 0) return 0;
  const rows = await db
    .select({ userid: users.userid })
    .from(users)
    .where(sql`${inArray(users.nrp, list)} and ${eq(users.isActive, true)}`);
  return notifyUsers(
    db,
    rows.map((r) => r.userid),
    notice,
  );
}

/**
 * A request was decided (or withdrawn): the "Pengajuan baru" notices that asked for that decision are
 * read for everyone they went to, so no approver's bell, on any device, still asks. Call it before the
 * next step's approvers are told (their new notices carry the same ref).
 */
export async function settleNotices(db: Q, ref: string): Promise<void> {
  await db
    .update(notifikasi)
    .set({ read_at: sql`now()` })
    .where(and(eq(notifikasi.ref, ref), eq(notifikasi.jenis, 'pengajuan'), isNull(notifikasi.read_at)));
}
