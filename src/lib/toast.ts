import { createToaster } from '@chakra-ui/react';
import { errorMessage } from './http';

/** Spec: success and error notices stay 5 s; lists of failed NRP stay 15 s. */
export const TOAST_MS = 5000;
export const LONG_TOAST_MS = 15000;

export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 5 });

export function notifySuccess(message: string) {
  toaster.create({ type: 'success', title: message, duration: TOAST_MS, closable: true });
}

export function notifyError(err: unknown, fallback?: string) {
  toaster.create({ type: 'error', title: errorMessage(err, fallback), duration: TOAST_MS, closable: true });
}

export function notifyWarning(message: string, description?: string, duration = TOAST_MS) {
  toaster.create({ type: 'warning', title: message, description, duration, closable: true });
}
