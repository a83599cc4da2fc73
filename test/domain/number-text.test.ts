import { describe, expect, it } from 'vitest';
import { angka } from '../../src/domain/number-text';
import { rupiah } from '../../src/lib/format';
import { REPORT_MESSAGES } from '../../src/domain/report/report-search';
import { UPLOAD_MESSAGES } from '../../src/domain/karyawan/karyawan-upload';

describe('angka', () => {
  it("writes whole numbers as toLocaleString('id-ID') does, without Intl", () => {
    const numbers = [0, 7, 42, 999, 1000, 1001, 10_000, 99_999, 100_000, 1_234_567, 2_147_483_647, -1, -1234, -999_999];
    for (const n of numbers) expect(angka(n), String(n)).toBe(n.toLocaleString('id-ID'));
    expect(angka(12.9)).toBe('12');
  });

  it("writes Rupiah as Intl's id-ID whole-number format did, rounding half away from zero", () => {
    const intl = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
    for (const n of [0, 1, 999.5, 1000, 1_500_000, 2_345_678.49, 2_345_678.5, -1500, -2.5, 12_345_678_901])
      expect(rupiah(n), String(n)).toBe(`Rp ${intl.format(n)}`);
    expect(rupiah(null)).toBe('-');
    expect(rupiah(undefined)).toBe('-');
  });

  it('is what the limit messages say', () => {
    expect(REPORT_MESSAGES.beyondCap).toContain('paling banyak 10.000 baris');
    expect(UPLOAD_MESSAGES.tooManyRows).toMatch(/^Maksimal \d{1,3}(\.\d{3})* baris data per upload$/);
  });
});
