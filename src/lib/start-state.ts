/**
 * Whether the page started without a network, read when the entry (src/main.ts) runs. The app chunk loads
 * after it and mounts only once the router has resolved the address (src/app/start.tsx), and the signal
 * may come back in between: code that
 * acts on "back online" (src/app/field-data.ts) starts from this, not from the state at mount.
 */
export const startedOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
