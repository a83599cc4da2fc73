/**
 * The outbox: every record an employee makes on the device is written here first, durably, and only
 * then does the screen say it is saved. Delivery is replay.ts's job. Rows are never dropped: a
 * delivered row is marked done (and pruned after a week), a refused one waits for the user in
 * needs-action until they retry or discard it.
 */
import { contractName, pathOf, type ContractSpec, type ParamsInput, type PathParams } from '../../domain/contract';
import type { OutboxKind, OutboxPayload } from '../../domain/outbox-kinds';
import { offlineDb, type OfflineDb, type OutboxFile, type OutboxRow, type OutboxRowBase } from './db';
import { notifyOutboxChanged } from './signal';

/** Where a row is sent: the endpoint contract it names (its method, its path with the `:param`s filled in). */
export interface Destination {
  contract: string;
  method: OutboxRowBase['method'];
  path: string;
}

/** A contract the outbox may replay: a write. */
type Replayable = ContractSpec & { method: OutboxRowBase['method'] };

/** The destination of a row sent to `contract`: `to(newsContracts.read, { id })`. */
export function to<C extends Replayable>(
  contract: C,
  ...[params]: [PathParams<C['path']>] extends [never] ? [] : [params: ParamsInput<C>]
): Destination {
  return { contract: contractName(contract), method: contract.method, path: pathOf(contract, params) };
}

export interface EnqueueInput<K extends OutboxKind = OutboxKind> {
  /** The endpoint: `to(contract, params)`. Kinds whose area declares no contracts yet give `path` instead. */
  to?: Destination;
  /** Without `to`: the method (POST by default) and the path. */
  method?: OutboxRowBase['method'];
  path?: string;
  kind: K;
  userid: string;
  encoding?: OutboxRowBase['encoding'];
  payload: OutboxPayload<K>;
  files?: { field: string; file: Blob; name?: string }[];
  capturedAt: string;
  /** Reuse an id (e.g. a double tap of the same action) to make the enqueue itself idempotent. */
  id?: string;
}

function destinationOf(input: EnqueueInput): Pick<OutboxRowBase, 'contract' | 'method' | 'path'> {
  if (input.to) return { contract: input.to.contract, method: input.to.method, path: input.to.path };
  if (input.path === undefined) throw new Error(`${input.kind}: an outbox row needs a destination`);
  return { method: input.method ?? 'POST', path: input.path };
}

export const DONE_RETENTION_MS = 7 * 24 * 60 * 60_000;

export async function enqueue<K extends OutboxKind>(
  input: EnqueueInput<K>,
  db: OfflineDb = offlineDb(),
  now = Date.now(),
): Promise<OutboxRow<K>> {
  const files: OutboxFile[] = await Promise.all(
    (input.files ?? []).map(async (f) => ({
      field: f.field,
      name: f.name ?? (f.file instanceof File ? f.file.name : `${f.field}.bin`),
      type: f.file.type || 'application/octet-stream',
      data: await f.file.arrayBuffer(),
    })),
  );
  // The payload is the one the kind takes (EnqueueInput<K>); TypeScript cannot follow that through the union.
  const row = {
    id: input.id ?? crypto.randomUUID(),
    kind: input.kind,
    userid: input.userid,
    ...destinationOf(input),
    encoding: input.encoding ?? (files.length ? 'multipart' : 'json'),
    payload: input.payload,
    files,
    capturedAt: input.capturedAt,
    createdAt: now,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    lastStatus: null,
    response: null,
    doneAt: null,
  } as OutboxRow<K>;
  // A second tap of the same action (same id) does not make a second row. createdAt is the replay
  // order, so it must be strictly increasing per account even for two actions in one millisecond.
  await db.transaction('rw', db.outbox, async () => {
    if (await db.outbox.get(row.id)) return;
    const last = await db.outbox
      .where('[userid+createdAt]')
      .between([row.userid, -Infinity], [row.userid, Infinity])
      .last();
    if (last && last.createdAt >= row.createdAt) row.createdAt = last.createdAt + 1;
    await db.outbox.add(row);
  });
  notifyOutboxChanged();
  return ((await db.outbox.get(row.id)) as OutboxRow<K> | undefined) ?? row;
}

/** A filter that keeps the rows of the given kinds, typed as such: `rows.filter(ofKind('leave.create'))`. */
export const ofKind =
  <K extends OutboxKind>(...kinds: K[]) =>
  (row: OutboxRow): row is OutboxRow<K> =>
    (kinds as OutboxKind[]).includes(row.kind);

/** This account's rows in replay order (oldest first). */
export function rowsOf(userid: string, db: OfflineDb = offlineDb()): Promise<OutboxRow[]> {
  return db.outbox.where('[userid+createdAt]').between([userid, -Infinity], [userid, Infinity]).toArray();
}

export function undeliveredOf(rows: OutboxRow[]): OutboxRow[] {
  return rows.filter((r) => r.state !== 'done');
}

/** Ask for another try now (the sync page's "Kirim ulang"). */
export async function retryRow(id: string, db: OfflineDb = offlineDb(), now = Date.now()): Promise<void> {
  await db.outbox.update(id, { state: 'pending', nextAttemptAt: now, lastError: null });
  notifyOutboxChanged();
}

/** Only the user discards, after a confirmation; never the app on its own. */
export async function discardRow(id: string, db: OfflineDb = offlineDb()): Promise<void> {
  await db.outbox.delete(id);
  notifyOutboxChanged();
}

export async function pruneDelivered(db: OfflineDb = offlineDb(), now = Date.now()): Promise<void> {
  await db.outbox
    .where('state')
    .equals('done')
    .filter((r) => (r.doneAt ?? now) < now - DONE_RETENTION_MS)
    .delete();
}

/** Rebuilds a File from a stored row (for previews of what is waiting to be sent). */
export function fileOf(f: OutboxFile): File {
  return new File([f.data], f.name, { type: f.type });
}
