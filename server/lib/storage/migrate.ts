/**
 * Moves the files of a local DATA_DIR/uploads into a bucket (`npm run storage:migrate`). Copies what
 * the bucket lacks, skips what it already holds with the same size, so it can run again after an
 * interruption, or while the old single copy still takes check-ins and once more after it stopped.
 * The local files stay: remove them once the copies run on the bucket.
 */
import type { LocalStorage } from './local';
import { contentTypeOf, type Storage } from './types';

export interface MigrationCount {
  copied: number;
  skipped: number;
  failed: number;
  bytes: number;
}

export async function migrateToBucket(
  from: LocalStorage,
  to: Storage,
  log: (line: string) => void = () => undefined,
): Promise<MigrationCount> {
  const count: MigrationCount = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  for await (const key of from.keys()) {
    try {
      const [source, there] = await Promise.all([from.head(key), to.head(key)]);
      if (!source) continue;
      if (there && there.size === source.size) {
        count.skipped++;
        continue;
      }
      const bytes = await from.get(key);
      if (!bytes) continue;
      await to.put(key, bytes, contentTypeOf(key));
      count.copied++;
      count.bytes += bytes.byteLength;
    } catch (err) {
      count.failed++;
      log(`${key}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return count;
}
