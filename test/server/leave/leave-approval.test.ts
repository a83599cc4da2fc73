/** The approval chain (docs/decisions/006-leave.md): team leader then admin, and what a final approval changes. */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { leave } from '../../../server/db/schema/leave';
import type { LeaveRow } from '../../../src/domain/leave/leave-answers';
import {
  approveAll,
  attendance,
  created,
  ctx,
  day,
  decide,
  EMP_B,
  file,
  fileLeave,
  J,
  json,
  message,
  PERIOD,
  queue,
  SPG,
  stepOf,
  T,
  TODAY,
  setupLeaveContext,
  visitDays,
} from './leave-fixtures';

setupLeaveContext();

describe('the approval chain', () => {
  it('team leader first, then admin; each sees only what waits for them; then approved', async () => {
    const row = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(32), end_date: day(33) }));
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
    // 32 days ahead is always past the running month, the only one whose visits the demo plans.
    expect(waiting?.leave.coverage).toEqual([]);
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
    const rows = await attendance(SPG, [day(32), day(33)]);
    expect(rows.map((r) => [r.tanggal, r.sts_abs_id, r.sumber]).sort()).toEqual([
      [day(32), 'I', 'L'],
      [day(33), 'I', 'L'],
    ]);
  });

  it('a rejection at any step ends the request', async () => {
    const a = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(35) }));
    const r1 = await json<{ result: LeaveRow }>(
      await decide(T.tl!, stepOf(a, 'TL').approval_id, 'R', 'Toko sedang promo'),
    );
    expect(r1.result.status).toBe('Rejected');
    expect(await message(await decide(T.admin!, stepOf(a, 'ADMIN').approval_id, 'A'), 409)).toBe(
      'Pengajuan ini sudah ditolak pada langkah approval sebelumnya',
    );
    expect((await queue(T.admin!, 'N')).map((q) => q.transaksi_id)).not.toContain(a.leave_id);
    expect((await queue(T.tl!, 'R')).map((q) => q.transaksi_id)).toContain(a.leave_id);
    expect(await attendance(SPG, [day(35)])).toEqual([]);

    const b = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(36) }));
    await decide(T.tl!, stepOf(b, 'TL').approval_id, 'A');
    const r2 = await json<{ result: LeaveRow }>(await decide(T.admin!, stepOf(b, 'ADMIN').approval_id, 'R'));
    expect(r2.result.status).toBe('Rejected');
    expect(r2.result.approval.map((s) => s.approval_status)).toEqual(['A', 'R']);
  });

  it('any account linked to the team leader’s NRP decides step 1, but never the admin step as well', async () => {
    const row = await created(await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(37) }));
    expect((await queue(T.tl2!, 'N')).map((q) => q.approval_id)).toContain(stepOf(row, 'TL').approval_id);
    expect((await decide(T.tl2!, stepOf(row, 'TL').approval_id, 'A')).status).toBe(200);
    expect((await queue(T.tl2!, 'N')).map((q) => q.approval_id)).not.toContain(stepOf(row, 'ADMIN').approval_id);
    expect(await message(await decide(T.tl2!, stepOf(row, 'ADMIN').approval_id, 'A'), 403)).toBe(
      'Team Leader karyawan ini tidak dapat sekaligus memberi approval Admin',
    );
    // A team leader's own request has no team-leader step, and they cannot decide it.
    const own = await created(await fileLeave(T.tl!, { jenis_leave: J.IZIN, start_date: day(38) }));
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
      tanggal: day(42),
      jam_masuk: '08:00:00',
      // The server records the day of the device instant: the phone's check-in on that day, at 08:00 WIB.
      captured_at: `${day(42)}T08:00:00+07:00`,
      location_error: 'GPS mati',
    }))
      f.append(k, v);
    f.append('photo', photo, 'foto.jpg');
    expect((await ctx.request('POST', '/api/absensi/new/spg', { token: T.spg, body: f })).status).toBe(201);
    const row = await created(
      await fileLeave(T.spg!, { jenis_leave: J.SAKIT, start_date: day(42), end_date: day(43) }, file()),
    );
    await approveAll(row);
    const rows = await attendance(SPG, [day(42), day(43)]);
    expect(rows.map((r) => [r.tanggal, r.sts_abs_id, r.jam_masuk]).sort()).toEqual([
      [day(42), 'H', '08:00:00'],
      [day(43), 'S', null],
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
    // A day of hers from today on, not checked in and under none of her requests (taken from the data: on
    // a month's last day today is the only one left).
    const requests = await ctx.database.db
      .select({ start: leave.start_date, end: leave.end_date })
      .from(leave)
      .where(eq(leave.nrp, SPG));
    const requested = (t: string) => requests.some((r) => r.start <= t && t <= r.end);
    const d = spgPlan.days.find((x) => x.tanggal >= TODAY && !x.checked_in && !requested(x.tanggal))!;
    expect(d, 'a day of her plan from today on, not checked in, without a request').toBeDefined();
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
