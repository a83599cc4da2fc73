import { and, eq, gte, lte } from 'drizzle-orm';
import type { Q } from '../db/client';
import { absensiPosting } from '../db/schema/absensi';
import { period } from '../db/schema/master';

/** The 409 message of a change refused because its day lies in a posted period. */
export const postedPeriodMessage = (periodId: string) =>
  `Periode ${periodId} sudah diposting: absensi di dalamnya tidak dapat diubah. Catat koreksinya di periode berikutnya.`;

/**
 * The posted period whose days include `tanggal` ('YYYY-MM-DD'), or null when the day is still open.
 * Manual entries, uploads and deletes inside a posted period are refused (409); a field check-in that
 * arrives after posting is kept and flagged `after_posting` for HR to carry into the next payroll.
 */
export async function postedPeriodOf(db: Q, tanggal: string): Promise<string | null> {
  const [row] = await db
    .select({ id: period.id })
    .from(period)
    .innerJoin(absensiPosting, eq(absensiPosting.period_id, period.id))
    .where(and(lte(period.mulai, tanggal), gte(period.akhir, tanggal)))
    .limit(1);
  return row?.id ?? null;
}
