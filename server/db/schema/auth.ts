import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { karyawan } from './karyawan';

export const roles = pgTable('roles', {
  id: varchar('id', { length: 5 }).primaryKey(),
  nama: varchar('nama', { length: 40 }).notNull(),
  /** Permission ids; an empty list means full access (spec part 2 §6). */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Trustee scope: each list empty = no restriction on that dimension (spec part 2 §3 "User"). */
export interface Trustee {
  kode_prsh: string[];
  sales_office: string[];
  lokasi: string[];
  client: string[];
  jabatan: string[];
  spg_type: string[];
}

export const users = pgTable(
  'users',
  {
    userid: varchar('userid', { length: 6 }).primaryKey(),
    username: varchar('username', { length: 40 }).notNull().unique(),
    nama: varchar('nama', { length: 40 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    resetPassword: boolean('reset_password').notNull().default(false),
    role: varchar('role', { length: 5 })
      .notNull()
      .references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    appVersion: varchar('app_version', { length: 40 }),
    trustee: jsonb('trustee').$type<Trustee>(),
    /** The employee this account belongs to (field staff); null for office accounts. */
    nrp: varchar('nrp', { length: 12 }).references(() => karyawan.nrp, { onDelete: 'set null' }),
    /** Bumped on password change or reset: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_role_idx').on(t.role),
    index('users_nrp_idx').on(t.nrp),
    // Login matches usernames case-insensitively, so uniqueness must too ("Budi" and "budi" are one).
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
  ],
);

/**
 * Failed-login counter per username. A row, not a Map, so a lock holds across restarts and across
 * several server copies behind one database.
 */
export const loginLocks = pgTable('login_locks', {
  username: varchar('username', { length: 40 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Failed logins per client address, counted in fixed windows (LOGIN_IP_WINDOW_MIN): one address may not
 * spray passwords across many usernames. A row, not a Map, like the per-username lock: several server
 * copies behind one database share the count.
 */
export const loginAddressFailures = pgTable(
  'login_address_failures',
  {
    /** An IPv4 address, or the /64 network of an IPv6 one (see login-address.ts). */
    address: varchar('address', { length: 64 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  // The purge of ended windows.
  (t) => [index('login_address_failures_window_idx').on(t.windowStartedAt)],
);
