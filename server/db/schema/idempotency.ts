import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The answer given to each (user, Idempotency-Key): a replayed outbox row gets the stored answer
 * instead of a second write (docs/guide.md §4). Written in the same transaction as the write it answers.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userid: varchar('userid', { length: 6 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userid, t.key] }), index('idempotency_keys_created_at_idx').on(t.created_at)],
);
