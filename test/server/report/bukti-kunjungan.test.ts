/**
 * Laporan Bukti Kunjungan (issue 28 item 6) over HTTP: a constructed case of the demo SPG at a store of
 * her own (so the row holds only this test's lines) counts planned, visited, verified, rejected and open
 * by the definitions of src/domain/report/bukti-kunjungan.ts; the compliance; the trustee scope of a team
 * leader; the 400/404 messages; the .xlsx with its evidence sheet and photo links; the PDF for the client
 * with the verified photos embedded and an unreadable one skipped.
 */
import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import { and, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUKTI_MESSAGES, compliance, type BuktiKunjunganRow } from '../../../src/domain/report/bukti-kunjungan';
import {
  canonicalPayload,
  signedChallenge,
  type ChallengeBatchAnswer,
  type SignedPayload,
} from '../../../src/domain/device/device';
import { dateIn } from '../../../src/domain/time-zone';
import { roles } from '../../../server/db/schema/auth';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { client, period } from '../../../server/db/schema/master';
import { store } from '../../../server/db/schema/store';
import { visitFlagsOf } from '../reviewer-flags';
import { createTestContext, type TestContext } from '../helpers';
import { SoftAuthenticator } from '../device/soft-authenticator';

let ctx: TestContext;
let admin: string;
let hr: string;
let tl: string;
let spg: string;
const SPG_NRP = '26000002';
const WIB = 'Asia/Jakarta' as const;
/** The seeded today: the demo SPG has a plan for its period. */
const today = dateIn(WIB, new Date());
const STORE = 'BKT-UJI-01';
const STORE_NAME = 'Toko Uji Bukti';
let PERIOD = '';
let CLIENT = '';
let CLIENT_NAME = '';
const phone = new SoftAuthenticator();

/** A real 24×16 JPEG (the PDF reads its size from the frame header and embeds it). */
const PHOTO = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AnAJjUgAP/9k=',
  'base64',
);
const photoSha = createHash('sha256').update(PHOTO).digest('hex');

const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const report = async (q: string, token = hr) =>
  (await json<{ result: BuktiKunjunganRow[] }>(await ctx.request('GET', `/api/report/bukti-kunjungan?${q}`, { token })))
    .result;
const ours = (rows: BuktiKunjunganRow[]) => rows.find((r) => r.cust_code === STORE && r.nrp === SPG_NRP);

/** A device time a minute ago as the phone in Jakarta writes it, and the same wall time. */
const wibNow = () => {
  const at = new Date(Date.now() - 60_000 + 7 * 3600_000).toISOString().slice(0, 19);
  return { captured_at: `${at}+07:00`, jam: at.slice(11, 19) };
};

let storeLat = 0;
let storeLong = 0;

/** Her check-in of a line: at the store or 1 km away, signed by her passkey or not. */
async function checkIn(lineId: number, opts: { signed: boolean; far?: boolean }) {
  const { captured_at, jam } = wibNow();
  const lat = storeLat + (opts.far ? 0.01 : 0);
  const long = storeLong;
  const f = new FormData();
  f.append('jam', jam);
  f.append('captured_at', captured_at);
  f.append('lat', String(lat));
  f.append('long', String(long));
  f.append('accuracy', '8');
  f.append('photo', new Blob([PHOTO], { type: 'image/jpeg' }), 'foto.jpg');
  if (opts.signed) {
    const batch = await json<ChallengeBatchAnswer>(await ctx.request('GET', '/api/device/challenges', { token: spg }));
    const payload: SignedPayload = {
      nrp: SPG_NRP,
      action: 'kunjungan.check-in',
      line_id: lineId,
      jam,
      captured_at,
      lat,
      long,
      accuracy: 8,
      photo_sha256: photoSha,
    };
    const digest = createHash('sha256').update(canonicalPayload(payload)).digest('base64url');
    f.append('assertion', JSON.stringify(phone.assert(signedChallenge(batch.challenges[0]!.nonce, digest))));
  }
  const body = await json<{ result: { in_verified: string | null; flags: string[]; in_foto: string | null } }>(
    await ctx.request('POST', `/api/kunjungan/detail/${lineId}/check-in`, { token: spg, body: f }),
  );
  // Her answer names no flag (issue 41 item 3): the line's flags as her team leader reads them.
  expect(body.result.flags).toEqual([]);
  return { ...body.result, flags: await visitFlagsOf(ctx, tl, SPG_NRP, today, lineId) };
}

const decide = (lineId: number, keputusan: 'terima' | 'tolak', alasan: string) =>
  ctx.request('POST', `/api/absensi/tinjau/kunjungan-${lineId}`, { token: hr, body: { keputusan, alasan } });

