import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
let spg: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr'), ctx.tokenFor('spg')]);
});
afterAll(() => ctx.close());

interface Period {
  id: string;
  kode_prsh: string;
  mulai: string;
  akhir: string;
  jum_hk: number;
  status: boolean;
}
type Answer = { result: Period[]; totalCount: number; message: string };
const json = async (res: Response) => (await res.json()) as Answer;
const one = async (res: Response) => (await res.json()) as { result: Period; message: string };

describe('GET /api/period', () => {
  it('needs a session', async () => {
    expect((await ctx.request('GET', '/api/period')).status).toBe(401);
    expect((await ctx.request('GET', '/api/period/current/get')).status).toBe(401);
  });

  it('lists newest first for every signed-in user, with paging', async () => {
    for (const token of [admin, hr, spg]) {
      const res = await ctx.request('GET', '/api/period', { token });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.totalCount).toBeGreaterThanOrEqual(body.result.length);
      const ids = body.result.map((p) => p.id);
      expect(ids).toEqual([...ids].sort().reverse());
    }
    const page2 = await json(await ctx.request('GET', '/api/period?page=2&per_page=2', { token: admin }));
    const all = await json(await ctx.request('GET', '/api/period?per_page=1000', { token: admin }));
    expect(page2.result.map((p) => p.id)).toEqual(all.result.slice(2, 4).map((p) => p.id));
  });

  it('filters by status (true/false/1/0) and rejects other values', async () => {
    const all = await json(await ctx.request('GET', '/api/period?per_page=1000', { token: admin }));
    const open = all.result.filter((p) => p.status).map((p) => p.id);
    const closed = all.result.filter((p) => !p.status).map((p) => p.id);
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    for (const s of ['true', '1']) {
      const body = await json(await ctx.request('GET', `/api/period?per_page=1000&status=${s}`, { token: spg }));
      expect(body.result.map((p) => p.id)).toEqual(open);
      expect(body.totalCount).toBe(open.length);
    }
    for (const s of ['false', '0']) {
      const body = await json(await ctx.request('GET', `/api/period?per_page=1000&status=${s}`, { token: spg }));
      expect(body.result.map((p) => p.id)).toEqual(closed);
    }
    expect((await ctx.request('GET', '/api/period?status=yes', { token: admin })).status).toBe(400);
  });
});

describe('GET /api/period/current/get', () => {
  it("answers today's period", async () => {
    const res = await ctx.request('GET', '/api/period/current/get', { token: spg });
    expect(res.status).toBe(200);
    const { result } = await one(res);
    const id = dayjs().format('YYYYMM');
    expect(result.id).toBe(id);
    expect(result.mulai).toBe(dayjs().startOf('month').format('YYYY-MM-DD'));
    expect(result.akhir).toBe(dayjs().endOf('month').format('YYYY-MM-DD'));
  });

  it('answers 404 with a message when the month has no period', async () => {
    // Three years on, no period exists yet (the seed covers a few months around today).
    ctx.clock.offsetMs = 3 * 366 * 24 * 3600 * 1000;
    try {
      const token = await ctx.tokenFor('spg');
      const res = await ctx.request('GET', '/api/period/current/get', { token });
      expect(res.status).toBe(404);
      expect((await one(res)).message).toMatch(/^Periode \d{6} belum dibuat$/);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});

describe('POST /api/period', () => {
  it('needs master.create', async () => {
    for (const token of [hr, spg]) {
      expect(
        (await ctx.request('POST', '/api/period', { token, body: { id: '209901', kode_prsh: 'KM' } })).status,
      ).toBe(403);
    }
  });

  it('validates the month, dates, working days and company', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ id: '209913', kode_prsh: 'KM' }, 'Periode harus berformat YYYYMM dengan bulan yang valid'],
      [{ id: '20991', kode_prsh: 'KM' }, 'Periode harus berformat YYYYMM dengan bulan yang valid'],
      [{ kode_prsh: 'KM' }, 'Periode harus diisi'],
      [{ id: '209901' }, 'Kode Perusahaan harus diisi'],
      [{ id: '209902', kode_prsh: 'KM', mulai: '2099-02-30' }, 'Tanggal harus berformat YYYY-MM-DD'],
      [
        { id: '209902', kode_prsh: 'KM', mulai: '2099-02-10', akhir: '2099-02-01' },
        'Tanggal akhir tidak boleh sebelum tanggal mulai',
      ],
      [{ id: '209902', kode_prsh: 'KM', jum_hk: 32 }, 'Jumlah HK harus bilangan bulat 0 sampai 31'],
      [{ id: '209902', kode_prsh: 'KM', status: 'ya' }, 'Status harus true atau false'],
    ];
    for (const [body, message] of bad) {
      const res = await ctx.request('POST', '/api/period', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await one(res)).message).toBe(message);
    }
    const res = await ctx.request('POST', '/api/period', { token: admin, body: { id: '209901', kode_prsh: 'ZZZ' } });
    expect(res.status).toBe(400);
    expect((await one(res)).message).toBe('Kode perusahaan tidak ditemukan');
  });

  it('creates with the month bounds and Monday–Saturday working days by default; a duplicate is 409', async () => {
    const res = await ctx.request('POST', '/api/period', { token: admin, body: { id: '209902', kode_prsh: 'KM' } });
    expect(res.status).toBe(201);
    expect((await one(res)).message).toBe('Periode 209902 berhasil ditambahkan');
    // February 2099: 28 days, starting on a Sunday → 4 Sundays, 24 working days.
    expect((await one(await ctx.request('GET', '/api/period/209902', { token: spg }))).result).toEqual({
      id: '209902',
      kode_prsh: 'KM',
      mulai: '2099-02-01',
      akhir: '2099-02-28',
      jum_hk: 24,
      status: false,
    });
    const dup = await ctx.request('POST', '/api/period', { token: admin, body: { id: '209902', kode_prsh: 'SJA' } });
    expect(dup.status).toBe(409);
    expect((await one(dup)).message).toBe('Periode 209902 sudah ada');

    const custom = {
      id: '209903',
      kode_prsh: 'SJA',
      mulai: '2099-02-26',
      akhir: '2099-03-25',
      jum_hk: 22,
      status: true,
    };
    expect((await ctx.request('POST', '/api/period', { token: admin, body: custom })).status).toBe(201);
    expect((await one(await ctx.request('GET', '/api/period/209903', { token: admin }))).result).toEqual(custom);
  });
});

