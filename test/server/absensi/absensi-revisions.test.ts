/**
 * Field evidence is immutable (docs/decisions/027-field-evidence-immutable.md): HR's manual entries are
 * revisions on top of the day; deleting one goes back to the one before, down to the employee's own
 * check-in, which no back-office action changes or deletes, photo included.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absensi } from '../../../server/db/schema/absensi';
import { ABSENSI_MESSAGES, type AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import { ABSENSI_ADMIN_MESSAGES as M, type AbsensiChange } from '../../../src/domain/absensi/absensi-admin';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let spg: string;
let hr: string;
const SPG_NRP = '26000002';
const WIB = 'Asia/Jakarta' as const;
let shiftId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const [s] = await ctx.database.db
    .select({ id: absensi.shift_id })
    .from(absensi)
    .where(eq(absensi.nrp, SPG_NRP))
    .limit(1);
  shiftId = s?.id ?? 'S1';
});
afterAll(() => ctx.close());

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let nextDay = 0;
/** A day ahead of the seeded data, with the server's clock at 18:00 WIB of it and fresh tokens. */
async function freshDay(): Promise<string> {
  nextDay += 3;
  const day = dateIn(WIB, new Date(Date.now() + nextDay * 86_400_000));
  ctx.clock.offsetMs = instantIn(WIB, day, '18:00:00').getTime() - Date.now();
  [spg, hr] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('hr')]);
  return day;
}

