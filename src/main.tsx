import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionExpiry } from './app/auth-events';
import { App } from './app/providers';
import { router } from './app/router';
import { registerPwa } from './app/pwa';
import { whenIdle } from './lib/when-idle';
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
// The first render shows the screen itself: the router resolves the address (and, signed in, fetches its
// screen's chunk) before React starts, instead of rendering an empty shell first and the screen after it.
void router
  .load()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
