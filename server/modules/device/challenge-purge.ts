/**
 * Used and expired passkey challenges (registration and check-in ones) are deleted by the nightly
 * retention job (server/jobs.ts): a used nonce can never sign again and an expired one is refused, so
 * their rows only grow the table. A nonce is random, so deleting it cannot let it be issued again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceChallenge } from '../../db/schema/device';

/** Deletes the challenges used or expired before `now`; answers how many went. */
export async function purgeDeviceChallenges(db: Db, now: Date): Promise<number> {
  const res = (await db.execute(sql`
    with gone as (
      delete from ${deviceChallenge}
       where used_at is not null or expires_at <= ${now.toISOString()}::timestamptz
       returning 1)
    select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
  return res.rows[0]?.n ?? 0;
}
