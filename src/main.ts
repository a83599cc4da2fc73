/**
 * The entry (decision 011). Signed in, it starts the app. Otherwise it paints the login form, which needs
 * neither React nor Chakra, and loads the app while the server checks the password; every address but
 * /login needs a session, so it goes to /login first and remembers where the user was going, as the
 * app's own guard does (src/routes/_app.tsx).
 */
import { handOverForcedChange, mountLogin, pathAfterLogin } from './features/auth/login-screen';
import { session } from './lib/session';
import { registerPwa } from './app/pwa';
// Read now, before the app chunk loads: whether the page started without a network (src/lib/start-state.ts).
import './lib/start-state';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const app = () => import('./app/start');

if (session.get()) void app().then((m) => m.startApp(root));
else {
  if (location.pathname !== '/login') {
    const redirect = new URLSearchParams({ redirect: location.pathname + location.search + location.hash });
    history.replaceState(null, '', `/login?${redirect.toString()}`);
  }
  const unmount = mountLogin(root, {
    onSending: () => void app(),
    onLoggedIn: async (token) => {
      const { user } = session.start(token);
      const { startApp } = await app();
      await startApp(root, { path: pathAfterLogin(user), beforeRender: unmount });
    },
    // The password must be changed first: the app opens its dialog over its own login screen.
    onForced: (forced) => {
      handOverForcedChange(forced);
      void app().then((m) => m.startApp(root, { beforeRender: unmount }));
    },
  });
  // Once the page is idle, the service worker precaches the app (and every screen) while the user types.
  registerPwa();
}
