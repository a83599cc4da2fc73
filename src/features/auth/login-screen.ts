/**
 * The login screen (spec part 1 §2, §4), built with the DOM alone (decision 011): it is the first thing
 * a phone paints, so it needs neither React nor Chakra, and the app loads while the server checks the
 * password. The same form serves a cold start on /login (src/main.ts) and the app's /login route
 * (src/routes/login.tsx). 404 and 500 open the forced password change (the app's dialog, `onForced`), 403
 * starts the lockout countdown, other failures show under the form.
 */
import * as v from 'valibot';
import { lockoutMessage, loginContract, LoginSchema, type LoginInput } from '../../domain/auth/auth';
import { pathOf } from '../../domain/contract';
import { homePathFor } from '../../domain/roles/permissions';
import { api, ApiError, errorMessage } from '../../lib/http';
import type { SessionUser } from '../../lib/session';
import './login-screen.css';

const LOCK_KEY = 'hadir.login.lockUntil';
const DEFAULT_LOCK_SECONDS = 300;

/** What the forced password change needs from the login: the account and the password just typed. */
export interface ForcedChange {
  username: string;
  oldPassword: string;
  notice?: string;
}

export interface LoginScreenOptions {
  /** The password is on its way to the server: a moment to load what comes after the login. */
  onSending?: () => void;
  /** The server accepted the password. The button keeps spinning until the returned promise settles. */
  onLoggedIn: (token: string) => void | Promise<void>;
  onForced: (forced: ForcedChange) => void;
}

/** Its contract (auth.ts) names the endpoint; api() because the login never sends a token (call() would). */
export const login = (body: LoginInput) =>
  api(pathOf(loginContract), { answer: loginContract.answer, method: loginContract.method, body, auth: false });

let pendingForcedChange: ForcedChange | null = null;
/** A cold start's login (src/main.ts) hands the forced change over to the app's /login route, which opens it. */
export function handOverForcedChange(forced: ForcedChange) {
  pendingForcedChange = forced;
}
export function takeForcedChange(): ForcedChange | null {
  const forced = pendingForcedChange;
  pendingForcedChange = null;
  return forced;
}

/** Only same-site paths are followed after login (no open redirect). */
function safeRedirect(target: string | null | undefined): string | undefined {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : undefined;
}

/** Where a user goes after logging in: where she was going (?redirect= of the page), else her role's home page. */
export function pathAfterLogin(
  user: SessionUser,
  redirect: string | null | undefined = new URLSearchParams(window.location.search).get('redirect'),
): string {
  return safeRedirect(redirect) ?? homePathFor(user.role, user.permissions);
}

const EYE = '<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"></path><circle cx="12" cy="12" r="3"></circle>';
const EYE_OFF =
  '<path d="M17.94 17.94A10.07 10.07 0 0 1 12 19c-6.5 0-10-7-10-7a18.45 18.45 0 0 1 5.06-5.94M9.9 4.24A9.12 9.12 0 0 1 12 4c6.5 0 10 7 10 7a18.5 18.5 0 0 1-2.16 3.19M1 1l22 22"></path>';
const WARNING =
  '<path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z"></path>' +
  '<line x1="12" x2="12" y1="9" y2="13"></line><line x1="12" x2="12.01" y1="17" y2="17"></line>';
const icon = (paths: string) =>
  `<svg width="1.2em" height="1.2em" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;

const TEMPLATE = `
<div class="hl-card">
  <form class="hl-form" novalidate>
    <div class="hl-title">
      <h1>Hadir</h1>
      <p>Silakan login untuk melanjutkan</p>
    </div>
    <div class="hl-field">
      <label for="hl-username">Username</label>
      <input id="hl-username" name="username" autocomplete="username" autocapitalize="none" required aria-describedby="hl-username-error" />
      <p class="hl-error" id="hl-username-error" hidden></p>
    </div>
    <div class="hl-field">
      <label for="hl-password">Password</label>
      <div class="hl-password">
        <input id="hl-password" name="password" type="password" autocomplete="current-password" required aria-describedby="hl-password-error" />
        <button type="button" class="hl-eye" aria-label="Tampilkan password">${icon(EYE)}</button>
      </div>
      <p class="hl-error" id="hl-password-error" hidden></p>
    </div>
    <button type="submit" class="hl-submit">Login</button>
    <div class="hl-lockout" role="alert" hidden>${icon(WARNING)}<span></span></div>
    <p class="hl-failure" role="alert" hidden></p>
  </form>
