/** The storage of this server: a bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
import path from 'node:path';
import type { Env } from '../../env';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './types';

export { localStorage, type LocalStorage } from './local';
export { s3Storage, type S3Config, type S3Storage } from './s3';
export * from './types';

export function createStorage(env: Pick<Env, 'dataDir' | 's3'>): Storage {
  return env.s3 ? s3Storage(env.s3) : localStorage(path.join(env.dataDir, 'uploads'));
}
