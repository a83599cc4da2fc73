/**
 * The shapes every answer shares (docs/guide.md §5): lists `{ result, totalCount }`, details `{ result }`,
 * actions `{ message }`, errors `{ message, error: { code, message, issues? } }`. Route contracts and the
 * client's calls build their answer schemas from these.
 */
import * as v from 'valibot';

export const FieldIssueSchema = v.object({ path: v.string(), message: v.string() });

export const ErrorSchema = v.object({
  message: v.string(),
  error: v.object({
    code: v.string(),
    message: v.string(),
    issues: v.optional(v.array(FieldIssueSchema)),
  }),
});
export type ErrorAnswer = v.InferOutput<typeof ErrorSchema>;

/**
 * Sent with every download: the browser's own time zone, so a file's name carries the user's local date
 * (server/lib/local-day.ts).
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

export const MessageSchema = v.object({ message: v.string() });

/**
 * A file part of a multipart body, for the API document (`type: string, format: binary`); the server
 * reads the file itself and checks it by content.
 */
export const fileField = (description: string) => v.pipe(v.string(), v.metadata({ format: 'binary', description }));
export type MessageAnswer = v.InferOutput<typeof MessageSchema>;

/** `{ result: T[], totalCount }` */
export function listAnswer<T extends v.GenericSchema>(row: T) {
  return v.object({ result: v.array(row), totalCount: v.number() });
}

/** `{ result: T }` */
export function resultAnswer<T extends v.GenericSchema>(result: T) {
  return v.object({ result });
}

/** `{ message, result: T }`: an action that also answers what it wrote. */
export function messageWith<T extends v.GenericSchema>(result: T) {
  return v.object({ message: v.string(), result });
}

/**
 * The text to show for an error answer, read the one way every client part reads it (the http client,
 * the outbox replay, uploads). Spec part 1 §8: from `error` (a string, or an object with `message`),
 * then `message`, then the status.
 */
export function errorAnswerMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown };
    if (typeof b.error === 'string' && b.error) return b.error;
    const nested = b.error && typeof b.error === 'object' ? (b.error as { message?: unknown }).message : undefined;
    if (typeof nested === 'string' && nested) return nested;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  if (typeof body === 'string' && body && !body.trimStart().startsWith('<')) return body;
  return `Permintaan gagal (${status})`;
}
