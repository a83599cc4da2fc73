import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../src/features/auth/components/change-password-dialog';
import { mountLogin, type LoginScreenOptions } from '../../src/features/auth/login-screen';
import { renderScreen, serverAnswers } from './render';

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  localStorage.clear();
});

/** The DOM-built login form (src/features/auth/login-screen.ts) in the page, as the entry mounts it. */
function showLogin(options: Partial<LoginScreenOptions> = {}) {
  const container = document.body.appendChild(document.createElement('div'));
  const callbacks = { onLoggedIn: vi.fn(), onForced: vi.fn(), onSending: vi.fn(), ...options };
  const stop = mountLogin(container, callbacks);
  unmount = () => {
    stop();
    container.remove();
  };
  return callbacks;
}

async function typeCredentials(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

const loginButton = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;

describe('login screen', () => {
  it('sends the credentials and hands the token over', async () => {
    const calls = serverAnswers({ status: 200, body: { token: 'a.b.c', role: 'ADMIN' } });
    const { onLoggedIn, onSending } = showLogin();
    await typeCredentials('admin', 'Hadir#Demo2026');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('a.b.c'));
    expect(onSending).toHaveBeenCalledTimes(1);
    expect(calls[0]?.url).toBe('/auth/web/login');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: 'admin', password: 'Hadir#Demo2026' });
  });

  it('keeps the button busy until the app has taken over', async () => {
    serverAnswers({ status: 200, body: { token: 'a.b.c', role: 'ADMIN' } });
    let takeOver = () => {};
    showLogin({ onLoggedIn: () => new Promise<void>((resolve) => (takeOver = resolve)) });
    await typeCredentials('admin', 'Hadir#Demo2026');
    await waitFor(() => expect(loginButton().getAttribute('aria-busy')).toBe('true'));
    expect(loginButton().disabled).toBe(true);
    takeOver();
    await waitFor(() => expect(loginButton().getAttribute('aria-busy')).toBe('false'));
  });

  it('shows the server message under the form on a wrong password', async () => {
    serverAnswers({ status: 401, body: { message: 'Username atau password salah' } });
    const { onLoggedIn } = showLogin();
    await typeCredentials('admin', 'salah');
    expect((await screen.findByRole('alert')).textContent).toBe('Username atau password salah');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(loginButton().disabled).toBe(false);
  });

  it('requires both fields before calling the server, and clears a message once the field is filled', async () => {
    const calls = serverAnswers();
    showLogin();
    const user = userEvent.setup();
    await user.click(loginButton());
    expect(await screen.findByText('Username harus diisi')).toBeTruthy();
    expect(screen.getByText('Password harus diisi')).toBeTruthy();
    // "true", not the bare attribute (an empty aria-invalid is no value ARIA knows: read as valid).
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Username'), 'admin');
    expect(screen.queryByText('Username harus diisi')).toBeNull();
    expect(screen.getByLabelText('Username').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByText('Password harus diisi')).toBeTruthy();
  });

  it('disables Login with the countdown on 403, also after the form is built again', async () => {
    serverAnswers({ status: 403, body: { message: 'Please wait 5:00 minutes to try again', retry_after: 300 } });
    showLogin();
    await typeCredentials('admin', 'salah');
    expect(await screen.findByText('Please wait 5:00 minutes to try again')).toBeTruthy();
    expect(loginButton().disabled).toBe(true);

    unmount?.();
    showLogin();
    expect(screen.getByText(/Please wait 4:5\d|5:00 minutes to try again/)).toBeTruthy();
    expect(loginButton().disabled).toBe(true);
  });

  it('shows and hides the password', async () => {
    showLogin();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Tampilkan password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Sembunyikan password' }));
    expect(password.type).toBe('password');
  });

  it('hands a 404 over to the forced password change with the password just typed', async () => {
    serverAnswers({ status: 404, body: { message: 'Password Anda harus diganti sebelum login' } });
    const { onForced, onLoggedIn } = showLogin();
    await typeCredentials('spg', 'Sementara#2026x');
    await waitFor(() =>
      expect(onForced).toHaveBeenCalledWith({
        username: 'spg',
        oldPassword: 'Sementara#2026x',
        notice: 'Password Anda harus diganti sebelum login',
      }),
    );
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});

describe('forced password change dialog', () => {
  it('shows the notice and the live checklist', async () => {
    renderScreen(
      <ChangePasswordDialog
        open
        username="spg"
        forced={{ oldPassword: 'Sementara#2026x', notice: 'Password Anda harus diganti sebelum login' }}
        onClose={() => {}}
        onChanged={() => {}}
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ganti Password')).toBeTruthy();
    expect(within(dialog).getByText('Password Anda harus diganti sebelum login')).toBeTruthy();
    const checks = () =>
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-checked'));
    expect(checks()).toEqual(['false', 'false', 'false', 'false', 'false']);
    await user.type(within(dialog).getByLabelText(/Password Baru/), 'Baru#Sekali2026');
    expect(checks()).toEqual(['true', 'true', 'true', 'true', 'false']);
    await user.type(within(dialog).getByLabelText(/Konfirmasi Password/), 'Baru#Sekali2026');
    expect(checks()).toEqual(['true', 'true', 'true', 'true', 'true']);
  });
});
