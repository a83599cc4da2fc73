import { useEffect, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search box's text, pushed to the URL once typing pauses (spec: 500 ms). Pushed from the
 * keystroke, not from an effect on the text, so Back to an older q shows that q instead of re-pushing
 * what the box still held.
 */
export function useSearchText(q: string, push: (q: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (q !== shownQ) {
    // The URL changed under us (Back, a link): show its q.
    setShownQ(q);
    setText(q);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== q) push(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };
  return [text, change];
}
