/**
 * News (spec part 2 §2.10, §5, §7; issue 14): the editor's calls with their messages, the photo checked
 * by content, the editor's trustee scope, and the phone's side — an employee receives only the items
 * addressed to her and valid today, by list, detail and photo alike; her read receipt is idempotent and
 * the editor counts it.
 */
import dayjs from 'dayjs';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { todayOfNrp } from '../../../server/lib/time-zone';
import { NEWS_MESSAGES } from '../../../src/domain/news/news';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
const SPG_NRP = '26000002';
const T = {} as Record<'admin' | 'hr' | 'spg' | 'spg2' | 'editorIn' | 'tl', string>;
let me: { kode_prsh: string; kode_lokasi: string };
let otherLokasi: string;
let today: string;

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let serial = 0;
async function account(role: string, extra: { nrp?: string; trustee?: Record<string, string[]> }) {
  serial += 1;
  const username = `news${serial}`;
  const res = await ctx.request('POST', '/api/users', {
    token: T.admin,
    body: { userid: `N0000${serial}`, username, nama: 'Akun News', password: 'Kuat#Sekali2026', role, ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ctx.tokenFor(username, 'Kuat#Sekali2026');
}

function form(fields: Record<string, string>, foto?: { bytes: Uint8Array<ArrayBuffer>; name: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (foto) f.append('foto', new Blob([foto.bytes], { type: 'image/jpeg' }), foto.name);
  return f;
}

const base = () => ({
  judul: 'Promo akhir tahun',
  isi: 'Mulai minggu depan\nsemua toko memakai seragam baru.',
  validfrom: today,
  validto: dayjs(today).add(7, 'day').format('YYYY-MM-DD'),
  kode_prsh: me.kode_prsh,
});

async function create(
  fields: Record<string, string>,
  foto?: { bytes: Uint8Array<ArrayBuffer>; name: string },
  token = T.admin,
) {
  const res = await ctx.request('POST', '/api/news', { token, body: form(fields, foto) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { result: { news_id: number; foto: string | null } }).result;
}

const mine = async (token: string) => {
  const res = await ctx.request('GET', '/api/news/mine', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { result: { news_id: number; read_at: string | null }[]; unread: number };
};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const [row] = await db.select().from(karyawan).where(eq(karyawan.nrp, SPG_NRP));
  me = { kode_prsh: row!.kode_prsh, kode_lokasi: row!.kode_lokasi };
  const [other] = await db
    .select({ nrp: karyawan.nrp, lokasi: karyawan.kode_lokasi })
    .from(karyawan)
    .where(
      and(ne(karyawan.kode_lokasi, me.kode_lokasi), eq(karyawan.kode_prsh, me.kode_prsh), isNull(karyawan.alasan_p3)),
    )
    .limit(1);
  otherLokasi = other!.lokasi;
  today = await todayOfNrp(db, SPG_NRP, new Date());
  [T.admin, T.hr, T.spg, T.tl] = (await Promise.all(['admin', 'hr', 'spg', 'tl'].map((u) => ctx.tokenFor(u)))) as [
    string,
    string,
    string,
    string,
  ];
  T.spg2 = await account('USER', { nrp: other!.nrp });
  T.editorIn = await account('ADMIN', { trustee: { lokasi: [me.kode_lokasi] } });
});
afterAll(() => ctx.close());

describe('the editor: /api/news', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    for (const [m, p] of [
      ['GET', '/api/news'],
      ['GET', '/api/news/1'],
      ['GET', '/api/news/mine'],
      ['GET', '/api/news/options'],
      ['DELETE', '/api/news/1'],
    ] as const) {
      expect((await ctx.request(m, p)).status, p).toBe(401);
    }
    expect((await ctx.request('GET', '/api/news', { token: T.hr })).status).toBe(403);
    expect((await ctx.request('POST', '/api/news', { token: T.hr, body: form(base()) })).status).toBe(403);
    expect((await ctx.request('GET', '/api/news/options', { token: T.spg })).status).toBe(403);
    expect((await ctx.request('GET', '/api/news/audience-count', { token: T.spg })).status).toBe(403);
  });

  it("answers the spec's messages for missing fields, and refuses validto before validfrom", async () => {
    const post = async (fields: Record<string, string>) => {
      const res = await ctx.request('POST', '/api/news', { token: T.admin, body: form(fields) });
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    const { judul, isi, validfrom, validto, kode_prsh } = base();
    expect(await post({})).toBe('Judul tidak boleh kosong');
    expect(await post({ judul: '   ', isi })).toBe('Judul tidak boleh kosong');
    expect(await post({ judul, validfrom, validto, kode_prsh })).toBe('Isi tidak boleh kosong');
    expect(await post({ judul, isi, validfrom, validto })).toBe('Kode Perusahaan tidak boleh kosong');
    expect(await post({ judul, isi, validto, kode_prsh })).toBe(NEWS_MESSAGES.validfromRequired);
    expect(await post({ judul, isi, validfrom, kode_prsh })).toBe(NEWS_MESSAGES.validtoRequired);
    expect(await post({ ...base(), validto: dayjs(today).subtract(1, 'day').format('YYYY-MM-DD') })).toBe(
      NEWS_MESSAGES.validRange,
    );
    expect(await post({ ...base(), kode_lokasi: 'TIDAKADA' })).toBe(NEWS_MESSAGES.unknown('Lokasi', ['TIDAKADA']));
    expect(await post({ ...base(), nrp: "1' or 1=1" })).toBe(NEWS_MESSAGES.codes('Karyawan (NRP)'));
    // JSON is not the form's encoding.
    const json = await ctx.request('POST', '/api/news', { token: T.admin, body: base() });
    expect(json.status).toBe(400);
  });

  it('checks the photo by its content, not its name', async () => {
    const text = new TextEncoder().encode('bukan gambar sama sekali');
    const res = await ctx.request('POST', '/api/news', {
      token: T.admin,
      body: form(base(), { bytes: text, name: 'foto.jpg' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'File foto harus berupa gambar JPEG, PNG atau WebP',
    );
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(JPEG.subarray(0, 3));
    const tooBig = await ctx.request('POST', '/api/news', {
      token: T.admin,
      body: form(base(), { bytes: big, name: 'a.jpg' }),
    });
    expect(tooBig.status).toBe(413);
    const saved = await create(base(), { bytes: JPEG, name: 'kenapa.txt' });
    expect(saved.foto).toMatch(/\.jpg$/);
    const photo = await ctx.request('GET', `/uploads/photo/${saved.foto}`, { token: T.admin });
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(JPEG);
  });

  it('lists, shows with the option lists, changes (a new photo replaces the old) and deletes', async () => {
    const made = await create({ ...base(), judul: 'Untuk diubah' }, { bytes: JPEG, name: 'a.jpg' });
    const list = await ctx.request('GET', '/api/news?q=diubah', { token: T.admin });
    const listed = (await list.json()) as { result: { news_id: number; read_count: number }[]; totalCount: number };
    expect(listed.result.map((r) => r.news_id)).toEqual([made.news_id]);
    expect(listed.result[0]!.read_count).toBe(0);

    const detail = await ctx.request('GET', `/api/news/${made.news_id}`, { token: T.admin });
    const d = (await detail.json()) as {
      result: { kode_prsh: string };
      selectOptions: Record<string, { value: string }[]>;
    };
    expect(d.result.kode_prsh).toBe(me.kode_prsh);
    expect(d.selectOptions.kode_prsh!.map((o) => o.value)).toContain(me.kode_prsh);
    expect(d.selectOptions.kode_lokasi!.map((o) => o.value)).toContain(me.kode_lokasi);

    const put = await ctx.request('PUT', `/api/news/${made.news_id}`, {
      token: T.admin,
      body: form(
        { ...base(), judul: 'Sudah diubah', kode_lokasi: `${me.kode_lokasi},${otherLokasi}` },
        { bytes: JPEG, name: 'b.jpg' },
      ),
    });
    expect(put.status).toBe(200);
    const changed = (await put.json()) as {
      message: string;
      result: { judul: string; foto: string; kode_lokasi: string };
    };
    expect(changed.message).toBe(NEWS_MESSAGES.updated);
    expect(changed.result.judul).toBe('Sudah diubah');
    expect(changed.result.kode_lokasi).toBe(`${me.kode_lokasi},${otherLokasi}`);
    expect(changed.result.foto).not.toBe(made.foto);
    expect(await ctx.storage.stream(`photo/${made.foto}`)).toBeNull();

    const noPhoto = await ctx.request('PUT', `/api/news/${made.news_id}`, {
      token: T.admin,
      body: form({ ...base(), remove_foto: 'true' }),
    });
    expect(((await noPhoto.json()) as { result: { foto: string | null } }).result.foto).toBeNull();

    expect((await ctx.request('DELETE', `/api/news/${made.news_id}`, { token: T.tl })).status).toBe(403);
    const del = await ctx.request('DELETE', `/api/news/${made.news_id}`, { token: T.admin });
    expect(del.status).toBe(200);
    expect(((await del.json()) as { message: string }).message).toBe(NEWS_MESSAGES.deleted);
    expect((await ctx.request('GET', `/api/news/${made.news_id}`, { token: T.admin })).status).toBe(404);
    expect((await ctx.request('DELETE', `/api/news/${made.news_id}`, { token: T.admin })).status).toBe(404);
  });

  it('previews how many active employees an audience reaches, and offers employees to pick', async () => {
    const [expected] = await ctx.database.db
      .select({ n: count() })
      .from(karyawan)
      .where(
        and(eq(karyawan.kode_lokasi, me.kode_lokasi), eq(karyawan.kode_prsh, me.kode_prsh), isNull(karyawan.alasan_p3)),
      );
    const res = await ctx.request(
      'GET',
      `/api/news/audience-count?kode_prsh=${me.kode_prsh}&kode_lokasi=${me.kode_lokasi}`,
      { token: T.admin },
    );
    expect(((await res.json()) as { result: { count: number } }).result.count).toBe(expected!.n);
    expect(expected!.n).toBeGreaterThan(1);
    const one = await ctx.request('GET', `/api/news/audience-count?kode_prsh=${me.kode_prsh}&nrp=${SPG_NRP}`, {
      token: T.admin,
    });
    expect(((await one.json()) as { result: { count: number } }).result.count).toBe(1);
    const none = await ctx.request('GET', '/api/news/audience-count', { token: T.admin });
    expect(((await none.json()) as { result: { count: number } }).result.count).toBe(0);

    const pick = await ctx.request('GET', `/api/news/karyawan?q=${SPG_NRP}`, { token: T.admin });
    expect(((await pick.json()) as { result: { value: string }[] }).result.map((r) => r.value)).toEqual([SPG_NRP]);
  });

  it('limits an editor to items whose audience lies within her trustee', async () => {
    const inside = await create({ ...base(), judul: 'Lokasi saya', kode_lokasi: me.kode_lokasi });
    const wide = await create({ ...base(), judul: 'Satu perusahaan' });
    const list = await ctx.request('GET', '/api/news?per_page=1000', { token: T.editorIn });
    const ids = ((await list.json()) as { result: { news_id: number }[] }).result.map((r) => r.news_id);
    expect(ids).toContain(inside.news_id);
    expect(ids).not.toContain(wide.news_id);
    expect((await ctx.request('GET', `/api/news/${wide.news_id}`, { token: T.editorIn })).status).toBe(404);
    expect((await ctx.request('GET', `/api/news/${inside.news_id}`, { token: T.editorIn })).status).toBe(200);
    // The photo follows the same scope: an editor sees the photo of an item she may open, not another's.
    const [inPhoto, widePhoto] = await Promise.all([
      create({ ...base(), kode_lokasi: me.kode_lokasi }, { bytes: JPEG, name: 'a.jpg' }),
      create(base(), { bytes: JPEG, name: 'b.jpg' }),
    ]);
    expect((await ctx.request('GET', `/uploads/photo/${inPhoto.foto}`, { token: T.editorIn })).status).toBe(200);
    expect((await ctx.request('GET', `/uploads/photo/${widePhoto.foto}`, { token: T.editorIn })).status).toBe(404);
    const refused = await ctx.request('POST', '/api/news', { token: T.editorIn, body: form(base()) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(NEWS_MESSAGES.outOfScope);
    // Individual NRPs within her scope are within it too.
    await create({ ...base(), nrp: SPG_NRP }, undefined, T.editorIn);
    const options = await ctx.request('GET', '/api/news/options', { token: T.editorIn });
    const o = (await options.json()) as { selectOptions: { kode_lokasi: { value: string }[] } };
    expect(o.selectOptions.kode_lokasi.map((x) => x.value)).toEqual([me.kode_lokasi]);
  });
});

describe('the phone: only what is addressed to her', () => {
  let item: { news_id: number; foto: string | null };

  beforeAll(async () => {
    item = await create(
      { ...base(), judul: 'Untuk lokasi SPG', kode_lokasi: me.kode_lokasi },
      { bytes: JPEG, name: 'info.jpg' },
    );
  });

  it('gives the SPG the item of her location, and another SPG neither the item, nor its detail, nor its photo', async () => {
    const mineSpg = await mine(T.spg);
    expect(mineSpg.result.map((r) => r.news_id)).toContain(item.news_id);
    expect(mineSpg.unread).toBeGreaterThanOrEqual(1);
    const other = await mine(T.spg2);
    expect(other.result.map((r) => r.news_id)).not.toContain(item.news_id);
    expect((await ctx.request('GET', `/api/news/${item.news_id}`, { token: T.spg2 })).status).toBe(403);
    expect((await ctx.request('GET', `/api/news/${item.news_id}/readers`, { token: T.spg2 })).status).toBe(403);
    expect((await ctx.request('GET', `/uploads/photo/${item.foto}`, { token: T.spg2 })).status).toBe(404);
    expect((await ctx.request('GET', `/uploads/photo/${item.foto}`, { token: T.spg })).status).toBe(200);
    // HR reads employees' photos, not news: no news.read, no photo.
    expect((await ctx.request('GET', `/uploads/photo/${item.foto}`, { token: T.hr })).status).toBe(404);
    const read = await ctx.request('POST', `/api/news/${item.news_id}/read`, { token: T.spg2, body: {} });
    expect(read.status).toBe(404);
  });

  it('shows only what is valid on her today, and an office account has no own news', async () => {
    const past = await create({
      ...base(),
      judul: 'Sudah lewat',
      validfrom: dayjs(today).subtract(5, 'day').format('YYYY-MM-DD'),
      validto: dayjs(today).subtract(1, 'day').format('YYYY-MM-DD'),
    });
    const future = await create({
      ...base(),
      judul: 'Belum mulai',
      validfrom: dayjs(today).add(1, 'day').format('YYYY-MM-DD'),
      validto: dayjs(today).add(3, 'day').format('YYYY-MM-DD'),
    });
    const ids = (await mine(T.spg)).result.map((r) => r.news_id);
    expect(ids).not.toContain(past.news_id);
    expect(ids).not.toContain(future.news_id);
    const office = await ctx.request('GET', '/api/news/mine', { token: T.admin });
    expect(office.status).toBe(403);
  });

  it('records her read receipt once (idempotent) and the editor counts it', async () => {
    const before = await mine(T.spg);
    const key = crypto.randomUUID();
    const send = (k: string) =>
      ctx.request('POST', `/api/news/${item.news_id}/read`, {
        token: T.spg,
        body: { captured_at: new Date(Date.now() - 60_000).toISOString() },
        headers: { 'Idempotency-Key': k },
      });
    const first = await send(key);
    expect(first.status).toBe(200);
    const a = (await first.json()) as { message: string; result: { read_at: string } };
    expect(a.message).toBe(NEWS_MESSAGES.read);
    const again = await send(key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(a);
    const other = await send(crypto.randomUUID());
    expect(((await other.json()) as { result: { read_at: string } }).result.read_at).toBe(a.result.read_at);

    const after = await mine(T.spg);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.result.find((r) => r.news_id === item.news_id)!.read_at).toBe(a.result.read_at);

    const readers = await ctx.request('GET', `/api/news/${item.news_id}/readers?per_page=1000`, { token: T.admin });
    const r = (await readers.json()) as {
      result: { nrp: string }[];
      totalCount: number;
      audience: number;
      read: number;
    };
    expect(r.read).toBe(1);
    expect(r.totalCount).toBe(r.audience - 1);
    expect(r.result.map((x) => x.nrp)).not.toContain(SPG_NRP);
    const readList = await ctx.request('GET', `/api/news/${item.news_id}/readers?status=read`, { token: T.admin });
    expect(((await readList.json()) as { result: { nrp: string }[] }).result.map((x) => x.nrp)).toEqual([SPG_NRP]);
    const listed = await ctx.request('GET', '/api/news?q=Untuk%20lokasi%20SPG', { token: T.admin });
    expect(((await listed.json()) as { result: { read_count: number }[] }).result[0]!.read_count).toBe(1);
  });
});
