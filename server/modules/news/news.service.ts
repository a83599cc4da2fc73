/**
 * The news editor's side (spec part 2 §2.10, §7): list, one item with the option lists of its form,
 * create/change/delete with the photo, the audience preview and who has read an item. Every read and
 * write is limited to items whose audience lies within the editor's trustee (news-audience.ts).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIENCE_LABEL,
  joinCodes,
  NEWS_MESSAGES,
  type Audience,
  type NewsFields,
  type NewsKaryawanQuery,
  type NewsListQuery,
  type NewsListRow,
  type NewsReadersAnswer,
  type NewsReadersQuery,
  type NewsRow,
  type NewsSelectOptions,
  type SelectOption,
} from '../../../src/domain/news/news';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { client, karyawanType, lokasi, perusahaan, salesOffice } from '../../db/schema/master';
import { news, newsRead } from '../../db/schema/news';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { removePhoto, storePhoto, type CheckedPhoto } from '../../lib/files';
import { likePattern, pageWindow } from '../../lib/pagination';
import { karyawanScope } from '../../middleware/trustee-scope';
import { assertAudienceWithinScope, audienceWhere, newsWithinScope } from './news-audience';
import { enqueueNewsNotify } from './news-notify';

type NewsRecord = typeof news.$inferSelect;

export const audienceOf = (r: Pick<NewsRecord, keyof Audience>): Audience => ({
  kode_prsh: r.kode_prsh,
  kode_lokasi: r.kode_lokasi,
  client: r.client,
  sales_office: r.sales_office,
  type_spg: r.type_spg,
  nrp: r.nrp,
});

export function publicNews(r: NewsRecord): NewsRow {
  return {
    news_id: r.news_id,
    judul: r.judul,
    isi: r.isi,
    foto: r.foto,
    validfrom: r.validfrom,
    validto: r.validto,
    kode_prsh: joinCodes(r.kode_prsh),
    kode_lokasi: joinCodes(r.kode_lokasi),
    client: joinCodes(r.client),
    sales_office: joinCodes(r.sales_office),
    type_spg: joinCodes(r.type_spg),
    nrp: joinCodes(r.nrp),
    updated_by: r.updated_by,
    tglupdate: r.tglupdate.toISOString(),
  };
}

export async function listNews(db: Db, actor: Actor, q: NewsListQuery) {
  const where = and(
    newsWithinScope(actor),
    q.q ? or(ilike(news.judul, likePattern(q.q)), ilike(news.isi, likePattern(q.q))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      row: news,
      read_count: sql<number>`(select count(*)::int from ${newsRead} where ${newsRead.news_id} = ${news.news_id})`,
    })
    .from(news)
    .where(where)
    .orderBy(desc(news.validfrom), desc(news.news_id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  const result: NewsListRow[] = rows.map((r) => ({ ...publicNews(r.row), read_count: Number(r.read_count) }));
  return { result, totalCount: total?.n ?? 0 };
}

/** One item the editor may see; another (or none) is a 404 alike. */
export async function findNews(db: Db, actor: Actor, id: number): Promise<NewsRecord> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.news_id, id), newsWithinScope(actor)))
    .limit(1);
  if (!row) throw notFound(NEWS_MESSAGES.notFound);
  return row;
}

const option = (value: string, label: string, kode_prsh: string): SelectOption => ({
  value,
  label: `${value} - ${label}`,
  kode_prsh,
});

