import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { karyawan } from './karyawan';

/**
 * A passkey an employee enrolled on her phone (docs/decisions/032-device-verified-check-ins.md): only its
 * public key, counter and a name are kept, nothing biometric. active: signs check-ins; pending: a device
 * enrolled after her first (a second phone, or a new one after a revoked one), signing with `new_device` until
 * her team leader or HR approves it; revoked: signs with `device_revoked`.
 */
export const deviceCredential = pgTable(
  'device_credential',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    /** The userid that enrolled it (her field account). */
    userid: varchar('userid', { length: 6 }).notNull(),
    /** WebAuthn credential id, base64url. */
    credential_id: varchar('credential_id', { length: 1400 }).notNull().unique(),
    /** COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    device_name: varchar('device_name', { length: 100 }).notNull(),
    /**
     * The relying party (RP ID) the passkey was made for: its signatures verify against this one only.
     * Null on passkeys enrolled before the column (issue 41): those verify against the configured RP ID.
     */
    rp_id: varchar('rp_id', { length: 253 }),
    status: varchar('status', { length: 8 }).notNull(),
    enrolled_at: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    approved_by: varchar('approved_by', { length: 6 }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    revoked_by: varchar('revoked_by', { length: 6 }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('device_credential_nrp_idx').on(t.nrp)],
);

/**
 * Single-use challenges issued to an employee: `check-in` ones are kept by her phone for offline
 * signing; a `register` one lives for one enrollment. `used_at` is set by the first use, in the
 * transaction of the record it signs, so a nonce signs one record at most.
 */
export const deviceChallenge = pgTable(
  'device_challenge',
  {
    nonce: varchar('nonce', { length: 64 }).primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    userid: varchar('userid', { length: 6 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('device_challenge_open_idx')
      .on(t.nrp, t.expires_at)
      .where(sql`used_at is null`),
  ],
);
