/**
 * What an employee reads about her own attendance (issue 41 item 3, docs/guide.md §14): the record as it
 * stands, without the flag codes. Naming them tells a cheater what was caught; she learns that a review is
 * open, its outcome and what the reviewer wrote for her (`tinjau`). Reviewers (Perlu Ditinjau, HR's
 * Absensi list and detail, reports) read the codes; every answer about her own day or visit goes through
 * here: her day and visits (GET), her plan, and the answers to her check-ins and check-outs, replays
 * included (server/middleware/idempotency.ts `shown`).
 */

/** Her view of one of her records (a day, a visit line): every field but the flag codes. */
export function herView<R extends { flags?: readonly string[] }>(record: R): R {
  return { ...record, flags: [] };
}

/**
 * Her view of the answer to her own check-in or check-out, `{ message, result, … }`: fresh, or a replay
 * stored before answers left the flags out.
 */
export function herAnswer<A extends { result?: { flags?: readonly string[] } | null }>(answer: A): A {
  return answer.result ? { ...answer, result: herView(answer.result) } : answer;
}
