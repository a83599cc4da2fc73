import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The VAPID key pair of this install (one row, id 1): generated at first start and kept, so every
 * server copy signs pushes with the same key and subscriptions outlive restarts. VAPID_PUBLIC_KEY /
 * VAPID_PRIVATE_KEY in the environment take its place.
 */
export const pushKey = pgTable('push_key', {
  id: integer('id').primaryKey().default(1),
  public_key: varchar('public_key', { length: 120 }).notNull(),
  private_key: varchar('private_key', { length: 120 }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A browser's PushSubscription for a user (one row per endpoint; a 404/410 from the service removes it). */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: serial('id').primaryKey(),
    userid: varchar('userid', { length: 6 })
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscription_user_idx').on(t.userid)],
);

/** "Notifikasi" on/off per kind for a user; a kind without a row is on. */
export const notifikasiSetting = pgTable(
  'notifikasi_setting',
  {
    userid: varchar('userid', { length: 6 })
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    jenis: varchar('jenis', { length: 24 }).notNull(),
    aktif: boolean('aktif').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userid, t.jenis] })],
);

/** The in-app notification list (the header's bell): the same items a push carries, read or not. */
export const notifikasi = pgTable(
  'notifikasi',
  {
    id: serial('id').primaryKey(),
    userid: varchar('userid', { length: 6 })
      .notNull()
      .references(() => users.userid, { onDelete: 'cascade' }),
    jenis: varchar('jenis', { length: 24 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    body: varchar('body', { length: 300 }).notNull(),
    url: varchar('url', { length: 300 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    /**
     * The request a "Pengajuan baru" is about ('leave:12', 'koreksi:7'): deciding it marks the notice read
     * for every approver it went to, on every device (issue 41 item 6). Null for other notices.
     */
    ref: varchar('ref', { length: 40 }),
  },
  (t) => [
    index('notifikasi_user_idx').on(t.userid, t.id.desc()),
    index('notifikasi_ref_idx')
      .on(t.ref)
      .where(sql`ref is not null`),
    index('notifikasi_unread_idx')
      .on(t.userid)
      .where(sql`read_at is null`),
  ],
);
