import dayjs from 'dayjs';
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { roles, users } from '../../server/db/schema/auth';
import { karyawan, karyawanPosting, kontrak } from '../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../server/db/schema/kunjungan';
import { absensi } from '../../server/db/schema/absensi';
import { period, shift } from '../../server/db/schema/master';
import { news } from '../../server/db/schema/news';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from '../../server/db/seed/demo';
import { p3StateOf, RESIGN_AGE } from '../../server/db/seed/posting';
import { verifyPassword } from '../../server/lib/password';
import { latestP3 } from '../../server/modules/karyawan/posting.service';
import { myNews } from '../../server/modules/news/news-mine.service';
import { DATE_FORMAT, periodBounds, periodIdOf } from '../../src/domain/dates';
import { ALL_PERMISSIONS } from '../../src/domain/roles/permissions';

const TODAY = new Date('2026-11-21T03:00:00Z');
const EMPLOYEES = 60;
// The seed works in local calendar days; derive them the same way so any TZ agrees.
const today = dayjs(TODAY).format(DATE_FORMAT);
const yesterday = dayjs(today).subtract(1, 'day').format(DATE_FORMAT);
const plusDays = (n: number) => dayjs(today).add(n, 'day').format(DATE_FORMAT);
const currentPeriod = periodIdOf(today);

async function snapshot(db: Database['db']) {
  return {
    karyawan: await db.select().from(karyawan).orderBy(asc(karyawan.nrp)),
    kontrak: await db.select().from(kontrak).orderBy(asc(kontrak.no_kontrak)),
    details: await db
      .select({
        no_dcp: kunjunganDetail.no_dcp,
        tgl: kunjunganDetail.tgl_dcp,
        cust: kunjunganDetail.cust_code,
        in_jam: kunjunganDetail.in_jam,
        in_lat: kunjunganDetail.in_lat,
        in_long: kunjunganDetail.in_long,
        out_jam: kunjunganDetail.out_jam,
        out_lat: kunjunganDetail.out_lat,
        out_long: kunjunganDetail.out_long,
      })
      .from(kunjunganDetail)
      .orderBy(asc(kunjunganDetail.id)),
    posting: await db.select().from(karyawanPosting).orderBy(asc(karyawanPosting.id)),
    absensi: await db
      .select({
        nrp: absensi.nrp,
        tanggal: absensi.tanggal,
        sts: absensi.sts_abs_id,
        masuk: absensi.jam_masuk,
        keluar: absensi.jam_keluar,
      })
      .from(absensi)
      .orderBy(asc(absensi.nrp), asc(absensi.tanggal)),
    news: await db
      .select({ judul: news.judul, isi: news.isi, from: news.validfrom, to: news.validto, client: news.client })
      .from(news)
      .orderBy(asc(news.news_id)),
  };
}

