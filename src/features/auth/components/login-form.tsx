import { Alert, Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ensureFullSystem } from '../../../app/system';
import { lockoutMessage, LoginSchema, type LoginInput } from '../../../domain/auth';
import { PasswordInput } from '../../../components/password-input';
import { ApiError, errorMessage } from '../../../lib/http';
import { notifySuccess } from '../../../lib/toast';
import { login } from '../api';
import { ChangePasswordDialog } from './change-password-dialog';
import { useLockout } from './use-lockout';

const DEFAULT_LOCK_SECONDS = 300;

type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/** The form's values checked with the domain schema the server uses too, and each field's first message. */
function checkLogin(form: HTMLFormElement) {
  const data = new FormData(form);
  const result = v.safeParse(LoginSchema, {
    username: String(data.get('username') ?? ''),
    password: String(data.get('password') ?? ''),
  });
  const flat = result.success ? {} : (v.flatten<typeof LoginSchema>(result.issues).nested ?? {});
  const errors: LoginErrors = { username: flat.username?.[0], password: flat.password?.[0] };
  return { result, errors };
}

/**
 * The login screen's form (spec part 1 §2, §4): 404 opens the forced password change, 403 starts the
 * lockout countdown, 500 opens the dialog with the server's message; other failures show under the form.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  // The login form is the first screen a phone paints, so it checks its two fields itself (with the
  // domain schema, as react-hook-form's resolver would: on submit, then on every change once submitted)
  // rather than bring react-hook-form into the first download (decision 011).
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const lockout = useLockout();
  const [forced, setForced] = useState<{ username: string; oldPassword: string; notice?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: login,
    onMutate: () => {
      setFailure(null);
      // The screens after login render with the full Chakra theme: load and build it while the server answers.
      void ensureFullSystem();
    },
    onSuccess: (answer) => onLoggedIn(answer.token),
    onError: (err, vars) => {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 404 || status === 500) {
        setForced({ username: vars.username, oldPassword: vars.password, notice: errorMessage(err) });
        return;
      }
      if (status === 403) {
        const body = (err as ApiError).body as { retry_after?: number } | undefined;
        lockout.lock(typeof body?.retry_after === 'number' ? body.retry_after : DEFAULT_LOCK_SECONDS);
        return;
      }
      setFailure(errorMessage(err));
    },
  });

  const locked = lockout.secondsLeft > 0;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const { result, errors: next } = checkLogin(e.currentTarget);
    setErrors(next);
    if (result.success) return mutation.mutate(result.output);
    // As react-hook-form does: the first field with a message takes the focus.
    const first = next.username ? 'username' : 'password';
    e.currentTarget.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (submitted) setErrors(checkLogin(e.currentTarget).errors);
  };

  return (
    <Card.Root width="full" maxW="sm">
      <Card.Body>
        <form noValidate onSubmit={onSubmit} onChange={onChange}>
          <Stack gap="5">
            <Box textAlign="center">
              <Heading size="2xl" color="green.fg">
                Hadir
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                Silakan login untuk melanjutkan
              </Text>
            </Box>
            <Field.Root invalid={!!errors.username} required>
              <Field.Label>Username</Field.Label>
              <Input name="username" autoComplete="username" autoCapitalize="none" autoFocus />
              <Field.ErrorText>{errors.username}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.password} required>
              <Field.Label>Password</Field.Label>
              <PasswordInput name="password" />
              <Field.ErrorText>{errors.password}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" size="lg" loading={mutation.isPending} disabled={locked}>
              Login
            </Button>
            {locked && (
              <Alert.Root status="warning" role="alert">
                <Alert.Indicator />
                <Alert.Title>{lockoutMessage(lockout.secondsLeft)}</Alert.Title>
              </Alert.Root>
            )}
            {!locked && failure && (
              <Text color="fg.error" textStyle="sm" role="alert" textAlign="center">
                {failure}
              </Text>
            )}
          </Stack>
        </form>
      </Card.Body>
      {forced && (
        <ChangePasswordDialog
          open
          username={forced.username}
          forced={forced}
          onClose={() => setForced(null)}
          onChanged={(answer) => {
            setForced(null);
            notifySuccess(answer.message);
            onLoggedIn(answer.token);
          }}
        />
      )}
    </Card.Root>
  );
}
