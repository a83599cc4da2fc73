/**
 * The field screen tells "not on this phone yet" from "loading" and from the server's real state
 * (issue 11): a fresh login that lost its signal must never read "Belum Check In" as a fact.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DAY_TEXTS,
  FORGOT_TEXT,
  DayAttendanceCard,
  LOADING_TEXT,
  NOT_LOADED_TEXT,
} from '../../src/features/absensi/components/day-attendance-card';
import { VisitList, VISITS_NOT_LOADED_TEXT } from '../../src/features/absensi/components/visit-list';
import { dayStatus, workedText } from '../../src/features/absensi/state';
import type { OutboxRow } from '../../src/lib/offline/db';
import { ApiError } from '../../src/lib/http';
import { renderScreen } from './render';

const TANGGAL = '2026-11-24';
const noop = () => {};

/** A check-in waiting in the outbox for today. */
const waitingCheckIn = {
  id: 'r1',
  kind: 'absensi.check-in',
  userid: 'U1',
  method: 'POST',
  path: '/api/absensi/new/spg',
  encoding: 'multipart',
  payload: { tanggal: TANGGAL, jam_masuk: '08:00:00', captured_at: `${TANGGAL}T08:00:00+07:00` },
  files: [],
  capturedAt: `${TANGGAL}T08:00:00+07:00`,
  createdAt: 1,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  lastStatus: null,
  response: null,
  doneAt: null,
} as unknown as OutboxRow;

describe('the day card', () => {
  it('says the record is not on this phone, and still offers Check In and Check Out', () => {
    renderScreen(
      <DayAttendanceCard
        tanggal={TANGGAL}
        zone={null}
        status={dayStatus(undefined, [], TANGGAL)}
        known={false}
        loading={false}
        onAction={noop}
      />,
    );
    expect(screen.getByText(NOT_LOADED_TEXT)).toBeTruthy();
    expect(screen.queryByText(DAY_TEXTS.none)).toBeNull();
    expect(screen.getByRole('button', { name: 'Check In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check Out' })).toBeTruthy();
  });

  it('says it is loading while the record is being fetched, without actions', () => {
    renderScreen(
      <DayAttendanceCard
        tanggal={TANGGAL}
        zone={null}
        status={dayStatus(undefined, [], TANGGAL)}
        known={false}
        loading
        onAction={noop}
      />,
    );
    expect(screen.getByText(LOADING_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the server's 'not yet checked in' only when the server said so", () => {
    renderScreen(
      <DayAttendanceCard
        tanggal={TANGGAL}
        zone={null}
        status={dayStatus(null, [], TANGGAL)}
        known
        loading={false}
        onAction={noop}
      />,
    );
    expect(screen.getByText(DAY_TEXTS.none)).toBeTruthy();
  });

  it('trusts a check-in waiting on this phone even when the record is not loaded', () => {
    renderScreen(
      <DayAttendanceCard
        tanggal={TANGGAL}
        zone={null}
        status={dayStatus(undefined, [waitingCheckIn], TANGGAL)}
        known={false}
        loading={false}
        onAction={noop}
      />,
    );
    expect(screen.getByText(DAY_TEXTS.inOnly)).toBeTruthy();
    expect(screen.getByTestId('pending-badge')).toBeTruthy();
    // Her zone unknown on this phone yet: the time alone.
    expect(screen.getByText('08:00')).toBeTruthy();
  });

  it("shows the times with the employee's zone name", () => {
    renderScreen(
      <DayAttendanceCard
        tanggal={TANGGAL}
        zone="Asia/Makassar"
        status={dayStatus({ jam_masuk: '07:30:00', jam_keluar: null } as Parameters<typeof dayStatus>[0], [], TANGGAL)}
        known
        loading={false}
        onAction={noop}
      />,
    );
    expect(screen.getByText('07:30 WITA')).toBeTruthy();
    expect(screen.getByText('--:--')).toBeTruthy();
  });
  it('says Lupa Check Out and links Koreksi Absensi on a day the server marked, keeping Check Out', async () => {
    const open = dayStatus({ jam_masuk: '07:30:00', jam_keluar: null } as Parameters<typeof dayStatus>[0], [], TANGGAL);
    // The link needs a router: the card alone, as the one route of a memory router.
    const inRouter = (ui: ReactNode) => {
      const root = createRootRoute({ component: () => ui });
      return <RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory() })} />;
    };
    const { unmount } = renderScreen(
      inRouter(
        <DayAttendanceCard tanggal={TANGGAL} zone="Asia/Jakarta" status={open} known loading={false} onAction={noop} />,
      ),
    );
    await screen.findByText(DAY_TEXTS.inOnly);
    expect(screen.queryByText(FORGOT_TEXT, { exact: false })).toBeNull();
    unmount();
    renderScreen(
      inRouter(
        <DayAttendanceCard
          tanggal={TANGGAL}
          zone="Asia/Jakarta"
          status={open}
          known
          forgot
          loading={false}
          onAction={noop}
        />,
      ),
    );
    expect(await screen.findByText(FORGOT_TEXT, { exact: false })).toBeTruthy();
    // The form opens on that day.
    expect(screen.getByRole('link', { name: 'Ajukan Koreksi Absensi' }).getAttribute('href')).toBe(
      `/request/absensi?tanggal=${TANGGAL}`,
    );
    expect(screen.getByRole('button', { name: 'Check Out' })).toBeTruthy();
  });
});

describe('a completed day', () => {
  it('shows how long she worked where the button was, with no action left', () => {
    renderScreen(
      <DayAttendanceCard
        tanggal={TANGGAL}
        zone="Asia/Jakarta"
        status={dayStatus(
          { jam_masuk: '07:45:00', jam_keluar: '16:20:00' } as Parameters<typeof dayStatus>[0],
          [],
          TANGGAL,
        )}
        known
        loading={false}
        onAction={noop}
      />,
    );
    expect(screen.getByText(DAY_TEXTS.done)).toBeTruthy();
    expect(screen.getByTestId('day-worked').textContent).toBe('Lama kerja: 8 jam 35 menit');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts a night shift past midnight into the next day', () => {
    expect(workedText('22:00:00', '06:15:00')).toBe('Lama kerja: 8 jam 15 menit');
    expect(workedText('08:00:00', '08:40:00')).toBe('Lama kerja: 40 menit');
    expect(workedText('08:00:00', '')).toBe('');
  });
});

describe('the visit list', () => {
  const props = { rows: [], zone: null, position: null, onAction: noop, userid: 'U00004' };

  it('says the plan is not on this phone when offline, instead of a skeleton forever', () => {
    renderScreen(
      <VisitList day={undefined} loading={false} online={false} error={new TypeError('Failed to fetch')} {...props} />,
    );
    expect(screen.getByText(VISITS_NOT_LOADED_TEXT)).toBeTruthy();
  });

  it("shows the server's error only while online", () => {
    renderScreen(
      <VisitList
        day={undefined}
        loading={false}
        online
        error={new ApiError(500, 'Server sedang bermasalah', null)}
        {...props}
      />,
    );
    expect(screen.queryByText(VISITS_NOT_LOADED_TEXT)).toBeNull();
    expect(screen.getByText('Server sedang bermasalah')).toBeTruthy();
  });
});