describe('PUT /api/period/{id}', () => {
  it('toggles Enable Posting and answers the message', async () => {
    const { result } = await one(await ctx.request('GET', '/api/period/current/get', { token: admin }));
    const id = result.id;
    const off = await ctx.request('PUT', `/api/period/${id}`, { token: admin, body: { status: false } });
    expect(off.status).toBe(200);
    expect((await one(off)).message).toBe(`Posting periode ${id} dinonaktifkan`);
    expect((await one(await ctx.request('GET', `/api/period/${id}`, { token: admin }))).result.status).toBe(false);
    const open = await json(await ctx.request('GET', '/api/period?status=1&per_page=1000', { token: admin }));
    expect(open.result.map((p) => p.id)).not.toContain(id);

    const on = await ctx.request('PUT', `/api/period/${id}`, { token: admin, body: { status: true } });
    expect((await one(on)).message).toBe(`Posting periode ${id} diaktifkan`);
    expect((await one(await ctx.request('GET', `/api/period/${id}`, { token: admin }))).result.status).toBe(true);
  });

  it('needs master.update, a boolean status and an existing period', async () => {
    const { result } = await one(await ctx.request('GET', '/api/period/current/get', { token: admin }));
    for (const token of [hr, spg]) {
      expect((await ctx.request('PUT', `/api/period/${result.id}`, { token, body: { status: false } })).status).toBe(
        403,
      );
    }
    expect((await ctx.request('PUT', `/api/period/${result.id}`, { body: { status: false } })).status).toBe(401);
    for (const body of [{}, { status: 'true' }, { status: 1 }]) {
      const res = await ctx.request('PUT', `/api/period/${result.id}`, { token: admin, body });
      expect(res.status).toBe(400);
      expect((await one(res)).message).toBe('Status harus true atau false');
    }
    const missing = await ctx.request('PUT', '/api/period/199001', { token: admin, body: { status: true } });
    expect(missing.status).toBe(404);
  });
});

describe('hostile input', () => {
  const FORMAT = 'Periode harus berformat YYYYMM dengan bulan yang valid';

  it('refuses a NUL in the body with 400', async () => {
    for (const body of [
      { id: '2099\u000001', kode_prsh: 'KM' },
      { id: '209904', kode_prsh: 'K\u0000' },
      { id: '209904', kode_prsh: 'KM', mulai: '2099-04-01\u0000' },
    ]) {
      const res = await ctx.request('POST', '/api/period', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await one(res)).message).toMatch(/^(Periode harus|Teks mengandung|Tanggal harus)/);
    }
    expect((await ctx.request('GET', '/api/period/209904', { token: admin })).status).toBe(404);
  });

  it('refuses anything but YYYYMM in the path with 400, never reaching the database', async () => {
    for (const id of ['%00', '2026%000', '1e308', '9007199254740993', '202613']) {
      for (const res of [
        ctx.request('GET', `/api/period/${id}`, { token: spg }),
        ctx.request('PUT', `/api/period/${id}`, { token: admin, body: { status: true } }),
      ]) {
        const answer = await res;
        expect(answer.status, id).toBe(400);
        expect((await one(answer)).message).toBe(FORMAT);
      }
    }
    const q = await ctx.request('GET', '/api/period?q=%00', { token: spg });
    expect(q.status).toBe(400);
    expect((await one(q)).message).toBe('Teks mengandung karakter yang tidak diperbolehkan');
    expect((await ctx.request('GET', '/api/period?page=99999999999999999999', { token: spg })).status).toBe(400);
  });
});
