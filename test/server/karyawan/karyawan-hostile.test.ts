/**
 * Hostile input on the employee routes (issue 10): a NUL in JSON and multipart text, in a query value
 * and in the NRP or document number of a path; ids and amounts of 1e308 and 2^53 + 1; a page of 10^20.
 * Each answers 4xx with an Indonesian message from the input check, never a 500 from the database, and
 * changes nothing. (hostile-input.test.ts sends the same classes to every route of the document; these
 * pin the exact answers of this area.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { KARYAWAN_MESSAGES } from '../../../src/domain/karyawan/karyawan-fields';
import { PRIMITIVE_MESSAGES } from '../../../src/domain/primitives';
import { createTestContext, type TestContext } from '../helpers';
import { multipart, newKaryawan, seededActive } from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
let nrp: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
  nrp = (await seededActive(ctx)).nrp;
});
afterAll(() => ctx.close());

type ErrorBody = { message: string; error: { code: string; issues?: { path: string; message: string }[] } };
const send = async (method: string, path: string, body?: unknown) => {
  const res = await ctx.request(method, path, { token: admin, body });
  return { status: res.status, body: (await res.json()) as ErrorBody };
};

const NUL = 'a\u0000b';
/** A JSON body with `literal` written as is where the value '#' stands (JS numbers cannot hold 2^53 + 1). */
const withNumber = (body: Record<string, unknown>, literal: string) => JSON.stringify(body).replace('"#"', literal);
const CONTROL = PRIMITIVE_MESSAGES.control;

describe('a NUL in a text field is a 400 on that field', () => {
  it.each([
    ['POST /api/karyawan (JSON)', 'POST', '/api/karyawan', () => ({ ...newKaryawan(), nama: NUL }), 'nama'],
    [
      'POST /api/karyawan (JSON, optional field)',
      'POST',
      '/api/karyawan',
      () => ({ ...newKaryawan(), alamat1: NUL }),
      'alamat1',
    ],
    ['PUT /api/karyawan/{id} (JSON)', 'PUT', '/api/karyawan/:nrp', () => ({ tempat_lahir: NUL }), 'tempat_lahir'],
    ['PUT /api/karyawan/{id} (a code)', 'PUT', '/api/karyawan/:nrp', () => ({ kode_lokasi: NUL }), 'kode_lokasi'],
    [
      'PUT /api/karyawan/{nrp}/resign',
      'PUT',
      '/api/karyawan/:nrp/resign',
      () => ({
        tgl_p3: '2026-07-15',
        alasan_p3: 1,
        u_kebijaksanaan: 0,
        u_kebijaksanaan_desc: NUL,
        tgl_bast: '2026-07-15',
      }),
      'u_kebijaksanaan_desc',
    ],
    [
      'POST /api/karyawan/kontrak/renew',
      'POST',
      '/api/karyawan/kontrak/renew',
      () => ({ nrp: NUL, per_kontrak: 2, mulai_kontrak: '2026-08-01', lama_kontrak: 6 }),
      'nrp',
    ],
    [
      'PUT /api/karyawan/posting',
      'PUT',
      '/api/karyawan/posting',
      () => ({ nrp: NUL, jenis_trn: 'P1', tgl_jam_trn: '2026-01-01T00:00:00.000Z' }),
      'nrp',
    ],
  ])('%s', async (_name, method, path, body, field) => {
    const res = await send(method, path.replace(':nrp', nrp), body());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CONTROL);
    expect(res.body.error.issues?.[0]).toEqual({ path: field, message: CONTROL });
  });

  it('in a multipart field, and inside the gaji JSON text', async () => {
    const form = await ctx.request('PUT', `/api/karyawan/${nrp}`, {
      token: admin,
      body: multipart({ alamat2: NUL }),
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as ErrorBody).message).toBe(CONTROL);

    const gaji = await ctx.request('POST', '/api/karyawan', {
      token: admin,
      body: multipart(newKaryawan({ gaji: '{"gapok":"5\\u0000000"}' })),
    });
    expect(gaji.status).toBe(400);
    expect(((await gaji.json()) as ErrorBody).message).toBe(KARYAWAN_MESSAGES.rupiah);
  });

  it('changes nothing', async () => {
    const [row] = await ctx.database.db.select().from(karyawan).where(eq(karyawan.nrp, nrp));
    expect(row?.tempat_lahir).not.toContain('\u0000');
    expect(row?.alamat2).not.toContain('\u0000');
    expect(row?.alasan_p3).toBeNull();
  });
});

