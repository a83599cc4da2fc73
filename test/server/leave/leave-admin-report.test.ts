/** The own counts and the leave report (spec §2.8, §3 "Report filter") with its .xlsx. */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRow } from '../../../src/domain/leave/leave-answers';
import {
  approveAll,
  created,
  ctx,
  fileLeave,
  J,
  json,
  message,
  PERIOD,
  SPG,
  T,
  TODAY,
  setupLeaveContext,
  visitDays,
} from './leave-fixtures';

setupLeaveContext();

// The report's filters need an approved request of the demo SPG in this period: a shift change, as an approver makes it.
beforeAll(async () => {
  const plan = await visitDays(T.spg!);
  const d = plan.days.find((x) => x.tanggal >= TODAY && !x.checked_in)!;
  const change = await created(
    await fileLeave(T.spg!, {
      jenis_leave: J.SHIFT,
      period_id: PERIOD,
      tanggal_off: d.tanggal,
      shift_request: d.shift.id === 'SIANG' ? 'PAGI' : 'SIANG',
    }),
  );
  await approveAll(change);
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

  it('answers every count at once, the same numbers as each count, own requests only', async () => {
    type Summary = { all: Counts; by_jenis: (Counts & { jenis_leave_id: number })[] };
    type Counts = Record<'year' | 'month' | 'open' | 'reject', number>;
    for (const token of [T.spg!, T.empB!]) {
      const res = await ctx.request('GET', '/api/count/leave/summary', { token });
      expect(res.status).toBe(200);
      const { result } = await json<{ result: Summary }>(res);
      expect(result.by_jenis.map((k) => k.jenis_leave_id)).toEqual(expect.arrayContaining(Object.values(J)));
      for (const { jenis, counts } of [
        { jenis: 'all', counts: result.all },
        ...result.by_jenis.map((k) => ({ jenis: String(k.jenis_leave_id), counts: k })),
      ]) {
        for (const kind of ['year', 'month', 'open', 'reject'] as const) {
          const one = await json<{ result: number }>(
            await ctx.request('GET', `/api/count/leave/${kind}/${jenis}`, { token }),
          );
          expect(counts[kind], `${kind}/${jenis}`).toBe(one.result);
        }
      }
    }
    // The demo SPG has requests in approval and decided ones, so the numbers are not all zero.
    const { result } = await json<{ result: Summary }>(
      await ctx.request('GET', '/api/count/leave/summary', { token: T.spg }),
    );
    expect(result.all.year + result.all.open).toBeGreaterThan(0);
    expect((await ctx.request('GET', '/api/count/leave/summary', { token: T.noLeave })).status).toBe(403);
    expect((await ctx.request('GET', '/api/count/leave/summary')).status).toBe(401);
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
