/**
 * A shift's change applies from a date (issue 41 item 4, docs/decisions/045-shift-history.md). The shift
 * row holds the times from its berlaku_mulai on; the times it replaces move to shift_riwayat for the days
 * before, so every judgement of a day (through the view shift_masa) keeps the times it was judged by.
 * A change from a date covers every day from it on: later spans are dropped, the one it falls in ends.
 */
import dayjs from 'dayjs';
import { and, count, desc, eq, gt, gte, lt } from 'drizzle-orm';
import { SHIFT_HISTORY_MESSAGES, SHIFT_TIME_FIELDS, type ShiftDampak } from '../../../src/domain/master/shift-history';
import { DEFAULT_TIME_ZONE, dateIn } from '../../../src/domain/time-zone';
import type { Db, Q } from '../../db/client';
import { absensi, absensiPosting } from '../../db/schema/absensi';
import { period, shift, shiftRiwayat } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { withIntegrity } from '../../lib/db-errors';
import { badRequest, notFound } from '../../lib/errors';
import type { MasterTableConfig } from './master.config';
import { getMaster, WRITE_MESSAGES, assertScope } from './master.service';

type Row = Record<string, unknown>;

const forPeople = (d: string) => dayjs(d).format('DD/MM/YYYY');

/** Today in the business zone (WIB): the default Berlaku mulai and the line between past and future. */
export const businessToday = (now: Date) => dateIn(DEFAULT_TIME_ZONE, now);

/** The refusal of a Berlaku mulai on or before the end of a posted period, or null. */
async function postedRefusal(q: Q, from: string): Promise<string | null> {
  const [last] = await q
    .select({ id: period.id, akhir: period.akhir })
    .from(absensiPosting)
    .innerJoin(period, eq(period.id, absensiPosting.period_id))
    .where(gte(period.akhir, from))
    .orderBy(desc(period.akhir))
    .limit(1);
  if (!last) return null;
  return SHIFT_HISTORY_MESSAGES.diposting(last.id, forPeople(dayjs(last.akhir).add(1, 'day').format('YYYY-MM-DD')));
}

/** The recorded days of the shift from `from` up to yesterday: what a back-dated change re-judges. */
async function recordedDays(q: Q, id: string, from: string, today: string): Promise<number> {
  if (from >= today) return 0;
  const [row] = await q
    .select({ n: count() })
    .from(absensi)
    .where(and(eq(absensi.shift_id, id), gte(absensi.tanggal, from), lt(absensi.tanggal, today)));
  return row?.n ?? 0;
}

/** GET /api/shift/{id}/dampak: what a change from berlaku_mulai would re-judge, for the confirm. */
export async function shiftDampak(
  db: Db,
  actor: Actor,
  cfg: MasterTableConfig,
  id: string,
  from: string,
  now: Date,
): Promise<ShiftDampak> {
  await getMaster(db, actor, cfg, id);
  const today = businessToday(now);
  const hari = await recordedDays(db, id, from, today);
  return {
    berlaku_mulai: from,
    hari_ini: today,
    hari_tercatat: hari,
    konfirmasi: from < today ? SHIFT_HISTORY_MESSAGES.konfirmasi(hari) : null,
    ditolak: await postedRefusal(db, from),
  };
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a) === String(b);

/** PUT /api/shift/{id}: the name at once; the times from berlaku_mulai (default today, WIB). */
export async function updateShift(
  db: Db,
  actor: Actor,
  cfg: MasterTableConfig,
  id: string,
  input: Row,
  now: Date,
): Promise<{ message: string }> {
  const { berlaku_mulai, ...values } = input;
  const from = typeof berlaku_mulai === 'string' && berlaku_mulai ? berlaku_mulai : businessToday(now);
  await db.transaction(async (tx) => {
    // The row locked, so two changes of one shift at once cannot interleave their spans.
    const [current] = await tx.select().from(shift).where(eq(shift.id, id)).for('update');
    if (!current) throw notFound(`${cfg.label} ${id} tidak ditemukan`);
    const cur: Row = current;
    assertScope(actor, cfg, cur);
    assertScope(actor, cfg, { ...cur, ...values });
    const timesChange = SHIFT_TIME_FIELDS.some((f) => values[f] !== undefined && !same(values[f], cur[f]));
    // The same times from an earlier date than theirs: the times are moved back over those days.
    const movedBack =
      typeof berlaku_mulai === 'string' && current.berlaku_mulai !== null && from < current.berlaku_mulai;
    if (!timesChange && !movedBack) {
      await withIntegrity(() => tx.update(shift).set(values).where(eq(shift.id, id)), WRITE_MESSAGES);
      return;
    }
    const refused = await postedRefusal(tx, from);
    if (refused) throw badRequest(refused, [{ path: 'berlaku_mulai', message: refused }]);
    const since = current.berlaku_mulai;
    if (since === null || from > since) {
      // The times so far keep the days from their own start up to the day before `from`.
      await tx.insert(shiftRiwayat).values({
        shift_id: id,
        berlaku_mulai: since,
        berlaku_sampai: from,
        jam_mulai: current.jam_mulai,
        jam_selesai: current.jam_selesai,
        ada_uang_shift: current.ada_uang_shift,
        toleransi_terlambat: current.toleransi_terlambat,
        toleransi_pulang_cepat: current.toleransi_pulang_cepat,
        batas_check_out: current.batas_check_out,
        diganti_oleh: actor.userid,
        diganti_pada: now,
      });
    } else {
      // Back before the current times began: the new ones cover every day from `from` on.
      await tx.delete(shiftRiwayat).where(and(eq(shiftRiwayat.shift_id, id), gte(shiftRiwayat.berlaku_mulai, from)));
      await tx
        .update(shiftRiwayat)
        .set({ berlaku_sampai: from })
        .where(and(eq(shiftRiwayat.shift_id, id), gt(shiftRiwayat.berlaku_sampai, from)));
    }
    await withIntegrity(
      () =>
        tx
          .update(shift)
          .set({ ...values, berlaku_mulai: from })
          .where(eq(shift.id, id)),
      WRITE_MESSAGES,
    );
  });
  return { message: `${cfg.label} ${id} berhasil diubah` };
}
