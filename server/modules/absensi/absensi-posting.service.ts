/**
 * Attendance posting (spec part 2 §2.7, §3 "Attendance summary", §4): the summary of a period per
 * employee, the posting that freezes it for payroll and locks the period (server/lib/posting-lock.ts),
 * and the field records that arrived after it (flag `after_posting`), which HR carries into the next
 * payroll as corrections. docs/decisions/022-attendance-posting-and-reports.md.
 */
import { and, asc, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  periodEnded,
  POSTING_MESSAGES,
  type AbsensiSummaryRow,
  type AfterPostingRow,
} from '../../../src/domain/absensi/absensi-summary';
import { asTimeZone, TIME_ZONE_LABEL } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { absensiPosting, absensiPostingSummary, absensi } from '../../db/schema/absensi';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { lokasi, period } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/pagination';
import { countOpenReviews, rejectedDaysCounting } from './tinjau.service';
import { karyawanScope } from '../../middleware/trustee-scope';
import { summaryRows } from '../report/report-absensi.service';
import { countEmployees, employedIn, employeeBatch, employeePage, type PeriodRow } from '../report/report-base';

/** Employees counted in a posting, per batch (a period of 100,000 employees is 200 batches). */
export const POSTING_BATCH = 500;

async function loadPeriod(db: Db, id: string): Promise<PeriodRow> {
  const [p] = await db.select().from(period).where(eq(period.id, id)).limit(1);
  if (!p) throw notFound(POSTING_MESSAGES.periodNotFound);
  return p;
}

/** The period's posting with who posted it by name (the userid when her account is gone). */
async function postingOf(db: Db, id: string) {
  const [row] = await db
    .select({ p: absensiPosting, nama: users.nama })
    .from(absensiPosting)
    .leftJoin(users, eq(users.userid, absensiPosting.posted_by))
    .where(eq(absensiPosting.period_id, id))
    .limit(1);
  return row
    ? {
        posted_at: row.p.posted_at.toISOString(),
        posted_by: row.p.posted_by,
        posted_by_nama: row.nama ?? row.p.posted_by,
        employee_count: row.p.employee_count,
      }
    : null;
}

/** The employees a period covers: of its company, employed in it. */
const periodEmployees = (p: PeriodRow) => and(eq(karyawan.kode_prsh, p.kode_prsh), employedIn(p));

/** GET /api/absensi/period/{id}: live counts while open, the frozen summary once posted; scope applies. */
export async function periodSummary(
  db: Db,
  actor: Actor,
  id: string,
  q: { page: number; per_page: number },
  now: Date,
) {
  const p = await loadPeriod(db, id);
  const posting = await postingOf(db, id);
  const info = {
    id: p.id,
    mulai: p.mulai,
    akhir: p.akhir,
    jum_hk: p.jum_hk,
    status: p.status,
    berakhir: periodEnded(p.akhir, now),
  };
  const { limit, offset } = pageWindow(q);
  if (posting) {
    const where = and(eq(absensiPostingSummary.period_id, id), karyawanScope(actor));
    const [rows, [total]] = await Promise.all([
      db
        .select({ s: absensiPostingSummary, nama: karyawan.nama })
        .from(absensiPostingSummary)
        .innerJoin(karyawan, eq(karyawan.nrp, absensiPostingSummary.nrp))
        .where(where)
        .orderBy(asc(absensiPostingSummary.nrp))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: count() })
        .from(absensiPostingSummary)
        .innerJoin(karyawan, eq(karyawan.nrp, absensiPostingSummary.nrp))
        .where(where),
    ]);
    const result: AbsensiSummaryRow[] = rows.map(({ s, nama }) => ({
      period_id: s.period_id,
      nrp: s.nrp,
      karyawan: { nama },
      period: { jum_hk: p.jum_hk },
      count_attend: s.count_attend,
      count_gapok: s.count_gapok,
      count_tun_makan: s.count_tun_makan,
      count_tun_bensin: s.count_tun_bensin,
      count_uang_shift: s.count_uang_shift,
    }));
    return { result, totalCount: total?.n ?? 0, period: info, posting };
  }
  const where = and(karyawanScope(actor), periodEmployees(p));
  const [emps, total, open, lupa, ditolak] = await Promise.all([
    employeePage(db, where, { limit, offset }),
    countEmployees(db, where),
    countOpenReviews(db, p.mulai, p.akhir, p.kode_prsh),
    countForgotCheckouts(db, actor, p),
    rejectedDaysCounting(db, actor, p.mulai, p.akhir, p.kode_prsh),
  ]);
  const rows = await summaryRows(db, emps, p);
  return {
    result: rows.map((r) => summaryRow(p, r)),
    totalCount: total,
    period: {
      ...info,
      tinjau_terbuka: open.n,
      tinjau_terbuka_lebih: open.capped,
      tinjau_ditolak_hadir: ditolak,
      lupa_check_out: lupa,
    },
    posting: null,
  };
}

