/**
 * A screen's first render already counts what waits in the outbox: the app reads the rows before it
 * renders (primeOutboxRows, src/app/start.tsx), so the day screen never says "not checked in" for a
 * moment while a check-in waits on the phone. The live view then follows every change, and the same
 * rows read again do not render the screen a second time.
 */
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueDayAction, type Capture } from '../../src/features/absensi/outbox';
import { offlineDb } from '../../src/lib/offline/db';
import { primeOutboxRows, useOutboxRows } from '../../src/lib/offline/use-outbox';

const capture = (): Capture => ({
  id: crypto.randomUUID(),
  photo: new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'foto.jpg', { type: 'image/jpeg' }),
  location: { ok: true, lat: -6.2, long: 106.8, accuracy: 10, fixAt: dayjs().toISOString() },
  at: dayjs(),
});

afterEach(async () => {
  await offlineDb().outbox.clear();
});

describe('the outbox rows of a screen', () => {
  it('are there at the first render once primed, and the same rows read again keep their identity', async () => {
    await enqueueDayAction('U1', '26000002', 'in', capture());
    await primeOutboxRows('U1');

    const { result } = renderHook(() => useOutboxRows('U1'));
    const first = result.current;
    expect(first?.map((r) => r.kind)).toEqual(['absensi.check-in']);

    // The live query answers with the same row: nothing new for the screen.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBe(first);

    // A new row reaches the screen.
    await act(async () => {
      await enqueueDayAction('U1', '26000002', 'out', capture());
    });
    await waitFor(() => expect(result.current?.map((r) => r.kind)).toEqual(['absensi.check-in', 'absensi.check-out']));
  });

  it('start empty for an account not read yet, then fill from the database', async () => {
    await enqueueDayAction('U2', '26000003', 'in', capture());
    const { result } = renderHook(() => useOutboxRows('U2'));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toHaveLength(1));
  });
});