function fieldForm(tanggal: string, side: 'in' | 'out', jam: string) {
  const f = new FormData();
  f.append('tanggal', tanggal);
  f.append(side === 'in' ? 'jam_masuk' : 'jam_keluar', jam);
  f.append('captured_at', `${tanggal}T${jam}+07:00`);
  f.append('lat', '-6.2001');
  f.append('long', '106.8166');
  f.append('accuracy', '10');
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
async function field(tanggal: string, side: 'in' | 'out', jam: string) {
  const res = await ctx.request('POST', '/api/absensi/new/spg', { token: spg, body: fieldForm(tanggal, side, jam) });
  return { status: res.status, body: (await res.json()) as { message: string; result: AbsensiSpgRecord } };
}
const manual = (tanggal: string, over: Record<string, string> = {}) =>
  ctx.request('POST', '/api/absensi', {
    token: hr,
    body: {
      nrp: SPG_NRP,
      tanggal,
      shift_id: shiftId,
      sts_abs_id: 'H',
      jam_masuk: '07:30:00',
      jam_keluar: '16:00:00',
      alasan: 'Koreksi dari atasan',
      ...over,
    },
  });
const del = (tanggal: string, alasan = 'Koreksi salah') =>
  ctx.request('DELETE', '/api/absensi', { token: hr, body: { nrp: SPG_NRP, tanggal, alasan } });
async function day(tanggal: string) {
  const [row] = await ctx.database.db
    .select()
    .from(absensi)
    .where(and(eq(absensi.nrp, SPG_NRP), eq(absensi.tanggal, tanggal)));
  return row;
}
async function own(tanggal: string) {
  const res = await ctx.request('GET', `/api/absensi/new/spg?tanggal=${tanggal}`, { token: spg });
  return ((await res.json()) as { result: AbsensiSpgRecord | null }).result;
}
async function history(tanggal: string) {
  const res = await ctx.request('GET', `/api/absensi/${SPG_NRP}/${tanggal}/history`, { token: hr });
  return ((await res.json()) as { result: AbsensiChange[] }).result;
}
const photo = (name: string, token = hr) => ctx.request('GET', `/uploads/photo/${name}`, { token });

describe('a manual correction of a field day is a revision on top of it', () => {
  it('deleting the correction brings back her check-in, with its time, position and photo', async () => {
    const tanggal = await freshDay();
    const checkedIn = await field(tanggal, 'in', '06:51:11');
    expect(checkedIn.status).toBe(201);
    const foto = checkedIn.body.result.foto_masuk!;

    const corrected = await manual(tanggal, { jam_keluar: '15:00:00' });
    expect(corrected.status).toBe(200);
    expect(await day(tanggal)).toMatchObject({ sumber: 'M', jam_masuk: '07:30:00', field_jam_masuk: '06:51:11' });
    // The phone reads the day as it stands, and her own check-in beside it.
    expect(await own(tanggal)).toMatchObject({ jam_masuk: '07:30:00', field_jam_masuk: '06:51:11', foto_masuk: foto });

    const deleted = await del(tanggal);
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { message: string }).message).toBe(M.revisionDeleted);
    expect(await day(tanggal)).toMatchObject({
      sumber: 'S',
      sts_abs_id: 'H',
      jam_masuk: '06:51:11',
      jam_keluar: null,
      foto_masuk: foto,
      masuk_lat: -6.2001,
      alasan: null,
    });
    expect((await photo(foto)).status).toBe(200);
    expect((await photo(foto, spg)).status).toBe(200);

    // Her day is whole again: the check-out closes it as if HR had never touched it.
    const out = await field(tanggal, 'out', '16:02:00');
    expect(out.status).toBe(201);
    expect(out.body.result).toMatchObject({ jam_masuk: '06:51:11', jam_keluar: '16:02:00' });

    // Nothing of the back office is left on the day: a delete is refused, nothing changes.
    const again = await del(tanggal);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(M.fieldRowDelete);
    expect((await history(tanggal)).map((c) => c.aksi)).toEqual(['delete', 'update']);
  });

  it('goes back one revision at a time, down to the field record', async () => {
    const tanggal = await freshDay();
    expect((await field(tanggal, 'in', '07:58:00')).status).toBe(201);
    expect((await field(tanggal, 'out', '17:01:00')).status).toBe(201);
    expect((await manual(tanggal, { jam_masuk: '08:00:00', jam_keluar: '17:00:00' })).status).toBe(200);
    expect((await manual(tanggal, { sts_abs_id: 'I', jam_masuk: '', jam_keluar: '', alasan: 'Izin' })).status).toBe(
      200,
    );
    expect(await day(tanggal)).toMatchObject({ sts_abs_id: 'I', jam_masuk: null, sumber: 'M' });

    expect((await del(tanggal)).status).toBe(200);
    expect(await day(tanggal)).toMatchObject({
      sts_abs_id: 'H',
      jam_masuk: '08:00:00',
      jam_keluar: '17:00:00',
      sumber: 'M',
      alasan: 'Koreksi dari atasan',
    });
    expect((await del(tanggal)).status).toBe(200);
    expect(await day(tanggal)).toMatchObject({ jam_masuk: '07:58:00', jam_keluar: '17:01:00', sumber: 'S' });
    const h = await history(tanggal);
    expect(h.map((c) => c.aksi)).toEqual(['delete', 'delete', 'update', 'update']);
    expect(h[0]).toMatchObject({ sebelum: { jam_masuk: '08:00:00' }, sesudah: { jam_masuk: '07:58:00' } });
  });

  it('a day HR entered alone is deleted whole once its last revision goes', async () => {
    const tanggal = await freshDay();
    expect((await manual(tanggal)).status).toBe(201);
    expect((await manual(tanggal, { jam_masuk: '08:15:00' })).status).toBe(200);
    expect((await del(tanggal)).status).toBe(200);
    expect(await day(tanggal)).toMatchObject({ jam_masuk: '07:30:00', sumber: 'M' });
    const last = await del(tanggal);
    expect(((await last.json()) as { message: string }).message).toBe(M.deleted);
    expect(await day(tanggal)).toBeUndefined();
    expect((await del(tanggal)).status).toBe(404);
  });

  it('a check-in on a day HR already entered is kept beneath it, and shows once HR deletes theirs', async () => {
    const tanggal = await freshDay();
    expect(
      (await manual(tanggal, { sts_abs_id: 'S', jam_masuk: '', jam_keluar: '', alasan: 'Surat dokter' })).status,
    ).toBe(201);
    const checkIn = await field(tanggal, 'in', '08:20:00');
    expect(checkIn.status).toBe(201);
    expect(checkIn.body.result).toMatchObject({ sts_abs_id: 'S', jam_masuk: null, field_jam_masuk: '08:20:00' });
    // A repeat is answered with the day as it stands, not a second record.
    const repeat = await field(tanggal, 'in', '08:20:00');
    expect(repeat.status).toBe(200);
    const out = await field(tanggal, 'out', '12:00:00');
    expect(out.status).toBe(201);
    expect(await day(tanggal)).toMatchObject({ sts_abs_id: 'S', sumber: 'M', field_jam_keluar: '12:00:00' });

    expect((await del(tanggal)).status).toBe(200);
    expect(await day(tanggal)).toMatchObject({
      sts_abs_id: 'H',
      jam_masuk: '08:20:00',
      jam_keluar: '12:00:00',
      sumber: 'S',
    });
  });

  it('a check-out without her own check-in says what to do', async () => {
    const tanggal = await freshDay();
    expect((await manual(tanggal)).status).toBe(201);
    const out = await field(tanggal, 'out', '16:00:00');
    expect(out.status).toBe(409);
    expect(out.body.message).toBe(ABSENSI_MESSAGES.notIn);
    expect(out.body.message).toMatch(/Check In sekarang/);
    expect(out.body.message).toMatch(/koreksi absensi/);
    expect(await day(tanggal)).toMatchObject({ field_jam_keluar: null, foto_keluar: null });
  });
});
