/**
 * The employee lifecycle through the API: contract renewal and the contract document, resignation (P3)
 * with its locks and the termination agreement, and the payroll posting items moving
 * open → posted → completed through the export.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan, karyawanPosting } from '../../../server/db/schema/karyawan';
import type { KaryawanDetail } from '../../../src/domain/karyawan/karyawan';
import type { KaryawanRow } from '../../../src/domain/karyawan/karyawan-list';
import { kebijaksanaanOf, type PostingRow } from '../../../src/domain/karyawan/karyawan-lifecycle';
import type { ListAnswer } from '../../../src/domain/list-query';
import { contentDisposition } from '../../../server/lib/attachments';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith, createKaryawanVia, seededActive } from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Body = { message: string; error?: { issues?: { path: string; message: string }[] } };
const call = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await ctx.request(method, path, { token, body });
  return { status: res.status, body: (await res.json()) as Body & Record<string, unknown> };
};
const detail = async (nrp: string) => {
  const res = await ctx.request('GET', `/api/karyawan/${nrp}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: KaryawanDetail }).result;
};
const postingList = async (status: string, token = admin) => {
  const res = await ctx.request('GET', `/api/karyawan/posting/list?status=${status}&per_page=1000`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListAnswer<PostingRow>;
};
const itemOf = async (nrp: string, jenis: string) => {
  const open = [...(await postingList('open')).result, ...(await postingList('posted')).result];
  const item = open.find((i) => i.nrp === nrp && i.jenis_trn === jenis);
  if (!item) throw new Error(`no ${jenis} item of ${nrp}`);
  return item;
};
const post = (items: PostingRow | PostingRow[], token = admin) =>
  call(
    'PUT',
    '/api/karyawan/posting',
    Array.isArray(items)
      ? items.map((i) => ({ nrp: i.nrp, jenis_trn: i.jenis_trn, tgl_jam_trn: i.tgl_jam_trn }))
      : { nrp: items.nrp, jenis_trn: items.jenis_trn, tgl_jam_trn: items.tgl_jam_trn },
    token,
  );

const resignBody = (over: Record<string, unknown> = {}) => ({
  tgl_p3: '2026-07-15',
  alasan_p3: 1,
  u_kebijaksanaan: 2_500_000,
  u_kebijaksanaan_desc: 'Masa kerja 5 bulan',
  u_cuti: 300_000,
  u_potongan: 100_000,
  u_lumpdrop: 0,
  tgl_bast: '2026-07-15',
  ...over,
});

describe('POST /api/karyawan/kontrak/renew', () => {
  it('appends the next contract from the day after the current end (sequence + 1, end = start + months − 1)', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { mulai_kontrak: '2026-01-31', lama_kontrak: '6' });
    const ok = await call('POST', '/api/karyawan/kontrak/renew', {
      nrp,
      per_kontrak: 2,
      mulai_kontrak: '2026-07-31',
      selesai_kontrak: '2027-01-30',
      lama_kontrak: 6,
      status_kontrak: 'B',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe(`Kontrak ke-2 karyawan ${nrp} - Ani Lestari berhasil dibuat`);
    const e = await detail(nrp);
    expect(e).toMatchObject({
      per_kontrak: 2,
      mulai_kontrak: '2026-07-31',
      selesai_kontrak: '2027-01-30',
      lama_kontrak: 6,
    });
    expect(e.kontrak?.map((c) => [c.per_kontrak, c.mulai_kontrak, c.selesai_kontrak])).toEqual([
      [1, '2026-01-31', '2026-07-30'],
      [2, '2026-07-31', '2027-01-30'],
    ]);
    expect(e.no_kontrak).toBe(e.kontrak?.[1]?.no_kontrak);
    // The first working day stays where it was.
    expect(e.tgl_awkerja).toBe('2026-01-31');

    // A different length is allowed; the end follows it.
    const twelve = await call('POST', '/api/karyawan/kontrak/renew', {
      nrp,
      per_kontrak: 3,
      mulai_kontrak: '2027-01-31',
      lama_kontrak: 12,
    });
    expect(twelve.status).toBe(200);
    expect((await detail(nrp)).selesai_kontrak).toBe('2028-01-30');
  });

  it('refuses a body that breaks the rule, each with its message (400)', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { mulai_kontrak: '2026-02-01', lama_kontrak: '3' });
    const base = { nrp, per_kontrak: 2, mulai_kontrak: '2026-05-01', lama_kontrak: 3, status_kontrak: 'B' };
    for (const [over, message] of [
      [{ per_kontrak: 3 }, 'Kontrak ke- harus kontrak berikutnya'],
      [{ mulai_kontrak: '2026-05-02' }, 'Mulai kontrak baru harus sehari setelah kontrak sekarang berakhir'],
      [{ selesai_kontrak: '2026-08-01' }, 'Selesai kontrak harus mulai + lama kontrak − 1 hari'],
      [{ lama_kontrak: 2 }, 'Lama Kontrak harus diisi'],
      [{ status_kontrak: 'X' }, 'Status kontrak harus B'],
      [{ mulai_kontrak: '' }, 'Mulai Kontrak harus diisi'],
    ] as const) {
      const res = await call('POST', '/api/karyawan/kontrak/renew', { ...base, ...over });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call('POST', '/api/karyawan/kontrak/renew', base)).status).toBe(200);
  });

  it('needs karyawan.update and karyawan.kontrak.edit (403), and refuses a resigned employee (409)', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { mulai_kontrak: '2026-02-01', lama_kontrak: '3' });
    const body = { nrp, per_kontrak: 2, mulai_kontrak: '2026-05-01', lama_kontrak: 3 };
    const noKontrak = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.update']);
    expect((await call('POST', '/api/karyawan/kontrak/renew', body, noKontrak)).status).toBe(403);
    expect(
      (await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody({ tgl_p3: '2026-04-01', tgl_bast: '2026-04-01' })))
        .status,
    ).toBe(200);
    expect((await call('POST', '/api/karyawan/kontrak/renew', body)).status).toBe(409);
  });
});

describe('documents', () => {
  it('downloads the contract as a PDF holding its data, named with dashes for slashes', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    const { no_kontrak } = await detail(nrp);
    const dashed = no_kontrak!.replace(/\//g, '-');
    const res = await ctx.request('GET', `/api/karyawan/kontrak/${dashed}/download`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${dashed}.pdf"; filename*=UTF-8''${dashed}.pdf`,
    );
    expect(res.headers.get('content-disposition')).toBe(contentDisposition(`${dashed}.pdf`));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = bytes.toString('latin1');
    for (const s of [nrp, 'Ani Lestari', no_kontrak!, '31/01/2026', '30/07/2026', 'Rp 5.000.000'])
      expect(text).toContain(s);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    expect(
      (await ctx.request('GET', '/api/karyawan/kontrak/PKWT-XX-0000-000000/download', { token: admin })).status,
    ).toBe(404);
    const noKontrak = await accountWith(ctx, admin, ['karyawan.read']);
    expect((await ctx.request('GET', `/api/karyawan/kontrak/${dashed}/download`, { token: noKontrak })).status).toBe(
      403,
    );
    const otherLokasi = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.kontrak.read'], {
      trustee: { lokasi: ['SBY'] },
    });
    expect((await ctx.request('GET', `/api/karyawan/kontrak/${dashed}/download`, { token: otherLokasi })).status).toBe(
      403,
    );
    // Without karyawan.gaji.read the wage is left out of the document.
    const noGaji = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.kontrak.read']);
    const lean = await ctx.request('GET', `/api/karyawan/kontrak/${dashed}/download`, { token: noGaji });
    expect(Buffer.from(await lean.arrayBuffer()).toString('latin1')).not.toContain('Rp 5.000.000');
  });
});

describe('resignation (P3)', () => {
  it('proposes the discretionary amount from tenure and base salary', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { mulai_kontrak: '2026-01-01', lama_kontrak: '12' });
    const res = await ctx.request('GET', `/api/karyawan/${nrp}/resign-detail?tgl_p3=2026-06-30`, { token: admin });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { u_kebijaksanaan: number; u_kebijaksanaan_desc: string } };
    expect(result).toMatchObject(
      kebijaksanaanOf({ gapok: 5_000_000, tgl_awkerja: '2026-01-01', tgl_p3: '2026-06-30' }),
    );
    expect(result.u_kebijaksanaan).toBe(2_500_000);
    expect(result.u_kebijaksanaan_desc).toBe('Masa kerja 6 bulan: 6/12 × gaji pokok Rp 5.000.000');
    const bad = await ctx.request('GET', `/api/karyawan/${nrp}/resign-detail`, { token: admin });
    expect(bad.status).toBe(400);
  });

  it('requires each field of the dialog, with the spec messages (400)', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    for (const [over, message] of [
      [{ alasan_p3: '' }, 'Alasan harus diisi'],
      [{ alasan_p3: 7 }, 'Alasan harus diisi'],
      [{ u_kebijaksanaan: '' }, 'Uang kebijaksanaan harus diisi'],
      [{ tgl_p3: '' }, 'Tanggal resign harus diisi'],
      [{ tgl_bast: null }, 'Tanggal BAST harus diisi'],
      [{ tgl_p3: '2025-12-31' }, 'Tanggal resign tidak boleh sebelum tanggal awal kerja'],
      [{ nrp: '26000001' }, 'NRP pada data tidak sama dengan NRP pada alamat'],
    ] as const) {
      const res = await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody(over));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('resigns, lists, edits and locks once the P3 item is posted', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    const done = await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody({ nrp }));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(`Karyawan ${nrp} - Ani Lestari berhasil diproses keluar (P3)`);
    const e = await detail(nrp);
    expect(e).toMatchObject({ alasan_p3: 1, tgl_p3: '2026-07-15', tgl_bast: '2026-07-15', u_kebijaksanaan: 2_500_000 });
    expect(e.no_pb).toMatch(/^PB\/KM\/2026\/\d{5}$/);
    expect(e.p3).toMatchObject({ date_posting: null });

    // It leaves the active list for the resigned one, with its P3 item.
    const active = (await (
      await ctx.request('GET', `/api/karyawan?q=${nrp}`, { token: admin })
    ).json()) as ListAnswer<KaryawanRow>;
    expect(active.totalCount).toBe(0);
    const resigned = (await (
      await ctx.request('GET', `/api/karyawan?resigned=1&q=${nrp}`, { token: admin })
    ).json()) as ListAnswer<KaryawanRow>;
    expect(resigned.result[0]).toMatchObject({
      nrp,
      mst_alasan_p3: { id: 1, nama: 'Resign' },
      p3: { date_posting: null },
    });

    // Twice is a conflict; a change of the employee data too.
    expect((await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody())).status).toBe(409);

    const edited = await call('PUT', `/api/karyawan/${nrp}/edit-resign`, resignBody({ alasan_p3: 4, u_cuti: 0 }));
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(`Data resign karyawan ${nrp} - Ani Lestari berhasil diubah`);
    expect((await detail(nrp)).alasan_p3).toBe(4);
    expect((await itemOf(nrp, 'P3')).alasan_p3).toBe(4);

    // The termination agreement, by its number with dashes.
    const pb = await ctx.request('GET', `/api/karyawan/pb/${e.no_pb!.replace(/\//g, '-')}/download`, { token: admin });
    expect(pb.status).toBe(200);
    const pdf = Buffer.from(await pb.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    for (const s of [nrp, e.no_pb!, 'Pensiun', 'Rp 2.500.000']) expect(pdf).toContain(s);

    // P1 first, then P3: once posted, the resignation is locked.
    expect((await post(await itemOf(nrp, 'P1'))).status).toBe(200);
    expect((await post(await itemOf(nrp, 'P3'))).status).toBe(200);
    expect((await detail(nrp)).p3?.date_posting).toBeTruthy();
    const listed = (await (
      await ctx.request('GET', `/api/karyawan?resigned=1&q=${nrp}`, { token: admin })
    ).json()) as ListAnswer<KaryawanRow>;
    expect(listed.result[0]?.p3?.date_posting).toBeTruthy();
    for (const [method, path] of [
      ['PUT', `/api/karyawan/${nrp}/edit-resign`],
      ['DELETE', `/api/karyawan/${nrp}/resign`],
    ] as const) {
      const res = await call(method, path, method === 'PUT' ? resignBody() : undefined);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Data resign karyawan ${nrp} sudah diposting dan tidak dapat diubah atau dihapus`);
    }
  });

  it('cancels a resignation whose P3 item is still open: active again, the item gone', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    expect((await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody())).status).toBe(200);
    const res = await call('DELETE', `/api/karyawan/${nrp}/resign`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Data resign karyawan ${nrp} - Ani Lestari berhasil dihapus`);
    const e = await detail(nrp);
    expect([e.alasan_p3, e.tgl_p3, e.no_pb, e.u_kebijaksanaan, e.tgl_bast]).toEqual([null, null, null, null, null]);
    const rows = await db().select().from(karyawanPosting).where(eq(karyawanPosting.nrp, nrp));
    expect(rows.map((r) => r.jenis_trn)).toEqual(['P1']);
    expect((await call('DELETE', `/api/karyawan/${nrp}/resign`)).status).toBe(409);
  });

  it('needs karyawan.resign (403) and the employee in scope (403)', async () => {
    const { nrp } = await seededActive(ctx, 'JKT');
    const reader = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.update']);
    expect((await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody(), reader)).status).toBe(403);
    expect((await call('GET', `/api/karyawan/${nrp}/resign-detail?tgl_p3=2026-07-01`, undefined, reader)).status).toBe(
      403,
    );
    const sby = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.resign'], { trustee: { lokasi: ['SBY'] } });
    expect((await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody(), sby)).status).toBe(403);
    expect((await call('DELETE', `/api/karyawan/${nrp}/resign`, undefined, sby)).status).toBe(403);
  });
});

describe('payroll posting', () => {
  it('moves items open → posted → completed; the export is the payroll feed', async () => {
    const nrp = await createKaryawanVia(ctx, admin, { nama: 'Posting Uji' });
    const p1 = await itemOf(nrp, 'P1');
    expect(p1).toMatchObject({ status: 'open', jenis_trn: 'P1', nama: 'Posting Uji', date_posting: null });

    const status = await ctx.request('GET', `/api/karyawan/${nrp}/posting/status`, { token: admin });
    expect(((await status.json()) as { result: { pending: boolean } }).result.pending).toBe(true);

    const posted = await post(p1);
    expect(posted.status).toBe(200);
    expect(posted.body.message).toBe(`Posting data karyawan ${nrp} - Posting Uji (Karyawan Baru) berhasil`);
    expect((await postingList('posted')).result.find((i) => i.nrp === nrp)).toMatchObject({
      status: 'posted',
      posted_by: 'U00001',
    });
    expect((await postingList('open')).result.some((i) => i.nrp === nrp)).toBe(false);
    expect((await post(p1)).status).toBe(409);

    // A data change after the posting is a new item (P2).
    const put = await ctx.request('PUT', `/api/karyawan/${nrp}`, { token: admin, body: { telp_hp: '0812000000' } });
    expect(put.status).toBe(200);
    const p2 = await itemOf(nrp, 'P2');
    expect(p2).toMatchObject({ status: 'open', keterangan: 'Personal' });

    const exported = await ctx.request('GET', '/api/karyawan/posting/export?status=posted', { token: admin });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="posting-karyawan-\d{8}T\d{6}\.csv"; filename\*=UTF-8''posting-karyawan-\d{8}T\d{6}\.csv$/,
    );
    const csv = (await exported.text()).replace(/^\ufeff/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header?.split(',').slice(0, 5)).toEqual(['jenis_trn', 'tgl_jam_trn', 'date_posting', 'nrp', 'nama']);
    const mine = lines.filter((l) => l.includes(`,${nrp},`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('P1,');
    expect(mine[0]).toContain(',5000000,');
    expect(Number(exported.headers.get('x-total-count'))).toBe(lines.length);

    const completed = (await postingList('completed')).result.find((i) => i.nrp === nrp);
    expect(completed).toMatchObject({ status: 'completed', jenis_trn: 'P1' });
    expect(completed?.date_completed).toBeTruthy();
    expect((await postingList('posted')).totalCount).toBe(0);
    // The open P2 did not go out; a second export has nothing left.
    expect((await itemOf(nrp, 'P2')).status).toBe('open');
    const again = await ctx.request('GET', '/api/karyawan/posting/export?status=posted', { token: admin });
    expect((await again.text()).trim().split('\r\n')).toHaveLength(1);
    expect((await ctx.request('GET', '/api/karyawan/posting/export?status=open', { token: admin })).status).toBe(400);
  });

  it('posts an employee’s items in the order they happened, several at once', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    expect((await call('PUT', `/api/karyawan/${nrp}/resign`, resignBody())).status).toBe(200);
    const p1 = await itemOf(nrp, 'P1');
    const p3 = await itemOf(nrp, 'P3');
    const early = await post(p3);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Posting P1 karyawan ${nrp} yang lebih dulu harus diposting terlebih dahulu`);
    const both = await post([p3, p1]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.message).toBe('2 data karyawan berhasil diposting');
  });

  it('validates the key (400), finds the item (404), needs karyawan.posting (403) and the scope', async () => {
    expect(
      (await call('PUT', '/api/karyawan/posting', { nrp: '26000003', jenis_trn: 'P9', tgl_jam_trn: 'x' })).status,
    ).toBe(400);
    const missing = await call('PUT', '/api/karyawan/posting', {
      nrp: '26000003',
      jenis_trn: 'P1',
      tgl_jam_trn: '2020-01-01T00:00:00.000Z',
    });
    expect(missing.status).toBe(404);
    expect((await ctx.request('GET', '/api/karyawan/posting/list?status=later', { token: admin })).status).toBe(400);

    const nrp = await createKaryawanVia(ctx, admin);
    const item = await itemOf(nrp, 'P1');
    const reader = await accountWith(ctx, admin, ['karyawan.read']);
    expect((await ctx.request('GET', '/api/karyawan/posting/list', { token: reader })).status).toBe(403);
    expect((await post(item, reader)).status).toBe(403);
    expect((await ctx.request('GET', '/api/karyawan/posting/export', { token: reader })).status).toBe(403);
    const sby = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.posting'], { trustee: { lokasi: ['SBY'] } });
    expect((await postingList('open', sby)).result.some((i) => i.nrp === nrp)).toBe(false);
    expect((await post(item, sby)).status).toBe(403);
  });

  it('keeps the employee name current on an open item', async () => {
    const nrp = await createKaryawanVia(ctx, admin);
    await ctx.request('PUT', `/api/karyawan/${nrp}`, { token: admin, body: { nama: 'Nama Sesudah' } });
    const [row] = await db().select().from(karyawan).where(eq(karyawan.nrp, nrp));
    expect(row?.nama).toBe('Nama Sesudah');
    expect((await itemOf(nrp, 'P1')).nama).toBe('Nama Sesudah');
  });
});
