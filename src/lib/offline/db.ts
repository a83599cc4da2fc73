/**
 * The device's durable store (IndexedDB through Dexie): the outbox of records not yet delivered, the
 * session token each account needs to deliver them (readable by the service worker, which has no
 * localStorage), and per-account sync facts. Nothing here is cleared by logout.
 */
import Dexie, { type Table } from 'dexie';
import type { OutboxKind, OutboxPayload } from '../../domain/outbox-kinds';

export type OutboxState = 'pending' | 'sending' | 'needs-action' | 'done';

/** A file travelling with a record. Bytes, not a Blob: every IndexedDB implementation clones them. */
export interface OutboxFile {
  field: string;
  name: string;
  type: string;
  data: ArrayBuffer;
}

/** What every row has, whatever its kind. */
export interface OutboxRowBase {
  /** uuid v4; also the Idempotency-Key, so a replay after a lost answer is recognised by the server. */
  id: string;
  userid: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** The URL path sent to, with its parameters filled in: what the replayer sends, for every row. */
  path: string;
  /**
   * The endpoint contract the row was made for (`POST /api/news/:id/read`, src/domain/contract.ts).
   * Absent on rows of areas not yet declared as contracts and on rows stored before it existed.
   */
  contract?: string;
  encoding: 'json' | 'multipart';
  files: OutboxFile[];
  /** Device time of the action, ISO 8601 with offset: the time of record. */
  capturedAt: string;
  /** Enqueue time in ms: replay order. */
  createdAt: number;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  lastStatus: number | null;
  /** The server's answer once delivered. */
  response: unknown;
  /**
   * Delivered, with a remark for the user: the server already held this action (another row, another
   * phone) and answered the existing record (`already_recorded`). Absent on rows from before it existed.
   */
  note?: string | null;
  doneAt: number | null;
}

/**
 * One recorded action, as data: what to send, for whom, and how delivery is going. Its payload is
 * typed by its kind (src/domain/outbox-kinds.ts): checking `row.kind` narrows `row.payload`.
 */
export type OutboxRow<K extends OutboxKind = OutboxKind> = K extends OutboxKind
  ? OutboxRowBase & { kind: K; payload: OutboxPayload<K> }
  : never;

export interface StoredToken {
  userid: string;
  token: string;
  /** Set when the server answered 401 to a replay: delivery waits for a new login. */
  paused: boolean;
}

export interface SyncMeta {
  userid: string;
  lastSyncAt: number | null;
  lastAttemptAt: number | null;
}

/** A single-use challenge issued to this account, kept to sign a check-in offline (decision 032). */
export interface StoredChallenge {
  nonce: string;
  userid: string;
  /** ms since epoch */
  expiresAt: number;
}

/** The passkey this phone enrolled for an account, and the RP ID it belongs to. */
export interface DeviceKey {
  userid: string;
  credentialId: string;
  rpId: string;
}

export class OfflineDb extends Dexie {
  outbox!: Table<OutboxRow, string>;
  tokens!: Table<StoredToken, string>;
  sync!: Table<SyncMeta, string>;
  challenges!: Table<StoredChallenge, string>;
  deviceKeys!: Table<DeviceKey, string>;

  constructor(name = 'hadir-offline') {
    // Strict: a commit is on disk before it resolves, so "saved" survives a crash or power loss.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({
      outbox: 'id, [userid+createdAt], state, kind',
      tokens: 'userid',
      sync: 'userid',
    });
    // Device-verified check-ins (decision 032): challenges for offline signing, this phone's passkey.
    this.version(2).stores({
      challenges: 'nonce, userid',
      deviceKeys: 'userid',
    });
  }
}

let instance: OfflineDb | null = null;
/** The one database of this context (page or service worker). Tests pass their own. */
export function offlineDb(): OfflineDb {
  instance ??= new OfflineDb();
  return instance;
}
