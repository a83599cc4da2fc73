/** An S3-compatible server for a test file (s3rver): a temp folder, a free localhost port, one bucket. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../server/lib/storage';

export interface TestS3 {
  config: S3Config;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'hadir-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hadir-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed development keys.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
