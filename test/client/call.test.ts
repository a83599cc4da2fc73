/**
 * `call(contract, input)` (src/lib/call.ts): one typed input fills the path, query and JSON body; the
 * answer is typed by the contract and, in tests (and development), parsed against it.
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as v from 'valibot';
import { contract } from '../../src/domain/contract';
import { newsContracts } from '../../src/domain/news/contracts';
import { roleContracts } from '../../src/domain/roles/contracts';
import { call, ContractMismatch } from '../../src/lib/call';

const sent: { url: string; method: string; body: unknown }[] = [];
function answer(body: unknown, status = 200) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : init.body });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

const readAnswer = { message: 'ok', result: { news_id: 5, read_at: '2026-11-28T01:00:00.000Z' } };

describe('call', () => {
  it('fills the path params, the query and the JSON body from one input', async () => {
    answer(readAnswer);
    const got = await call(newsContracts.read, {
      params: { id: 5 },
      body: { captured_at: '2026-11-28T08:00:00+07:00' },
    });
    expect(got).toEqual(readAnswer);
    expectTypeOf(got.result.news_id).toEqualTypeOf<number>();
    expect(sent[0]).toEqual({
      url: '/api/news/5/read',
      method: 'POST',
      body: JSON.stringify({ captured_at: '2026-11-28T08:00:00+07:00' }),
    });

    answer({ result: [], totalCount: 0 });
    await call(roleContracts.list, { query: { page: 2, per_page: 10, q: 'adm' } });
    expect(sent[1]).toMatchObject({ url: '/api/roles?page=2&per_page=10&q=adm', method: 'GET' });

    answer({ message: 'Role dihapus' });
    await call(roleContracts.remove, { params: { id: 'A/B' } });
    expect(sent[2]).toMatchObject({ url: '/api/roles/A%2FB', method: 'DELETE' });
  });

  it('throws ContractMismatch when the answer is not the contract’s shape (tests and development)', async () => {
    answer({ message: 'ok', result: { news_id: '5' } });
    const err = await call(newsContracts.read, { params: { id: 5 }, body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractMismatch);
    expect((err as Error).message).toContain('POST /api/news/5/read');
  });

  it('refuses, at compile time, a call the contract does not describe', async () => {
    answer(readAnswer);
    // @ts-expect-error: the path's :id is missing
    await call(newsContracts.read, { body: {} }).catch(() => undefined);
    // @ts-expect-error: captured_at is text
    await call(newsContracts.read, { params: { id: 1 }, body: { captured_at: 5 } }).catch(() => undefined);
    answer({ result: [], totalCount: 0 });
    // @ts-expect-error: the list takes no such query field type
    await call(roleContracts.list, { query: { page: true } }).catch(() => undefined);
    const ping = contract({
      method: 'GET',
      path: '/api/ping',
      tag: 'T',
      summary: 'x',
      access: { public: true },
      answer: v.object({ ok: v.boolean() }),
    });
    answer({ ok: true });
    expect(await call(ping)).toEqual({ ok: true });
  });
});
