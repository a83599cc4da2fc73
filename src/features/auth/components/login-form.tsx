import { Alert, Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lockoutMessage, LoginSchema } from '../../../domain/auth';
import { PasswordInput } from '../../../components/password-input';
import { ApiError, errorMessage } from '../../../lib/http';
import { notifySuccess } from '../../../lib/toast';
import { login } from '../api';
import { ChangePasswordDialog } from './change-password-dialog';
import { useLockout } from './use-lockout';
import { parsedFormResolver } from '../../../lib/form-resolver';

const DEFAULT_LOCK_SECONDS = 300;

/**
 * The login screen's form (spec part 1 §2, §4): 404 opens the forced password change, 403 starts the
 * lockout countdown, 500 opens the dialog with the server's message; other failures show under the form.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const form = useForm({
    resolver: parsedFormResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const lockout = useLockout();
  const [forced, setForced] = useState<{ username: string; oldPassword: string; notice?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: login,
    onMutate: () => setFailure(null),
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
  const { errors } = form.formState;

  return (
    <Card.Root width="full" maxW="sm">
      <Card.Body>
        <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
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
              <Input {...form.register('username')} autoComplete="username" autoCapitalize="none" autoFocus />
              <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.password} required>
              <Field.Label>Password</Field.Label>
              <PasswordInput {...form.register('password')} />
              <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
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