</div>`;

/** Puts the login form into `container` (replacing what is there); the returned function takes it out again. */
export function mountLogin(container: HTMLElement, options: LoginScreenOptions): () => void {
  // The screen's main landmark: the login is a page of its own, outside the app's layout.
  const screen = document.createElement('main');
  screen.className = 'hl-screen';
  screen.innerHTML = TEMPLATE;
  container.replaceChildren(screen);

  const $ = <T extends Element>(selector: string) => screen.querySelector<T>(selector)!;
  const form = $<HTMLFormElement>('form');
  const fields = { username: $<HTMLInputElement>('#hl-username'), password: $<HTMLInputElement>('#hl-password') };
  const fieldErrors = {
    username: $<HTMLElement>('#hl-username-error'),
    password: $<HTMLElement>('#hl-password-error'),
  };
  const submit = $<HTMLButtonElement>('.hl-submit');
  const eye = $<HTMLButtonElement>('.hl-eye');
  const lockoutAlert = $<HTMLElement>('.hl-lockout');
  const lockoutText = $<HTMLElement>('.hl-lockout span');
  const failure = $<HTMLElement>('.hl-failure');

  let submitted = false;
  let sending = false;
  let lockTimer: ReturnType<typeof setInterval> | undefined;
  let mounted = true;

  const lockedUntil = () => Number(localStorage.getItem(LOCK_KEY) ?? 0);
  const secondsLeft = () => Math.max(0, Math.ceil((lockedUntil() - Date.now()) / 1000));
  const render = () => {
    const left = secondsLeft();
    lockoutAlert.hidden = left === 0;
    lockoutText.textContent = left > 0 ? lockoutMessage(left) : '';
    failure.hidden = left > 0 || !failure.textContent;
    submit.disabled = left > 0 || sending;
    submit.toggleAttribute('data-loading', sending);
    submit.setAttribute('aria-busy', String(sending));
  };
  // The server owns the lock; this mirrors its Retry-After, so the button stays disabled across a reload.
  const tick = () => {
    if (secondsLeft() === 0) {
      clearInterval(lockTimer);
      lockTimer = undefined;
      if (lockedUntil() > 0) localStorage.removeItem(LOCK_KEY);
    }
    render();
  };
  const lock = (seconds: number) => {
    localStorage.setItem(LOCK_KEY, String(Date.now() + seconds * 1000));
    clearInterval(lockTimer);
    lockTimer = setInterval(tick, 1000);
    render();
  };
  if (secondsLeft() > 0) lockTimer = setInterval(tick, 1000);
  else if (lockedUntil() > 0) localStorage.removeItem(LOCK_KEY);

  /** The fields checked with the domain schema the server uses too; each field shows its first message. */
  const check = () => {
    const result = v.safeParse(LoginSchema, { username: fields.username.value, password: fields.password.value });
    const flat = result.success ? {} : (v.flatten<typeof LoginSchema>(result.issues).nested ?? {});
    for (const name of ['username', 'password'] as const) {
      const message = flat[name]?.[0];
      fieldErrors[name].textContent = message ?? '';
      fieldErrors[name].hidden = !message;
      // aria-invalid="true", not the bare attribute: "" is not a value ARIA knows, so it read as valid.
      if (message) fields[name].setAttribute('aria-invalid', 'true');
      else fields[name].removeAttribute('aria-invalid');
      fields[name].closest('.hl-field')?.toggleAttribute('data-invalid', !!message);
    }
    return result;
  };
  const showFailure = (message: string) => {
    failure.textContent = message;
    render();
  };

  const send = async (input: LoginInput) => {
    sending = true;
    showFailure('');
    options.onSending?.();
    try {
      const answer = await login(input);
      if (!mounted) return;
      await options.onLoggedIn(answer.token);
    } catch (err) {
      if (!mounted) return;
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 404 || status === 500) {
        options.onForced({ username: input.username, oldPassword: input.password, notice: errorMessage(err) });
      } else if (status === 403) {
        const body = (err as ApiError).body as { retry_after?: number } | undefined;
        lock(typeof body?.retry_after === 'number' ? body.retry_after : DEFAULT_LOCK_SECONDS);
      } else showFailure(errorMessage(err));
    } finally {
      sending = false;
      if (mounted) render();
    }
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (sending || secondsLeft() > 0) return;
    submitted = true;
    const result = check();
    if (result.success) return void send(result.output);
    // As the app's other forms do: the first field with a message takes the focus.
    (fieldErrors.username.hidden ? fields.password : fields.username).focus();
  });
  form.addEventListener('input', () => {
    if (submitted) check();
  });
  eye.addEventListener('click', () => {
    const show = fields.password.type === 'password';
    fields.password.type = show ? 'text' : 'password';
    eye.setAttribute('aria-label', show ? 'Sembunyikan password' : 'Tampilkan password');
    eye.innerHTML = icon(show ? EYE_OFF : EYE);
  });

  render();
  fields.username.focus();
  return () => {
    mounted = false;
    clearInterval(lockTimer);
    screen.remove();
  };
}
