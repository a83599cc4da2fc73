import { errorMessage } from './http';
import type * as ToastStore from './toast-store';

/** Spec: success and error notices stay 5 s; lists of failed NRP stay 15 s. */
export const TOAST_MS = 5000;
export const LONG_TOAST_MS = 15000;

interface Notice {
  type: 'success' | 'error' | 'warning';
  title: string;
  description?: string;
  duration: number;
}

// Chakra's toast machinery is not needed to open a screen, so it loads with the first notice;
// notices keep their order because they all wait on the same import.
let store: Promise<typeof ToastStore> | null = null;
const firstNoticeListeners = new Set<() => void>();

function show(notice: Notice) {
  if (!store) {
    store = import('./toast-store');
    for (const listener of firstNoticeListeners) listener();
  }
  void store.then(({ toaster }) => toaster.create({ ...notice, closable: true }));
}

/** Whether a notice was raised yet, and a way to hear of the first one (for the Toaster). */
export const noticesStarted = () => store !== null;
export function onFirstNotice(listener: () => void): () => void {
  firstNoticeListeners.add(listener);
  return () => firstNoticeListeners.delete(listener);
}

export function notifySuccess(message: string) {
  show({ type: 'success', title: message, duration: TOAST_MS });
}

export function notifyError(err: unknown, fallback?: string) {
  show({ type: 'error', title: errorMessage(err, fallback), duration: TOAST_MS });
}

export function notifyWarning(message: string, description?: string, duration = TOAST_MS) {
  show({ type: 'warning', title: message, description, duration });
}
