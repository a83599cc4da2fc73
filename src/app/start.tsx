import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionExpiry } from './auth-events';
import { App } from './providers';
import { router } from './router';
import { registerPwa } from './pwa';
import { restoreQueryCache } from './query-client';
import { whenIdle, yieldToMain } from '../lib/when-idle';
import { rememberSessionToken, session } from '../lib/session';

/** How long the first render waits for the outbox's rows (they arrive in a few milliseconds). */
const PRIME_WAIT_MS = 500;

export interface StartOptions {
  /** Open this address instead of the page's (the login screen sends the user on with it). */
  path?: string;
  /** Runs right before React renders: the login screen takes itself out of the container. */
  beforeRender?: () => void;
}

/**
 * Starts the React app (src/main.ts calls it): signed in at once, otherwise once the login form has sent
 * the password. Start-up runs in short tasks (decision 011): evaluating this chunk, building the Chakra
 * system, restoring the query cache, resolving the address and rendering each run on their own, so a tap
 * or a paint can come between them. The first render shows the screen itself, with what the phone knows:
 * the persisted answers are back and the router has resolved the address (and fetched its screen's chunk)
 * before React starts, instead of rendering an empty shell or a "not loaded yet" state first and the
 * screen after it. React renders it as a transition, in slices that yield to the browser.
 */
export async function startApp(container: HTMLElement, options: StartOptions = {}) {
  installSessionExpiry();
  registerPwa();
  await yieldToMain();
  // The theme chunk was preloaded beside this one (the boot script, or the login form while it waited).
  const { system } = await import('./theme');
  await yieldToMain();
  // The phone's persisted answers first: the route loaders and the first render see what it knows.
  await restoreQueryCache();
  await yieldToMain();
  if (options.path) router.history.replace(options.path);
  await router.load().catch(() => undefined);
  await yieldToMain();
  // The outbox replayer (Dexie, the replay code) is in the `phone` chunk, which the router has just loaded
  // with the layout; the forced password change (no session) does not need it.
  const startOffline = () => void import('../lib/offline/triggers').then((m) => m.startOutboxReplayer());
  const signedIn = session.get();
  if (signedIn) {
    rememberSessionToken();
    startOffline();
    // What waits in the outbox is part of what the phone knows: the first render counts it. Not for long,
    // though: a database held by an older tab's upgrade must not keep the screen from rendering.
    const primed = import('../lib/offline/use-outbox').then((m) => m.primeOutboxRows(signedIn.user.userid));
    await Promise.race([primed.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PRIME_WAIT_MS))]);
  } else whenIdle(startOffline);
  options.beforeRender?.();
  const reactRoot = createRoot(container);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App system={system} />
      </StrictMode>,
    ),
  );
}
