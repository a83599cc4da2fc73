/**
 * Filing and deciding profile change requests. Both run inside the idempotent transaction of their
 * request (docs/guide.md §4): filing is what an employee's outbox replays (kind profile.change), so a repeat
 * answers the stored 201 and files nothing. Filing locks the employee row, which numbers an
 * employee's requests one after another; deciding locks the request row, so a second decision finds
 * the first and answers 409. Approval applies the values through the employee update itself
 * (`applyKaryawanChange`), in the same transaction, leaving the P2 posting item.
 */
import { dateTimeForPeople } from '../../../src/domain/dates';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { KARYAWAN_MESSAGES } from '../../../src/domain/karyawan/karyawan-fields';
import {
  REQUEST_MESSAGES,
  requestNumber,
  type BulkApproveItem,
  type ProfileChange,
  type ProfileChanges,
  type ProfileRequestSaved,
  type ProfileValue,
  type RequestBulkApproveAnswer,
  type RequestDecision,
} from '../../../src/domain/karyawan/request';
import { users } from '../../db/schema/auth';
import { karyawan as k } from '../../db/schema/karyawan';
import { karyawanRequest as r } from '../../db/schema/request';
import { ownNrp } from '../../lib/actor';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import type { Tx } from '../../db/client';
import type { WorkAnswer } from '../../middleware/idempotency';
import { assertInScope } from '../../middleware/trustee-scope';
import { applyKaryawanChange } from './karyawan-write.service';
import { loadVisibleRequest, orderedChanges, toRow } from './request-read.service';

/** How far back a device's filing time is believed: as long as idempotency answers are kept. */
const CAPTURED_MAX_AGE_MS = 45 * 24 * 60 * 60_000;
const CAPTURED_MAX_AHEAD_MS = 24 * 60 * 60_000;

/** The employee's values of the given fields. */
function valuesOf(row: Record<string, unknown>, fields: readonly string[]): ProfileChanges {
  return Object.fromEntries(fields.map((f) => [f, (row[f] ?? null) as ProfileValue]));
}

/** POST /api/request/karyawan: the caller files a request about their own record. */
export async function fileProfileRequest(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  input: ProfileChange,
): Promise<WorkAnswer<ProfileRequestSaved>> {
  const nrp = ownNrp(actor, REQUEST_MESSAGES.notLinked);
  if (input.nrp !== undefined && input.nrp !== nrp) throw forbidden(REQUEST_MESSAGES.notOwn);
  const now = deps.now();
  const captured = input.captured_at ? new Date(input.captured_at) : now;
  if (
    captured.getTime() < now.getTime() - CAPTURED_MAX_AGE_MS ||
    captured.getTime() > now.getTime() + CAPTURED_MAX_AHEAD_MS
  ) {
    throw badRequest(REQUEST_MESSAGES.capturedAtRange, [
      { path: 'captured_at', message: REQUEST_MESSAGES.capturedAtRange },
    ]);
  }
  // Locks the employee: this employee's requests are numbered one after another.
  const [e] = await tx.select().from(k).where(eq(k.nrp, nrp)).limit(1).for('update');
  if (!e) throw notFound(KARYAWAN_MESSAGES.notFound);
  if (e.alasan_p3 !== null) throw conflict(REQUEST_MESSAGES.resigned(e.nrp, e.nama));
  // Only what differs from the record is a request; nothing left is a 400.
  const current = e as unknown as Record<string, unknown>;
  const changes = Object.fromEntries(
    Object.entries(input.changes).filter(([f, value]) => value !== (current[f] ?? null)),
  ) as ProfileChanges;
  if (Object.keys(changes).length === 0) throw badRequest(REQUEST_MESSAGES.noChanges);

  const [last] = await tx
    .select({ n: max(r.request_nomor) })
    .from(r)
    .where(eq(r.nrp, nrp));
  const request_nomor = (last?.n ?? 0) + 1;
  const [created] = await tx
    .insert(r)
    .values({
      nrp,
      request_nomor,
      tanggal_pengajuan: captured,
      received_at: now,
      changes,
      approve_status: 'N',
      created_by: actor.userid,
    })
    .returning({ id: r.id });
  const row = toRow(await loadVisibleRequest(tx, actor, created!.id));
  return { status: 201, body: { message: REQUEST_MESSAGES.filed(row.nomor_registrasi), result: row } };
}

/**
 * PUT /api/request/approve: Y applies the requested values to the employee (P2 item included), R
 * records the rejection and its note. The employee must be in the approver's scope and not the
 * approver themselves; a request decided before is a 409 naming who decided it and when.
 */