/** The multi-selects' options within the editor's trustee; NRPs: only those already chosen. */
export async function selectOptions(db: Db, actor: Actor, chosenNrp: string[] = []): Promise<NewsSelectOptions> {
  const t = actor.trustee;
  const limit = (col: AnyPgColumn, list: string[] | undefined) =>
    list && list.length ? inArray(col, list) : undefined;
  const [prsh, lok, cli, so, types, chosen] = await Promise.all([
    db.select().from(perusahaan).where(limit(perusahaan.kode_prsh, t?.kode_prsh)).orderBy(asc(perusahaan.kode_prsh)),
    db
      .select()
      .from(lokasi)
      .where(and(limit(lokasi.kode_prsh, t?.kode_prsh), limit(lokasi.id, t?.lokasi)))
      .orderBy(asc(lokasi.id)),
    db
      .select()
      .from(client)
      .where(and(limit(client.kode_prsh, t?.kode_prsh), limit(client.id, t?.client)))
      .orderBy(asc(client.id)),
    db
      .select()
      .from(salesOffice)
      .where(and(limit(salesOffice.kode_prsh, t?.kode_prsh), limit(salesOffice.id, t?.sales_office)))
      .orderBy(asc(salesOffice.id)),
    db
      .select()
      .from(karyawanType)
      .where(and(limit(karyawanType.kode_prsh, t?.kode_prsh), limit(karyawanType.id, t?.spg_type)))
      .orderBy(asc(karyawanType.id)),
    chosenNrp.length
      ? db
          .select({ nrp: karyawan.nrp, nama: karyawan.nama, kode_prsh: karyawan.kode_prsh })
          .from(karyawan)
          .where(and(inArray(karyawan.nrp, chosenNrp), karyawanScope(actor)))
          .orderBy(asc(karyawan.nrp))
      : Promise.resolve([]),
  ]);
  return {
    kode_prsh: prsh.map((r) => option(r.kode_prsh, r.nama, r.kode_prsh)),
    kode_lokasi: lok.map((r) => option(r.id, r.nama, r.kode_prsh)),
    client: cli.map((r) => option(r.id, r.nama, r.kode_prsh)),
    sales_office: so.map((r) => option(r.id, r.nama, r.kode_prsh)),
    type_spg: types.map((r) => option(r.id, r.type, r.kode_prsh)),
    nrp: chosen.map((r) => option(r.nrp, r.nama, r.kode_prsh)),
  };
}

/** The employee picker of the form: active employees within scope, of the chosen companies. */
export async function searchKaryawan(db: Db, actor: Actor, q: NewsKaryawanQuery) {
  const where = and(
    isNull(karyawan.alasan_p3),
    karyawanScope(actor),
    q.kode_prsh.length ? inArray(karyawan.kode_prsh, q.kode_prsh) : undefined,
    q.q ? like(karyawan.cari, likePattern(q.q.toLowerCase())) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ nrp: karyawan.nrp, nama: karyawan.nama, kode_prsh: karyawan.kode_prsh })
    .from(karyawan)
    .where(where)
    .orderBy(asc(karyawan.nrp))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(karyawan).where(where);
  return { result: rows.map((r) => option(r.nrp, r.nama, r.kode_prsh)), totalCount: total?.n ?? 0 };
}

/** How many active employees within the editor's scope an audience reaches. */
export async function audienceCount(db: Db, actor: Actor, a: Audience): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(karyawan)
    .where(and(audienceWhere(a), karyawanScope(actor)));
  return row?.n ?? 0;
}

/** Every listed code must exist (a typo would silently address nobody). */
async function assertCodesExist(db: Db, a: Audience): Promise<void> {
  const checks: [keyof Audience, Promise<{ id: string }[]>][] = [];
  const find = (field: keyof Audience, q: () => Promise<{ id: string }[]>) => {
    if (a[field].length) checks.push([field, q()]);
  };
  find('kode_prsh', () =>
    db.select({ id: perusahaan.kode_prsh }).from(perusahaan).where(inArray(perusahaan.kode_prsh, a.kode_prsh)),
  );
  find('kode_lokasi', () => db.select({ id: lokasi.id }).from(lokasi).where(inArray(lokasi.id, a.kode_lokasi)));
  find('client', () => db.select({ id: client.id }).from(client).where(inArray(client.id, a.client)));
  find('sales_office', () =>
    db.select({ id: salesOffice.id }).from(salesOffice).where(inArray(salesOffice.id, a.sales_office)),
  );
  find('type_spg', () =>
    db.select({ id: karyawanType.id }).from(karyawanType).where(inArray(karyawanType.id, a.type_spg)),
  );
  find('nrp', () => db.select({ id: karyawan.nrp }).from(karyawan).where(inArray(karyawan.nrp, a.nrp)));
  for (const [field, q] of checks) {
    const found = new Set((await q).map((r) => r.id));
    const missing = a[field].filter((c) => !found.has(c));
    if (missing.length) {
      const message = NEWS_MESSAGES.unknown(AUDIENCE_LABEL[field], missing.slice(0, 5));
      throw badRequest(message, [{ path: field, message }]);
    }
  }
}

function valuesOf(f: NewsFields, actor: Actor, now: Date) {
  return {
    judul: f.judul,
    isi: f.isi,
    validfrom: f.validfrom,
    validto: f.validto,
    kode_prsh: f.kode_prsh,
    kode_lokasi: f.kode_lokasi,
    client: f.client,
    sales_office: f.sales_office,
    type_spg: f.type_spg,
    nrp: f.nrp,
    updated_by: actor.userid,
    tglupdate: now,
  };
}

