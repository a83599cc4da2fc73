import { useEffect, useState } from 'react';

const KEY = 'hadir.login.lockUntil';

/**
 * The login lockout countdown. The server owns the lock; this only mirrors its Retry-After so the
 * button stays disabled with "Please wait m:ss" even across a reload.
 */
export function useLockout() {
  const [until, setUntil] = useState<number>(() => Number(localStorage.getItem(KEY) ?? 0));
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);

  useEffect(() => {
    if (until > 0 && secondsLeft === 0) localStorage.removeItem(KEY);
  }, [until, secondsLeft]);

  return {
    secondsLeft,
    lock(seconds: number) {
      const next = Date.now() + seconds * 1000;
      localStorage.setItem(KEY, String(next));
      setNow(Date.now());
      setUntil(next);
    },
  };
}
