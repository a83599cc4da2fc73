import { Center } from '@chakra-ui/react';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { homePathFor } from '../domain/permissions';
import { LoginForm } from '../features/auth/components/login-form';
import { session } from '../lib/session';

/** Only same-site paths are followed after login (no open redirect). */
function safeRedirect(target: string | undefined): string | undefined {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : undefined;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    const s = session.get();
    if (s) throw redirect({ href: safeRedirect(search.redirect) ?? homePathFor(s.user.role, s.user.permissions) });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <Center minH="100dvh" p="4" bg="green.subtle">
      <LoginForm
        onLoggedIn={(token) => {
          const s = session.start(token);
          void navigate({ href: safeRedirect(target) ?? homePathFor(s.user.role, s.user.permissions), replace: true });
        }}
      />
    </Center>
  );
}