/** The period's days still marked Lupa Check Out in the caller's scope (absensi_forgot_idx: few a day). */
async function countForgotCheckouts(db: Db, actor: Actor, p: PeriodRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(absensi)
    .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
    .where(
      and(
        sql`${absensi.forgot_checkout} and ${absensi.jam_keluar} is null`,
        gte(absensi.tanggal, p.mulai),
        lte(absensi.tanggal, p.akhir),
        eq(karyawan.kode_prsh, p.kode_prsh),
        karyawanScope(actor),
      ),
    );
  return row?.n ?? 0;
}

function summaryRow(p: PeriodRow, r: Awaited<ReturnType<typeof summaryRows>>[number]): AbsensiSummaryRow {
  return {
    period_id: p.id,
    nrp: r.nrp,
    karyawan: { nama: r.nama },
    period: { jum_hk: p.jum_hk },
    count_attend: r.count_attend,
    count_gapok: r.count_gapok,
    count_tun_makan: r.count_tun_makan,
    count_tun_bensin: r.count_tun_bensin,
    count_uang_shift: r.count_uang_shift,
  };
}

/**
 * Posting locks the whole period for every employee of its company, so a user whose trustee scope
 * limits anything but the company (and that to the period's company) may not post it (403).
 */
function assertMayPostWhole(actor: Actor, p: PeriodRow) {
  const t = actor.trustee;
  if (!t) return;
  const limited = t.sales_office.length || t.lokasi.length || t.client.length || t.jabatan.length || t.spg_type.length;
  if (limited || (t.kode_prsh.length && !t.kode_prsh.includes(p.kode_prsh)))
    throw forbidden(POSTING_MESSAGES.scopeLimited);
}

/**
 * POST /api/absensi/posting: counts every employee of the period and freezes the counts with the
 * posting row, in one transaction. A second posting (even a concurrent one: the period is the key)
 * is a 409; a period whose Enable Posting is off is a 422; a period that has not ended is a 409
 * `period_not_ended` unless the caller confirms it (`belum_berakhir: true`).
 */
export async function postPeriod(
  db: Db,
  actor: Actor,
  input: { period_id: string; belum_berakhir?: boolean },
  now: Date,
) {
  const p = await loadPeriod(db, input.period_id);
  assertMayPostWhole(actor, p);
  if (!p.status) throw new HttpError(422, POSTING_MESSAGES.disabled(p.id), 'posting_disabled');
  if (!periodEnded(p.akhir, now) && !input.belum_berakhir)
    throw new HttpError(409, POSTING_MESSAGES.notEnded(p.id, p.akhir), 'period_not_ended');
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(absensiPosting)
      .values({ period_id: p.id, posted_at: now, posted_by: actor.userid, employee_count: 0 })
      .onConflictDoNothing()
      .returning({ period_id: absensiPosting.period_id });
    if (!claimed.length) throw conflict(POSTING_MESSAGES.alreadyPosted(p.id));
    const where = periodEmployees(p);
    let after: string | null = null;
    let n = 0;
    for (;;) {
      const emps = await employeeBatch(tx, where, after, POSTING_BATCH);
      if (emps.length) {
        const rows = await summaryRows(tx, emps, p);
        await tx.insert(absensiPostingSummary).values(
          rows.map((r) => ({
            period_id: p.id,
            nrp: r.nrp,
            count_attend: r.count_attend,
            count_gapok: r.count_gapok,
            count_tun_makan: r.count_tun_makan,
            count_tun_bensin: r.count_tun_bensin,
            count_uang_shift: r.count_uang_shift,
          })),
        );
        n += emps.length;
      }
      if (emps.length < POSTING_BATCH) break;
      after = emps[emps.length - 1]!.nrp;
    }
    await tx.update(absensiPosting).set({ employee_count: n }).where(eq(absensiPosting.period_id, p.id));
    return {
      message: POSTING_MESSAGES.posted(p.id, n),
      result: {
        posted_at: now.toISOString(),
        posted_by: actor.userid,
        posted_by_nama: actor.nama,
        employee_count: n,
      },
    };
  });
}