const lines: number[] = [];
const fotos: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr, tl, spg] = (await Promise.all(['admin', 'hr', 'tl', 'spg'].map((u) => ctx.tokenFor(u)))) as [
    string,
    string,
    string,
    string,
  ];
  const db = ctx.database.db;
  const [p] = await db
    .select({ id: period.id })
    .from(period)
    .where(and(lte(period.mulai, today), gte(period.akhir, today)));
  PERIOD = p!.id;
  const [emp] = await db
    .select({ client: karyawan.client_id, nama: client.nama })
    .from(karyawan)
    .innerJoin(client, eq(client.id, karyawan.client_id))
    .where(eq(karyawan.nrp, SPG_NRP));
  CLIENT = emp!.client!;
  CLIENT_NAME = emp!.nama;

  // A store of this test only, where her existing store is, and eight planned lines there today.
  const [line] = await db
    .select({
      no_dcp: kunjunganDetail.no_dcp,
      shift_id: kunjunganDetail.shift_id,
      cust_code: kunjunganDetail.cust_code,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjungan.period_id, PERIOD)))
    .limit(1);
  const [home] = await db.select().from(store).where(eq(store.cust_code, line!.cust_code));
  storeLat = home!.cust_lat ?? -6.2;
  storeLong = home!.cust_long ?? 106.8;
  await db
    .insert(store)
    .values({ ...home!, cust_code: STORE, cust_name: STORE_NAME, cust_lat: storeLat, cust_long: storeLong });
  const inserted = await db
    .insert(kunjunganDetail)
    .values(
      Array.from({ length: 8 }, () => ({
        no_dcp: line!.no_dcp,
        tgl_dcp: today,
        shift_id: line!.shift_id,
        cust_code: STORE,
      })),
    )
    .returning({ id: kunjunganDetail.id });
  lines.push(...inserted.map((r) => r.id));

  // Her phone's passkey, enrolled and active.
  const opts = await json<{ options: { challenge: string } }>(
    await ctx.request('POST', '/api/device/register/options', { token: spg, body: { device_name: 'Redmi 9A' } }),
  );
  await json(
    await ctx.request('POST', '/api/device/register/verify', {
      token: spg,
      body: { device_name: 'Redmi 9A', response: phone.register(opts.options.challenge) },
    }),
    201,
  );

  // 1 and 5: signed at the store → verified. 2: unsigned → flagged no_device_signature, open. 3: unsigned
  // 1 km away → rejected. 4: signed 1 km away → flagged outside_radius_in, not decided: open, not verified.
  // 8: signed 1 km away, flagged, accepted (terima) → verified. 6–7: planned, never checked in.
  const one = await checkIn(lines[0]!, { signed: true });
  expect(one).toMatchObject({ in_verified: 'passkey', flags: [] });
  const two = await checkIn(lines[1]!, { signed: false });
  expect(two.flags).toContain('no_device_signature');
  await checkIn(lines[2]!, { signed: false, far: true });
  expect((await decide(lines[2]!, 'tolak', 'Foto bukan di toko')).status).toBe(200);
  const four = await checkIn(lines[3]!, { signed: true, far: true });
  expect(four).toMatchObject({ in_verified: 'passkey', flags: ['outside_radius_in'] });
  const five = await checkIn(lines[4]!, { signed: true });
  expect(five).toMatchObject({ in_verified: 'passkey', flags: [] });
  const eight = await checkIn(lines[7]!, { signed: true, far: true });
  expect(eight).toMatchObject({ in_verified: 'passkey', flags: ['outside_radius_in'] });
  expect((await decide(lines[7]!, 'terima', 'GPS meleset, toko benar')).status).toBe(200);
  fotos.push(one.in_foto!, five.in_foto!, eight.in_foto!);
});
afterAll(() => ctx.close());

