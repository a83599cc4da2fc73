/**
 * Data scope of the master lists. Some lists are themselves trustee dimensions (a user limited to
 * lokasi JKT sees only lokasi JKT); every list that belongs to a company is limited by the user's
 * kode_prsh. Empty lists, or no trustee at all, mean no restriction (server/db/schema/auth.ts).
 * One rule, used for list queries (in SQL) and for single rows (details and writes).
 */
import { and, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Trustee } from '../../db/schema/auth';
import type { Actor } from '../../lib/context';

export type TrusteeDimension = keyof Trustee;

/** Which field of a master table each trustee dimension restricts. */
export type ScopeFields = Partial<Record<TrusteeDimension, string>>;

/** The non-empty trustee lists that apply to a table, with the field each one restricts. */
function restrictions(actor: Pick<Actor, 'trustee'>, scope: ScopeFields): { field: string; allowed: string[] }[] {
  const t = actor.trustee;
  if (!t) return [];
  return (Object.entries(scope) as [TrusteeDimension, string][]).flatMap(([dim, field]) => {
    // Trustee is stored JSON: a list missing from an older row means no restriction, as an empty one.
    const allowed = Array.isArray(t[dim]) ? t[dim] : [];
    return allowed.length ? [{ field, allowed }] : [];
  });
}

export function masterScope(actor: Pick<Actor, 'trustee'>, table: PgTable, scope: ScopeFields): SQL | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const parts = restrictions(actor, scope).flatMap(({ field, allowed }) => {
    const column = columns[field];
    return column ? [inArray(column, allowed)] : [];
  });
  return parts.length ? and(...parts) : undefined;
}

export function inMasterScope(
  actor: Pick<Actor, 'trustee'>,
  scope: ScopeFields,
  row: Record<string, unknown>,
): boolean {
  return restrictions(actor, scope).every(({ field, allowed }) => {
    const value = row[field];
    return typeof value === 'string' && allowed.includes(value);
  });
}
