import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms` (spec: search is debounced 500 ms). */
export function useDebounced<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