const AFTER_POSTING = sql`'["after_posting"]'::jsonb`;
const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** GET /api/absensi/period/{id}/after-posting: the period's field records that arrived after its posting. */
export async function afterPostingRows(db: Db, actor: Actor, id: string, q: { page: number; per_page: number }) {
  const p = await loadPeriod(db, id);
  const scope: SQL | undefined = karyawanScope(actor);
  const [days, visits] = await Promise.all([
    db
      .select({
        id: absensi.id,
        nrp: absensi.nrp,
        nama: karyawan.nama,
        tanggal: absensi.tanggal,
        jam_masuk: absensi.jam_masuk,
        jam_keluar: absensi.jam_keluar,
        zone: lokasi.time_zone,
        in_at: absensi.masuk_received_at,
        out_at: absensi.keluar_received_at,
      })
      .from(absensi)
      .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
      .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
      .where(
        and(
          scope,
          gte(absensi.tanggal, p.mulai),
          lte(absensi.tanggal, p.akhir),
          sql`${absensi.flags} @> ${AFTER_POSTING}`,
        ),
      ),
    db
      .select({
        id: kunjunganDetail.id,
        nrp: kunjungan.nrp,
        nama: karyawan.nama,
        tanggal: kunjunganDetail.tgl_dcp,
        jam_masuk: kunjunganDetail.in_jam,
        jam_keluar: kunjunganDetail.out_jam,
        cust_code: kunjunganDetail.cust_code,
        cust_name: store.cust_name,
        zone: lokasi.time_zone,
        in_at: kunjunganDetail.in_received_at,
        out_at: kunjunganDetail.out_received_at,
      })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
      .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
      .where(
        and(
          scope,
          gte(kunjunganDetail.tgl_dcp, p.mulai),
          lte(kunjunganDetail.tgl_dcp, p.akhir),
          sql`${kunjunganDetail.flags} @> ${AFTER_POSTING}`,
        ),
      ),
  ]);
  const rows: AfterPostingRow[] = [
    ...days.map((d) => ({
      jenis: 'absensi' as const,
      id: d.id,
      nrp: d.nrp,
      nama: d.nama,
      tanggal: d.tanggal,
      jam_masuk: d.jam_masuk,
      jam_keluar: d.jam_keluar,
      cust_code: null,
      cust_name: null,
      zona: TIME_ZONE_LABEL[asTimeZone(d.zone)],
      received_at: later(d.in_at, d.out_at)?.toISOString() ?? null,
    })),
    ...visits.map((d) => ({
      jenis: 'kunjungan' as const,
      id: d.id,
      nrp: d.nrp,
      nama: d.nama,
      tanggal: d.tanggal,
      jam_masuk: d.jam_masuk,
      jam_keluar: d.jam_keluar,
      cust_code: d.cust_code,
      cust_name: d.cust_name,
      zona: TIME_ZONE_LABEL[asTimeZone(d.zone)],
      received_at: later(d.in_at, d.out_at)?.toISOString() ?? null,
    })),
  ].sort((a, b) => a.tanggal.localeCompare(b.tanggal) || a.nrp.localeCompare(b.nrp) || a.id - b.id);
  const { limit, offset } = pageWindow(q);
  return { result: rows.slice(offset, offset + limit), totalCount: rows.length };
}
