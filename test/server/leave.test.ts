import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInJakarta } from '../../src/domain/absensi';
import type { ApprovalQueueRow, CutiBalance, LeaveRow, VisitDays } from '../../src/domain/leave';
import { absensi, kunjungan, kunjunganDetail } from '../../server/db/schema/kunjungan';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
const T: Record<string, string> = {};
const SPG = '26000002';
const TL = '26000001';
/** Jakarta, team of TL 26000001, Monday–Saturday route, in service since 2024 (entitled to annual cuti). */
const EMP_B = '26000037';
/** Bandung, whose team leader has no account: only the admin step. */
const EMP_BDG = '26000009';
const PASSWORD = 'Leave#Test2026';

// Seeded ids (serial, in seed order): src/domain/leave.ts SEEDED_JENIS_LEAVE, server/db/seed/leave.ts.
const J = { SAKIT: 1, CUTI: 2, IZIN: 3, TUKER_OFF: 4, SHIFT: 5 } as const;
const CUTI = { TAHUNAN_1: 1, TAHUNAN_3: 3, MENIKAH: 4 } as const;

const day = (offset: number) => dateInJakarta(new Date(Date.now() + offset * 86_400_000));
const TODAY = day(0);
const PERIOD = TODAY.slice(0, 4) + TODAY.slice(5, 7);

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const pdf = () => new Blob([PDF], { type: 'application/pdf' });

type Fields = Record<string, string | number | undefined>;
function form(fields: Fields, file?: { blob: Blob; name: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, String(v));
  if (file) f.append('attachment', file.blob, file.name);
  return f;
}
const file = (blob = pdf(), name = 'surat-dokter.pdf') => ({ blob, name });

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

const fileLeave = (token: string, fields: Fields, attachment?: { blob: Blob; name: string }, key?: string) =>
  ctx.request('POST', '/api/leave', {
    token,
    body: form({ tanggal: TODAY, ...fields }, attachment),
    headers: key ? { 'Idempotency-Key': key } : {},
  });

