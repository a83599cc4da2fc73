/**
 * One place for every stored file (docs/decisions/ — object storage): photos, leave attachments and
 * whatever comes later. A key is `<kind>/<name>`, the kind a folder (photo, leave, …) and the name a
 * generated random one, so a key never carries a path a client chose.
 */

export interface StoredHead {
  size: number;
}

export interface StoredStream extends StoredHead {
  body: ReadableStream<Uint8Array>;
}

export interface Storage {
  /** 'local' (DATA_DIR/uploads) or 's3' (a bucket): said in the start-up line and the health answer. */
  readonly kind: 'local' | 's3';
  /** Writes the object; an existing key is an error (names are random: a clash is a bug, never overwritten). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The whole object, null when there is none. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  head(key: string): Promise<StoredHead | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The object as a stream for an HTTP answer, null when there is none. */
  stream(key: string): Promise<StoredStream | null>;
}

/**
 * `<kind>/<generated name>.<ext>`: lower-case kind, 8–100 name characters (a photo's name is at most 80; a
 * thumbnail's adds its photo's extension and width), no dots or slashes in between.
 */
export const STORAGE_KEY = /^[a-z]{2,20}\/[A-Za-z0-9_-]{8,100}\.[a-z0-9]{2,5}$/;

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
  }
}

export function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new InvalidStorageKey(key);
  return key;
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The content type of a stored key, from its generated extension (the content was checked when stored). */
export function contentTypeOf(key: string): string {
  return MIME[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
