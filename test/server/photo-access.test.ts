/**
 * Photos follow the record (issue 15): a stored photo is served to the employee it belongs to, and to
 * users whose permission reads its record and whose trustee scope covers the employee — to nobody
 * else, whatever file name they know.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../server/db/schema/kunjungan';
import { createTestContext, wibAgo, type TestContext } from './helpers';

let ctx: TestContext;
const SPG_NRP = '26000002';
const T: Record<'spg' | 'spg2' | 'tl' | 'hr' | 'hrIn' | 'hrOut', string> = {} as never;
let spg2Nrp: string;

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let serial = 0;
/** A new account through the API (the admin's form), answering its token. */
async function account(role: string, extra: { nrp?: string; trustee?: Record<string, string[]> }) {
  serial += 1;
  const username = `foto${serial}`;
  const res = await ctx.request('POST', '/api/users', {
    token: await ctx.tokenFor('admin'),
    body: { userid: `F0000${serial}`, username, nama: 'Akses Foto', password: 'Kuat#Sekali2026', role, ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ctx.tokenFor(username, 'Kuat#Sekali2026');
}

/** A check-in of the day through the API: answers the stored photo's name. */
async function checkIn(token: string, tanggal: string): Promise<string> {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    tanggal,
    jam_masuk: '08:00:00',
    captured_at: wibAgo(60_000),
    lat: '-6.2',
    long: '106.8',
  })) {
    f.append(k, v);
  }
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await ctx.request('POST', '/api/absensi/new/spg', { token, body: f });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { result: { foto_masuk: string } }).result.foto_masuk;
}

const fetchPhoto = (name: string, token: string) => ctx.request('GET', `/uploads/photo/${name}`, { token });

let ownPhoto: string;
let otherPhoto: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const [me] = await ctx.database.db.select().from(karyawan).where(eq(karyawan.nrp, SPG_NRP));
  // Another SPG, in another lokasi than the demo SPG: a scope that covers one misses the other.
  const [other] = await ctx.database.db
    .select({ nrp: karyawan.nrp, lokasi: karyawan.kode_lokasi })
    .from(karyawan)
    .where(and(ne(karyawan.kode_lokasi, me!.kode_lokasi), ne(karyawan.nrp, '26000001')))
    .limit(1);
  spg2Nrp = other!.nrp;
  [T.spg, T.tl, T.hr] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl'), ctx.tokenFor('hr')]);
  T.spg2 = await account('USER', { nrp: spg2Nrp });
  T.hrIn = await account('HR', { trustee: { lokasi: [me!.kode_lokasi] } });
  T.hrOut = await account('HR', { trustee: { lokasi: [other!.lokasi] } });
  ownPhoto = await checkIn(T.spg, '2031-03-01');
  otherPhoto = await checkIn(T.spg2, '2031-03-01');
});
afterAll(() => ctx.close());

describe('GET /uploads/photo/{file} — photos follow the record', () => {
  it("serves an SPG her own check-in photo, never another SPG's", async () => {
    const own = await fetchPhoto(ownPhoto, T.spg);
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(JPEG);
    expect(own.headers.get('cache-control')).toMatch(/^private\b/);
    expect((await fetchPhoto(otherPhoto, T.spg)).status).toBe(404);
    expect((await fetchPhoto(ownPhoto, T.spg2)).status).toBe(404);
    expect((await fetchPhoto(otherPhoto, T.spg2)).status).toBe(200);
  });

  it('serves an attendance photo to absensi readers whose scope covers the employee, not to others', async () => {
    // TL (absensi.read) and HR without a trustee: every employee.
    expect((await fetchPhoto(ownPhoto, T.tl)).status).toBe(200);
    expect((await fetchPhoto(otherPhoto, T.hr)).status).toBe(200);
    // HR limited to the SPG's lokasi sees hers, not the other lokasi's; and the other way round.
    expect((await fetchPhoto(ownPhoto, T.hrIn)).status).toBe(200);
    expect((await fetchPhoto(otherPhoto, T.hrIn)).status).toBe(404);
    expect((await fetchPhoto(ownPhoto, T.hrOut)).status).toBe(404);
    expect((await fetchPhoto(otherPhoto, T.hrOut)).status).toBe(200);
  });

  it("serves an employee's own photo to karyawan readers in scope, not to a TL without karyawan.read", async () => {
    const name = 'fotoKaryawanSpg0000001.jpg';
    await ctx.storage.put(`photo/${name}`, JPEG, 'image/jpeg');
    await ctx.database.db.update(karyawan).set({ foto_ktp: name }).where(eq(karyawan.nrp, SPG_NRP));
    expect((await fetchPhoto(name, T.spg)).status).toBe(200);
    expect((await fetchPhoto(name, T.hrIn)).status).toBe(200);
    expect((await fetchPhoto(name, T.hrOut)).status).toBe(404);
    expect((await fetchPhoto(name, T.tl)).status).toBe(404);
    expect((await fetchPhoto(name, T.spg2)).status).toBe(404);
  });

  it('serves a visit photo to kunjungan readers in scope', async () => {
    const name = 'fotoKunjunganSpg000001.jpg';
    await ctx.storage.put(`photo/${name}`, JPEG, 'image/jpeg');
    const [line] = await ctx.database.db
      .select({ id: kunjunganDetail.id })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(eq(kunjungan.nrp, SPG_NRP))
      .limit(1);
    await ctx.database.db.update(kunjunganDetail).set({ out_foto: name }).where(eq(kunjunganDetail.id, line!.id));
    expect((await fetchPhoto(name, T.spg)).status).toBe(200);
    expect((await fetchPhoto(name, T.tl)).status).toBe(200);
    expect((await fetchPhoto(name, T.hrIn)).status).toBe(200);
    expect((await fetchPhoto(name, T.hrOut)).status).toBe(404);
    expect((await fetchPhoto(name, T.spg2)).status).toBe(404);
  });

  it('answers a name no record holds, or a stored name whose file is gone, with 404', async () => {
    const orphan = 'fotoTanpaRekaman000001.jpg';
    await ctx.storage.put(`photo/${orphan}`, JPEG, 'image/jpeg');
    expect((await fetchPhoto(orphan, T.hr)).status).toBe(404);
    await ctx.storage.delete(`photo/${ownPhoto}`);
    expect((await fetchPhoto(ownPhoto, T.spg)).status).toBe(404);
  });
});