describe('demo seed', () => {
  let database: Database;
  let closed = false;
  let emptyBefore: boolean;
  let summary: string;
  let first: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await database.migrate();
    emptyBefore = await isDatabaseEmpty(database.db);
    summary = await seedDemo(database.db, { today: TODAY, employees: EMPLOYEES });
    first = await snapshot(database.db);
  });

  afterAll(async () => {
    if (!closed) await database.close();
  });

  it('reports an empty database before seeding and a filled one after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    expect(summary).toContain(`${EMPLOYEES} karyawan`);
    expect(first.karyawan).toHaveLength(EMPLOYEES);
  });

  it('creates the four demo accounts, all signing in with the demo password', async () => {
    const rows = await database.db.select().from(users).orderBy(asc(users.userid));
    expect(rows.map((u) => [u.username, u.role, u.nrp])).toEqual([
      ['admin', 'ADMIN', null],
      ['hr', 'HR', null],
      ['tl', 'TL', DEMO_ACCOUNTS.tl.nrp],
      ['spg', 'USER', DEMO_ACCOUNTS.spg.nrp],
    ]);
    for (const u of rows) {
      expect(u.isActive && !u.resetPassword).toBe(true);
      // Only the team leader is scoped (to her own team, below).
      expect(u.trustee === null).toBe(u.username !== 'tl');
      expect(await verifyPassword(DEMO_PASSWORD, u.passwordHash)).toBe(true);
    }
    expect(await verifyPassword('wrong password', rows[0]?.passwordHash ?? '')).toBe(false);
  });

  it('lists every permission explicitly on each role', async () => {
    const rows = await database.db.select().from(roles);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect([...byId.keys()].sort()).toEqual(['ADMIN', 'HR', 'TL', 'USER']);
    expect(byId.get('ADMIN')?.permissions).toEqual([...ALL_PERMISSIONS]);
    expect(byId.get('TL')?.nama).toBe('TEAM LEADER');
    expect(byId.get('USER')?.permissions).toEqual(['leave.read']);
    const hr = byId.get('HR')?.permissions ?? [];
    expect(hr).toEqual(
      expect.arrayContaining(['karyawan.kontrak.edit', 'absensi.posting', 'routeList.read', 'jenisCuti.read']),
    );
    expect(hr).not.toContain('user.read');
    for (const r of rows) expect(r.permissions.length).toBeGreaterThan(0);
  });

  it('links the tl and spg accounts to a team leader and an active SPG of that team', async () => {
    const [tl] = await database.db.select().from(karyawan).where(eq(karyawan.nrp, DEMO_ACCOUNTS.tl.nrp));
    const [spg] = await database.db.select().from(karyawan).where(eq(karyawan.nrp, DEMO_ACCOUNTS.spg.nrp));
    const names = await database.db.select({ username: users.username, nama: users.nama }).from(users);
    expect(tl?.jabatan_id).toBe('TL');
    expect(spg?.jabatan_id).toBe('SPG');
    expect(spg?.team_leader_nrp).toBe(tl?.nrp);
    expect(spg?.kode_lokasi).toBe(tl?.kode_lokasi);
    expect(spg?.tgl_p3).toBeNull();
    expect(spg?.mulai_kontrak && spg.mulai_kontrak <= today).toBe(true);
    expect(spg?.selesai_kontrak && spg.selesai_kontrak > plusDays(90)).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining([
        { username: 'tl', nama: tl?.nama },
        { username: 'spg', nama: spg?.nama },
      ]),
    );
  });

  it('scopes the tl account to exactly her own team', async () => {
    const [tl] = await database.db.select().from(users).where(eq(users.username, 'tl'));
    const t = tl!.trustee!;
    const inScope = first.karyawan.filter(
      (k) => (!t.lokasi.length || t.lokasi.includes(k.kode_lokasi ?? '')) && t.client.includes(k.client_id ?? ''),
    );
    const team = first.karyawan.filter(
      (k) => k.nrp === DEMO_ACCOUNTS.tl.nrp || k.team_leader_nrp === DEMO_ACCOUNTS.tl.nrp,
    );
    expect(t.client.length).toBe(1);
    expect(inScope.map((k) => k.nrp)).toEqual(team.map((k) => k.nrp));
    expect(team.map((k) => k.nrp)).toContain(DEMO_ACCOUNTS.spg.nrp);
    expect(team.length).toBeGreaterThan(2);
  });

  it('arrives like people do: most before the shift, some within its tolerance, some late, a few without a check-out', async () => {
    const days = await database.db
      .select({
        masuk: absensi.jam_masuk,
        keluar: absensi.jam_keluar,
        mulai: shift.jam_mulai,
        selesai: shift.jam_selesai,
        sumber: absensi.sumber,
        sts: absensi.sts_abs_id,
        field: absensi.field_jam_masuk,
      })
      .from(absensi)
      .innerJoin(shift, eq(shift.id, absensi.shift_id))
      .where(isNotNull(absensi.jam_masuk));
    const n = days.length;
    const before = days.filter((d) => d.masuk! < d.mulai).length;
    const late = days.filter(
      (d) => d.masuk! > dayjs(`2026-01-01T${d.mulai}`).add(5, 'minute').format('HH:mm:ss'),
    ).length;
    const open = days.filter((d) => d.keluar === null).length;
    expect(before / n).toBeGreaterThan(0.6);
    expect(late / n).toBeGreaterThan(0.05);
    expect(late / n).toBeLessThan(0.3);
    expect(open / n).toBeGreaterThan(0.01);
    expect(open / n).toBeLessThan(0.15);
    // Her own check-ins keep their field record; the back office's days are manual.
    for (const d of days.filter((x) => x.sumber === 'S')) expect(d.field).toBe(d.masuk);
    const statuses = new Set(
      (await database.db.select({ s: absensi.sts_abs_id, sumber: absensi.sumber }).from(absensi))
        .filter((x) => x.s !== 'H')
        .map((x) => `${x.s}:${x.sumber}`),
    );
    expect(statuses.has('OFF:M')).toBe(true);
    expect([...statuses].every((x) => x.endsWith(':M'))).toBe(true);
  });

  it('gives every other SPG a team leader of the same location', () => {
    const staff = first.karyawan;
    const leaders = new Map(staff.filter((k) => k.jabatan_id === 'TL').map((k) => [k.nrp, k]));
    const members = staff.filter((k) => k.jabatan_id !== 'TL');
    expect(members.length).toBeGreaterThan(leaders.size * 3);
    expect(members.filter((k) => k.jabatan_id === 'SPG').length).toBeGreaterThan(members.length / 2);
    for (const k of members) expect(leaders.get(k.team_leader_nrp ?? '')?.kode_lokasi).toBe(k.kode_lokasi);
  });

  it('plans store visits for the spg account on every day of the current period, Sundays included', async () => {
    const { mulai, akhir } = periodBounds(currentPeriod);
    const rows = await database.db
      .selectDistinct({ tgl: kunjunganDetail.tgl_dcp })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(and(eq(kunjungan.nrp, DEMO_ACCOUNTS.spg.nrp), eq(kunjungan.period_id, currentPeriod)))
      .orderBy(asc(kunjunganDetail.tgl_dcp));
    const expected: string[] = [];
    for (let d = dayjs(mulai); !d.isAfter(akhir); d = d.add(1, 'day')) expected.push(d.format(DATE_FORMAT));
    expect(rows.map((r) => r.tgl)).toEqual(expected);
  });

  it('records check-ins only for days before today', async () => {
    const [future] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(kunjunganDetail)
      .where(and(gte(kunjunganDetail.tgl_dcp, today), isNotNull(kunjunganDetail.in_jam)));
    const [past] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(kunjunganDetail)
      .where(and(lt(kunjunganDetail.tgl_dcp, today), isNotNull(kunjunganDetail.out_jam)));
    expect(future?.n).toBe(0);
    expect(past?.n).toBeGreaterThan(100);
  });

  it('holds attendance up to yesterday and nothing for today', async () => {
    const count = async (tanggal: string) =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(absensi)
          .where(eq(absensi.tanggal, tanggal))
      )[0]?.n;
    expect(await count(today)).toBe(0);
    // 2026-11-20 is a Friday: a working day for everybody.
    expect(await count(yesterday)).toBeGreaterThan(EMPLOYEES / 2);
    const statuses = new Set(first.absensi.map((a) => a.sts));
    expect(statuses.has('H')).toBe(true);
    expect([...statuses].some((s) => s !== 'H')).toBe(true);
  });

  it('gives the field accounts a few news items, valid from a few days ago to well ahead, none read yet', async () => {
    expect(first.news).toHaveLength(4);
    // The welcome is listed first on /info (newest validfrom first).
    expect(first.news.reduce((a, b) => (b.from > a.from ? b : a)).judul).toBe('Selamat datang di Hadir');
    expect(summary).toContain('4 news items');
    for (const n of first.news) {
      expect(n.from < today && n.from >= plusDays(-7)).toBe(true);
      expect(n.to >= plusDays(14)).toBe(true);
    }
    for (const account of [DEMO_ACCOUNTS.spg, DEMO_ACCOUNTS.tl]) {
      const mine = await myNews(database.db, account.nrp, TODAY);
      expect(mine.result.map((r) => r.judul).sort()).toEqual(first.news.map((n) => n.judul).sort());
      expect(mine.unread).toBe(4);
    }
    // The product training is for the demo team's client only: an employee of another client misses it.
    const other = first.karyawan.find((k) => k.client_id !== 'NSF' && k.alasan_p3 === null)!;
    expect((await myNews(database.db, other.nrp, TODAY)).result).toHaveLength(3);
  });

  it('opens the current and previous periods for posting', async () => {
    const rows = await database.db.select().from(period).orderBy(asc(period.id));
    expect(rows).toHaveLength(6);
    const current = rows.find((p) => p.id === currentPeriod);
    expect(current).toMatchObject({ ...periodBounds(currentPeriod), jum_hk: 25, status: true });
    expect(rows.filter((p) => p.status).map((p) => p.id)).toEqual(['202610', '202611']);
  });

  it('has contracts ending within 30, 31–60 and 61–90 days, and some already expired', async () => {
    const active = isNull(karyawan.tgl_p3);
    const ending = async (from: string, to: string) =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(karyawan)
          .where(and(active, gte(karyawan.selesai_kontrak, from), lte(karyawan.selesai_kontrak, to)))
      )[0]?.n ?? 0;
    expect(await ending(today, plusDays(30))).toBeGreaterThan(0);
    expect(await ending(plusDays(31), plusDays(60))).toBeGreaterThan(0);
    expect(await ending(plusDays(61), plusDays(90))).toBeGreaterThan(0);
    expect(await ending('2000-01-01', yesterday)).toBeGreaterThan(0);
  });

  it('mirrors each employee’s latest contract, with consecutive contracts before it', () => {
    const byNrp = new Map<string, typeof first.kontrak>();
    for (const c of first.kontrak) byNrp.set(c.nrp, [...(byNrp.get(c.nrp) ?? []), c]);
    for (const k of first.karyawan) {
      const list = (byNrp.get(k.nrp) ?? []).sort((a, b) => a.per_kontrak - b.per_kontrak);
      const last = list[list.length - 1];
      expect(last).toMatchObject({
        no_kontrak: k.no_kontrak,
        selesai_kontrak: k.selesai_kontrak,
        per_kontrak: k.per_kontrak,
      });
      expect(list[0]?.mulai_kontrak).toBe(k.tgl_awkerja);
      list.slice(1).forEach((c, i) => {
        expect(dayjs(list[i]?.selesai_kontrak).add(1, 'day').format(DATE_FORMAT)).toBe(c.mulai_kontrak);
      });
    }
    const resigned = first.karyawan.filter((k) => k.tgl_p3);
    expect(resigned.length).toBeGreaterThan(0);
    for (const k of resigned) expect(k.alasan_p3 !== null && k.no_pb !== null).toBe(true);
  });

  it('gives each resignation its P3 item as the app writes it, the newest open, older ones posted or completed', () => {
    const resigned = first.karyawan.filter((k) => k.alasan_p3 !== null);
    // Active employees carry no seeded item (their hiring predates the demo's history), resigned ones a P3 each.
    expect(first.posting.map((p) => [p.nrp, p.jenis_trn])).toEqual(resigned.map((k) => [k.nrp, 'P3']));
    const stateOf = (p: (typeof first.posting)[number]) =>
      p.date_completed ? 'completed' : p.date_posting ? 'posted' : 'open';
    for (const k of resigned) {
      const p = first.posting.find((i) => i.nrp === k.nrp);
      expect(p).toMatchObject({ nama: k.nama, alasan_p3: k.alasan_p3, keterangan: null, created_by: 'U00002' });
      if (!p || !k.tgl_p3) throw new Error(k.nrp);
      // Keyed in on the last working day or up to two days before it, in the past.
      const keyed = dayjs(p.tgl_jam_trn).format(DATE_FORMAT);
      expect(keyed <= k.tgl_p3 && keyed >= dayjs(k.tgl_p3).subtract(2, 'day').format(DATE_FORMAT)).toBe(true);
      const state = stateOf(p);
      // Posted by HR after it was keyed in; completed by an export after the posting; nothing in the future.
      expect(p.posted_by).toBe(state === 'open' ? null : 'U00002');
      expect(p.completed_by).toBe(state === 'completed' ? 'U00002' : null);
      if (p.date_posting) expect(+p.date_posting).toBeGreaterThan(+p.tgl_jam_trn);
      if (p.date_completed) expect(+p.date_completed).toBeGreaterThan(+p.date_posting!);
      expect(+(p.date_completed ?? p.date_posting ?? p.tgl_jam_trn)).toBeLessThan(+TODAY);
      // The newest resignations are the open ones, the older ones went to payroll.
      const [lo, hi] = RESIGN_AGE[state];
      expect(k.tgl_p3 >= plusDays(-hi) && k.tgl_p3 <= plusDays(-lo)).toBe(true);
    }
    // Three resignations at this size: one of each state, by position.
    expect(first.posting.map(stateOf)).toEqual(['open', 'posted', 'completed']);
    // Every export took all the items posted before it: none still posted from before a completion.
    const lastExport = Math.max(...first.posting.map((p) => +(p.date_completed ?? 0)));
    for (const p of first.posting.filter((i) => stateOf(i) === 'posted')) {
      expect(+p.date_posting!).toBeGreaterThan(lastExport);
    }
  });

  it('leaves resignations both editable (open P3) and locked (posted P3), as the resign service reads them', async () => {
    const locked = new Map<string, boolean>();
    for (const k of first.karyawan.filter((e) => e.alasan_p3 !== null)) {
      locked.set(k.nrp, !!(await latestP3(database.db, k.nrp))?.date_posting);
    }
    expect([...locked.values()]).toContain(false);
    expect([...locked.values()]).toContain(true);
  });

  it('mixes the P3 states by position: 1 open : 1 posted : 3 completed, e.g. 5,000 resignations', () => {
    const counts = { open: 0, posted: 0, completed: 0 };
    for (let i = 0; i < 5_000; i++) counts[p3StateOf(i)] += 1;
    expect(counts).toEqual({ open: 1_000, posted: 1_000, completed: 3_000 });
    // Age windows (days before today of tgl_p3): open ones are the newest, completed ones the oldest.
    expect(RESIGN_AGE.open[0]).toBeGreaterThanOrEqual(3);
    expect(RESIGN_AGE.open[1]).toBeLessThan(RESIGN_AGE.completed[1]);
    expect(RESIGN_AGE.completed[0]).toBeGreaterThan(RESIGN_AGE.open[0]);
  });

  // Seeding a second database is setup, not the assertion: it runs under the hook's budget (120 s), so a
  // busy 2-core machine slows it down without failing it; the comparison itself stays exact.
  describe('seeded again with the same inputs', () => {
    let second: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      await database.close();
      closed = true;
      const again = await openDatabase({ memory: true });
      try {
        await again.migrate();
        await seedDemo(again.db, { today: TODAY, employees: EMPLOYEES });
        second = await snapshot(again.db);
      } finally {
        await again.close();
      }
    });

    it('writes identical rows', () => {
      expect(second.karyawan).toEqual(first.karyawan);
      expect(second.kontrak).toEqual(first.kontrak);
      expect(second.posting).toEqual(first.posting);
      expect(second.details).toEqual(first.details);
      expect(second.absensi).toEqual(first.absensi);
      expect(second.news).toEqual(first.news);
    });
  });
});
