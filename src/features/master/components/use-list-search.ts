import { useEffect, useEffectEvent, useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';

/**
 * The search box text of a list screen: what the user types goes to the URL (`q`, back to page 1)
 * once it has settled for 500 ms; a `q` changed by navigation (back button) refills the box.
 */
export function useListSearch(q: string, onChange: (q: string) => void) {
  const [text, setText] = useState(q);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    setText(q);
  }
  const settled = useDebounced(text.trim(), 500);
  const push = useEffectEvent((value: string) => {
    if (value !== q) onChange(value);
  });
  useEffect(() => push(settled), [settled]);
  return [text, setText] as const;
}
