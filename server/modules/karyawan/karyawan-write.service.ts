/**
 * Create, update and delete of an employee (spec part 1 §2–§5, §8). Each runs in one transaction with
 * its posting item (P1 on create, P2 on a change); photos written during a transaction that does not
 * commit are removed again, and a replaced photo is removed only after the commit.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contractEnd } from '../../../src/domain/dates';
import {
  canEditTab,
  deleteHasVisitsMessage,
  KARYAWAN_TAB_LABELS,
  tabOfField,
  type KaryawanCreate,
  type KaryawanTab,
  type KaryawanUpdate,
} from '../../../src/domain/karyawan/karyawan';
import { karyawan as k, karyawanPosting, kontrak } from '../../db/schema/karyawan';
import { kunjungan } from '../../db/schema/kunjungan';
import type { Actor, Deps } from '../../lib/context';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { conflict, forbidden } from '../../lib/errors';
import { removePhoto, storePhoto } from '../../lib/files';
import { assertInScope } from '../../middleware/trustee-scope';
import { PHOTO_FIELDS, type KaryawanPhotos, type PhotoField } from './karyawan-body';
import { lockNumbering, nextNoKontrak, nextNrp } from './karyawan-numbers';
import { loadKaryawan, type KaryawanRecord } from './karyawan-read.service';
import { assertRefs, assertTeamLeader, salaryDefaults } from './karyawan-refs';
import { createPostingItem } from './posting.service';

export const KARYAWAN_WRITE_MESSAGES = {
  created: (nrp: string, nama: string) => `Karyawan ${nrp} - ${nama} berhasil ditambahkan`,
  updated: (nrp: string, nama: string) => `Data karyawan ${nrp} - ${nama} berhasil diubah`,
  unchanged: 'Tidak ada perubahan data',
  deleted: (nrp: string, nama: string) => `Karyawan ${nrp} - ${nama} berhasil dihapus`,
  resigned: (nrp: string, nama: string) => `Karyawan ${nrp} - ${nama} sudah resign: datanya tidak dapat diubah lagi`,
  tabForbidden: (tab: string) => `Anda tidak memiliki akses untuk mengubah data tab ${tab}`,
  posted: (nrp: string, nama: string) =>
    `Tidak bisa menghapus karyawan ${nrp} - ${nama}. Data karyawan sudah diposting ke payroll.`,
  inUse: (nrp: string, nama: string) =>
    `Tidak bisa menghapus karyawan ${nrp} - ${nama}. Karyawan masih memiliki data lain (absensi atau cuti).`,
} as const;

/** Runs `work` in a transaction with the photos stored under fresh names; they are removed if it fails. */
async function withStoredPhotos<T>(
  deps: Deps,
  photos: KaryawanPhotos,
  work: (tx: Tx, stored: Partial<Record<PhotoField, string>>) => Promise<T>,
): Promise<T> {
  const undo: (() => Promise<void>)[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const stored: Partial<Record<PhotoField, string>> = {};
      for (const field of PHOTO_FIELDS) {
        const photo = photos[field];
        if (photo) stored[field] = await storePhoto(deps.storage, photo, { onRollback: (fn) => void undo.push(fn) });
      }
      return work(tx, stored);
    });
  } catch (err) {
    await Promise.all(undo.map((fn) => fn().catch(() => undefined)));
    throw err;
  }
}

