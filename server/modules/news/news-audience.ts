/**
 * Who a news item reaches and who may edit it (docs/decisions/024-news.md), as SQL:
 * - an employee is addressed when her company is listed and every other non-empty list names her
 *   (the same rule as `addresses` in src/domain/news.ts, for the phone's list and the photo check);
 * - an editor's item lies within her trustee when every employee it could reach is in her scope:
 *   each trustee dimension that has a matching audience list is matched by a non-empty subset of it
 *   (and she has no jabatan limit, which an audience cannot express), or the item names individual
 *   NRPs that are all within her scope.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NEWS_MESSAGES, type Audience, type AudienceMember } from '../../../src/domain/news';
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

const jsonList = (codes: readonly (string | null)[]) => sql`${JSON.stringify(codes)}::jsonb`;

/** The news rows addressed to one employee (her own row's values, as parameters). */
export function addressedTo(e: AudienceMember): SQL {
  const listed = (col: AnyPgColumn, value: string | null) =>
    sql`(jsonb_array_length(${col}) = 0 or ${col} @> ${jsonList([value])})`;
  return sql`(${news.kode_prsh} @> ${jsonList([e.kode_prsh])}
    and ${listed(news.kode_lokasi, e.kode_lokasi)}
    and ${listed(news.client, e.client_id)}
    and ${listed(news.sales_office, e.sales_office_id)}
    and ${listed(news.type_spg, e.type_spg_id)}
    and ${listed(news.nrp, e.nrp)})`;
}

/** The active employees an audience reaches (before any editor's scope is applied). */
export function audienceWhere(a: Audience): SQL | undefined {
  if (a.kode_prsh.length === 0) return sql`false`;
  return and(
    isNull(karyawan.alasan_p3),
    inArray(karyawan.kode_prsh, a.kode_prsh),
    a.kode_lokasi.length ? inArray(karyawan.kode_lokasi, a.kode_lokasi) : undefined,
    a.client.length ? inArray(karyawan.client_id, a.client) : undefined,
    a.sales_office.length ? inArray(karyawan.sales_office_id, a.sales_office) : undefined,
    a.type_spg.length ? inArray(karyawan.type_spg_id, a.type_spg) : undefined,
    a.nrp.length ? inArray(karyawan.nrp, a.nrp) : undefined,
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
    .select({
      nrp: karyawan.nrp,
      kode_prsh: karyawan.kode_prsh,
      kode_lokasi: karyawan.kode_lokasi,
      client_id: karyawan.client_id,
      sales_office_id: karyawan.sales_office_id,
      type_spg_id: karyawan.type_spg_id,
    })
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return row ?? null;
}
