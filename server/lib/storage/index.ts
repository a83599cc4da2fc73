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

/**
 * Where stored files go, for the start-up line: `local <dir>` or `s3 <bucket>@<endpoint>`. Never a key or
 * secret: the endpoint is shown without any user:password part or query.
 */
export function describeStorage(env: Pick<Env, 'dataDir' | 's3'>): string {
  if (!env.s3) return `local ${path.join(env.dataDir, 'uploads')}`;
  let where = `AWS ${env.s3.region}`;
  if (env.s3.endpoint) {
    try {
      const u = new URL(env.s3.endpoint);
      where = `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
    } catch {
      where = 'endpoint';
    }
  }
  return `s3 ${env.s3.bucket}@${where}`;
}
