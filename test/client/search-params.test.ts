import { defaultStringifySearch } from '@tanstack/react-router';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../src/app/search-params';
import { KunjunganListQuerySchema } from '../../src/domain/kunjungan/kunjungan-search';
import { StoreListQuerySchema } from '../../src/domain/store/store-search';

describe('the router reading an address', () => {
  it('keeps a typed or pasted q as text, however it looks', () => {
    expect(parseSearch('?q=26000301&page=2')).toEqual({ q: '26000301', page: 2 });
    expect(parseSearch('?q=true')).toEqual({ q: 'true' });
    expect(parseSearch('?q=null')).toEqual({ q: 'null' });
    expect(parseSearch('?q=-12.5')).toEqual({ q: '-12.5' });
    expect(parseSearch('q=Toko%20Maju')).toEqual({ q: 'Toko Maju' });
  });

  it("reads the app's own links as before: a quoted q, numbers elsewhere", () => {
    const search = { q: '26000301', page: 3, period_id: '202611' };
    expect(parseSearch(defaultStringifySearch(search))).toEqual(search);
    expect(parseSearch('?period_id=202611')).toEqual({ period_id: 202611 });
  });

  it('gives the screens a search their schema takes (the plan list searched by NRP showed an error)', () => {
    expect(v.safeParse(KunjunganListQuerySchema, parseSearch('?q=26000301')).output).toMatchObject({ q: '26000301' });
    expect(v.safeParse(StoreListQuerySchema, parseSearch('?q=1001&page=1')).success).toBe(true);
  });
});
