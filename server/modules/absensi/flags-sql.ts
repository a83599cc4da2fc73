import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `flags` with the codes it lacks appended, as one SQL expression: a code is on a record once however
 * many writes (a check-in and its check-out, the evidence job run twice) raise it. Evaluated on the row
 * being updated, so a concurrent writer's codes are kept.
 */
export function flagsWith(flags: SQLWrapper, codes: readonly string[]): SQL {
  return sql`${flags} || coalesce((select jsonb_agg(c) from jsonb_array_elements_text(${JSON.stringify([
    ...new Set(codes),
  ])}::jsonb) c where not ${flags} @> jsonb_build_array(c)), '[]'::jsonb)`;
}
