import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installSessionExpiry } from './app/auth-events';
import { App } from './app/providers';
import './lib/format';
import { registerPwa } from './app/pwa';
import { startOutboxReplayer } from './lib/offline/triggers';

installSessionExpiry();
registerPwa();
startOutboxReplayer();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
