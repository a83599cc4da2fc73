/**
 * Every job this server runs, registered on one queue: the list to read when asking "what runs in the
 * background?". A new job adds its `queue.work(name, handler)` here and, if recurring, its schedule in
 * `scheduleJobs` (see server/lib/jobs/queue.ts for the API and its guarantees).
 */
import type { Db } from './db/client';
import type { Storage } from './lib/storage';
import { EVIDENCE_JOB, evidenceJob, type EvidenceJobData } from './modules/absensi/evidence-job';
import { FORGOT_CHECKOUT_JOB, forgotCheckoutJob } from './modules/absensi/forgot-checkout-job';
import { PHOTO_RETENTION_JOB, photoRetentionJob } from './modules/absensi/photo-retention';
import { purgeDeviceChallenges } from './modules/device/challenge-purge';
import { NEWS_NOTIFY_JOB, newsNotifyJob } from './modules/news/news-notify';
import { pushSendJob, type PushSendData, type PushTransport } from './modules/push/push-job';
import type { PushConfig } from './modules/push/push.service';
import { PUSH_SEND_JOB } from '../src/domain/push/notifikasi';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './lib/jobs/queue';

export interface JobDeps {
  db: Db;
  storage: Storage;
  /** PHOTO_RETENTION_MONTHS (default 13). */
  photoRetentionMonths?: number;
  /** The jobs' clock (tests move it). */
  now?: () => Date;
  /** Web Push (VAPID_*, PUSH_ENDPOINT_HOSTS) and how its requests leave (default fetch, 10 s timeout). */
  push?: PushConfig;
  pushTransport?: PushTransport;
}

/** A queue on `deps.db` with every handler registered; not polling until `start()`. */
export function createJobs(deps: JobDeps, opts: JobQueueOptions = {}): JobQueue {
  const queue = createJobQueue(deps.db, opts);
  queue.work<EvidenceJobData>(EVIDENCE_JOB, evidenceJob(deps));
  const now = deps.now ?? (() => new Date());
  const photoRetention = photoRetentionJob({
    db: deps.db,
    storage: deps.storage,
    months: deps.photoRetentionMonths ?? 13,
    now,
  });
  // The nightly retention run: old check-in photos, then used and expired passkey challenges (issue 41).
  queue.work(PHOTO_RETENTION_JOB, async () => {
    await photoRetention();
    const purged = await purgeDeviceChallenges(deps.db, now());
    if (purged) console.log(`[retention] ${purged} used or expired device challenges deleted`);
  });
  queue.work(FORGOT_CHECKOUT_JOB, forgotCheckoutJob({ db: deps.db, now }));
  queue.work(NEWS_NOTIFY_JOB, newsNotifyJob({ db: deps.db }));
  queue.work<PushSendData>(PUSH_SEND_JOB, pushSendJob({ db: deps.db, push: deps.push, transport: deps.pushTransport }));
  return queue;
}

/** The recurring jobs (upserted at every start; one copy wins each run). */
export async function scheduleJobs(queue: JobQueue): Promise<void> {
  await queue.schedule('jobs.purge', '17 3 * * *', {}, 'Asia/Jakarta');
  // Check-in photos past PHOTO_RETENTION_MONTHS, nightly when nobody checks in (decision 035), and used or
  // expired passkey challenges.
  await queue.schedule(PHOTO_RETENTION_JOB, '40 2 * * *', {}, 'Asia/Jakarta');
  // Check-out reminders and Lupa Check Out: every minute, reading only the shift-days already due.
  await queue.schedule(FORGOT_CHECKOUT_JOB, '* * * * *', {}, 'Asia/Jakarta');
}
