/**
 * The one HTTP client: bearer token, JSON in and out, one error shape. A 401 on an authenticated
 * call ends the session through the handler the app registers (toast + back to /login).
 */
import type * as v from 'valibot';
import { errorAnswerMessage, TIME_ZONE_HEADER } from '../domain/api';
import { session } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Spec part 1 §8: the text comes from `error` (often with message), then `message`, then the error itself. */
export function errorMessage(err: unknown, fallback = 'Terjadi kesalahan'): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof TypeError) return 'Tidak dapat terhubung ke server. Periksa koneksi Anda.';
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /** Send the session token (default true). Login and the forced password change send none. */
  auth?: boolean;
  signal?: AbortSignal;
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A JSON call whose answer type comes from the route's declared answer schema in `src/domain` (the same
 * schema the server's contract publishes and the API tests check), e.g.
 * `api('/api/store', { answer: StoreListAnswerSchema, query })`. An area whose endpoints are declared as
 * contracts (`src/domain/<area>/contracts.ts`) calls `call(contract, input)` (call.ts) instead.
 */
export async function api<S extends v.GenericSchema>(
  path: string,
  options: RequestOptions & { answer: S },
): Promise<v.InferOutput<S>>;
/** A call whose answer nobody reads (a probe of the session). */
export async function api(path: string, options?: RequestOptions): Promise<unknown>;
export async function api(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = auth ? session.get()?.token : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(withQuery(path, query), { method, headers, body: payload, signal });
  const text = await res.text();
  let data: unknown = text;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && token) onUnauthorized();
    throw new ApiError(res.status, errorAnswerMessage(data, res.status), data);
  }
  return data;
}

/**
 * A file answer (documents, exports): the bytes and the name from content-disposition, with the same
 * error handling as `api`.
 */
export async function apiFile(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}) {
  const token = session.get()?.token;
  // The browser's zone: the file's name carries her local date, not the server's.
  const headers: Record<string, string> = { [TIME_ZONE_HEADER]: Intl.DateTimeFormat().resolvedOptions().timeZone };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(withQuery(path, options.query), { headers, signal: options.signal });
  if (!res.ok) {
    const text = await res.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: the text itself
    }
    if (res.status === 401 && token) onUnauthorized();
    throw new ApiError(res.status, errorAnswerMessage(data, res.status), data);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), filename };
}
