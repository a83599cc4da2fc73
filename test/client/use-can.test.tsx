/**
 * useCan (src/lib/use-can.ts): the one permission check screens make. It follows the session: signed
 * out nothing is allowed, a list of permissions needs all of them, and a new session is read at once.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../src/lib/session';
import { useCan } from '../../src/lib/use-can';

/** An unsigned token: the client only reads its claims (the server decides). */
function signIn(permissions: string[]) {
  const claims = { userid: 'U9', username: 'uji', nama: 'Uji', role: 'HR', nrp: null, permissions, exp: 4_000_000_000 };
  session.start(`e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.x`);
}
afterEach(() => session.end());

describe('useCan', () => {
  it('allows nothing signed out', () => {
    const { result } = renderHook(() => useCan());
    expect(result.current('news.read')).toBe(false);
  });

  it('answers from the signed-in user’s permissions; a list needs all of them', () => {
    signIn(['routeList.create', 'news.read']);
    const { result } = renderHook(() => useCan());
    expect(result.current('news.read')).toBe(true);
    expect(result.current('news.create')).toBe(false);
    expect(result.current(['routeList.create', 'news.read'])).toBe(true);
    expect(result.current(['routeList.create', 'routeList.update'])).toBe(false);
  });

  it('follows a change of session', () => {
    signIn(['news.read']);
    const { result } = renderHook(() => useCan());
    expect(result.current('role.read')).toBe(false);
    act(() => signIn(['role.read']));
    expect(result.current('role.read')).toBe(true);
    act(() => session.end());
    expect(result.current('role.read')).toBe(false);
  });
});
