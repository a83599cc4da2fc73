/** The date and amount rules of the employee lifecycle (src/domain/karyawan/karyawan.ts, src/domain/dates.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contractEnd } from '../../src/domain/dates';
import {
  canEditTab,
  KaryawanCreateSchema,
  KaryawanUpdateSchema,
  maskNpwp,
  tabOfField,
} from '../../src/domain/karyawan/karyawan';
import { parseSort } from '../../src/domain/karyawan/karyawan-list';
import {
  downloadId,
  kebijaksanaanOf,
  masaKerjaBulan,
  renewProposal,
  ResignFormSchema,
} from '../../src/domain/karyawan/karyawan-lifecycle';

describe('contract end = start + months − 1 day', () => {
  it.each([
    ['2026-01-01', 1, '2026-01-31'],
    ['2026-01-01', 12, '2026-12-31'],
    ['2026-01-31', 1, '2026-02-27'],
    ['2026-01-31', 6, '2026-07-30'],
    ['2024-01-31', 1, '2024-02-28'],
    ['2026-03-15', 3, '2026-06-14'],
    ['2026-11-30', 3, '2027-02-27'],
    ['2027-02-28', 12, '2028-02-27'],
  ])('%s + %i months ends %s', (start, months, end) => {
    expect(contractEnd(start, months)).toBe(end);
  });
});

describe('renewal (spec §4)', () => {
  it('proposes sequence + 1, the day after the current end, the same length, status B', () => {
    expect(renewProposal({ per_kontrak: 1, lama_kontrak: 6, selesai_kontrak: '2026-07-30' })).toEqual({
      per_kontrak: 2,
      mulai_kontrak: '2026-07-31',
      lama_kontrak: 6,
      selesai_kontrak: '2027-01-30',
      status_kontrak: 'B',
    });
    // Across a year and a month end.
    expect(renewProposal({ per_kontrak: 3, lama_kontrak: 3, selesai_kontrak: '2026-12-31' })).toMatchObject({
      per_kontrak: 4,
      mulai_kontrak: '2027-01-01',
      selesai_kontrak: '2027-03-31',
    });
  });

  it('falls back to 12 months when the current length is not one of 1, 3, 6, 9, 12', () => {
    expect(renewProposal({ per_kontrak: 1, lama_kontrak: null, selesai_kontrak: '2026-01-31' }).lama_kontrak).toBe(12);
    expect(renewProposal({ per_kontrak: 1, lama_kontrak: 5, selesai_kontrak: '2026-01-31' }).lama_kontrak).toBe(12);
  });
});

describe('discretionary amount (decision 007)', () => {
  it('counts full months worked through the last day', () => {
    expect(masaKerjaBulan('2026-01-01', '2026-01-30')).toBe(0);
    expect(masaKerjaBulan('2026-01-01', '2026-01-31')).toBe(1);
    expect(masaKerjaBulan('2026-01-15', '2026-07-14')).toBe(6);
    expect(masaKerjaBulan('2026-01-15', '2026-07-13')).toBe(5);
    expect(masaKerjaBulan('2024-03-01', '2026-02-28')).toBe(24);
  });

  it('is months / 12 × base salary, capped at one month, nothing below one month', () => {
    expect(kebijaksanaanOf({ gapok: 5_000_000, tgl_awkerja: '2026-01-01', tgl_p3: '2026-01-20' })).toEqual({
      u_kebijaksanaan: 0,
      u_kebijaksanaan_desc: 'Masa kerja kurang dari 1 bulan: tanpa uang kebijaksanaan',
      masa_kerja_bulan: 0,
    });
    expect(kebijaksanaanOf({ gapok: 4_901_798, tgl_awkerja: '2026-01-01', tgl_p3: '2026-05-31' })).toMatchObject({
      u_kebijaksanaan: 2_042_416,
      masa_kerja_bulan: 5,
    });
    const long = kebijaksanaanOf({ gapok: 5_000_000, tgl_awkerja: '2023-01-01', tgl_p3: '2026-06-30' });
    expect(long.u_kebijaksanaan).toBe(5_000_000);
    expect(long.u_kebijaksanaan_desc).toBe('Masa kerja 42 bulan: 12/12 × gaji pokok Rp 5.000.000 (maksimal 12 bulan)');
  });
});

describe('form helpers', () => {
  it('masks an NPWP as 99.999.999.9-999.999 while typing', () => {
    expect(maskNpwp('12')).toBe('12');
    expect(maskNpwp('123')).toBe('12.3');
    expect(maskNpwp('123456789')).toBe('12.345.678.9');
    expect(maskNpwp('1234567890')).toBe('12.345.678.9-0');
    expect(maskNpwp('12.345.678.9-012.345')).toBe('12.345.678.9-012.345');
    expect(maskNpwp('12345678901234567')).toBe('12.345.678.9-012.345');
  });

  it('turns the slashes of a document number into dashes', () => {
    expect(downloadId('PKWT/KM/2026/000123')).toBe('PKWT-KM-2026-000123');
  });

  it('reads sort as field|direction from the whitelist', () => {
    expect(parseSort('nama|desc')).toEqual({ field: 'nama', direction: 'desc' });
    expect(parseSort('nrp')).toEqual({ field: 'nrp', direction: 'asc' });
    expect(parseSort('gapok|asc')).toBeNull();
  });

  it('maps fields to tabs and tabs to their edit right (salary: admin role with gaji.read)', () => {
    expect(tabOfField('npwp')).toBe('pajak');
    expect(tabOfField('foto_ktp')).toBe('personal');
    expect(tabOfField('gapok')).toBe('gaji');
    const hr = { role: 'HR', permissions: ['karyawan.pajak.edit', 'karyawan.gaji.read'] };
    expect(canEditTab('pajak', hr)).toBe(true);
    expect(canEditTab('personal', hr)).toBe(false);
    expect(canEditTab('gaji', hr)).toBe(false);
    expect(canEditTab('gaji', { role: 'ADMIN', permissions: ['karyawan.gaji.read'] })).toBe(true);
  });
});

describe('schemas', () => {
  it('fills the new-employee defaults of §3', () => {
    const out = v.parse(KaryawanCreateSchema, {
      nama: 'Ani',
      jenis_kelamin: 'P',
      jumlah_anak: '0',
      kode_prsh: 'KM',
      kode_lokasi: 'JKT',
      type_spg_id: 'REG',
      departemen_id: 'SLS',
      kode_umr: 'JKT2026',
      lama_kontrak: '6',
      mulai_kontrak: '2026-01-31',
      gaji: '{"gapok":"3.500.000"}',
    });
    expect(out).toMatchObject({
      status_kel: 'T',
      bpjs_kes: 'Y',
      bopk: 'T',
      bp: 'T',
      inhealth: 'T',
      tg: 'T',
      jum_inhealth: 0,
    });
    expect(out.gaji.gapok).toBe(3_500_000);
  });

  it('leaves absent fields out of an update and clears blank optional ones', () => {
    expect(v.parse(KaryawanUpdateSchema, { telp_hp: '', nama: ' Budi ' })).toEqual({ telp_hp: null, nama: 'Budi' });
  });

  it('the resign dialog needs the employee', () => {
    const r = v.safeParse(ResignFormSchema, {
      nrp: '',
      tgl_p3: '2026-01-01',
      alasan_p3: '1',
      u_kebijaksanaan: '0',
      tgl_bast: '2026-01-01',
    });
    expect(r.issues?.map((i) => i.message)).toEqual(['Karyawan harus diisi']);
  });
});