describe('GET /api/report/bukti-kunjungan', () => {
  it('counts planned, visited, verified, rejected and open per store × SPG, and the compliance', async () => {
    const rows = await report(`period=${PERIOD}&client_id=${CLIENT}`);
    expect(ours(rows)).toEqual({
      cust_code: STORE,
      store: STORE_NAME,
      nrp: SPG_NRP,
      nama: expect.any(String),
      planned: 8,
      visited: 5,
      verified: 3,
      rejected: 1,
      open: 2,
      compliance: 62.5,
    });
    // Every row of the client: its own employees only, the counts consistent, ordered by store then NRP.
    const clientOf = new Map(
      (await ctx.database.db.select({ nrp: karyawan.nrp, client: karyawan.client_id }).from(karyawan)).map((k) => [
        k.nrp,
        k.client,
      ]),
    );
    for (const r of rows) {
      expect(clientOf.get(r.nrp)).toBe(CLIENT);
      expect(r.visited + r.rejected).toBeLessThanOrEqual(r.planned);
      expect(r.verified).toBeLessThanOrEqual(r.visited);
      expect(r.compliance).toBe(compliance(r.visited, r.planned));
    }
    const keys = rows.map((r) => `${r.cust_code}|${r.nrp}`);
    expect(keys).toEqual([...keys].sort());

    // Another period of the same client does not hold today's lines.
    const previous = dayjs(`${PERIOD.slice(0, 4)}-${PERIOD.slice(4)}-01`)
      .subtract(1, 'month')
      .format('YYYYMM');
    expect(ours(await report(`period=${previous}&client_id=${CLIENT}`))).toBeUndefined();
  });

  it('compliance: one decimal, 0 when nothing is planned', () => {
    expect(compliance(3, 7)).toBe(42.9);
    expect(compliance(2, 3)).toBe(66.7);
    expect(compliance(1, 8)).toBe(12.5);
    expect(compliance(5, 5)).toBe(100);
    expect(compliance(0, 0)).toBe(0);
  });

  it("keeps to the caller's trustee scope: her team leader sees her team's rows only", async () => {
    // The seeded team leader reads no reports; given laporan.read she still sees only her scope.
    expect(
      (await ctx.request('GET', `/api/report/bukti-kunjungan?period=${PERIOD}&client_id=${CLIENT}`, { token: tl }))
        .status,
    ).toBe(403);
    const [role] = await ctx.database.db.select().from(roles).where(eq(roles.id, 'TL'));
    await ctx.database.db
      .update(roles)
      .set({ permissions: [...role!.permissions, 'laporan.read'] })
      .where(eq(roles.id, 'TL'));

    const all = await report(`period=${PERIOD}&client_id=${CLIENT}`, admin);
    const hers = await report(`period=${PERIOD}&client_id=${CLIENT}`, tl);
    expect(ours(hers)).toEqual(ours(all));
    const lokasiOf = new Map(
      (await ctx.database.db.select({ nrp: karyawan.nrp, lokasi: karyawan.kode_lokasi }).from(karyawan)).map((k) => [
        k.nrp,
        k.lokasi,
      ]),
    );
    const tlLokasi = lokasiOf.get('26000001');
    expect(hers.every((r) => lokasiOf.get(r.nrp) === tlLokasi)).toBe(true);
    expect(all.filter((r) => lokasiOf.get(r.nrp) === tlLokasi)).toEqual(hers);

    // A client outside her scope: rows for the office, none for her.
    const [otherClient] = await ctx.database.db
      .selectDistinct({ id: karyawan.client_id })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .where(and(eq(kunjungan.period_id, PERIOD)))
      .then((r) => r.filter((c) => c.id && c.id !== CLIENT));
    expect(otherClient).toBeDefined();
    expect((await report(`period=${PERIOD}&client_id=${otherClient!.id}`, admin)).length).toBeGreaterThan(0);
    expect(await report(`period=${PERIOD}&client_id=${otherClient!.id}`, tl)).toEqual([]);
  });

  it('401 without a token, 403 without laporan.read; 400 and 404 with their messages on every format', async () => {
    for (const path of [
      '/api/report/bukti-kunjungan',
      '/api/report/bukti-kunjungan/export',
      '/api/report/bukti-kunjungan/pdf',
    ]) {
      const q = `period=${PERIOD}&client_id=${CLIENT}`;
      expect((await ctx.request('GET', `${path}?${q}`)).status).toBe(401);
      expect((await ctx.request('GET', `${path}?${q}`, { token: spg })).status).toBe(403);
      const cases: [string, number, string][] = [
        [`client_id=${CLIENT}`, 400, BUKTI_MESSAGES.periodRequired],
        [`period=&client_id=${CLIENT}`, 400, BUKTI_MESSAGES.periodRequired],
        [`period=${PERIOD}`, 400, BUKTI_MESSAGES.clientRequired],
        [`period=2026-11&client_id=${CLIENT}`, 400, BUKTI_MESSAGES.periodInvalid],
        [`period=${PERIOD}&client_id=${encodeURIComponent('x y')}`, 400, BUKTI_MESSAGES.clientInvalid],
        [`period=199001&client_id=${CLIENT}`, 404, BUKTI_MESSAGES.periodNotFound],
        [`period=${PERIOD}&client_id=NOPE99`, 404, BUKTI_MESSAGES.clientNotFound],
      ];
      for (const [query, status, message] of cases) {
        const res = await ctx.request('GET', `${path}?${query}`, { token: hr });
        expect(res.status, `${path}?${query}`).toBe(status);
        expect(((await res.json()) as { message: string }).message).toBe(message);
      }
    }
    expect(BUKTI_MESSAGES).toMatchObject({
      periodRequired: 'Period wajib diisi',
      clientRequired: 'Client wajib diisi',
    });
  });
});

