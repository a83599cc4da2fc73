import type { OutboxRow } from '../../../lib/offline/db';

type FiledRow = OutboxRow<'leave.create'>;

/**
 * Requests filed on this device that the list on screen does not hold yet, newest first: waiting,
 * refused, or delivered after the list was fetched (`listFetchedAt`, ms). The last kind bridges the
 * moment between delivery and the list's refetch, so a new request is never missing from the screen.
 */
export function filedNotListed(rows: OutboxRow[], listFetchedAt: number): FiledRow[] {
  return rows
    .filter((r): r is FiledRow => r.kind === 'leave.create')
    .filter((r) => r.state !== 'done' || (r.doneAt ?? 0) > listFetchedAt)
    .reverse();
}