describe('a NUL in a query value is a 400', () => {
  it.each([
    ['/api/karyawan?q=%00', PRIMITIVE_MESSAGES.control],
    ['/api/karyawan?sort=nama%00', PRIMITIVE_MESSAGES.control],
    ['/api/karyawan?resigned=%00', KARYAWAN_MESSAGES.resignedFilter],
    ['/api/karyawan/posting/list?status=open%00', KARYAWAN_MESSAGES.postingStatus],
    ['/api/karyawan/posting/export?status=%00', KARYAWAN_MESSAGES.postingExportStatus],
    ['/api/karyawan/export/excel?q=a%00b', PRIMITIVE_MESSAGES.control],
    ['/api/karyawan/report/download?lokasi=JKT%00', PRIMITIVE_MESSAGES.control],
    ['/api/karyawan/:nrp/resign-detail?tgl_p3=2026-01-01%00', KARYAWAN_MESSAGES.date],
  ])('%s', async (path, message) => {
    const res = await send('GET', path.replace(':nrp', nrp));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('a NUL or an impossible value in a path names nothing', () => {
  const nrpPaths = [
    ['GET', '/api/karyawan/%s'],
    ['PUT', '/api/karyawan/%s'],
    ['DELETE', '/api/karyawan/%s'],
    ['GET', '/api/karyawan/%s/posting/status'],
    ['POST', '/api/karyawan/%s/reset-password'],
    ['GET', '/api/karyawan/%s/gaji/202601'],
    ['GET', '/api/karyawan/%s/resign-detail?tgl_p3=2026-01-01'],
    ['DELETE', '/api/karyawan/%s/resign'],
  ] as const;
  it.each(
    nrpPaths.flatMap(([m, p]) =>
      ['%00', 'a%00b', '1e308', '9007199254740993', '-1', 'x'.repeat(13)].map((id) => [m, p.replace('%s', id)]),
    ),
  )('%s %s → 404', async (method, path) => {
    const res = await send(method, path, method === 'PUT' ? { nama: 'Budi' } : undefined);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(KARYAWAN_MESSAGES.notFound);
  });

  it.each([
    ['/api/karyawan/kontrak/%00/download', KARYAWAN_MESSAGES.kontrakNotFound],
    ['/api/karyawan/kontrak/PKWT-KM-2026-0%00/download', KARYAWAN_MESSAGES.kontrakNotFound],
    ['/api/karyawan/kontrak/1e308/download', KARYAWAN_MESSAGES.kontrakNotFound],
    ['/api/karyawan/pb/a%00b/download', KARYAWAN_MESSAGES.pbNotFound],
    ['/api/karyawan/pb/9007199254740993/download', KARYAWAN_MESSAGES.pbNotFound],
  ])('GET %s → 404', async (path, message) => {
    const res = await send('GET', path);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(message);
  });

  it('a period that is not YYYYMM is bad input (400)', async () => {
    for (const period of ['2026%00', '1e308', '9007199254740993']) {
      const res = await send('GET', `/api/karyawan/${nrp}/gaji/${period}`);
      expect(res.status, period).toBe(400);
    }
  });

  it.each(['%00', '1e308', '9007199254740993', '-1', '1.5', '2147483648'])(
    'GET /api/karyawan/upload/log/%s → 400',
    async (id) => {
      const res = await send('GET', `/api/karyawan/upload/log/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PRIMITIVE_MESSAGES.id);
    },
  );
});

describe('numbers beyond any column are a 400, never sent to the database', () => {
  it.each([
    ['jumlah_anak', '1e308', KARYAWAN_MESSAGES.jumlahAnak],
    ['jobclass', '9007199254740993', KARYAWAN_MESSAGES.jobclass],
    ['agama_id', '1e308', KARYAWAN_MESSAGES.choice],
    ['lama_kontrak', '9007199254740993', KARYAWAN_MESSAGES.lamaKontrakRequired],
  ])('PUT /api/karyawan/{id} with %s = %s', async (field, value, message) => {
    const res = await send('PUT', `/api/karyawan/${nrp}`, withNumber({ [field]: '#' }, value));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('in gaji, the resign amounts, the renewal and a posting key', async () => {
    const gaji = await send('PUT', `/api/karyawan/${nrp}`, withNumber({ gaji: { gapok: '#' } }, '1e308'));
    expect(gaji.status).toBe(400);
    expect(gaji.body.message).toBe(KARYAWAN_MESSAGES.rupiah);

    const resign = await send(
      'PUT',
      `/api/karyawan/${nrp}/resign`,
      withNumber(
        { tgl_p3: '2026-07-15', alasan_p3: '#', u_kebijaksanaan: 1e308, tgl_bast: '2026-07-15' },
        '9007199254740993',
      ),
    );
    expect(resign.status).toBe(400);
    expect(resign.body.error.issues?.map((i) => i.path)).toEqual(['alasan_p3', 'u_kebijaksanaan']);

    const renew = await send(
      'POST',
      '/api/karyawan/kontrak/renew',
      withNumber({ nrp, per_kontrak: '#', mulai_kontrak: '2026-08-01', lama_kontrak: 6 }, '9007199254740993'),
    );
    expect(renew.status).toBe(400);
    expect(renew.body.message).toBe(KARYAWAN_MESSAGES.perKontrak);

    const posting = await send('PUT', '/api/karyawan/posting', {
      nrp: 1e308,
      jenis_trn: 'P1',
      tgl_jam_trn: '2026-01-01T00:00:00.000Z',
    });
    expect(posting.status).toBe(400);
    expect(posting.body.message).toBe(KARYAWAN_MESSAGES.karyawanRequired);
  });
});

describe('a page of 10^20 is a 400', () => {
  it.each([
    ['/api/karyawan?page=99999999999999999999', PRIMITIVE_MESSAGES.page],
    ['/api/karyawan?resigned=1&page=1e308', PRIMITIVE_MESSAGES.page],
    ['/api/karyawan?per_page=99999999999999999999', PRIMITIVE_MESSAGES.perPage(1000)],
    ['/api/karyawan/posting/list?page=99999999999999999999', PRIMITIVE_MESSAGES.page],
    ['/api/karyawan/upload/log?page=99999999999999999999', PRIMITIVE_MESSAGES.page],
    ['/api/karyawan/upload/log?page=1000001', PRIMITIVE_MESSAGES.page],
  ])('GET %s', async (path, message) => {
    const res = await send('GET', path);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
