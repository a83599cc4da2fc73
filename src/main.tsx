import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionExpiry } from './app/auth-events';
import { App } from './app/providers';
import { router } from './app/router';
import { ensureFullSystem, prepareSystem } from './app/system';
import { registerPwa } from './app/pwa';
import { whenIdle, yieldToMain } from './lib/when-idle';
import { session } from './lib/session';
import './lib/start-state';

installSessionExpiry();
registerPwa();
// The outbox replayer (Dexie, the replay code) is not needed to paint the login form. Its chunk holds the
// phone's screens too (vite.config.ts PHONE_ROUTES): signed in, they are needed now; on /login they load
// once the form is up and the page is idle, ready before the password is typed.
const startOffline = () => void import('./lib/offline/triggers').then((m) => m.startOutboxReplayer());
if (session.get()) startOffline();
else whenIdle(startOffline);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
/**
 * Start-up in short tasks (decision 011): evaluating the entry, building the Chakra system, resolving the
 * address and rendering each run on their own, so a tap or a paint can come between them. The first render
 * shows the screen itself: the router resolves the address (and, signed in, fetches its screen's chunk and
 * the full theme) before React starts, instead of rendering an empty shell first and the screen after it.
 * React renders it as a transition, in slices that yield to the browser.
 */
async function start(container: HTMLElement) {
  await yieldToMain();
  // Signed in, the first screen renders with the full theme (the boot script has preloaded it): building
  // the login system as well would be wasted work.
  if (session.get()) await ensureFullSystem();
  else prepareSystem();
  await yieldToMain();
  await router.load().catch(() => undefined);
  await yieldToMain();
  const reactRoot = createRoot(container);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
void start(root);
