/**
 * "Rencana hari ini berubah" (issue 29): a line of the employee's plan for her today (in her zone) added,
 * changed or removed tells her, in the transaction of the change. Other days' lines say nothing: the
 * phone fetches them with the day when it comes.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { kunjungan } from '../../db/schema/kunjungan';
import { store } from '../../db/schema/store';
import { todayOfNrp } from '../../lib/time-zone';
import { notifyEmployees } from '../push/notify';

export type PlanChange = 'ditambahkan' | 'diubah' | 'dihapus';

export async function notifyTodayChanged(
  tx: Tx,
  line: { no_dcp: string; tgl_dcp: string; cust_code: string },
  change: PlanChange,
  now: Date,
): Promise<void> {
  const [plan] = await tx
    .select({ nrp: kunjungan.nrp })
    .from(kunjungan)
    .where(eq(kunjungan.no_dcp, line.no_dcp))
    .limit(1);
  if (!plan || line.tgl_dcp !== (await todayOfNrp(tx, plan.nrp, now))) return;
  const [s] = await tx
    .select({ nama: store.cust_name })
    .from(store)
    .where(eq(store.cust_code, line.cust_code))
    .limit(1);
  const what = s?.nama ?? line.cust_code;
  const body =
    change === 'dihapus'
      ? `Kunjungan ke ${what} dihapus dari rencana hari ini.`
      : change === 'ditambahkan'
        ? `Kunjungan ke ${what} ditambahkan ke rencana hari ini.`
        : `Kunjungan ke ${what} hari ini diubah.`;
  await notifyEmployees(tx, [plan.nrp], {
    jenis: 'rencana',
    title: 'Rencana hari ini berubah',
    body,
    url: '/kunjungan/hari-ini',
  });
}
