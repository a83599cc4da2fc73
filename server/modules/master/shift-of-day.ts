/**
 * The join that gives a day its own shift times (docs/decisions/045): shift_masa's span of the day's
 * shift that holds the day. Use it wherever a day is judged (lateness, early leave, worked time, uang
 * shift, Lupa Check Out) in place of a join on the shift itself; raw SQL writes the same condition:
 *   join shift_masa sh on sh.id = <shift id> and sh.berlaku_mulai <= <day> and <day> < sh.berlaku_sampai
 */
import { and, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { shiftMasa } from '../../db/schema/master';

export function shiftOfDay(shiftId: PgColumn | SQL, day: PgColumn | SQL): SQL {
  return and(eq(shiftMasa.id, shiftId), lte(shiftMasa.berlaku_mulai, day), gt(shiftMasa.berlaku_sampai, day))!;
}
