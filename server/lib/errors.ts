import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { registerIndonesianValidationMessages } from './valibot-messages';

// Every 400 the server answers goes through this module: valibot's own messages become Indonesian.
registerIndonesianValidationMessages();

export interface FieldIssue {
  path: string;
  message: string;
}

/** Every error the API answers has this shape: `{ message, error: { code, issues? } }` (docs/guide.md §5). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string,
    readonly issues?: FieldIssue[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  body() {
    return {
      message: this.message,
      ...this.extra,
      error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) },
    };
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) =>
  new HttpError(400, message, 'bad_request', issues);
export const unauthorized = (message = 'Sesi tidak valid atau sudah berakhir, silakan login kembali') =>
  new HttpError(401, message, 'unauthorized');
export const forbidden = (message = 'Anda tidak memiliki akses untuk tindakan ini') =>
  new HttpError(403, message, 'forbidden');
export const notFound = (message = 'Data tidak ditemukan') => new HttpError(404, message, 'not_found');
export const conflict = (message: string) => new HttpError(409, message, 'conflict');

export function issuesOf(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  return issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message }));
}

/** Parses with a valibot schema; bad input becomes a 400 whose message is the first issue's text. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues = issuesOf(result.issues);
  throw badRequest(issues[0]?.message ?? 'Data tidak valid', issues);
}
