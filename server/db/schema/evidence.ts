import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The perceptual fingerprint (64-bit dHash) of every stored check-in photo (docs/decisions/033).
 * `h0`…`h3` are the hash's four 16-bit chunks, each indexed: two hashes within Hamming distance d share
 * a chunk within d/4 bits (pigeonhole), so near matches are found by chunk probes, then an exact
 * bit_count in SQL (multi-index hashing).
 */
export const photoHash = pgTable(
  'photo_hash',
  {
    id: serial('id').primaryKey(),
    file: varchar('file', { length: 120 }).notNull(),
    nrp: varchar('nrp', { length: 12 }).notNull(),
    /** hari (absensi) | kunjungan (kunjungan_detail) */
    kind: varchar('kind', { length: 10 }).notNull(),
    record_id: integer('record_id').notNull(),
    /** in | out */
    side: varchar('side', { length: 3 }).notNull(),
    taken_at: timestamp('taken_at', { withTimezone: true }).notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    h0: integer('h0').notNull(),
    h1: integer('h1').notNull(),
    h2: integer('h2').notNull(),
    h3: integer('h3').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('photo_hash_record_uq').on(t.kind, t.record_id, t.side),
    // hash and id in the key too: a chunk probe is an index-only scan that counts the distance on the
    // index entry, so only the few near rows are read from the table (p95 went from 500 ms to a few ms
    // among 1,000,000 rows; bench/photo-match.ts).
    index('photo_hash_h0_near_idx').on(t.h0, t.taken_at, t.hash, t.id),
    index('photo_hash_h1_near_idx').on(t.h1, t.taken_at, t.hash, t.id),
    index('photo_hash_h2_near_idx').on(t.h2, t.taken_at, t.hash, t.id),
    index('photo_hash_h3_near_idx').on(t.h3, t.taken_at, t.hash, t.id),
  ],
);

/**
 * Why a photo was flagged: the photo it resembles (the review screen shows the two side by side).
 * code: photo_reused (her own earlier photo) | photo_shared (another employee's photo).
 */
export const photoMatch = pgTable(
  'photo_match',
  {
    id: serial('id').primaryKey(),
    photo_id: integer('photo_id')
      .notNull()
      .references(() => photoHash.id),
    matched_id: integer('matched_id')
      .notNull()
      .references(() => photoHash.id),
    code: varchar('code', { length: 20 }).notNull(),
    distance: integer('distance').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('photo_match_pair_uq').on(t.photo_id, t.matched_id),
    index('photo_match_matched_idx').on(t.matched_id),
  ],
);

/**
 * Every check-in/out position (day or visit) as one row, for the position signals of decision 033:
 * `lat6`/`long6` are the coordinates in millionths of a degree (identical to 6 decimals ⇔ equal),
 * `at` the device instant (consecutive events of one employee for the speed check).
 */
export const checkinPosition = pgTable(
  'checkin_position',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    record_id: integer('record_id').notNull(),
    side: varchar('side', { length: 3 }).notNull(),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    lat6: integer('lat6').notNull(),
    long6: integer('long6').notNull(),
  },
  (t) => [
    unique('checkin_position_event_uq').on(t.kind, t.record_id, t.side),
    index('checkin_position_place_idx').on(t.lat6, t.long6, t.tanggal),
    index('checkin_position_nrp_at_idx').on(t.nrp, t.at),
  ],
);
