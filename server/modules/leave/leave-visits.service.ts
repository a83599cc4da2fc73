/**
 * The visit plan as leave sees it: the days of a period the Tuker Off Hari and Perubahan Shift Kerja
 * forms pick from, and the planned store visits a request would leave without the employee (the
 * coverage an approver sees).
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { CoverageLine, LeaveRow, VisitDays } from '../../../src/domain/leave/leave-answers';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import type { Q } from '../../db/client';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { period, shift } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import { badRequest } from '../../lib/errors';

/** The employee's visit plan of a period, by day, for Tuker Off Hari and Perubahan Shift Kerja. */
export async function visitDays(db: Q, nrp: string, periodId: string): Promise<VisitDays> {
  const [p] = await db.select().from(period).where(eq(period.id, periodId)).limit(1);
  if (!p)
    throw badRequest(LEAVE_MESSAGES.periodNotFound, [{ path: 'period_id', message: LEAVE_MESSAGES.periodNotFound }]);
  const [plan] = await db
    .select()
    .from(kunjungan)
    .where(and(eq(kunjungan.nrp, nrp), eq(kunjungan.period_id, periodId)))
    .limit(1);
  const answer: VisitDays = {
    nrp,
    period_id: periodId,
    no_dcp: plan?.no_dcp ?? null,
    mulai: plan?.tgl_period1 ?? p.mulai,
    akhir: plan?.tgl_period2 ?? p.akhir,
    days: [],
    free_days: [],
  };
  if (!plan) return answer;
  const lines = await db
    .select({
      id: kunjunganDetail.id,
      tgl_dcp: kunjunganDetail.tgl_dcp,
      in_jam: kunjunganDetail.in_jam,
      cust_code: kunjunganDetail.cust_code,
      cust_name: store.cust_name,
      shift_id: shift.id,
      shift_nama: shift.nama,
      jam_mulai: shift.jam_mulai,
      jam_selesai: shift.jam_selesai,
    })
    .from(kunjunganDetail)
    .innerJoin(shift, eq(shift.id, kunjunganDetail.shift_id))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(eq(kunjunganDetail.no_dcp, plan.no_dcp))
    .orderBy(asc(kunjunganDetail.tgl_dcp), asc(shift.jam_mulai), asc(kunjunganDetail.id));
  for (const l of lines) {
    const last = answer.days[answer.days.length - 1];
    if (last && last.tanggal === l.tgl_dcp) {
      last.stores.push({ cust_code: l.cust_code, cust_name: l.cust_name });
      last.checked_in ||= l.in_jam !== null;
      continue;
    }
    answer.days.push({
      tanggal: l.tgl_dcp,
      kunjungan_detail_id: l.id,
      shift: { id: l.shift_id, nama: l.shift_nama, jam_mulai: l.jam_mulai, jam_selesai: l.jam_selesai },
      stores: [{ cust_code: l.cust_code, cust_name: l.cust_name }],
      checked_in: l.in_jam !== null,
    });
  }
  const busy = new Set(answer.days.map((d) => d.tanggal));
  for (let d = new Date(`${answer.mulai}T00:00:00Z`); d.toISOString().slice(0, 10) <= answer.akhir;) {
    const iso = d.toISOString().slice(0, 10);
    if (!busy.has(iso)) answer.free_days.push(iso);
    d = new Date(d.getTime() + 86_400_000);
  }
  return answer;
}

/** The planned store visits on the days the request covers (what the approver should re-staff). */
export async function coverageOf(db: Q, row: Pick<LeaveRow, 'nrp' | 'start_date' | 'end_date' | 'jenis'>) {
  if (row.jenis.type === 'PERUBAHAN_SHIFT') return [];
  const lines = await db
    .select({
      tanggal: kunjunganDetail.tgl_dcp,
      cust_code: kunjunganDetail.cust_code,
      cust_name: store.cust_name,
      shift_id: kunjunganDetail.shift_id,
      in_jam: kunjunganDetail.in_jam,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(
      and(
        eq(kunjungan.nrp, row.nrp),
        gte(kunjunganDetail.tgl_dcp, row.start_date),
        lte(kunjunganDetail.tgl_dcp, row.end_date),
      ),
    )
    .orderBy(asc(kunjunganDetail.tgl_dcp), asc(kunjunganDetail.id))
    .limit(200);
  return lines.map((l): CoverageLine => ({
    tanggal: l.tanggal,
    cust_code: l.cust_code,
    cust_name: l.cust_name,
    shift_id: l.shift_id,
    checked_in: l.in_jam !== null,
  }));
}
