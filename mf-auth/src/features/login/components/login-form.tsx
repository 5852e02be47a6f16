import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { GENERIC_ERROR, loginBody } from '@baridesk/contracts';
import { Alert, applyServerErrors, Box, Button, Link, Stack, TextField, useValibotForm } from '@baridesk/ui';
import { useLogin } from '../api/login';

/** Why a sign-in failed, in the server's words (bad credentials, locked, throttled, inactive…). */
const failureMessage = (error: unknown) => (error instanceof ApiRequestError ? error.message : GENERIC_ERROR);

export function LoginForm() {
  const form = useValibotForm(loginBody, { defaultValues: { email: '', password: '' } });
  const { mutateAsync: signIn } = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;
  const alert = failure ?? form.formState.errors.root?.server?.message;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await signIn(body);
    } catch (error) {
      // A validation failure belongs under its fields; everything else above the form.
      if (error instanceof ApiRequestError && error.status === 422 && applyServerErrors(form, error)) return;
      setFailure(failureMessage(error));
      // The e-mail stays as typed; the rejected password goes, ready to be typed again.
      form.resetField('password');
      form.setFocus('password');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      <Stack gap="5">
        {alert ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{alert}</Alert.Title>
          </Alert.Root>
        ) : null}
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" />
        {/* A plain password input: a show/hide button's aria-label would also answer to the label "Password". */}
        <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" colorPalette="brand" width="full" loading={submitting} loadingText="Logging in…">
          Login
        </Button>
        <Box textAlign="center">
          <Link asChild colorPalette="brand" fontSize="sm">
            <RouterLink to="/forgot-password">Forgot password?</RouterLink>
          </Link>
        </Box>
      </Stack>
    </form>
  );
}
