/**
 * Photo retention (issue 28 item 7, docs/decisions/035): check-in photos older than
 * PHOTO_RETENTION_MONTHS (default 13: a year of disputes plus a month of payroll) are deleted from
 * storage by a daily job, with their thumbnails (removePhoto deletes both; server/lib/photo-thumbnail.ts).
 * The attendance record, the visit line, the photo's fingerprint (photo_hash, which keeps the file name)
 * and the flags stay: only the bytes go, and the record's photo column is emptied so no screen asks for a
 * file that is gone.
 *
 * Idempotent, as every job must be: a deleted object is not an error, and a row whose column is already
 * empty is not selected again. Works in batches so one run never holds a long transaction.
 */
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { removePhoto } from '../../lib/files';
import type { Storage } from '../../lib/storage';

export const PHOTO_RETENTION_JOB = 'retention.photos';
const BATCH = 500;

export interface RetentionDeps {
  db: Db;
  storage: Storage;
  /** Months a check-in photo is kept (PHOTO_RETENTION_MONTHS). */
  months: number;
  now: () => Date;
}

/** The first day whose photos are kept: `months` before today (WIB, the latest zone to reach a date). */
export function retentionCutoff(now: Date, months: number): string {
  return dayjs(now).subtract(months, 'month').format('YYYY-MM-DD');
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface Target {
  table: 'absensi' | 'kunjungan_detail';
  day: string;
  columns: [string, string];
}
const TARGETS: Target[] = [
  { table: 'absensi', day: 'tanggal', columns: ['foto_masuk', 'foto_keluar'] },
  { table: 'kunjungan_detail', day: 'tgl_dcp', columns: ['in_foto', 'out_foto'] },
];

/** Deletes the photos of check-ins before the cutoff; answers how many files went. */
export async function purgeOldPhotos(deps: RetentionDeps): Promise<{ cutoff: string; deleted: number }> {
  const cutoff = retentionCutoff(deps.now(), deps.months);
  let deleted = 0;
  for (const t of TARGETS) {
    for (const column of t.columns) {
      const col = sql.raw(column);
      for (;;) {
        const batch = rowsOf<{ id: number; name: string }>(
          await deps.db.execute(sql`
            select id, ${col} as name from ${sql.raw(t.table)}
             where ${sql.raw(t.day)} < ${cutoff}::date and ${col} is not null
             order by id limit ${BATCH}`),
        );
        if (!batch.length) break;
        // The files first: a run that dies here deletes them again next time (a missing one is fine).
        for (const r of batch) await removePhoto(deps.storage, r.name);
        await deps.db.execute(sql`
          update ${sql.raw(t.table)} set ${col} = null
           where id in (${sql.join(
             batch.map((r) => sql`${r.id}`),
             sql`, `,
           )})`);
        deleted += batch.length;
        if (batch.length < BATCH) break;
      }
    }
  }
  return { cutoff, deleted };
}

/** The job: runs daily (server/jobs.ts). */
export const photoRetentionJob = (deps: RetentionDeps) => async () => {
  const { cutoff, deleted } = await purgeOldPhotos(deps);
  if (deleted) console.log(`[retention] ${deleted} check-in photos before ${cutoff} deleted`);
};