async function checkAudience(db: Db, actor: Actor, f: NewsFields) {
  const a = audienceOf(f);
  await assertCodesExist(db, a);
  await assertAudienceWithinScope(db, actor, a);
}

/** POST /api/news: the photo is stored inside the transaction and removed again if it does not commit. */
export async function createNews(deps: Deps, actor: Actor, f: NewsFields, photo: CheckedPhoto | null) {
  await checkAudience(deps.db, actor, f);
  const undo: (() => Promise<void>)[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const foto = photo ? await storePhoto(deps.storage, photo, { onRollback: (fn) => void undo.push(fn) }) : null;
      const [row] = await tx
        .insert(news)
        .values({ ...valuesOf(f, actor, deps.now()), foto })
        .returning();
      await enqueueNewsNotify(tx, row!.news_id, row!.validfrom, deps.now());
      return { message: NEWS_MESSAGES.created, result: publicNews(row!) };
    });
  } catch (err) {
    for (const fn of undo) await fn().catch(() => undefined);
    throw err;
  }
}

/** PUT /api/news/{id}: a new photo replaces the stored one (removed once the change is committed). */
export async function updateNews(deps: Deps, actor: Actor, id: number, f: NewsFields, photo: CheckedPhoto | null) {
  const current = await findNews(deps.db, actor, id);
  await checkAudience(deps.db, actor, f);
  const undo: (() => Promise<void>)[] = [];
  try {
    const answer = await deps.db.transaction(async (tx) => {
      let foto = f.remove_foto ? null : current.foto;
      if (photo) foto = await storePhoto(deps.storage, photo, { onRollback: (fn) => void undo.push(fn) });
      const [row] = await tx
        .update(news)
        .set({ ...valuesOf(f, actor, deps.now()), foto })
        .where(eq(news.news_id, current.news_id))
        .returning();
      if (!row) throw notFound(NEWS_MESSAGES.notFound);
      return { message: NEWS_MESSAGES.updated, result: publicNews(row) };
    });
    if (current.foto && current.foto !== answer.result.foto) {
      await removePhoto(deps.storage, current.foto).catch(() => undefined);
    }
    return answer;
  } catch (err) {
    for (const fn of undo) await fn().catch(() => undefined);
    throw err;
  }
}

/** DELETE /api/news/{id}: its read receipts go with it (cascade), its photo after the commit. */
export async function deleteNews(deps: Deps, actor: Actor, id: number) {
  const current = await findNews(deps.db, actor, id);
  await deps.db.delete(news).where(eq(news.news_id, current.news_id));
  if (current.foto) await removePhoto(deps.storage, current.foto).catch(() => undefined);
  return { message: NEWS_MESSAGES.deleted };
}

/** Who of the item's audience (active, within the editor's scope) has opened it. */
export async function newsReaders(db: Db, actor: Actor, id: number, q: NewsReadersQuery): Promise<NewsReadersAnswer> {
  const item = await findNews(db, actor, id);
  const reached = and(audienceWhere(audienceOf(item)), karyawanScope(actor));
  const joined = and(eq(newsRead.news_id, item.news_id), eq(newsRead.nrp, karyawan.nrp));
  const status: Record<NewsReadersQuery['status'], SQL | undefined> = {
    unread: isNull(newsRead.nrp),
    read: isNotNull(newsRead.nrp),
    all: undefined,
  };
  const base = () => db.select({ n: count() }).from(karyawan).leftJoin(newsRead, joined);
  const [[all], [read], [filtered]] = await Promise.all([
    base().where(reached),
    base().where(and(reached, isNotNull(newsRead.nrp))),
    base().where(and(reached, status[q.status])),
  ]);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ nrp: karyawan.nrp, nama: karyawan.nama, lokasi: lokasi.nama, read_at: newsRead.read_at })
    .from(karyawan)
    .leftJoin(newsRead, joined)
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .where(and(reached, status[q.status]))
    .orderBy(asc(karyawan.nrp))
    .limit(limit)
    .offset(offset);
  return {
    result: rows.map((r) => ({ ...r, read_at: r.read_at ? r.read_at.toISOString() : null })),
    totalCount: filtered?.n ?? 0,
    audience: all?.n ?? 0,
    read: read?.n ?? 0,
  };
}