async function created(res: Response): Promise<LeaveRow> {
  const body = await json<{ result: LeaveRow; message: string }>(res);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(body)}`);
  return body.result;
}

const decide = (token: string, id: number, status: 'A' | 'R', keterangan?: string, key?: string) =>
  ctx.request('POST', '/api/leave/approved/status', {
    token,
    body: { id, status, ...(keterangan ? { keterangan } : {}) },
    headers: key ? { 'Idempotency-Key': key } : {},
  });

const stepOf = (row: LeaveRow, role: 'TL' | 'ADMIN') => row.approval.find((s) => s.approval_role === role)!;

async function queue(token: string, status: string, admin = false) {
  const res = await ctx.request('GET', `/api/leave/approval/${admin ? 'admin/' : ''}${status}?per_page=100`, { token });
  expect(res.status).toBe(200);
  return (await json<{ result: ApprovalQueueRow[]; totalCount: number }>(res)).result;
}

async function message(res: Response, status: number): Promise<string> {
  const body = await json<{ message: string }>(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.message;
}

async function createUser(userid: string, role: string, nrp: string | null, trustee?: Record<string, string[]>) {
  const res = await ctx.request('POST', '/api/users', {
    token: T.admin,
    body: {
      userid,
      username: userid.toLowerCase(),
      nama: `User ${userid}`,
      password: PASSWORD,
      role,
      nrp,
      reset_password: false,
      trustee,
    },
  });
  if (res.status !== 201) throw new Error(`create user ${userid}: ${res.status} ${await res.text()}`);
  return ctx.tokenFor(userid.toLowerCase(), PASSWORD);
}

async function visitDays(token: string, karyawan?: string): Promise<VisitDays> {
  const res = await ctx.request(
    'GET',
    `/api/leave/visit/list?period_id=${PERIOD}${karyawan ? `&karyawan=${karyawan}` : ''}`,
    {
      token,
    },
  );
  expect(res.status).toBe(200);
  return (await json<{ result: VisitDays }>(res)).result;
}

/** Runs the whole chain: team leader (if any) then admin. */
async function approveAll(row: LeaveRow) {
  const tl = row.approval.find((s) => s.approval_role === 'TL');
  if (tl) expect((await decide(T.tl!, tl.approval_id, 'A')).status).toBe(200);
  const res = await decide(T.admin!, stepOf(row, 'ADMIN').approval_id, 'A');
  const body = await json<{ result: LeaveRow }>(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result;
}

const attendance = (nrp: string, dates: string[]) =>
  ctx.database.db
    .select()
    .from(absensi)
    .where(and(eq(absensi.nrp, nrp), inArray(absensi.tanggal, dates)));

beforeAll(async () => {
  ctx = await createTestContext();
  for (const u of ['admin', 'hr', 'tl', 'spg']) T[u] = await ctx.tokenFor(u);
  T.empB = await createUser('EMPB', 'USER', EMP_B);
  T.bdg = await createUser('EMPBDG', 'USER', EMP_BDG);
  // A second account of the team leader (an admin role): it may decide step 1, never step 2 as well.
  T.tl2 = await createUser('TL2', 'ADMIN', TL);
  // An administrator limited to Bandung.
  T.bdgAdmin = await createUser('ADMBDG', 'ADMIN', null, { lokasi: ['BDG'] });
  const role = await ctx.request('POST', '/api/roles', {
    token: T.admin,
    body: { id: 'NOLV', nama: 'Tanpa Leave', permissions: ['dashboard.read'] },
  });
  expect(role.status).toBe(201);
  T.noLeave = await createUser('NOLV', 'NOLV', null);
});
afterAll(async () => {
  await ctx?.close();
});

describe('jenis leave and jenis cuti', () => {
  it('lists the five seeded kinds and the types, for any signed-in user', async () => {
    const res = await ctx.request('GET', '/api/jenis-leave?per_page=100', { token: T.spg });
    const body = await json<{ result: { id: number; jenis_leave: string; type: string; status: boolean }[] }>(res);
    expect(res.status).toBe(200);
    expect(body.result.map((r) => [r.id, r.jenis_leave, r.type])).toEqual([
      [1, 'Surat Keterangan Dokter/Ijin Sakit', 'SAKIT'],
      [2, 'Pengajuan Cuti', 'CUTI'],
      [3, 'Izin Tidak Masuk', 'IZIN'],
      [4, 'Tuker Off Hari', 'TUKER_OFF'],
      [5, 'Perubahan Shift Kerja', 'PERUBAHAN_SHIFT'],
    ]);
    const types = await json<{ result: { type: string }[] }>(
      await ctx.request('GET', '/api/jenis-leave/type/leave', { token: T.spg }),
    );
    expect(types.result.map((t) => t.type)).toEqual(['SAKIT', 'CUTI', 'IZIN', 'TUKER_OFF', 'PERUBAHAN_SHIFT']);
  });

  it('creates, edits (not the type), switches and deletes a kind; writes need master permissions', async () => {
    expect(
      (await ctx.request('POST', '/api/jenis-leave', { token: T.spg, body: { jenis_leave: 'X', type: 'IZIN' } }))
        .status,
    ).toBe(403);
    expect(
      await message(await ctx.request('POST', '/api/jenis-leave', { token: T.admin, body: { type: 'IZIN' } }), 400),
    ).toBe('Jenis Leave harus diisi');
    expect(
      await message(
        await ctx.request('POST', '/api/jenis-leave', {
          token: T.admin,
          body: { jenis_leave: 'Izin Keluarga', type: 'LIBUR' },
        }),
        400,
      ),
    ).toBe('Type tidak dikenal');
    const made = await ctx.request('POST', '/api/jenis-leave', {
      token: T.admin,
      body: { jenis_leave: 'Izin Keluarga', type: 'IZIN' },
    });
    const { result } = await json<{ result: { id: number } }>(made);
    expect(made.status).toBe(201);
    expect(
      await message(
        await ctx.request('POST', '/api/jenis-leave', {
          token: T.admin,
          body: { jenis_leave: 'Izin Keluarga', type: 'IZIN' },
        }),
        409,
      ),
    ).toBe('Nama sudah digunakan');
    expect(
      (
        await ctx.request('PUT', `/api/jenis-leave/${result.id}`, {
          token: T.admin,
          body: { jenis_leave: 'Izin Urusan Keluarga', type: 'SAKIT' },
        })
      ).status,
    ).toBe(200);
    const off = await ctx.request('PUT', `/api/jenis-leave/status/${result.id}`, {
      token: T.admin,
      body: { status: false },
    });
    expect(off.status).toBe(200);
    const one = await json<{ result: { jenis_leave: string; type: string; status: boolean } }>(
      await ctx.request('GET', `/api/jenis-leave/${result.id}`, { token: T.spg }),
    );
    expect(one.result).toMatchObject({ jenis_leave: 'Izin Urusan Keluarga', type: 'IZIN', status: false });
    // An inactive kind cannot be filed.
    expect(await message(await fileLeave(T.spg!, { jenis_leave: result.id, start_date: day(200) }), 400)).toBe(
      'Jenis leave ini tidak aktif',
    );
    expect((await ctx.request('DELETE', `/api/jenis-leave/${result.id}`, { token: T.admin })).status).toBe(200);
    expect((await ctx.request('GET', `/api/jenis-leave/${result.id}`, { token: T.admin })).status).toBe(404);
    // A kind in use cannot be deleted.
    await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(300) }));
    expect(await message(await ctx.request('DELETE', `/api/jenis-leave/${J.IZIN}`, { token: T.admin }), 409)).toMatch(
      /masih digunakan/,
    );
  });

  it('jenis cuti: lama_hari of at least 1, and the Active switch', async () => {
    expect(
      await message(
        await ctx.request('POST', '/api/jenis-cuti', {
          token: T.admin,
          body: { jenis_cuti: 'Cuti Umroh', lama_hari: 0 },
        }),
        400,
      ),
    ).toBe('Lama cuti minimal 1 hari');
    expect(
      await message(
        await ctx.request('POST', '/api/jenis-cuti', { token: T.admin, body: { jenis_cuti: 'Cuti Umroh' } }),
        400,
      ),
    ).toBe('Lama cuti harus diisi');
    const made = await ctx.request('POST', '/api/jenis-cuti', {
      token: T.admin,
      body: { jenis_cuti: 'Cuti Umroh', lama_hari: 10, potong_tahunan: false },
    });
    expect(made.status).toBe(201);
    const { result } = await json<{ result: { jenis_cuti_id: number } }>(made);
    expect(
      (
        await ctx.request('PUT', `/api/jenis-cuti/status/${result.jenis_cuti_id}`, {
          token: T.admin,
          body: { status: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await ctx.request('PUT', `/api/jenis-cuti/status/${result.jenis_cuti_id}`, {
          token: T.admin,
          body: { status: false },
        })
      ).status,
    ).toBe(200);
    expect(
      await message(
        await fileLeave(T.spg!, { jenis_leave: J.CUTI, jenis_cuti: result.jenis_cuti_id, start_date: day(210) }),
        400,
      ),
    ).toBe('Jenis cuti ini tidak aktif');
  });
});

describe('filing: every rule of §5 is the server’s too', () => {
  it('refuses each missing or wrong field with the spec’s message', async () => {
    const cases: [Fields, string, { blob: Blob; name: string }?][] = [
      [{}, 'Mohon Melengkapi Formulir'],
      [
        { jenis_leave: J.SAKIT, start_date: day(1) },
        'Lampiran (surat dokter) wajib untuk Surat Keterangan Dokter/Ijin Sakit',
      ],
      [{ jenis_leave: J.SAKIT }, 'Tanggal mulai harus diisi', file()],
      [{ jenis_leave: J.IZIN }, 'Tanggal mulai harus diisi'],
      [
        { jenis_leave: J.IZIN, start_date: day(5), end_date: day(4) },
        'Tanggal selesai tidak boleh sebelum tanggal mulai',
      ],
      [{ jenis_leave: J.IZIN, start_date: day(-3) }, /^Tanggal mulai paling awal/ as unknown as string],
      [{ jenis_leave: J.CUTI, start_date: day(60) }, 'Jenis cuti harus diisi'],
      [
        { jenis_leave: J.CUTI, jenis_cuti: CUTI.MENIKAH, start_date: day(60), end_date: day(60) },
        /^Tanggal selesai Pengajuan Cuti harus/ as unknown as string,
      ],
      [{ jenis_leave: J.TUKER_OFF, tanggal_off: day(1), hari_request: day(2) }, 'Period harus diisi'],
      [
        { jenis_leave: J.TUKER_OFF, period_id: PERIOD, hari_request: day(2) },
        'Tanggal kunjungan harus dipilih dari daftar kunjungan',
      ],
      [{ jenis_leave: J.TUKER_OFF, period_id: PERIOD, tanggal_off: day(1) }, 'Request Hari harus diisi'],
      [{ jenis_leave: J.SHIFT, period_id: PERIOD, tanggal_off: day(1) }, 'Shift Request harus diisi'],
      [{ jenis_leave: J.IZIN, start_date: '2026-02-30' }, 'Tanggal harus berformat YYYY-MM-DD'],
      [{ jenis_leave: J.IZIN, start_date: day(1), tanggal: day(3) }, 'Tanggal pengajuan tidak boleh melewati hari ini'],
      [{ jenis_leave: J.IZIN, start_date: day(1), keterangan: 'x'.repeat(256) }, 'Keterangan maksimal 255 karakter'],
      [{ jenis_leave: 99, start_date: day(1) }, 'Jenis leave tidak ditemukan'],
    ];
    for (const [fields, expected, attachment] of cases) {
      const res = await fileLeave(T.spg!, fields, attachment);
      const body = await json<{ message: string; error: { issues?: unknown[] } }>(res);
      expect(res.status, JSON.stringify({ fields, body })).toBe(400);
      if (typeof expected === 'string') expect(body.message).toBe(expected);
      else expect(body.message).toMatch(expected);
    }
  });

  it('backdates 2 days for an employee, 6 months for leave.admin', async () => {
    const own = await created(
      await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(-2), keterangan: 'Urusan keluarga' }),
    );
    expect(own).toMatchObject({
      start_date: day(-2),
      end_date: day(-2),
      status: 'Pending',
      tanggal: TODAY,
      keterangan: 'Urusan keluarga',
    });
    const far = await fileLeave(T.admin!, { karyawan_nrp: EMP_BDG, jenis_leave: J.IZIN, start_date: day(-150) });
    expect((await created(far)).nrp).toBe(EMP_BDG);
    expect(
      await message(
        await fileLeave(T.admin!, { karyawan_nrp: EMP_BDG, jenis_leave: J.IZIN, start_date: day(-200) }),
        400,
      ),
    ).toMatch(/^Tanggal mulai paling awal/);
  });

  it('checks the attachment by content and size, never by name', async () => {
    const fake = new Blob([new TextEncoder().encode('ini bukan pdf, hanya teks biasa')], { type: 'application/pdf' });
    const res = await fileLeave(
      T.spg!,
      { jenis_leave: J.SAKIT, start_date: day(90) },
      { blob: fake, name: 'surat.pdf' },
    );
    expect(await message(res, 400)).toBe('File harus berupa PDF, JPG atau PNG');
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await fileLeave(
      T.spg!,
      { jenis_leave: J.SAKIT, start_date: day(90) },
      { blob: new Blob([big]), name: 'besar.pdf' },
    );
    expect(await message(tooBig, 413)).toBe('File size exceeds 2 MB.');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const ok = await created(
      await fileLeave(
        T.spg!,
        { jenis_leave: J.SAKIT, start_date: day(90) },
        { blob: new Blob([png]), name: 'foto.txt' },
      ),
    );
    expect(ok.attachment).toBe('foto.png');
    expect(readdirSync(path.join(ctx.uploadsDir, 'leave')).some((f) => f.endsWith('.png'))).toBe(true);
  });

  it('files on behalf only with leave.admin and only in scope', async () => {
    expect(
      await message(await fileLeave(T.spg!, { karyawan_nrp: EMP_B, jenis_leave: J.IZIN, start_date: day(95) }), 403),
    ).toBe('Hanya pengguna dengan akses leave.admin yang dapat mengajukan untuk karyawan lain');
    expect(
      await message(await fileLeave(T.bdgAdmin!, { karyawan_nrp: SPG, jenis_leave: J.IZIN, start_date: day(95) }), 403),
    ).toBe('Data karyawan ini di luar cakupan akses Anda');
    expect(
      await message(
        await fileLeave(T.admin!, { karyawan_nrp: '99999999', jenis_leave: J.IZIN, start_date: day(95) }),
        400,
      ),
    ).toBe('Karyawan tidak ditemukan');
    expect(await message(await fileLeave(T.admin!, { jenis_leave: J.IZIN, start_date: day(95) }), 403)).toBe(
      'Akun ini tidak terhubung dengan data karyawan',
    );
    const row = await created(
      await fileLeave(T.bdgAdmin!, { karyawan_nrp: EMP_BDG, jenis_leave: J.IZIN, start_date: day(95) }),
    );
    expect(row.created_by).toBe('ADMBDG');
  });

  it('refuses a request overlapping another that is not rejected (409)', async () => {
    const first = await created(
      await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(100), end_date: day(102) }),
    );
    const res = await fileLeave(T.spg!, { jenis_leave: J.SAKIT, start_date: day(102) }, file());
    expect(await message(res, 409)).toBe(`Sudah ada pengajuan Izin Tidak Masuk (${first.nomor}) pada tanggal tersebut`);
  });

  it('Pengajuan Cuti: end = start + lama_hari − 1; annual cuti needs 12 months of service and a balance', async () => {
    const menikah = await created(
      await fileLeave(T.spg!, {
        jenis_leave: J.CUTI,
        jenis_cuti: CUTI.MENIKAH,
        start_date: day(110),
        end_date: day(112),
      }),
    );
    expect(menikah).toMatchObject({
      start_date: day(110),
      end_date: day(112),
      cuti: { jenis_cuti: 'Cuti Menikah', lama_hari: 3 },
    });
    // The demo SPG started in 2026: no annual cuti until 12 months of service.
    const sisa = await json<{ result: CutiBalance }>(
      await ctx.request('GET', '/api/leave/cuti/sisa', { token: T.spg }),
    );
    expect(sisa.result.eligible_from! > TODAY).toBe(true);
    expect(
      await message(
        await fileLeave(T.spg!, { jenis_leave: J.CUTI, jenis_cuti: CUTI.TAHUNAN_1, start_date: day(115) }),
        400,
      ),
    ).toMatch(/^Hak cuti tahunan berlaku setelah 12 bulan masa kerja/);

    const year = Number(TODAY.slice(0, 4)) + 1;
    const start = (k: number) => `${year}-03-${String(k).padStart(2, '0')}`;
    const balance = async () =>
      (
        await json<{ result: CutiBalance }>(
          await ctx.request('GET', `/api/leave/cuti/sisa?tahun=${year}`, { token: T.bdg }),
        )
      ).result;
    expect(await balance()).toMatchObject({ hak: 12, terpakai: 0, menunggu: 0, sisa: 12 });
    const rows: LeaveRow[] = [];
    for (let k = 0; k < 4; k++) {
      rows.push(
        await created(
          await fileLeave(T.bdg!, { jenis_leave: J.CUTI, jenis_cuti: CUTI.TAHUNAN_3, start_date: start(1 + k * 5) }),
        ),
      );
    }
    expect(await balance()).toMatchObject({ terpakai: 0, menunggu: 12, sisa: 12 });
    expect(
      await message(
        await fileLeave(T.bdg!, { jenis_leave: J.CUTI, jenis_cuti: CUTI.TAHUNAN_1, start_date: start(25) }),
        400,
      ),
    ).toBe('Sisa cuti tahunan tidak mencukupi (sisa 0 hari)');
    // Bandung's team leader has no account: the admin alone decides.
    expect(rows[0]!.approval.map((s) => s.approval_role)).toEqual(['ADMIN']);
    await approveAll(rows[0]!);
    expect(await balance()).toMatchObject({ terpakai: 3, menunggu: 9, sisa: 9 });
    expect((await decide(T.admin!, stepOf(rows[1]!, 'ADMIN').approval_id, 'R')).status).toBe(200);
    expect(await balance()).toMatchObject({ terpakai: 3, menunggu: 6, sisa: 9 });
  });

  it('is idempotent: a replayed filing answers the stored result and stores nothing twice', async () => {
    const key = crypto.randomUUID();
    const fields = { jenis_leave: J.SAKIT, start_date: day(120), captured_at: new Date().toISOString() };
    const before = readdirSync(path.join(ctx.uploadsDir, 'leave')).length;
    const first = await fileLeave(T.spg!, fields, file(), key);
    const again = await fileLeave(T.spg!, fields, file(), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const a = await json<{ result: LeaveRow }>(first);
    const b = await json<{ result: LeaveRow }>(again);
    expect(b.result.leave_id).toBe(a.result.leave_id);
    expect(readdirSync(path.join(ctx.uploadsDir, 'leave')).length).toBe(before + 1);
    const list = await json<{ result: LeaveRow[] }>(
      await ctx.request('POST', '/api/leave/karyawan/get', {
        token: T.spg,
        body: { startDate: undefined, jenis: J.SAKIT, per_page: 100 },
      }),
    );
    expect(list.result.filter((r) => r.start_date === day(120))).toHaveLength(1);
  });
});

describe('reading: own list, detail, attachment, scope', () => {
  let sick: LeaveRow;
  beforeAll(async () => {
    sick = await created(
      await fileLeave(T.spg!, { jenis_leave: J.SAKIT, start_date: day(-1), end_date: day(0) }, file()),
    );
  });

  it('lists own requests with the spec’s filters; dates after today are refused', async () => {
    const res = await ctx.request('POST', '/api/leave/karyawan/get', {
      token: T.spg,
      body: { startDate: day(-1), endDate: day(0), jenis: J.SAKIT, status: 'Pending' },
    });
    const body = await json<{ result: LeaveRow[]; totalCount: number }>(res);
    expect(res.status).toBe(200);
    expect(body.result.map((r) => r.leave_id)).toEqual([sick.leave_id]);
    expect(body.result[0]).toMatchObject({
      nrp: SPG,
      jenis: { jenis_leave: 'Surat Keterangan Dokter/Ijin Sakit', type: 'SAKIT' },
      karyawan: { lokasi: { id: 'JKT' } },
      attachment: 'surat-dokter.pdf',
      approval: [
        { approval_num: 1, approval_role: 'TL', approval_nrp: TL, approval_status: 'N' },
        { approval_num: 2, approval_role: 'ADMIN', approval_status: 'N' },
      ],
    });
    expect(body.result[0]!.nomor).toMatch(/^LV-\d{6}-\d{6}$/);
    expect(
      await message(
        await ctx.request('POST', '/api/leave/karyawan/get', { token: T.spg, body: { endDate: day(2) } }),
        400,
      ),
    ).toBe('Tanggal filter tidak boleh melewati hari ini');
    expect(await message(await ctx.request('POST', '/api/leave/karyawan/get', { token: T.admin, body: {} }), 403)).toBe(
      'Akun ini tidak terhubung dengan data karyawan',
    );
  });

  it('opens a request and its attachment for its employee, team leader and admins in scope only', async () => {
    const get = (token: string) => ctx.request('GET', `/api/leave/${sick.leave_id}`, { token });
    for (const who of ['spg', 'tl', 'admin', 'hr']) expect((await get(T[who]!)).status, who).toBe(200);
    // The approver sees the planned store visits the leave leaves open (the demo SPG has visits every day).
    const detail = await json<{ result: LeaveRow }>(await get(T.tl!));
    expect(detail.result.coverage?.some((c) => c.tanggal === TODAY && c.cust_name.length > 0)).toBe(true);
    expect(await message(await get(T.bdgAdmin!), 403)).toBe('Anda tidak memiliki akses ke pengajuan leave ini');
    expect((await get(T.empB!)).status).toBe(403);
    expect((await ctx.request('GET', '/api/leave/999999', { token: T.admin })).status).toBe(404);

    const download = (token: string) =>
      ctx.request('GET', `/api/leave/attachment/${sick.leave_id}/download`, { token });
    const res = await download(T.tl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('surat-dokter.pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect((await download(T.bdgAdmin!)).status).toBe(403);
    expect((await ctx.request('GET', `/api/leave/attachment/${sick.leave_id}/download`)).status).toBe(401);
    // Never a public path.
    const stored = readdirSync(path.join(ctx.uploadsDir, 'leave'))[0]!;
    expect((await ctx.request('GET', `/uploads/leave/${stored}`, { token: T.admin })).status).toBe(404);
    const noFile = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(130) }));
    expect(
      await message(
        await ctx.request('GET', `/api/leave/attachment/${noFile.leave_id}/download`, { token: T.spg }),
        404,
      ),
    ).toBe('Pengajuan ini tidak memiliki lampiran');
  });

  it('lists everyone’s requests (leave.admin) within scope only', async () => {
    const all = await json<{ result: LeaveRow[] }>(
      await ctx.request('GET', '/api/leave?per_page=1000', { token: T.admin }),
    );
    expect(all.result.some((r) => r.nrp === SPG)).toBe(true);
    const bdg = await json<{ result: LeaveRow[] }>(
      await ctx.request('GET', '/api/leave?per_page=1000', { token: T.bdgAdmin }),
    );
    expect(bdg.result.length).toBeGreaterThan(0);
    expect(bdg.result.every((r) => r.karyawan.lokasi.id === 'BDG')).toBe(true);
    expect((await ctx.request('GET', '/api/leave', { token: T.spg })).status).toBe(403);
    expect((await ctx.request('GET', '/api/leave/all/approval/admin', { token: T.tl })).status).toBe(403);
  });

  it('needs leave.read for everything', async () => {
    for (const [method, url] of [
      ['POST', '/api/leave/karyawan/get'],
      ['GET', `/api/leave/${sick.leave_id}`],
      ['GET', '/api/count/leave/open/all'],
      ['POST', '/api/leave'],
    ] as const) {
      expect(
        (await ctx.request(method, url, { token: T.noLeave, body: method === 'POST' ? {} : undefined })).status,
        url,
      ).toBe(403);
    }
    expect((await ctx.request('GET', '/api/leave/approval/N', { token: T.hr })).status).toBe(403);
    expect((await ctx.request('GET', `/api/leave/admin/report?period=${PERIOD}`, { token: T.spg })).status).toBe(403);
  });

  it('withdraws a pending request (own only), not once decided', async () => {
    const mine = await created(
      await fileLeave(T.spg!, { jenis_leave: J.SAKIT, start_date: day(140) }, file(pdf(), 'hapus.pdf')),
    );
    const files = () => readdirSync(path.join(ctx.uploadsDir, 'leave')).length;
    const before = files();
    expect(await message(await ctx.request('DELETE', `/api/leave/${mine.leave_id}`, { token: T.empB }), 403)).toBe(
      'Anda hanya dapat mengubah atau menghapus pengajuan Anda sendiri',
    );
    expect(await message(await ctx.request('DELETE', `/api/leave/${mine.leave_id}`, { token: T.spg }), 200)).toBe(
      'Pengajuan leave berhasil dihapus',
    );
    expect(files()).toBe(before - 1);
    const decided = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(141) }));
    await decide(T.tl!, stepOf(decided, 'TL').approval_id, 'A');
    expect(await message(await ctx.request('DELETE', `/api/leave/${decided.leave_id}`, { token: T.spg }), 409)).toBe(
      'Pengajuan yang sudah diproses approval tidak dapat diubah atau dihapus',
    );
  });

  it('changes a pending request through PUT with the same rules', async () => {
    const row = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(150) }));
    const put = (fields: Fields) =>
      ctx.request('PUT', `/api/leave/${row.leave_id}`, {
        token: T.spg,
        body: form({ jenis_leave: J.IZIN, ...fields }),
      });
    expect(await message(await put({ start_date: day(151), end_date: day(150) }), 400)).toBe(
      'Tanggal selesai tidak boleh sebelum tanggal mulai',
    );
    const ok = await put({ start_date: day(151), end_date: day(152), keterangan: 'Diubah' });
    const body = await json<{ result: LeaveRow }>(ok);
    expect(ok.status).toBe(200);
    expect(body.result).toMatchObject({
      start_date: day(151),
      end_date: day(152),
      keterangan: 'Diubah',
      nomor: row.nomor,
    });
  });
});

describe('the approval chain', () => {
  it('team leader first, then admin; each sees only what waits for them; then approved', async () => {
    const row = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(30), end_date: day(31) }));
    const tlStep = stepOf(row, 'TL');
    const adminStep = stepOf(row, 'ADMIN');

    expect(await message(await decide(T.admin!, adminStep.approval_id, 'A'), 409)).toBe(
      'Pengajuan ini masih menunggu approval Team Leader',
    );
    expect(await message(await decide(T.admin!, tlStep.approval_id, 'A'), 403)).toBe(
      'Anda bukan approver untuk langkah approval ini',
    );
    expect(await message(await decide(T.tl!, adminStep.approval_id, 'A'), 403)).toBe(
      'Anda bukan approver untuk langkah approval ini',
    );
    expect(await message(await decide(T.empB!, tlStep.approval_id, 'A'), 403)).toBe(
      'Anda tidak memiliki akses untuk tindakan ini',
    );
    expect((await queue(T.tl!, 'N')).map((q) => q.approval_id)).toContain(tlStep.approval_id);
    expect((await queue(T.admin!, 'N')).map((q) => q.approval_id)).not.toContain(adminStep.approval_id);

    const first = await decide(T.tl!, tlStep.approval_id, 'A', 'Silakan');
    expect((await json<{ result: LeaveRow }>(first)).result.status).toBe('Approved 1');
    expect(await message(await decide(T.tl!, tlStep.approval_id, 'R'), 409)).toMatch(
      /^Pengajuan ini sudah di-approve oleh .+ pada \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    );

    expect((await queue(T.tl!, 'N')).map((q) => q.approval_id)).not.toContain(tlStep.approval_id);
    expect((await queue(T.tl!, 'A')).map((q) => q.approval_id)).toContain(tlStep.approval_id);
    expect((await queue(T.tl!, 'all')).map((q) => q.approval_id)).toContain(tlStep.approval_id);
    expect((await ctx.request('GET', '/api/leave/approval/X', { token: T.tl })).status).toBe(400);
    const waiting = (await queue(T.admin!, 'N')).find((q) => q.approval_id === adminStep.approval_id);
    expect(waiting?.leave.status).toBe('Approved 1');
    expect(waiting?.leave.coverage).toEqual([]); // no visit plan that far ahead
    expect((await queue(T.admin!, 'N', true)).map((q) => q.approval_id)).toContain(adminStep.approval_id);
    expect((await queue(T.bdgAdmin!, 'N')).map((q) => q.approval_id)).not.toContain(adminStep.approval_id);
    expect(await message(await decide(T.bdgAdmin!, adminStep.approval_id, 'A'), 403)).toBe(
      'Data karyawan ini di luar cakupan akses Anda',
    );

    const key = crypto.randomUUID();
    const done = await decide(T.admin!, adminStep.approval_id, 'A', undefined, key);
    const doneBody = await json<{ result: LeaveRow; message: string }>(done);
    expect(done.status).toBe(200);
    expect(doneBody.message).toBe('Pengajuan leave berhasil di-approve');
    expect(doneBody.result.status).toBe('Approved');
    expect(doneBody.result.approval.map((s) => s.approval_status)).toEqual(['A', 'A']);
    expect(doneBody.result.approval[0]!.keterangan).toBe('Silakan');

    // The outbox replaying the same decision gets the stored answer; another decision is a 409.
    const replay = await decide(T.admin!, adminStep.approval_id, 'A', undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json<{ result: LeaveRow }>(replay)).result.status).toBe('Approved');
    expect(
      await message(await decide(T.admin!, adminStep.approval_id, 'R', undefined, crypto.randomUUID()), 409),
    ).toMatch(/^Pengajuan ini sudah di-approve oleh Administrator/);

    const seen = await json<{ result: LeaveRow }>(
      await ctx.request('GET', `/api/leave/${row.leave_id}`, { token: T.spg }),
    );
    expect(seen.result.status).toBe('Approved');
    // Izin: the attendance of both days becomes I.
    const rows = await attendance(SPG, [day(30), day(31)]);
    expect(rows.map((r) => [r.tanggal, r.sts_abs_id, r.sumber]).sort()).toEqual([
      [day(30), 'I', 'L'],
      [day(31), 'I', 'L'],
    ]);
  });

  it('a rejection at any step ends the request', async () => {
    const a = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(33) }));
    const r1 = await json<{ result: LeaveRow }>(
      await decide(T.tl!, stepOf(a, 'TL').approval_id, 'R', 'Toko sedang promo'),
    );
    expect(r1.result.status).toBe('Rejected');
    expect(await message(await decide(T.admin!, stepOf(a, 'ADMIN').approval_id, 'A'), 409)).toBe(
      'Pengajuan ini sudah ditolak pada langkah approval sebelumnya',
    );
    expect((await queue(T.admin!, 'N')).map((q) => q.transaksi_id)).not.toContain(a.leave_id);
    expect((await queue(T.tl!, 'R')).map((q) => q.transaksi_id)).toContain(a.leave_id);
    expect(await attendance(SPG, [day(33)])).toEqual([]);

    const b = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(34) }));
    await decide(T.tl!, stepOf(b, 'TL').approval_id, 'A');
    const r2 = await json<{ result: LeaveRow }>(await decide(T.admin!, stepOf(b, 'ADMIN').approval_id, 'R'));
    expect(r2.result.status).toBe('Rejected');
    expect(r2.result.approval.map((s) => s.approval_status)).toEqual(['A', 'R']);
  });

  it('any account linked to the team leader’s NRP decides step 1, but never the admin step as well', async () => {
    const row = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(35) }));
    expect((await queue(T.tl2!, 'N')).map((q) => q.approval_id)).toContain(stepOf(row, 'TL').approval_id);
    expect((await decide(T.tl2!, stepOf(row, 'TL').approval_id, 'A')).status).toBe(200);
    expect((await queue(T.tl2!, 'N')).map((q) => q.approval_id)).not.toContain(stepOf(row, 'ADMIN').approval_id);
    expect(await message(await decide(T.tl2!, stepOf(row, 'ADMIN').approval_id, 'A'), 403)).toBe(
      'Team Leader karyawan ini tidak dapat sekaligus memberi approval Admin',
    );
    // A team leader's own request has no team-leader step, and they cannot decide it.
    const own = await created(await fileLeave(T.tl!, { jenis_leave: J.IZIN, start_date: day(36) }));
    expect(own.approval.map((s) => s.approval_role)).toEqual(['ADMIN']);
    for (const token of [T.tl!, T.tl2!]) {
      expect(await message(await decide(token, stepOf(own, 'ADMIN').approval_id, 'A'), 403)).toBe(
        'Anda tidak dapat memproses pengajuan Anda sendiri',
      );
    }
  });

  it('keeps a checked-in day as it is and marks the others sick', async () => {
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0xff, 0xd9])], { type: 'image/jpeg' });
    const f = new FormData();
    for (const [k, v] of Object.entries({
      tanggal: day(40),
      jam_masuk: '08:00:00',
      captured_at: new Date().toISOString(),
      location_error: 'GPS mati',
    }))
      f.append(k, v);
    f.append('photo', photo, 'foto.jpg');
    expect((await ctx.request('POST', '/api/absensi/new/spg', { token: T.spg, body: f })).status).toBe(201);
    const row = await created(
      await fileLeave(T.spg!, { jenis_leave: J.SAKIT, start_date: day(40), end_date: day(41) }, file()),
    );
    await approveAll(row);
    const rows = await attendance(SPG, [day(40), day(41)]);
    expect(rows.map((r) => [r.tanggal, r.sts_abs_id, r.jam_masuk]).sort()).toEqual([
      [day(40), 'H', '08:00:00'],
      [day(41), 'S', null],
    ]);
  });

  it('Tuker Off Hari moves the day’s visits to the requested free day; Perubahan Shift Kerja changes their shift', async () => {
    const plan = await visitDays(T.empB!);
    const visit = plan.days.find((d) => d.tanggal >= TODAY && !d.checked_in);
    const free = plan.free_days.find((d) => d >= day(-2));
    expect(visit, 'a day with visits from today on').toBeTruthy();
    // The plan of another employee is for leave.admin only.
    expect(
      (await ctx.request('GET', `/api/leave/visit/list?period_id=${PERIOD}&karyawan=${EMP_B}`, { token: T.spg }))
        .status,
    ).toBe(403);
    expect((await visitDays(T.admin!, EMP_B)).days.length).toBe(plan.days.length);

    const busy = plan.days.find((d) => d.tanggal !== visit!.tanggal && d.tanggal >= day(-2))!.tanggal;
    expect(
      await message(
        await fileLeave(T.empB!, {
          jenis_leave: J.TUKER_OFF,
          period_id: PERIOD,
          tanggal_off: visit!.tanggal,
          hari_request: busy,
        }),
        400,
      ),
    ).toBe('Request Hari harus hari tanpa jadwal kunjungan (hari libur)');
    expect(
      await message(
        await fileLeave(T.empB!, {
          jenis_leave: J.TUKER_OFF,
          period_id: PERIOD,
          tanggal_off: free ?? plan.free_days[0]!,
          hari_request: visit!.tanggal,
        }),
        400,
      ),
    ).toMatch(/^(Tidak ada jadwal kunjungan|Tanggal mulai paling awal)/);
    expect(
      await message(
        await fileLeave(T.empB!, {
          jenis_leave: J.TUKER_OFF,
          period_id: PERIOD,
          tanggal_off: visit!.tanggal,
          hari_request: `${Number(TODAY.slice(0, 4)) + 1}-01-05`,
        }),
        400,
      ),
    ).toBe('Request Hari harus berada di dalam period kunjungan');

    // leave.admin files it (6 months of backdate: any free day of the period will do).
    const target = free ?? plan.free_days[0]!;
    const row = await created(
      await fileLeave(T.admin!, {
        karyawan_nrp: EMP_B,
        jenis_leave: J.TUKER_OFF,
        period_id: PERIOD,
        tanggal_off: visit!.tanggal,
        hari_request: target,
      }),
    );
    expect(row).toMatchObject({
      start_date: visit!.tanggal,
      hari_request: target,
      periode: PERIOD,
      shift: { id: visit!.shift.id },
    });
    await approveAll(row);
    const lines = await ctx.database.db
      .select({ tgl: kunjunganDetail.tgl_dcp })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(and(eq(kunjungan.nrp, EMP_B), inArray(kunjunganDetail.tgl_dcp, [visit!.tanggal, target])));
    expect(lines.map((l) => l.tgl)).toEqual(Array(visit!.stores.length).fill(target));
    expect((await attendance(EMP_B, [visit!.tanggal]))[0]?.sts_abs_id).toBe('OFF');

    // Perubahan Shift Kerja on the demo SPG's plan.
    const spgPlan = await visitDays(T.spg!);
    const used = new Set([day(30), day(31), day(33), day(34), day(35), day(40), day(41), day(-1), day(0), day(-2)]);
    const d = spgPlan.days.find((x) => x.tanggal >= TODAY && !x.checked_in && !used.has(x.tanggal))!;
    expect(
      await message(
        await fileLeave(T.spg!, {
          jenis_leave: J.SHIFT,
          period_id: PERIOD,
          tanggal_off: d.tanggal,
          shift_request: d.shift.id,
        }),
        400,
      ),
    ).toBe('Shift Request sama dengan shift saat ini');
    const other = d.shift.id === 'SIANG' ? 'PAGI' : 'SIANG';
    const change = await created(
      await fileLeave(T.spg!, {
        jenis_leave: J.SHIFT,
        period_id: PERIOD,
        tanggal_off: d.tanggal,
        shift_request: other,
      }),
    );
    expect(change).toMatchObject({ shift: { id: d.shift.id }, shiftRequest: { id: other } });
    await approveAll(change);
    const after = await visitDays(T.spg!);
    expect(after.days.find((x) => x.tanggal === d.tanggal)?.shift.id).toBe(other);
  });
});

describe('counts and the report', () => {
  it('counts own requests by year, month, open and reject', async () => {
    const count = async (kind: string, jenis: string | number = 'all') =>
      (await json<{ result: number }>(await ctx.request('GET', `/api/count/leave/${kind}/${jenis}`, { token: T.spg })))
        .result;
    const list = await json<{ result: LeaveRow[] }>(
      await ctx.request('POST', '/api/leave/karyawan/get', { token: T.spg, body: { per_page: 1000 } }),
    );
    const mine = list.result;
    expect(await count('open')).toBe(mine.filter((r) => r.status === 'Pending' || r.status === 'Approved 1').length);
    expect(await count('reject')).toBe(mine.filter((r) => r.status === 'Rejected').length);
    expect(await count('reject', J.IZIN)).toBe(
      mine.filter((r) => r.status === 'Rejected' && r.jenis.id === J.IZIN).length,
    );
    expect(await count('year')).toBe(
      mine.filter((r) => r.status === 'Approved' && r.start_date.slice(0, 4) === TODAY.slice(0, 4)).length,
    );
    expect(await count('month')).toBe(
      mine.filter((r) => r.status === 'Approved' && r.start_date.slice(0, 7) === TODAY.slice(0, 7)).length,
    );
    expect((await ctx.request('GET', '/api/count/leave/week/all', { token: T.spg })).status).toBe(404);
  });

  it('reports a period within scope and filters; the .xlsx lists the same rows', async () => {
    expect(await message(await ctx.request('GET', '/api/leave/admin/report', { token: T.hr }), 400)).toBe(
      'Mohon pilih Period',
    );
    const report = async (token: string, query: string) => {
      const res = await ctx.request('GET', `/api/leave/admin/report?period=${PERIOD}&per_page=1000${query}`, { token });
      expect(res.status).toBe(200);
      return (await json<{ result: LeaveRow[]; totalCount: number }>(res)).result;
    };
    const all = await report(T.hr!, '');
    expect(all.some((r) => r.nrp === SPG && r.status === 'Approved')).toBe(true);
    expect(all.every((r) => r.end_date >= `${PERIOD.slice(0, 4)}-${PERIOD.slice(4)}-01` || r.periode === PERIOD)).toBe(
      true,
    );
    const approved = await report(T.hr!, '&status=Approved&jenis_leave=' + J.SHIFT);
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((r) => r.status === 'Approved' && r.jenis.id === J.SHIFT)).toBe(true);
    expect(await report(T.hr!, '&status=Rejected&jenis_leave=' + J.SHIFT)).toEqual([]);
    expect((await report(T.hr!, '&lokasi=BDG')).every((r) => r.karyawan.lokasi.id === 'BDG')).toBe(true);
    expect((await report(T.hr!, `&karyawan=${SPG}`)).every((r) => r.nrp === SPG)).toBe(true);
    expect((await report(T.bdgAdmin!, '')).every((r) => r.karyawan.lokasi.id === 'BDG')).toBe(true);

    const res = await ctx.request('GET', `/api/leave/report/download?period=${PERIOD}&status=Approved`, {
      token: T.hr,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`report-leave-${PERIOD}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.getWorksheet('Report Leave')!;
    expect(ws.getRow(1).getCell(1).value).toBe('Nomor');
    const nomors = new Set<string>();
    ws.eachRow((r, i) => i > 1 && nomors.add(String(r.getCell(1).value)));
    const expected = (await report(T.hr!, '&status=Approved')).map((r) => r.nomor);
    expect([...nomors].sort()).toEqual([...expected].sort());
  });
});
