/**
 * Hostile input on the leave and kind routes (issue 10): a NUL in JSON text, query values and path
 * segments, ids beyond PostgreSQL's integer, a page of 10^20. Each is refused with a 4xx and an
 * Indonesian message before it reaches SQL; none may be a 500.
 */
import { describe, expect, it } from 'vitest';
import { ctx, fileLeave, form, J, PERIOD, T, setupLeaveContext, day } from './leave-fixtures';

setupLeaveContext();

/** A 4xx with the project's error shape and a message in Indonesian (never the 500 text). */
async function refused(res: Response, what: string, status = 400): Promise<string> {
  const body = (await res.json()) as { message?: string; error?: { code?: string } };
  expect(res.status, `${what}: ${JSON.stringify(body)}`).toBe(status);
  expect(body.message, what).toBeTruthy();
  expect(body.message, what).not.toMatch(/Terjadi kesalahan pada server/);
  expect(body.error?.code, what).toBeTruthy();
  return body.message!;
}

const NUL = '\u0000';

describe('leave and cuti kinds', () => {
  it('refuse a NUL in the JSON text of a create or update', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/jenis-leave', { jenis_leave: `Izin${NUL}`, type: 'IZIN' }],
      ['PUT', `/api/jenis-leave/${J.IZIN}`, { jenis_leave: `Izin${NUL}` }],
      ['POST', '/api/jenis-leave', { jenis_leave: 'Izin Baru', type: `IZIN${NUL}` }],
      ['POST', '/api/jenis-cuti', { jenis_cuti: `Cuti${NUL}`, lama_hari: 2 }],
      ['PUT', '/api/jenis-cuti/1', { jenis_cuti: `Cuti${NUL}`, lama_hari: 2 }],
      ['POST', '/api/jenis-cuti', { jenis_cuti: 'Cuti Haji', lama_hari: `2${NUL}` }],
    ];
    for (const [method, url, body] of cases) {
      const msg = await refused(await ctx.request(method, url, { token: T.admin, body }), `${method} ${url}`);
      expect(msg).toMatch(/karakter|Type tidak dikenal|Lama cuti/);
    }
  });

  it('refuse a NUL, an id beyond integer or a non-number in the /{id} path', async () => {
    for (const id of ['%00', '1%00', '9007199254740993', '2147483648', '-1', '1.5', 'abc']) {
      for (const [method, url, body] of [
        ['GET', `/api/jenis-leave/${id}`, undefined],
        ['PUT', `/api/jenis-leave/${id}`, { jenis_leave: 'Izin' }],
        ['DELETE', `/api/jenis-leave/${id}`, undefined],
        ['PUT', `/api/jenis-leave/status/${id}`, { status: true }],
        ['GET', `/api/jenis-cuti/${id}`, undefined],
        ['PUT', `/api/jenis-cuti/${id}`, { jenis_cuti: 'Cuti', lama_hari: 1 }],
        ['DELETE', `/api/jenis-cuti/${id}`, undefined],
        ['PUT', `/api/jenis-cuti/status/${id}`, { status: true }],
      ] as const) {
        const msg = await refused(await ctx.request(method, url, { token: T.admin, body }), `${method} ${url}`);
        expect(msg).toMatch(/^Jenis (leave|cuti) tidak ditemukan$/);
      }
    }
  });

  it('refuse a page beyond 1,000,000', async () => {
    for (const url of ['/api/jenis-leave', '/api/jenis-cuti']) {
      expect(await refused(await ctx.request('GET', `${url}?page=99999999999999999999`, { token: T.spg }), url)).toBe(
        'Nomor halaman tidak valid',
      );
    }
  });
});

