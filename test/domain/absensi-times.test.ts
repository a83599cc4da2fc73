/**
 * Which attendance statuses need times (issue 26 item 3): Hadir and Dinas Luar need jam masuk & keluar;
 * Sakit, Izin, Cuti, Alpa and OFF need none, or both (no half day); an empty form names both messages.
 * The manual form and the upload share the rule (src/domain/absensi/absensi-admin.ts).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ABSENSI_ADMIN_MESSAGES as M,
  AbsensiManualSchema,
  AbsensiUploadRowSchema,
} from '../../src/domain/absensi/absensi-admin';

const row = (sts: string, jam_masuk = '', jam_keluar = '') => ({
  nrp: '26000001',
  shift_id: 'PAGI',
  sts_abs_id: sts,
  tanggal: '2026-10-05',
  jam_masuk,
  jam_keluar,
  alasan: 'Surat dokter',
});
const issues = (schema: typeof AbsensiManualSchema | typeof AbsensiUploadRowSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => `${i.path?.map((p) => String(p.key)).join('.')}: ${i.message}`);
};
const required = `jam_masuk: ${M.jamRequired}`;

describe.each([
  ['the manual form', AbsensiManualSchema],
  ['an upload row', AbsensiUploadRowSchema],
] as const)('%s', (_, schema) => {
  it.each(['S', 'I', 'C', 'A', 'OFF'])('%s needs no times, or both', (sts) => {
    expect(issues(schema, row(sts))).toEqual([]);
    expect(issues(schema, row(sts, '08:00', '17:00'))).toEqual([]);
    expect(issues(schema, row(sts, '', '17:00'))).toEqual([required]);
  });

  it.each(['H', 'DL', 'dl'])('%s needs both times, in order', (sts) => {
    expect(issues(schema, row(sts))).toEqual([required]);
    expect(issues(schema, row(sts, '08:00'))).toEqual([required]);
    expect(issues(schema, row(sts, '08:00', '17:00:00'))).toEqual([]);
    expect(issues(schema, row(sts, '17:00', '08:00'))).toEqual([`jam_keluar: ${M.jamOrder}`]);
  });

  it('an empty status asks for the status and the times', () => {
    expect(issues(schema, row(''))).toEqual(expect.arrayContaining([`sts_abs_id: ${M.statusRequired}`, required]));
  });
});
