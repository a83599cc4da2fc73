import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../src/features/auth/components/login-form';
import { renderScreen, serverAnswers } from './render';

async function typeCredentials(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('login screen', () => {
  it('sends the credentials and hands the token over', async () => {
    const calls = serverAnswers({ status: 200, body: { token: 'a.b.c', role: 'ADMIN' } });
    const onLoggedIn = vi.fn();
    renderScreen(<LoginForm onLoggedIn={onLoggedIn} />);
    await typeCredentials('admin', 'Hadir#Demo2026');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('a.b.c'));
    expect(calls[0]?.url).toBe('/auth/web/login');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: 'admin', password: 'Hadir#Demo2026' });
  });

  it('shows the server message under the form on a wrong password', async () => {
    serverAnswers({ status: 401, body: { message: 'Username atau password salah' } });
    renderScreen(<LoginForm onLoggedIn={() => {}} />);
    await typeCredentials('admin', 'salah');
    expect(await screen.findByText('Username atau password salah')).toBeTruthy();
  });

  it('requires both fields before calling the server', async () => {
    const calls = serverAnswers();
    renderScreen(<LoginForm onLoggedIn={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username harus diisi')).toBeTruthy();
    expect(screen.getByText('Password harus diisi')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('disables Login with the countdown on 403', async () => {
    serverAnswers({ status: 403, body: { message: 'Please wait 5:00 minutes to try again', retry_after: 300 } });
    renderScreen(<LoginForm onLoggedIn={() => {}} />);
    await typeCredentials('admin', 'salah');
    expect(await screen.findByText('Please wait 5:00 minutes to try again')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the forced password change on 404 with the live checklist', async () => {
    serverAnswers({ status: 404, body: { message: 'Password Anda harus diganti sebelum login' } });
    renderScreen(<LoginForm onLoggedIn={() => {}} />);
    const user = await typeCredentials('spg', 'Sementara#2026x');
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