describe('leave requests', () => {
  it('refuse a NUL in a query value', async () => {
    for (const url of [
      '/api/leave?period_id=%00',
      '/api/leave?nrp=%00',
      '/api/leave?status=%00',
      '/api/leave?jenis=%00',
      '/api/leave?startDate=%00',
      '/api/leave/all/approval/admin?period_id=%00',
      '/api/leave/karyawan/options?q=%00',
      '/api/leave/visit/list?period_id=%00',
      `/api/leave/visit/list?period_id=${PERIOD}&karyawan=%00`,
      '/api/leave/cuti/sisa?nrp=%00',
      '/api/leave/cuti/sisa?tahun=%00',
      '/api/leave/admin/report?period=%00',
      `/api/leave/admin/report?period=${PERIOD}&karyawan=%00`,
      `/api/leave/admin/report?period=${PERIOD}&lokasi=%00`,
      `/api/leave/report/download?period=${PERIOD}&client=%00`,
    ]) {
      await refused(await ctx.request('GET', url, { token: T.admin }), url);
    }
    expect(await refused(await ctx.request('GET', '/api/leave?period_id=%00', { token: T.admin }), 'period')).toBe(
      'Format period harus YYYYMM',
    );
    await refused(
      await ctx.request('POST', '/api/leave/karyawan/get', { token: T.spg, body: { period_id: NUL, nrp: NUL } }),
      'own list',
    );
  });

  it('refuse a NUL or a bad id in the /{id} paths', async () => {
    for (const id of ['%00', '9007199254740993', '1e308', '0', 'abc']) {
      for (const [method, url] of [
        ['GET', `/api/leave/${id}`],
        ['DELETE', `/api/leave/${id}`],
        ['GET', `/api/leave/attachment/${id}/download`],
      ] as const) {
        expect(await refused(await ctx.request(method, url, { token: T.spg }), `${method} ${url}`)).toBe(
          'Pengajuan leave tidak ditemukan',
        );
      }
      const put = await ctx.request('PUT', `/api/leave/${id}`, {
        token: T.spg,
        body: form({ jenis_leave: J.IZIN, start_date: day(5) }),
      });
      expect(await refused(put, `PUT ${id}`)).toBe('Pengajuan leave tidak ditemukan');
      expect(
        await refused(await ctx.request('GET', `/api/count/leave/open/${id}`, { token: T.spg }), `count ${id}`),
      ).toBe('Jenis leave tidak ditemukan');
    }
    for (const status of ['%00', 'X', 'n']) {
      for (const url of [`/api/leave/approval/${status}`, `/api/leave/approval/admin/${status}`]) {
        expect(await refused(await ctx.request('GET', url, { token: T.admin }), url)).toBe(
          'Status harus N, A, R atau all',
        );
      }
    }
  });

  it('refuse approval step ids beyond integer, however they are written', async () => {
    for (const id of ['1e308', '9007199254740993', '2147483648', '-1', '1.5', '"abc"', '"%00"', 'null']) {
      const res = await ctx.request('POST', '/api/leave/approved/status', {
        token: T.admin,
        body: `{"id":${id},"status":"A"}`,
      });
      expect(await refused(res, `id ${id}`)).toBe('Data approval tidak ditemukan');
    }
    const res = await ctx.request('POST', '/api/leave/approved/status', {
      token: T.admin,
      body: { id: 1, status: 'A', keterangan: `Oke${NUL}` },
    });
    expect(await refused(res, 'keterangan')).toBe('Teks mengandung karakter yang tidak diperbolehkan');
  });

  it('refuse a page beyond 1,000,000 on every list', async () => {
    const huge = 'page=99999999999999999999';
    for (const url of [
      `/api/leave?${huge}`,
      `/api/leave/all/approval/admin?${huge}`,
      `/api/leave/approval/N?${huge}`,
      `/api/leave/approval/admin/all?${huge}`,
      `/api/leave/admin/report?period=${PERIOD}&${huge}`,
      `/api/leave?per_page=100000`,
    ]) {
      expect(await refused(await ctx.request('GET', url, { token: T.admin }), url)).toMatch(
        /^(Nomor halaman tidak valid|Jumlah baris per halaman harus 1 sampai 1000)$/,
      );
    }
    const own = await ctx.request('POST', '/api/leave/karyawan/get', {
      token: T.spg,
      body: '{"page":1e308}',
    });
    expect(await refused(own, 'own list page')).toBe('Nomor halaman tidak valid');
  });

  it('refuse a NUL in the fields of the multipart form', async () => {
    for (const fields of [
      { jenis_leave: J.IZIN, start_date: day(5), keterangan: `Urusan${NUL}keluarga` },
      { jenis_leave: J.IZIN, start_date: day(5), karyawan_nrp: `26000009${NUL}` },
      { jenis_leave: `3${NUL}`, start_date: day(5) },
      { jenis_leave: J.TUKER_OFF, period_id: `${PERIOD}${NUL}`, tanggal_off: day(5), hari_request: day(6) },
      { jenis_leave: J.SHIFT, period_id: PERIOD, tanggal_off: day(5), shift_request: `PAGI${NUL}` },
      { jenis_leave: J.IZIN, start_date: `${day(5)}${NUL}` },
    ]) {
      await refused(await fileLeave(T.spg!, fields), JSON.stringify(fields));
    }
    // A tab and a newline are part of a note, not an attack.
    const ok = await fileLeave(T.spg!, { jenis_leave: J.IZIN, start_date: day(5), keterangan: 'Baris 1\n\tBaris 2' });
    expect(ok.status).toBe(201);
  });
});

describe('the published contract', () => {
  it('documents the multipart form of filing and the attachment download’s media types', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const post = doc.paths['/api/leave']?.post as {
      requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      description?: string;
    };
    const fields = post.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {};
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['jenis_leave', 'start_date', 'attachment']));
    expect(post.description).toMatch(/^Permission: leave\.read/);
    const download = doc.paths['/api/leave/attachment/{id}/download']?.get as {
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    expect(Object.keys(download.responses['200']?.content ?? {}).sort()).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
    ]);
    const decision = doc.paths['/api/leave/approved/status']?.post as { description?: string };
    expect(decision.description).toMatch(/^Permission: leave\.read \+ leave\.approve\./);
  });
});
