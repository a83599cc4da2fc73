/**
 * Payroll periods (id YYYYMM). A period's key is the month alone, so a period is shared by every
 * company (kode_prsh names its owner): periods are not limited by trustee scope (docs/decisions/004).
 */
import dayjs from 'dayjs';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { periodBounds } from '../../../src/domain/dates';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import {
  MASTER_MESSAGES,
  periodStatusMessage,
  workingDaysOf,
  type PeriodCreateInput,
  type PeriodRow,
} from '../../../src/domain/master/master';
import type { Db } from '../../db/client';
import { period } from '../../db/schema/master';
import { withIntegrity } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';

export async function listPeriods(db: Db, q: ListQuery & { status?: boolean }): Promise<ListAnswer<PeriodRow>> {
  const where = and(
    q.status === undefined ? undefined : eq(period.status, q.status),
    q.q ? ilike(period.id, likePattern(q.q)) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const result = await db.select().from(period).where(where).orderBy(desc(period.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(period).where(where);
  return { result, totalCount: total?.n ?? 0 };
}

export async function getPeriod(db: Db, id: string): Promise<PeriodRow> {
  const [row] = await db.select().from(period).where(eq(period.id, id)).limit(1);
  if (!row) throw notFound(`Periode ${id} tidak ditemukan`);
  return row;
}

/** The period of today's month (the server's local date). */
export async function currentPeriod(db: Db, now: Date): Promise<PeriodRow> {
  const id = dayjs(now).format('YYYYMM');
  const [row] = await db.select().from(period).where(eq(period.id, id)).limit(1);
  if (!row) throw notFound(`Periode ${id} belum dibuat`);
  return row;
}

export async function createPeriod(db: Db, input: PeriodCreateInput) {
  const bounds = periodBounds(input.id);
  const mulai = input.mulai ?? bounds.mulai;
  const akhir = input.akhir ?? bounds.akhir;
  const row = {
    id: input.id,
    kode_prsh: input.kode_prsh,
    mulai,
    akhir,
    jum_hk: input.jum_hk ?? workingDaysOf(mulai, akhir),
    status: input.status,
  };
  await withIntegrity(() => db.insert(period).values(row), {
    duplicate: `Periode ${input.id} sudah ada`,
    missingRef: MASTER_MESSAGES.prshNotFound,
  });
  return { message: `Periode ${input.id} berhasil ditambahkan` };
}

export async function setPeriodStatus(db: Db, id: string, status: boolean) {
  const updated = await db.update(period).set({ status }).where(eq(period.id, id)).returning({ id: period.id });
  if (updated.length === 0) throw notFound(`Periode ${id} tidak ditemukan`);
  return { message: periodStatusMessage(id, status) };
}
