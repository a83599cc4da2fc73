import { lazy, Suspense, useSyncExternalStore } from 'react';
import { noticesStarted, onFirstNotice } from '../lib/toast';

const ToasterView = lazy(() => import('./toaster-view'));

/** The notices' area: its code loads with the first notice, which shows as soon as it has. */
export function Toaster() {
  const wanted = useSyncExternalStore(onFirstNotice, noticesStarted, noticesStarted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
