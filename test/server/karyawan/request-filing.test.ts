/**
 * Profile change requests through the API, the employee's side: the own profile, filing (own record
 * only, every field rule, hostile text), idempotent replays and the own list.
 */
import { describe, expect, it } from 'vitest';
import type { KaryawanDetail } from '../../../src/domain/karyawan/karyawan';
import { PRIMITIVE_MESSAGES } from '../../../src/domain/primitives';
import {
  REQUEST_MESSAGES,
  type ProfileRequestList,
  type ProfileRequestRow,
  type ProfileRequestStatus,
} from '../../../src/domain/karyawan/request';
import { requestSuite, SPG_NRP } from './request-fixtures';

const { s, call, file, employee, requestCount } = requestSuite();

describe('GET /api/profile/me', () => {
  it("answers the account's own record without karyawan.read, salary hidden, contracts shown", async () => {
    const res = await call('GET', '/api/profile/me', s.spg);
    expect(res.status).toBe(200);
    const me = res.body.result as KaryawanDetail;
    expect(me.nrp).toBe(SPG_NRP);
    expect(me.gaji).toBeNull();
    expect(me.kode_umr).toBeNull();
    expect(Array.isArray(me.kontrak)).toBe(true);
    expect(me.perusahaan?.nama).toBeTruthy();
    // The SPG cannot read the same record through the employee area.
    expect((await call('GET', `/api/karyawan/${SPG_NRP}`, s.spg)).status).toBe(403);
  });

  it('needs a session and an account linked to an employee', async () => {
    expect((await call('GET', '/api/profile/me')).status).toBe(401);
    const res = await call('GET', '/api/profile/me', s.admin);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(REQUEST_MESSAGES.notLinked);
  });
});
describe('POST /api/request/karyawan — validation', () => {
  const cases: [string, unknown, string][] = [
    ['alamat1', 'x'.repeat(41), 'Alamat maksimal 40 karakter'],
    ['alamat2', 'y'.repeat(41), 'Alamat maksimal 40 karakter'],
    ['kode_pos', '123456', 'Kode Pos maksimal 5 karakter'],
    ['kode_pos', '12a45', 'Kode Pos hanya boleh berisi angka'],
    ['email', 'bukan-email', 'Format email tidak valid'],
    ['email', `${'a'.repeat(35)}@example.com`, 'Email maksimal 40 karakter'],
    ['telp_hp', '0812-abc', 'Nomor HP hanya boleh berisi angka, spasi, + atau -'],
    ['telp_hp', '0812345678901234', 'Nomor HP maksimal 15 karakter'],
    ['status_kel', 'X', 'Pilihan tidak valid'],
    ['status_kel', '', REQUEST_MESSAGES.statusKelRequired],
    ['jumlah_anak', -1, 'Jumlah Anak harus angka 0 atau lebih'],
    ['jumlah_anak', 'dua', 'Jumlah Anak harus angka 0 atau lebih'],
    ['jumlah_anak', '', 'Jumlah Anak harus diisi'],
    ['agama_id', 9, 'Pilihan tidak valid'],
    ['pendidikan_id', '8', 'Pilihan tidak valid'],
    ['rek_bca', '12ab', 'Rekening BCA hanya boleh berisi angka'],
    ['rek_bca', '1234567890123', 'Rekening BCA maksimal 12 karakter'],
    ['npwp', '123456789012345', 'NPWP harus berformat 99.999.999.9-999.999'],
    ['nama', 'Nama Baru', REQUEST_MESSAGES.fieldNotAllowed('nama')],
    ['gapok', 9_000_000, REQUEST_MESSAGES.fieldNotAllowed('gapok')],
    ['captured_at', 'kemarin', REQUEST_MESSAGES.capturedAt],
  ];
  it.each(cases)('%s = %j → 400 "%s"', async (field, value, message) => {
    const before = await requestCount(SPG_NRP);
    const res = await file({ [field]: value });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error?.issues).toContainEqual({ path: field, message });
    expect(await requestCount(SPG_NRP)).toBe(before);
  });

  it('refuses a body without a change, and values equal to the record', async () => {
    const empty = await file({ captured_at: new Date().toISOString() });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(REQUEST_MESSAGES.noChanges);
    const e = await employee(SPG_NRP);
    const same = await file({ jumlah_anak: e.jumlah_anak, status_kel: e.status_kel });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(REQUEST_MESSAGES.noChanges);
  });

  it('refuses a device time from far in the past or the future', async () => {
    const old = await file({
      email: 'lama@example.com',
      captured_at: new Date(Date.now() - 60 * 86_400_000).toISOString(),
    });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(REQUEST_MESSAGES.capturedAtRange);
    const ahead = await file({
      email: 'maju@example.com',
      captured_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(ahead.status).toBe(400);
  });
});
describe('POST /api/request/karyawan — who may file', () => {
  it('needs a session', async () => {
    expect((await file({ email: 'x@example.com' }, '')).status).toBe(401);
  });

  it('an SPG files only for their own NRP; an account without an employee cannot file', async () => {
    const before = await requestCount('26000001');
    const other = await file({ nrp: '26000001', email: 'orang.lain@example.com' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(REQUEST_MESSAGES.notOwn);
    expect(await requestCount('26000001')).toBe(before);
    const unlinked = await file({ email: 'admin@example.com' }, s.admin);
    expect(unlinked.status).toBe(403);
    expect(unlinked.body.message).toBe(REQUEST_MESSAGES.notLinked);
  });
});
describe('filing, replays and the own list', () => {
  it('files the changed fields only, numbered per employee; a replay answers the stored 201 and files once', async () => {
    const e = await employee(SPG_NRP);
    const before = await requestCount(SPG_NRP);
    const key = crypto.randomUUID();
    const capturedAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const body = {
      nrp: SPG_NRP,
      email: 'nabila.baru@example.com',
      telp_hp: '081299990000',
      jumlah_anak: '3',
      agama_id: '2',
      status_kel: e.status_kel, // unchanged: not part of the request
      captured_at: capturedAt,
    };
    const first = await file(body, s.spg, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const row = first.body.result as ProfileRequestRow;
    expect(row).toMatchObject({
      nrp: SPG_NRP,
      request_nomor: before + 1,
      nomor_registrasi: `R-${SPG_NRP}-${before + 1}`,
      approve_status: 'N',
      status: 'Open',
      changes: { email: 'nabila.baru@example.com', telp_hp: '081299990000', jumlah_anak: 3, agama_id: 2 },
    });
    expect(Object.keys(row.changes)).toEqual(['email', 'telp_hp', 'jumlah_anak', 'agama_id']);
    expect(Date.parse(row.tanggal_pengajuan)).toBe(Date.parse(capturedAt));
    expect(first.body.message).toBe(REQUEST_MESSAGES.filed(row.nomor_registrasi));

    const again = await file(body, s.spg, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await requestCount(SPG_NRP)).toBe(before + 1);

    const own = await call('GET', '/api/request/karyawan/me', s.spg);
    expect(own.status).toBe(200);
    const list = own.body as unknown as ProfileRequestList;
    expect(list.result[0]?.id).toBe(row.id);
    expect(list.totalCount).toBe(before + 1);

    const status = await call('GET', `/api/request/karyawan/${row.id}/approve/status`, s.spg);
    expect(status.status).toBe(200);
    expect(status.body.result as ProfileRequestStatus).toMatchObject({ approve_status: 'N', status: 'Open' });
    // Nothing changed on the record yet.
    expect((await employee(SPG_NRP)).email).toBe(e.email);
  });

  it('an account without an employee has no own list', async () => {
    expect((await call('GET', '/api/request/karyawan/me', s.admin)).status).toBe(403);
  });
});

describe('hostile input from the phone', () => {
  it.each([
    ['alamat1', 'Jl. Mawar\u0000 No. 1'],
    ['alamat2', 'Blok\u0000C'],
    ['email', 'nul\u0000@example.com'],
    ['alamat1', 'Jl. Mawar\u0007'],
  ])('a control character in %s is a 400 and files nothing', async (field, value) => {
    const before = await requestCount(SPG_NRP);
    const res = await file({ [field]: value });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(PRIMITIVE_MESSAGES.control);
    expect(res.body.error?.issues).toContainEqual({ path: field, message: PRIMITIVE_MESSAGES.control });
    expect(await requestCount(SPG_NRP)).toBe(before);
  });

  it('refuses a NUL in the NRP, in a field name and in the device time', async () => {
    const before = await requestCount(SPG_NRP);
    for (const body of [
      { nrp: `${SPG_NRP}\u0000`, email: 'a@example.com' },
      { email: 'a@example.com', 'alamat1\u0000': 'x' },
      { email: 'a@example.com', captured_at: '2026-01-01T00:00:00\u0000Z' },
    ]) {
      const res = await file(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect(await requestCount(SPG_NRP)).toBe(before);
  });

  it('answers 400 for a hostile page or search on the own list', async () => {
    for (const query of ['page=99999999999999999999', 'per_page=1e308', 'q=%00']) {
      const res = await call('GET', `/api/request/karyawan/me?${query}`, s.spg);
      expect(res.status, query).toBe(400);
    }
  });
});
