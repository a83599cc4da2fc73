import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionExpiry } from './app/auth-events';
import { App } from './app/providers';
import { registerPwa } from './app/pwa';
import { whenIdle } from './lib/when-idle';
import { session } from './lib/session';

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
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
