import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (server/lib/jobs/queue.ts, docs/decisions/033): work off the request path.
 * A row is claimed with FOR UPDATE SKIP LOCKED, so one job runs in one server copy; an `active` row whose
 * lease (`locked_until`) ran out belongs to a copy that died and is claimed again.
 */
export const job = pgTable(
  'job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** pending | active | done | failed */
    state: varchar('state', { length: 8 }).notNull().default('pending'),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** At most one pending or active job per key (e.g. one hashing job per photo). */
    singleton_key: varchar('singleton_key', { length: 200 }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    done_at: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('job_due_idx')
      .on(t.run_at)
      .where(sql`state = 'pending'`),
    index('job_lease_idx')
      .on(t.locked_until)
      .where(sql`state = 'active'`),
    index('job_done_idx')
      .on(t.done_at)
      .where(sql`state in ('done', 'failed')`),
    uniqueIndex('job_singleton_uq')
      .on(t.name, t.singleton_key)
      .where(sql`singleton_key is not null and state in ('pending', 'active')`),
  ],
);

/** Recurring jobs: a five-field cron expression read in `time_zone`; one copy wins each due run. */
export const jobSchedule = pgTable('job_schedule', {
  name: varchar('name', { length: 64 }).primaryKey(),
  cron: varchar('cron', { length: 100 }).notNull(),
  time_zone: varchar('time_zone', { length: 40 }).notNull().default('Asia/Jakarta'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  next_run_at: timestamp('next_run_at', { withTimezone: true }).notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
