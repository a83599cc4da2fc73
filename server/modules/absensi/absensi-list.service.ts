/**
 * The attendance list for HR (GET /api/absensi): records of the date range with the employee's name,
 * the status, and that day's store visits, limited to the caller's data scope.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import { ABSENSI_MESSAGES } from '../../../src/domain/absensi';
import type { AbsensiListQuery, AbsensiListRow } from '../../../src/domain/absensi-list';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { absensi, kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { statusAbsensi } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { pageWindow } from '../../lib/pagination';
import { karyawanScope } from '../../middleware/trustee-scope';
import { recordColumns, toRecord } from './absensi.service';

export async function listAbsensi(db: Db, actor: Actor, q: AbsensiListQuery, today: string) {
  const start = q.startDate ?? today;
  const end = q.endDate ?? start;
  if (end > today) throw badRequest(ABSENSI_MESSAGES.futureDate);
  const where = and(
    gte(absensi.tanggal, start),
    lte(absensi.tanggal, end),
    q.nrp ? eq(absensi.nrp, q.nrp) : undefined,
    q.manual === undefined
      ? undefined
      : q.manual === 'true' || q.manual === '1'
        ? eq(absensi.sumber, 'M')
        : ne(absensi.sumber, 'M'),
    karyawanScope(actor),
  ) as SQL;
  const [total] = await db
    .select({ n: count() })
    .from(absensi)
    .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
    .where(where);
  const rows = await db
    .select({ ...recordColumns, nama: karyawan.nama, status_nama: statusAbsensi.nama, sumber: absensi.sumber })
    .from(absensi)
    .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
    .innerJoin(statusAbsensi, eq(statusAbsensi.id, absensi.sts_abs_id))
    .where(where)
    .orderBy(desc(absensi.tanggal), asc(absensi.nrp))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);

  const nrps = [...new Set(rows.map((r) => r.nrp))];
  const visits = nrps.length
    ? await db
        .select({
          nrp: kunjungan.nrp,
          tgl_dcp: kunjunganDetail.tgl_dcp,
          cust_code: kunjunganDetail.cust_code,
          cust_name: store.cust_name,
          in_jam: kunjunganDetail.in_jam,
          in_desc: kunjunganDetail.in_desc,
          out_jam: kunjunganDetail.out_jam,
          out_desc: kunjunganDetail.out_desc,
        })
        .from(kunjunganDetail)
        .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
        .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
        .where(
          and(inArray(kunjungan.nrp, nrps), gte(kunjunganDetail.tgl_dcp, start), lte(kunjunganDetail.tgl_dcp, end)),
        )
        .orderBy(asc(kunjunganDetail.id))
    : [];

  const result: AbsensiListRow[] = rows.map(({ nama, status_nama, sumber, ...r }) => ({
    ...toRecord(r),
    karyawan: { nama },
    statusAbsensi: { id: r.sts_abs_id as string, nama: status_nama },
    sumber,
    details: visits
      .filter((d) => d.nrp === r.nrp && d.tgl_dcp === r.tanggal)
      .map((d) => ({
        customer: { cust_code: d.cust_code, cust_name: d.cust_name },
        in_jam: d.in_jam,
        in_desc: d.in_desc,
        out_jam: d.out_jam,
        out_desc: d.out_desc,
      })),
  }));
  return { result, totalCount: total?.n ?? 0 };
}
