/** Leave kinds and cuti kinds (spec part 2 §2.6): the lists, the writes and their permissions, the Active switch. */
import { describe, expect, it } from 'vitest';
import { created, ctx, day, fileLeave, J, json, message, T, setupLeaveContext } from './leave-fixtures';

setupLeaveContext();

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
