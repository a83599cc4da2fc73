/**
 * GET /api/karyawan/{nrp}/gaji/{period}: the period's pay from its attendance (the rule is
 * src/domain/karyawan/karyawan-gaji.ts, explained in docs/decisions/008). No period, or no attendance of the
 * employee in it, answers the spec's empty state instead of a salary of zero.
 */
import { and, asc, between, eq } from 'drizzle-orm';
import { computeGaji, GAJI_MESSAGES, type GajiInfo } from '../../../src/domain/karyawan/karyawan-gaji';
import type { Db } from '../../db/client';
import { absensi } from '../../db/schema/absensi';
import { period, shiftMasa } from '../../db/schema/master';
import { shiftOfDay } from '../master/shift-of-day';
import type { Actor } from '../../lib/context';
import { loadKaryawan } from './karyawan-read.service';

export async function gajiPeriode(
  db: Db,
  actor: Actor,
  nrp: string,
  periodId: string,
): Promise<{ result: GajiInfo | null; message?: string }> {
  const e = await loadKaryawan(db, actor, nrp);
  const [p] = await db.select().from(period).where(eq(period.id, periodId)).limit(1);
  if (!p) return { result: null, message: GAJI_MESSAGES.noData };
  const days = await db
    .select({ sts_abs_id: absensi.sts_abs_id, ada_uang_shift: shiftMasa.ada_uang_shift })
    .from(absensi)
    .leftJoin(shiftMasa, shiftOfDay(absensi.shift_id, absensi.tanggal))
    .where(and(eq(absensi.nrp, e.nrp), between(absensi.tanggal, p.mulai, p.akhir)))
    .orderBy(asc(absensi.tanggal));
  if (days.length === 0) return { result: null, message: GAJI_MESSAGES.noData };
  return {
    result: computeGaji(
      p,
      { gapok: e.gapok, tun_makan: e.tun_makan, tun_bensin: e.tun_bensin, tun_lain: e.tun_lain },
      days.map((d) => ({ sts_abs_id: d.sts_abs_id, ada_uang_shift: d.ada_uang_shift === 'Y' })),
    ),
  };
}
