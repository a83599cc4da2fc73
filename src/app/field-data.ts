/**
 * The phone's own copy of the day (issue 11; docs/decisions/015-field-data-on-the-phone.md). A field
 * employee may open any field screen for the first time in a basement, so what those screens read is
 * fetched whatever screen she is on: at login, at every app start (unless the copy was completed less
 * than FIELD_DATA_FRESH_MS ago), and every time the network comes back. Each read is a persisted query (`meta: { persist: true }`) of its own feature, so the screen
 * that later opens finds it under the same key; this module only decides when and what to load.
 *
 * At login and start, a lookup that is still fresh (kinds, shifts, periods) is not asked again; on a
 * return online everything is asked again, so no screen keeps what the server said before the gap, or
 * an error it met while the signal was gone.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { startedOffline, startedSignedIn } from '../lib/start-state';
import { FIELD_DATA_KEY } from './query-client';
import { useOnline, useSession } from '../lib/use-session';

/** A page that started offline counts as coming back online when the app first sees a network. */
let offlineSinceStart = startedOffline;

/** Let the first screen paint and take input before the copy is fetched behind it. */
const START_DELAY_MS = 1500;

/**
 * A start within this long of the last complete copy does not fetch it again (issue 42): reopening the
 * app a few minutes later re-read and re-validated some twenty answers and evaluated their screens' API
 * code, as much work on a slow phone as drawing her day, for answers minutes old. The screen she opens
 * still reads its own; a return online and a login always fetch the whole copy.
 */
export const FIELD_DATA_FRESH_MS = 10 * 60_000;

function completedRecently(userid: string): boolean {
  try {
    const mark = JSON.parse(localStorage.getItem(FIELD_DATA_KEY) ?? 'null') as { userid: string; at: number } | null;
    return mark?.userid === userid && Date.now() - mark.at >= 0 && Date.now() - mark.at < FIELD_DATA_FRESH_MS;
  } catch {
    return false;
  }
}

function markCompleted(userid: string): void {
  try {
    localStorage.setItem(FIELD_DATA_KEY, JSON.stringify({ userid, at: Date.now() }));
  } catch {
    /* storage full: the next start fetches the copy again */
  }
}

/** The app is starting (not a login in this page): a recent complete copy is enough. */
let firstRun = true;

/**
 * The app shell's one call: keeps the phone's copy of the day. Runs at login (a new user), at start, and on
 * every return online (then forced); the persisted cache is back before the app renders (start.tsx).
 */
export function useFieldData(): void {
  const qc = useQueryClient();
  const user = useSession()?.user;
  const online = useOnline();
  const wasOnline = useRef(online && !offlineSinceStart);

  useEffect(() => {
    if (!user?.nrp) return;
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!online) return;
    offlineSinceStart = false;
    if (cameBack) {
      // Back online: every persisted (field) read on screen asks again, errors of the gap included.
      void qc.invalidateQueries({ predicate: (q) => q.meta?.persist === true });
    }
    const starting = firstRun && startedSignedIn;
    firstRun = false;
    if (!cameBack && starting && completedRecently(user.userid)) return;
    const t = setTimeout(
      () =>
        void import('./field-data-reads')
          .then((m) => m.loadFieldData(qc, user, cameBack))
          .then((complete) => complete && markCompleted(user.userid))
          .catch(() => undefined),
      cameBack ? 0 : START_DELAY_MS,
    );
    return () => clearTimeout(t);
    // The user object is refreshed on each login detail; its id and permissions are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qc, user?.userid, user?.nrp, user?.permissions.join(), online]);
}
