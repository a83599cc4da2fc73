/**
 * Who a news item reaches and who may edit it (docs/decisions/024-news.md), as SQL:
 * - an employee is addressed when her company is listed and every other non-empty list names her:
 *   `addresses` in src/domain/news/news.ts, here in SQL for the phone's list and the audience counts, built
 *   from the same AUDIENCE_MEMBER_FIELD table;
 * - an editor's item lies within her trustee when every employee it could reach is in her scope:
 *   each trustee dimension that has a matching audience list is matched by a non-empty subset of it
 *   (and she has no jabatan limit, which an audience cannot express), or the item names individual
 *   NRPs that are all within her scope.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  AUDIENCE_FIELDS,
  AUDIENCE_MEMBER_FIELD,
  NEWS_MESSAGES,
  type Audience,
  type AudienceMember,
} from '../../../src/domain/news/news';
import type { Trustee } from '../../db/schema/auth';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { news } from '../../db/schema/news';
import type { Actor } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { karyawanScope } from '../../middleware/trustee-scope';

/** trustee dimension → the audience list that limits it. */
const SCOPE_DIMENSIONS = [
  ['kode_prsh', 'kode_prsh'],
  ['sales_office', 'sales_office'],
  ['lokasi', 'kode_lokasi'],
  ['client', 'client'],
  ['spg_type', 'type_spg'],
] as const satisfies readonly (readonly [keyof Trustee, keyof Audience])[];

/** The karyawan columns an audience is matched on, under the AudienceMember names. */
const MEMBER_COLUMNS = {
  nrp: karyawan.nrp,
  kode_prsh: karyawan.kode_prsh,
  kode_lokasi: karyawan.kode_lokasi,
  client_id: karyawan.client_id,
  sales_office_id: karyawan.sales_office_id,
  type_spg_id: karyawan.type_spg_id,
} satisfies Record<keyof AudienceMember, AnyPgColumn>;

const jsonList = (codes: readonly (string | null)[]) => sql`${JSON.stringify(codes)}::jsonb`;

/** The news rows addressed to one employee (her own row's values, as parameters): `addresses` in SQL. */
export function addressedTo(e: AudienceMember): SQL {
  return and(
    ...AUDIENCE_FIELDS.map((field) => {
      const col = news[field];
      const named = sql`${col} @> ${jsonList([e[AUDIENCE_MEMBER_FIELD[field]]])}`;
      return field === 'kode_prsh' ? named : sql`(jsonb_array_length(${col}) = 0 or ${named})`;
    }),
  )!;
}

/** The active employees an audience reaches (before any editor's scope is applied): `addresses` in SQL. */
export function audienceWhere(a: Audience): SQL | undefined {
  if (a.kode_prsh.length === 0) return sql`false`;
  return and(
    isNull(karyawan.alasan_p3),
    ...AUDIENCE_FIELDS.map((field) =>
      a[field].length ? inArray(MEMBER_COLUMNS[AUDIENCE_MEMBER_FIELD[field]], a[field]) : undefined,
    ),
  );
}

/** The news rows whose audience lies within the actor's trustee (undefined: no limit). */
export function newsWithinScope(actor: Pick<Actor, 'trustee'>): SQL | undefined {
  const t = actor.trustee;
  if (!t) return undefined;
  const limited = SCOPE_DIMENSIONS.filter(([dim]) => t[dim].length > 0);
  if (limited.length === 0 && t.jabatan.length === 0) return undefined;
  const byDimensions =
    t.jabatan.length > 0
      ? sql`false`
      : sql.join(
          limited.map(
            ([dim, field]) => sql`(jsonb_array_length(${news[field]}) > 0 and ${news[field]} <@ ${jsonList(t[dim])})`,
          ),
          sql` and `,
        );
  const scope = karyawanScope(actor) ?? sql`true`;
  const byNrp = sql`(jsonb_array_length(${news.nrp}) > 0 and not exists (
    select 1 from jsonb_array_elements_text(${news.nrp}) as listed(nrp)
    where not exists (select 1 from ${karyawan} where ${karyawan.nrp} = listed.nrp and ${scope})))`;
  return sql`((${byDimensions}) or ${byNrp})`;
}

/** A write's audience must lie within the editor's trustee (the same rule, on the input): else 403. */
export async function assertAudienceWithinScope(db: Db, actor: Actor, a: Audience): Promise<void> {
  const t = actor.trustee;
  if (!t) return;
  const byDimensions =
    t.jabatan.length === 0 &&
    SCOPE_DIMENSIONS.every(
      ([dim, field]) => t[dim].length === 0 || (a[field].length > 0 && a[field].every((c) => t[dim].includes(c))),
    );
  if (byDimensions) return;
  if (a.nrp.length > 0) {
    const inScope = await db
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(and(inArray(karyawan.nrp, a.nrp), karyawanScope(actor)));
    if (inScope.length === a.nrp.length) return;
  }
  throw forbidden(NEWS_MESSAGES.outOfScope);
}

/** The employee fields an audience is matched on, for one NRP (null: no such employee). */
export async function memberOf(db: Db, nrp: string): Promise<AudienceMember | null> {
  const [row] = await db
    .select(MEMBER_COLUMNS)
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return row ?? null;
}
