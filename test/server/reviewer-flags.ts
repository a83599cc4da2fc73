/**
 * The flag codes of a check-in where reviewers read them (issue 41 item 3): her own answers (the check-in's,
 * her day, her visits) name none, so a test that checks what the server flagged asks as a reviewer would.
 * Nothing here drains the job queue: these are the codes written at the check-in (and any job a test ran).
 */
import { expect } from 'vitest';
import type { TestContext } from './helpers';

/** Her day's flags as HR's Absensi list (GET /api/absensi) answers them to `token` (admin, HR). */
export async function dayFlagsOf(ctx: TestContext, token: string, nrp: string, tanggal: string): Promise<string[]> {
  const res = await ctx.request('GET', `/api/absensi?startDate=${tanggal}&endDate=${tanggal}&nrp=${nrp}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  const { result } = (await res.json()) as { result: { nrp: string; tanggal: string; flags: string[] }[] };
  const rows = result.filter((r) => r.nrp === nrp && r.tanggal === tanggal);
  expect(rows).toHaveLength(1);
  return rows[0]!.flags;
}

/**
 * A visit line's flags as a reviewer in her scope (her team leader, HR) reads them on her visits of the day,
 * GET /api/kunjungan/karyawan/{nrp}.
 */
export async function visitFlagsOf(
  ctx: TestContext,
  token: string,
  nrp: string,
  tanggal: string,
  lineId: number,
): Promise<string[]> {
  const res = await ctx.request('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${tanggal}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  const { result } = (await res.json()) as { result: { details: { id: number; flags: string[] }[] } };
  const line = result.details.find((d) => d.id === lineId);
  expect(line, `line ${lineId} of ${nrp} on ${tanggal}`).toBeDefined();
  return line!.flags;
}
