/**
 * npm run storage:migrate [-- --from <uploads dir>]: copies DATA_DIR/uploads (or the given folder)
 * into the bucket of S3_* (server/env.ts). Answers the counts; exit code 1 when a file failed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../../env';
import { localStorage } from './local';
import { migrateToBucket } from './migrate';
import { s3Storage } from './s3';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const env = readEnv();
if (!env.s3) {
  console.error('storage:migrate needs the bucket: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, keys) first.');
  process.exit(2);
}
const from = localStorage(path.resolve(values.from ?? path.join(env.dataDir, 'uploads')));
const to = s3Storage(env.s3);
console.log(`Copying ${from.root} to bucket ${to.bucket}${env.s3.endpoint ? ` at ${env.s3.endpoint}` : ''} …`);
const started = Date.now();
const count = await migrateToBucket(from, to, (line) => console.error(line));
console.log(
  `copied ${count.copied} (${(count.bytes / 1024 / 1024).toFixed(1)} MB), already there ${count.skipped}, ` +
    `failed ${count.failed}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
to.client.destroy();
process.exit(count.failed ? 1 : 0);
