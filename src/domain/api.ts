/**
 * The shapes every answer shares (GUIDE §5): lists `{ result, totalCount }`, details `{ result }`,
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

export const MessageSchema = v.object({ message: v.string() });
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
