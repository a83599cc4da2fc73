/**
 * The Koreksi Absensi kinds of the outbox: filing (absensi.koreksi, multipart with the optional photo kept
 * as bytes) and an approver's decision (absensi.koreksi.decide, JSON). Each row's id is fixed when the form
 * or dialog opens, so a double tap is one row, and it is the Idempotency-Key the server recognises; a
 * refusal (a posted period, a step already decided) comes back as needs-action with the server's message.
 * Each row names its contract (`koreksiContracts.file`, `.decide`); rows stored before that carry only
 * their path, the same one, and replay alike.
 */
import type dayjs from 'dayjs';
import type { KoreksiFormFields } from '../../../domain/absensi/koreksi';
import { koreksiContracts } from '../../../domain/absensi/koreksi-contracts';
import type { OutboxRow } from '../../../lib/offline/db';
import { enqueue, to } from '../../../lib/offline/outbox';

export const KOREKSI_CREATE = 'absensi.koreksi';
export const KOREKSI_DECIDE = 'absensi.koreksi.decide';

export interface KoreksiCreateInput {
  id: string;
  userid: string;
  fields: { tanggal: string; jam_masuk: string; jam_keluar: string; alasan: string };
  foto: File | null;
  at: dayjs.Dayjs;
}

export function enqueueKoreksi(input: KoreksiCreateInput): Promise<OutboxRow<typeof KOREKSI_CREATE>> {
  const payload: KoreksiFormFields = { tanggal: input.fields.tanggal, alasan: input.fields.alasan.trim() };
  if (input.fields.jam_masuk) payload.jam_masuk = input.fields.jam_masuk;
  if (input.fields.jam_keluar) payload.jam_keluar = input.fields.jam_keluar;
  payload.captured_at = input.at.format();
  return enqueue({
    id: input.id,
    kind: KOREKSI_CREATE,
    userid: input.userid,
    to: to(koreksiContracts.file),
    encoding: 'multipart',
    payload,
    files: input.foto ? [{ field: 'foto', file: input.foto, name: input.foto.name }] : [],
    capturedAt: input.at.format(),
  });
}

export interface KoreksiDecisionEnqueue {
  id: string;
  userid: string;
  koreksiId: number;
  status: 'A' | 'R';
  keterangan: string;
  at: dayjs.Dayjs;
}

export function enqueueKoreksiDecision(input: KoreksiDecisionEnqueue): Promise<OutboxRow<typeof KOREKSI_DECIDE>> {
  return enqueue({
    id: input.id,
    kind: KOREKSI_DECIDE,
    userid: input.userid,
    to: to(koreksiContracts.decide, { id: input.koreksiId }),
    encoding: 'json',
    payload: {
      koreksi_id: input.koreksiId,
      status: input.status,
      keterangan: input.keterangan.trim() || null,
      captured_at: input.at.format(),
    },
    capturedAt: input.at.format(),
  });
}

const isCreate = (r: OutboxRow): r is OutboxRow<typeof KOREKSI_CREATE> => r.kind === KOREKSI_CREATE;
const isDecision = (r: OutboxRow): r is OutboxRow<typeof KOREKSI_DECIDE> => r.kind === KOREKSI_DECIDE;

/** Filings still on the device (waiting, or refused by the server), newest first. */
export function undeliveredKoreksi(rows: OutboxRow[]): OutboxRow<typeof KOREKSI_CREATE>[] {
  return rows
    .filter(isCreate)
    .filter((r) => r.state !== 'done')
    .reverse();
}

/** The latest decision row per request that this device recorded. */
export function koreksiDecisions(rows: OutboxRow[]): Map<number, OutboxRow<typeof KOREKSI_DECIDE>> {
  const out = new Map<number, OutboxRow<typeof KOREKSI_DECIDE>>();
  for (const r of rows.filter(isDecision)) out.set(Number(r.payload.koreksi_id), r);
  return out;
}