describe('GET /api/report/bukti-kunjungan/export', () => {
  it('an .xlsx with the rows and a sheet "Bukti" of every checked-in visit with its photo links', async () => {
    const res = await ctx.request('GET', `/api/report/bukti-kunjungan/export?period=${PERIOD}&client_id=${CLIENT}`, {
      token: hr,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`bukti-kunjungan-${CLIENT}-${PERIOD}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Bukti Kunjungan', 'Bukti']);

    const summary: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => summary.push((row.values as unknown[]).slice(1)));
    expect(summary[0]).toEqual([
      'Kode Store',
      'Store',
      'NRP',
      'Nama SPG',
      'Rencana',
      'Dikunjungi',
      'Terverifikasi',
      'Ditolak',
      'Perlu Ditinjau',
      'Kepatuhan (%)',
    ]);
    const rows = await report(`period=${PERIOD}&client_id=${CLIENT}`);
    expect(summary.length - 1).toBe(rows.length);
    expect(summary.find((r) => r[0] === STORE && r[2] === SPG_NRP)).toEqual([
      STORE,
      STORE_NAME,
      SPG_NRP,
      ours(rows)!.nama,
      8,
      5,
      3,
      1,
      2,
      62.5,
    ]);

    const bukti = wb.getWorksheet('Bukti')!;
    const header = (bukti.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Tanggal',
      'Kode Store',
      'Store',
      'NRP',
      'Nama SPG',
      'Jam Masuk',
      'Jam Keluar',
      'Terverifikasi',
      'Flag',
      'Keputusan',
      'Foto Masuk',
      'Foto Keluar',
    ]);
    const visits: ExcelJS.Row[] = [];
    bukti.eachRow((row, n) => {
      if (n > 1 && row.getCell(2).value === STORE) visits.push(row);
    });
    // Six of the eight lines were checked in (the rejected one too: it is evidence of what was refused).
    expect(visits).toHaveLength(6);
    const byDecision = visits.map((r) => `${String(r.getCell(8).value)} | ${String(r.getCell(10).value)}`).sort();
    expect(byDecision).toEqual(
      [
        'Ya | -',
        'Ya | -',
        'Tidak | Menunggu tinjauan',
        'Tidak | Menunggu tinjauan',
        'Tidak | Ditolak',
        'Ya | Diterima',
      ].sort(),
    );
    expect(visits.find((r) => r.getCell(10).value === 'Ditolak')!.getCell(9).value).toContain(
      'Check in di luar radius',
    );
    for (const r of visits) {
      expect(r.getCell(1).value).toBeInstanceOf(Date);
      const link = r.getCell(11).value as { text: string; hyperlink: string };
      expect(link.hyperlink).toMatch(/^http:\/\/localhost\/uploads\/photo\/[A-Za-z0-9_-]+\.jpg$/);
      expect(r.getCell(12).value).toBeNull();
    }
    // The link opens the photo for whoever may see its record.
    const url = new URL((visits[0]!.getCell(11).value as { hyperlink: string }).hyperlink);
    expect((await ctx.request('GET', url.pathname, { token: hr })).status).toBe(200);
  });
});

describe('GET /api/report/bukti-kunjungan/pdf', () => {
  it('a PDF for the client: title, client name, the table and the verified photos; an unreadable photo is skipped', async () => {
    const get = () =>
      ctx.request('GET', `/api/report/bukti-kunjungan/pdf?period=${PERIOD}&client_id=${CLIENT}`, { token: hr });
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`bukti-kunjungan-${CLIENT}-${PERIOD}.pdf`);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Laporan Bukti Kunjungan)');
    expect(text).toContain(CLIENT_NAME);
    expect(text).toContain(`${STORE} \xb7 ${STORE_NAME}`);
    expect(text).toContain('(62,5%)');
    // The three verified check-ins' photos, embedded as stored.
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(3);
    expect(text).toContain('/DCTDecode');

    await ctx.storage.delete(`photo/${fotos[0]}`);
    const again = Buffer.from(await (await get()).arrayBuffer()).toString('latin1');
    expect(again.startsWith('%PDF')).toBe(true);
    expect(again.match(/\/Subtype \/Image/g)).toHaveLength(2);
    await Promise.all(fotos.map((f) => ctx.storage.delete(`photo/${f}`)));
    const none = Buffer.from(await (await get()).arrayBuffer()).toString('latin1');
    expect(none).not.toContain('/Subtype /Image');
    expect(none).toContain('Belum ada foto kunjungan terverifikasi');
  });
});
