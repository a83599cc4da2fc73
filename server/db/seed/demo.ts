/**
 * The deterministic demo data set: the same `today` and `employees` always give the same rows (only
 * the password hash differs, its salt being random). Runs in one transaction, so a failure leaves an
 * empty database that the next start seeds again.
 */
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { DATE_FORMAT } from '../../../src/domain/dates';
import { hashPassword } from '../../lib/password';
import type { Db } from '../client';
import { users } from '../schema/auth';
import { karyawan, karyawanPosting, kontrak } from '../schema/karyawan';
import { kunjungan, kunjunganDetail } from '../schema/kunjungan';
import { absensi } from '../schema/absensi';
import { DEMO_PASSWORD, seedAccess } from './accounts';
import { daysBetween } from './calendar';
import { insertChunked } from '../insert';
import { DEMO_SPG_INDEX, DEMO_TL_INDEX, planWorkforce } from './karyawan';
import { addActivity, emptyActivity, type ActivityContext } from './kunjungan';
import { seedLeave } from './leave';
import { seedMaster } from './master';
import { seedNews } from './news';
import { planPostings } from './posting';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';

export const DEFAULT_EMPLOYEES = 300;
/** Employees whose visits and attendance are generated and inserted together, bounding memory. */
const ACTIVITY_BATCH = 200;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .limit(1);
  return rows.length === 0;
}

export async function seedDemo(db: Db, opts: { today: Date; employees?: number }): Promise<string> {
  const count = opts.employees ?? DEFAULT_EMPLOYEES;
  if (!Number.isInteger(count) || count < 2) {
    throw new Error(`employees must be an integer of at least 2 (the demo team leader and SPG), got ${count}`);
  }
  const today = dayjs(opts.today).format(DATE_FORMAT);
  const stamp = opts.today;
  // Hashed once, outside the transaction: scrypt is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const master = await seedMaster(tx, today);
    await seedLeave(tx);
    const staff = planWorkforce(count, master, today, stamp);
    await insertChunked(
      tx,
      karyawan,
      staff.map((e) => e.row),
    );
    const contracts = staff.flatMap((e) => e.contracts);
    await insertChunked(tx, kontrak, contracts);
    const postings = planPostings(staff, today);
    await insertChunked(tx, karyawanPosting, postings);

    const ctx: ActivityContext = {
      today,
      periodId: master.current.id,
      mulai: master.current.mulai,
      akhir: master.current.akhir,
      previousDays: daysBetween(master.previous.mulai, master.previous.akhir),
      currentDays: daysBetween(master.current.mulai, master.current.akhir),
      stamp,
    };
    const totals = { headers: 0, details: 0, absensi: 0 };
    for (let i = 0; i < staff.length; i += ACTIVITY_BATCH) {
      const out = emptyActivity();
      for (const emp of staff.slice(i, i + ACTIVITY_BATCH)) addActivity(emp, ctx, out);
      await insertChunked(tx, kunjungan, out.headers);
      await insertChunked(tx, kunjunganDetail, out.details);
      await insertChunked(tx, absensi, out.absensi);
      totals.headers += out.headers.length;
      totals.details += out.details.length;
      totals.absensi += out.absensi.length;
    }

    const tl = staff[DEMO_TL_INDEX]?.row.nama ?? '';
    const spg = staff[DEMO_SPG_INDEX]?.row.nama ?? '';
    const accounts = await seedAccess(tx, passwordHash, { tl, spg }, stamp);
    const newsItems = await seedNews(tx, today, stamp);
    const resigned = staff.filter((e) => e.row.tgl_p3).length;
    const open = postings.filter((p) => !p.date_posting).length;
    return (
      `${staff.length} karyawan (${resigned} resigned, ${open} with an open P3), ${contracts.length} kontrak, ` +
      `${master.counts.stores} stores, ` +
      `${master.counts.routeLists} route lists, ${totals.headers} DCP / ${totals.details} visit lines (${master.current.id}), ` +
      `${totals.absensi} attendance rows, ${newsItems} news items, ${accounts} users (admin, hr, tl, spg / ${DEMO_PASSWORD})`
    );
  });
}
