/**
 * POST /api/karyawan/upload and its history (spec part 1 §2 "Employee upload", §3, §5, §8): the sheet
 * is read and checked row by row; the good rows are saved, upserted by NRP, in one transaction together
 * with the log row that names every refused row and why. Uploading the same file again changes
 * nothing (every row is unchanged), so it creates no duplicates and no new posting items.
 */
import { UPLOAD_MESSAGES, type UploadResult } from '../../../src/domain/karyawan/karyawan-upload';
import { failureRow } from '../../../src/domain/upload';
import type { Actor, Deps } from '../../lib/context';
import { lockNumbering } from './karyawan-numbers';
import { readEmployeeSheet } from './karyawan-upload-sheet';
import { planUpload } from './karyawan-upload-plan';
import { writeCreates, writeUpdates } from './karyawan-upload-write';
import { writeUploadLog } from '../../lib/upload-log';

export const UPLOAD_JENIS = 'karyawan';

export async function uploadKaryawan(
  deps: Deps,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
): Promise<{ message: string; result: UploadResult }> {
  const sheet = await readEmployeeSheet(file.bytes);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Uploads number contracts and may create NRPs: one at a time with the form's creates.
    await lockNumbering(tx);
    const plan = await planUpload(tx, actor, sheet);
    const by = { userid: actor.userid, now };
    await writeCreates(tx, plan.creates, by);
    await writeUpdates(tx, plan.updates, by);
    const total = sheet.rows.length;
    const failed = plan.failures.length;
    const counts = {
      total,
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged,
      failed,
    };
    const log = await writeUploadLog(tx, {
      jenis: UPLOAD_JENIS,
      fileName: file.name,
      by: actor.userid,
      at: now,
      keterangan: UPLOAD_MESSAGES.summary(counts),
      total,
      failures: plan.failures,
    });
    return {
      message: UPLOAD_MESSAGES.done(counts),
      result: { log_id: log.id, ...counts, status: log.status, nrp_gagal: plan.failures.map(failureRow) },
    };
  });
}
