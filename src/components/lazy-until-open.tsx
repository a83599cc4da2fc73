import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (and Chakra's dialog machinery) loads the first time it opens, not with the
 * screen: phones open their first screen with less JavaScript. The service worker precaches every
 * chunk, so the first open also works offline once the app is installed.
 */
export function lazyUntilOpen<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Dialog = lazy(() => load().then((m) => ({ default: openedAfterMount(m.default) })));
  return function LazyUntilOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/**
 * The dialog mounts closed and opens a tick later, as if it had always been there: mounted already
 * open, it can take the closing of the dialog before it (a confirmation after a warning) for an
 * interaction outside and close at once.
 */
function openedAfterMount<P extends { open: boolean }>(Dialog: ComponentType<P>) {
  return function OpenedAfterMount(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => {
      const timer = setTimeout(() => setMounted(true), 0);
      return () => clearTimeout(timer);
    }, []);
    return <Dialog {...props} open={props.open && mounted} />;
  };
}