export async function decideProfileRequest(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  input: RequestDecision,
): Promise<WorkAnswer<ProfileRequestSaved>> {
  const now = deps.now();
  const [req] = await tx.select().from(r).where(eq(r.id, input.id)).limit(1).for('update');
  if (!req) throw notFound(REQUEST_MESSAGES.notFound);
  // Locked too, so the values recorded as `previous` are the ones the approval replaces.
  const [e] = await tx.select().from(k).where(eq(k.nrp, req.nrp)).limit(1).for('update');
  if (!e) throw notFound(REQUEST_MESSAGES.notFound);
  assertInScope(actor, e);
  if (actor.nrp === req.nrp) throw forbidden(REQUEST_MESSAGES.ownRequest);
  const nomor = requestNumber(req.nrp, req.request_nomor);
  if (req.approve_status !== 'N') {
    const [by] = req.approve_by
      ? await tx.select({ nama: users.nama }).from(users).where(eq(users.userid, req.approve_by)).limit(1)
      : [];
    const what = req.approve_status === 'Y' ? 'disetujui' : 'ditolak';
    throw conflict(
      REQUEST_MESSAGES.alreadyDecided(nomor, what, by?.nama ?? 'approver lain', dateTimeForPeople(req.approve_date)),
    );
  }

  // jsonb keeps its own key order: apply (and name the tabs) in the form's order.
  const changes = orderedChanges(req.changes);
  const previous = valuesOf(e as unknown as Record<string, unknown>, Object.keys(changes));
  let message: string = REQUEST_MESSAGES.rejected(nomor);
  if (input.status === 'Y') {
    const done = await applyKaryawanChange(tx, actor, req.nrp, changes, now, { tabRights: false });
    message = done.changed.length
      ? REQUEST_MESSAGES.approved(nomor, `${e.nrp} - ${e.nama}`)
      : REQUEST_MESSAGES.approvedUnchanged(nomor);
  }
  const updated = await tx
    .update(r)
    .set({
      approve_status: input.status,
      approve_date: now,
      approve_by: actor.userid,
      keterangan: input.keterangan,
      previous,
    })
    .where(and(eq(r.id, req.id), eq(r.approve_status, 'N')))
    .returning({ id: r.id });
  // The row is locked, so this only guards against a future change of the locking above.
  if (!updated.length) throw conflict(REQUEST_MESSAGES.alreadyDecided(nomor, 'disetujui', 'approver lain', '-'));
  const row = toRow(await loadVisibleRequest(tx, actor, req.id));
  return { status: 200, body: { message, result: row } };
}

/**
 * POST /api/request/karyawan/approve: approves each request through the single approval
 * (`decideProfileRequest` with Y: same permission, scope, own-request and state checks, the values
 * applied with their P2 item), each in its own savepoint, so one refusal leaves the others approved
 * and itself untouched. Decided in filing order, so an employee's later request is applied after her
 * earlier one. A request approved before is `already` (a repeat changes nothing); anything else the
 * single approval refuses is `failed` with its message. An unknown or out-of-scope request carries no
 * number (it would name the employee).
 */
export async function approveProfileRequests(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  ids: readonly number[],
): Promise<WorkAnswer<RequestBulkApproveAnswer>> {
  const known = await tx
    .select({ id: r.id })
    .from(r)
    .where(inArray(r.id, [...ids]))
    .orderBy(asc(r.tanggal_pengajuan), asc(r.id));
  const order = [...known.map((k) => k.id), ...ids.filter((id) => !known.some((k) => k.id === id))];
  const items: BulkApproveItem[] = [];
  for (const id of order) {
    try {
      const answer = await tx.transaction((sp) =>
        decideProfileRequest(sp, deps, actor, { id, status: 'Y', keterangan: null }),
      );
      const { message, result } = answer.body;
      items.push({ id, nomor_registrasi: result.nomor_registrasi, outcome: 'approved', message });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const hidden = err.status === 403 || err.status === 404;
      const [req] = hidden
        ? []
        : await tx
            .select({ nrp: r.nrp, nomor: r.request_nomor, status: r.approve_status })
            .from(r)
            .where(eq(r.id, id))
            .limit(1);
      items.push({
        id,
        nomor_registrasi: req ? requestNumber(req.nrp, req.nomor) : null,
        outcome: req?.status === 'Y' ? 'already' : 'failed',
        message: err.message,
      });
    }
  }
  const count = (o: BulkApproveItem['outcome']) => items.filter((i) => i.outcome === o).length;
  const result = { approved: count('approved'), already: count('already'), failed: count('failed'), items };
  const ok = result.approved + result.already;
  const message =
    result.failed === 0
      ? result.approved === 0
        ? REQUEST_MESSAGES.bulkAlready(ok)
        : REQUEST_MESSAGES.bulkAll(ok)
      : ok === 0
        ? REQUEST_MESSAGES.bulkNone(items.length)
        : REQUEST_MESSAGES.bulkPartial(ok, items.length, result.failed);
  return { status: 200, body: { message, result } };
}
