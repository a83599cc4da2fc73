/**
 * Opening a news item on the phone (issue 14): the item counts as read at once, offline too, its
 * receipt is queued once per item and sent as JSON under the row id; and the one audience rule.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addresses, validOn, type Audience, type MyNewsAnswer } from '../../src/domain/news/news';
import { newsKeys } from '../../src/features/news/keys';
import { markNewsRead } from '../../src/features/news/outbox';
import { queuedReads, unreadCount } from '../../src/features/news/unread';
import { OfflineDb } from '../../src/lib/offline/db';
import { rowsOf } from '../../src/lib/offline/outbox';
import { rememberToken, replayOutbox } from '../../src/lib/offline/replay';

let db: OfflineDb;
beforeEach(async () => {
  db = new OfflineDb('hadir-offline');
  await db.outbox.clear();
  await db.tokens.clear();
});
afterEach(() => db.close());

const USER = 'U00004';
const item = (news_id: number, read_at: string | null = null) => ({
  news_id,
  judul: `Info ${news_id}`,
  isi: 'Isi',
  foto: null,
  validfrom: '2026-11-01',
  validto: '2026-11-30',
  tglupdate: '2026-11-01T00:00:00.000Z',
  read_at,
});
const answer = (): MyNewsAnswer => ({
  result: [item(1), item(2), item(3, '2026-11-02T01:00:00.000Z')],
  totalCount: 3,
  unread: 2,
});

describe('news.read in the outbox', () => {
  it('marks the item read in the phone copy at once and queues one receipt per item', async () => {
    const qc = new QueryClient();
    qc.setQueryData(newsKeys.mine(USER), answer());
    expect(unreadCount(answer(), [])).toBe(2);

    await markNewsRead(qc, USER, 2);
    await markNewsRead(qc, USER, 2); // opened again: nothing more
    const rows = await rowsOf(USER, db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('news.read');
    expect(rows[0]!.path).toBe('/api/news/2/read');
    // The row names its endpoint contract (src/domain/news/contracts.ts), not only a path.
    expect(rows[0]!.contract).toBe('POST /api/news/:id/read');
    expect(rows[0]!.encoding).toBe('json');
    const cached = qc.getQueryData<MyNewsAnswer>(newsKeys.mine(USER))!;
    expect(cached.result.find((n) => n.news_id === 2)!.read_at).not.toBeNull();
    expect(unreadCount(cached, rows)).toBe(1);

    // A fresh list from before the receipt arrived still counts it read while the row is on the device.
    expect(queuedReads(rows)).toEqual(new Set([2]));
    expect(unreadCount(answer(), rows)).toBe(1);

    // An item already read (by the server's list) queues nothing.
    await markNewsRead(qc, USER, 3);
    expect(await rowsOf(USER, db)).toHaveLength(1);
  });

  it('sends the receipt with its row id as Idempotency-Key', async () => {
    const qc = new QueryClient();
    qc.setQueryData(newsKeys.mine(USER), answer());
    await markNewsRead(qc, USER, 1);
    await rememberToken(USER, 'token-spg', db);
    const seen: { url: string; key: string | null; body: unknown }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ message: 'News sudah dibaca', result: { news_id: 1, read_at: 'x' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    await replayOutbox({ db, fetchImpl, now: () => Date.now() });
    const [row] = await rowsOf(USER, db);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toContain('/api/news/1/read');
    expect(seen[0]!.key).toBe(row!.id);
    expect(seen[0]!.body).toMatchObject({ news_id: 1, captured_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(row!.state).toBe('done');
  });
});

describe('who an item addresses', () => {
  const spg = {
    nrp: '26000002',
    kode_prsh: 'KM',
    kode_lokasi: 'JKT',
    client_id: 'C1',
    sales_office_id: null,
    type_spg_id: 'SPG',
  };
  const a = (x: Partial<Audience>): Audience => ({
    kode_prsh: ['KM'],
    kode_lokasi: [],
    client: [],
    sales_office: [],
    type_spg: [],
    nrp: [],
    ...x,
  });

  it('her company listed, and every non-empty list naming her', () => {
    expect(addresses(a({}), spg)).toBe(true);
    expect(addresses(a({ kode_prsh: ['AB'] }), spg)).toBe(false);
    expect(addresses(a({ kode_prsh: [] }), spg)).toBe(false);
    expect(addresses(a({ kode_lokasi: ['JKT', 'SBY'] }), spg)).toBe(true);
    expect(addresses(a({ kode_lokasi: ['SBY'] }), spg)).toBe(false);
    expect(addresses(a({ kode_lokasi: ['JKT'], nrp: ['26000003'] }), spg)).toBe(false);
    expect(addresses(a({ nrp: ['26000002'] }), spg)).toBe(true);
    // A list of sales offices never addresses an employee without one.
    expect(addresses(a({ sales_office: ['S1'] }), spg)).toBe(false);
  });

  it('shows an item from its first to its last day', () => {
    const n = { validfrom: '2026-11-10', validto: '2026-11-12' };
    expect(['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13'].map((d) => validOn(n, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
