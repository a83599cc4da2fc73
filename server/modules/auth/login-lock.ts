/**
 * Failed-login lockout, kept in the database: 5 failures within 15 minutes lock the username for
 * 300 s. Unknown usernames count too, so the answer never tells whether an account exists.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginLocks } from '../../db/schema/auth';

export const LOCK_MAX_FAILURES = 5;
export const LOCK_WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 300;

const key = (username: string) => username.trim().toLowerCase();

/** Seconds left of an active lock, or 0. */
export async function lockSecondsLeft(db: Db, username: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(eq(loginLocks.username, key(username)));
  if (!row?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
}

/** Counts one failure atomically; answers the lock length in seconds when this failure locks the name. */
export async function recordFailure(db: Db, username: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCK_WINDOW_SECONDS * 1000);
  const [row] = await db
    .insert(loginLocks)
    .values({ username: key(username), failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginLocks.username,
      set: {
        failures: sql`case when ${loginLocks.windowStartedAt} < ${windowStart} then 1 else ${loginLocks.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginLocks.windowStartedAt} < ${windowStart} then ${now} else ${loginLocks.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginLocks.failures });
  if (!row || row.failures < LOCK_MAX_FAILURES) return 0;
  await db
    .update(loginLocks)
    .set({ failures: 0, windowStartedAt: now, lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000) })
    .where(eq(loginLocks.username, key(username)));
  return LOCK_SECONDS;
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginLocks).where(eq(loginLocks.username, key(username)));
}
