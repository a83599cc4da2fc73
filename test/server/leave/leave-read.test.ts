/** Reading leave requests: the own list, the detail and its attachment, everyone's within scope, withdraw and change. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRow } from '../../../src/domain/leave/leave-answers';
import {
  created,
  ctx,
  day,
  decide,
  EMP_BDG,
  file,
  fileLeave,
  form,
  J,
  json,
  message,
  PDF,
  pdf,
  PERIOD,
  SPG,
  stepOf,
  T,
  TL,
  TODAY,
  setupLeaveContext,
  type Fields,
} from './leave-fixtures';

setupLeaveContext();

// leave.admin's list of a Bandung administrator needs a Bandung request to show.
beforeAll(async () => {
  await created(await fileLeave(T.admin!, { karyawan_nrp: EMP_BDG, jenis_leave: J.IZIN, start_date: day(95) }));
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
