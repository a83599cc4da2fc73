// Bundled by bench/enqueue.mjs and run inside Chromium: times the outbox enqueue of a check-in with a
// 300 KB photo, from the call to the durable commit (the moment the screen may say "saved").
import { OfflineDb } from '../src/lib/offline/db';
import { enqueue } from '../src/lib/offline/outbox';

async function run(n: number): Promise<number[]> {
  const db = new OfflineDb(`bench-enqueue-${Date.now()}`);
  const bytes = new Uint8Array(300 * 1024).map((_, i) => (i * 2654435761) >>> 24);
  const photo = new File([bytes], 'foto.jpg', { type: 'image/jpeg' });
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await enqueue(
      {
        kind: 'absensi.check-in',
        userid: 'U00004',
        path: '/api/absensi/new/spg',
        payload: {
          tanggal: '2026-11-21',
          jam_masuk: '08:00:00',
          captured_at: new Date().toISOString(),
          lat: -6.2,
          long: 106.8,
          accuracy: 8,
        },
        files: [{ field: 'photo', file: photo }],
        capturedAt: new Date().toISOString(),
      },
      db,
    );
    times.push(performance.now() - t);
  }
  db.close();
  await db.delete();
  return times;
}

(globalThis as unknown as { benchEnqueue: typeof run }).benchEnqueue = run;