/** POST /api/karyawan: a new NRP, the first contract, the §3 defaults and a P1 posting item. */
export async function createKaryawan(
  deps: Deps,
  actor: Actor,
  input: KaryawanCreate,
  photos: KaryawanPhotos,
): Promise<{ message: string; result: { nrp: string } }> {
  const { gaji, lama_kontrak: lama, mulai_kontrak, ...fields } = input;
  const now = deps.now();
  return withStoredPhotos(deps, photos, async (tx, stored) => {
    await lockNumbering(tx);
    await assertRefs(tx, fields);
    if (fields.team_leader_nrp) await assertTeamLeader(tx, actor, null, fields.team_leader_nrp);
    assertInScope(actor, fields);
    const defaults = await salaryDefaults(tx, fields.type_spg_id, fields.kode_umr);
    const nrp = await nextNrp(tx);
    const no_kontrak = await nextNoKontrak(tx, fields.kode_prsh, mulai_kontrak);
    const selesai_kontrak = contractEnd(mulai_kontrak, lama);
    await tx.insert(k).values({
      ...fields,
      nrp,
      foto_kar: stored.foto_kar ?? null,
      foto_ktp: stored.foto_ktp ?? null,
      // §3 defaults and §5 derived fields: the server decides them, whatever the form sent.
      status: 2,
      tgl_awkerja: mulai_kontrak,
      tgl_pph: fields.tgl_pph ?? mulai_kontrak,
      gapok: gaji.gapok,
      tun_makan: gaji.tun_makan ?? defaults.type.tun_makan,
      tun_bensin: gaji.tun_bensin ?? defaults.type.tun_bensin,
      tun_lain: gaji.tun_lain ?? defaults.type.tun_lain,
      sts_kontrak: 'B',
      per_kontrak: 1,
      lama_kontrak: lama,
      mulai_kontrak,
      selesai_kontrak,
      no_kontrak,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(kontrak).values({
      no_kontrak,
      nrp,
      per_kontrak: 1,
      lama_kontrak: lama,
      mulai_kontrak,
      selesai_kontrak,
      sts_kontrak: 'B',
    });
    await createPostingItem(tx, { nrp, jenis_trn: 'P1' }, { userid: actor.userid, now });
    return { message: KARYAWAN_WRITE_MESSAGES.created(nrp, fields.nama), result: { nrp } };
  });
}

type Values = Record<string, unknown>;

/** The requested values flattened to the columns (gaji's amounts included); absent fields are left out. */
export function requested(input: KaryawanUpdate, stored: Partial<Record<PhotoField, string>>): Values {
  const { gaji, ...fields } = input;
  const out: Values = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  if (gaji) {
    out.gapok = gaji.gapok;
    out.tun_makan = gaji.tun_makan ?? 0;
    out.tun_bensin = gaji.tun_bensin ?? 0;
    out.tun_lain = gaji.tun_lain ?? 0;
  }
  for (const field of PHOTO_FIELDS) if (stored[field]) out[field] = stored[field];
  return out;
}

/**
 * The §5 derived fields of a change: a new contract start or length recomputes the end; a new start of
 * the first contract moves tgl_awkerja and tgl_pph with it; a new client clears the store unless a
 * store is chosen with it. Answers the derived values and which fields they explain.
 */
function derive(current: KaryawanRecord, want: Values): { values: Values; explained: Set<string> } {
  const values: Values = {};
  const explained = new Set<string>();
  const mulai = (want.mulai_kontrak ?? current.mulai_kontrak) as string | null;
  const lama = (want.lama_kontrak ?? current.lama_kontrak) as number | null;
  const startMoved = want.mulai_kontrak !== undefined && want.mulai_kontrak !== current.mulai_kontrak;
  if (
    mulai &&
    lama &&
    (startMoved || (want.lama_kontrak !== undefined && want.lama_kontrak !== current.lama_kontrak))
  ) {
    values.selesai_kontrak = contractEnd(mulai, lama);
  }
  if (startMoved && current.per_kontrak === 1) {
    for (const f of ['tgl_awkerja', 'tgl_pph'] as const) {
      if (want[f] === undefined || want[f] === mulai) {
        values[f] = mulai;
        explained.add(f);
      }
    }
  }
  if (want.client_id !== undefined && want.client_id !== current.client_id && want.cust_code === undefined) {
    values.cust_code = null;
  }
  return { values, explained };
}

/** PUT /api/karyawan/{id}: only the tabs the user may edit may change; a change leaves a P2 item. */
export async function updateKaryawan(
  deps: Deps,
  actor: Actor,
  nrp: string,
  input: KaryawanUpdate,
  photos: KaryawanPhotos,
): Promise<{ message: string }> {
  let replaced: string[] = [];
  const answer = await withStoredPhotos(deps, photos, async (tx, stored) => {
    const done = await applyKaryawanChange(tx, actor, nrp, requested(input, stored), deps.now(), { tabRights: true });
    replaced = done.replaced;
    return { message: done.message };
  });
  await Promise.all(replaced.map((name) => removePhoto(deps.storage, name).catch(() => undefined)));
  return answer;
}

/**
 * One change to an employee inside the caller's transaction: the derived fields, the checks (edit
 * rights per tab when `tabRights`, codes, scope), the write, the latest contract and the P2 item.
 * `want` holds column values (gaji's amounts flattened). The approval of a profile change request
 * calls it with `tabRights: false` — its own permission is the approval. Answers the photo files the
 * change replaced, to remove once the transaction commits.
 */
export async function applyKaryawanChange(
  tx: Tx,
  actor: Actor,
  nrp: string,
  want: Record<string, unknown>,
  now: Date,
  opts: { tabRights: boolean },
): Promise<{ message: string; changed: string[]; replaced: string[] }> {
  const current = await loadKaryawan(tx, actor, nrp, true);
  if (current.alasan_p3 !== null) throw conflict(KARYAWAN_WRITE_MESSAGES.resigned(nrp, current.nama));
  const { values: derived, explained } = derive(current, want);
  const next: Values = { ...want, ...derived };
  const cur = current as unknown as Values;
  const changed = Object.keys(next).filter((f) => next[f] !== cur[f]);
  if (changed.length === 0) return { message: KARYAWAN_WRITE_MESSAGES.unchanged, changed, replaced: [] };

  // Who may change what: the tab of each field the user changed (derived fields follow their cause).
  const tabs = new Set<KaryawanTab>();
  for (const f of changed) {
    if (f === 'selesai_kontrak' || explained.has(f)) continue;
    const tab = tabOfField(f);
    if (tab) tabs.add(tab);
  }
  if (opts.tabRights) {
    for (const tab of tabs) {
      if (!canEditTab(tab, actor)) throw forbidden(KARYAWAN_WRITE_MESSAGES.tabForbidden(KARYAWAN_TAB_LABELS[tab]));
    }
  }
  const merged = { ...current, ...next } as KaryawanRecord;
  await assertRefs(tx, merged, new Set(changed));
  if (changed.includes('team_leader_nrp') && merged.team_leader_nrp) {
    await assertTeamLeader(tx, actor, nrp, merged.team_leader_nrp);
  }
  assertInScope(actor, merged);

  const patch = Object.fromEntries(changed.map((f) => [f, next[f]]));
  await tx
    .update(k)
    .set({ ...patch, updatedAt: now })
    .where(eq(k.nrp, nrp));
  if (['lama_kontrak', 'mulai_kontrak', 'selesai_kontrak'].some((f) => changed.includes(f))) {
    await updateLatestContract(tx, merged);
  }
  const replaced = PHOTO_FIELDS.flatMap((field) => (changed.includes(field) && current[field] ? [current[field]] : []));
  const keterangan = [...tabs].map((t) => KARYAWAN_TAB_LABELS[t]).join(', ') || null;
  await createPostingItem(tx, { nrp, jenis_trn: 'P2', keterangan }, { userid: actor.userid, now });
  return { message: KARYAWAN_WRITE_MESSAGES.updated(nrp, merged.nama), changed, replaced };
}

/** Editing the Kontrak tab changes the latest contract (spec §4); an employee without one gets it now. */
async function updateLatestContract(tx: Tx, e: KaryawanRecord): Promise<void> {
  if (!e.mulai_kontrak || !e.lama_kontrak || !e.selesai_kontrak) return;
  const values = { lama_kontrak: e.lama_kontrak, mulai_kontrak: e.mulai_kontrak, selesai_kontrak: e.selesai_kontrak };
  if (e.no_kontrak) {
    const done = await tx.update(kontrak).set(values).where(eq(kontrak.no_kontrak, e.no_kontrak)).returning({
      no: kontrak.no_kontrak,
    });
    if (done.length) return;
  }
  await lockNumbering(tx);
  const no_kontrak = await nextNoKontrak(tx, e.kode_prsh, e.mulai_kontrak);
  await tx.insert(kontrak).values({ ...values, no_kontrak, nrp: e.nrp, per_kontrak: e.per_kontrak, sts_kontrak: 'B' });
  await tx.update(k).set({ no_kontrak }).where(eq(k.nrp, e.nrp));
}

/**
 * DELETE /api/karyawan/{id}. Refused with the spec's message when the employee has visits, and when an
 * item of theirs already went to payroll. Their contracts and open posting items go with them.
 */
export async function deleteKaryawan(deps: Deps, actor: Actor, nrp: string): Promise<{ message: string }> {
  const current = await deps.db.transaction(async (tx) => {
    const row = await loadKaryawan(tx, actor, nrp, true);
    const [visit] = await tx.select({ no: kunjungan.no_dcp }).from(kunjungan).where(eq(kunjungan.nrp, nrp)).limit(1);
    if (visit) throw conflict(deleteHasVisitsMessage(nrp, row.nama));
    const [posted] = await tx
      .select({ id: karyawanPosting.id })
      .from(karyawanPosting)
      .where(and(eq(karyawanPosting.nrp, nrp), isNotNull(karyawanPosting.date_posting)))
      .limit(1);
    if (posted) throw conflict(KARYAWAN_WRITE_MESSAGES.posted(nrp, row.nama));
    try {
      await tx.delete(k).where(eq(k.nrp, nrp));
    } catch (err) {
      // Attendance (and leave) rows keep their employee: the database refuses, we say why.
      if (isForeignKeyViolation(err)) throw conflict(KARYAWAN_WRITE_MESSAGES.inUse(nrp, row.nama));
      throw err;
    }
    return row;
  });
  const photos = [current.foto_kar, current.foto_ktp].filter((p): p is string => !!p);
  await Promise.all(photos.map((name) => removePhoto(deps.storage, name).catch(() => undefined)));
  return { message: KARYAWAN_WRITE_MESSAGES.deleted(nrp, current.nama) };
}
