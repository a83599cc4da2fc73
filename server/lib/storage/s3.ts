/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the official AWS SDK client: what
 * several copies of the server share. Path-style addressing for the servers that need it.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type Storage } from './types';

export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface S3Storage extends Storage {
  readonly kind: 's3';
  readonly bucket: string;
  readonly client: S3Client;
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3Storage(config: S3Config): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // The SDK's default checksums (aws-chunked uploads) are unknown to many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without keys the SDK's own chain applies (instance role, AWS_* variables, …).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;
  const object = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    bucket: Bucket,
    client,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      const found = await object(key);
      return found?.Body ? new Uint8Array(await found.Body.transformToByteArray()) : null;
    },
    async head(key) {
      try {
        const h = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: h.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async stream(key) {
      const found = await object(key);
      if (!found?.Body) return null;
      return { size: found.ContentLength ?? 0, body: found.Body.transformToWebStream() as ReadableStream<Uint8Array> };
    },
  };
}
