/** Filing a leave request: every rule of spec §5 checked by the server, the attachment, on behalf, idempotency. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CutiBalance, LeaveRow } from '../../../src/domain/leave/leave-answers';
import {
  approveAll,
  created,
  ctx,
  CUTI,
  day,
  decide,
  EMP_B,
  EMP_BDG,
  file,
  fileLeave,
  J,
  json,
  message,
  PDF,
  stepOf,
  T,
  TODAY,
  PERIOD,
  SPG,
  setupLeaveContext,
  type Fields,
} from './leave-fixtures';

setupLeaveContext();

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

    // Two years ahead: the other tests file for this employee up to 95 days ahead, which on some days
    // of the year reaches March of next year.
    const year = Number(TODAY.slice(0, 4)) + 2;
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
