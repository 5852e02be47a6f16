import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { AUTH_FLOW_MESSAGES, GENERIC_ERROR, isMfaStep, isSecurityStep, loginBody } from '@baridesk/contracts';
import {
  applyServerErrors,
  Box,
  Button,
  HStack,
  Link,
  Stack,
  TextField,
  useValibotForm,
} from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { enterLoginFlow, mfaStepRoute, securityStepRoute } from '../../../lib/login-flow';
import { useLogin } from '../api/login';

type Failure = { status: 'error' | 'warning'; message: string };

/** Why a sign-in failed, in the server's words (bad credentials, locked, throttled, inactive…). */
const failureMessage = (error: unknown) => (error instanceof ApiRequestError ? error.message : GENERIC_ERROR);

/** The account exists and the password was right, but its address is not confirmed yet (a new link went out). */
const isUnconfirmed = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && error.message === AUTH_FLOW_MESSAGES.emailNotConfirmed;

export function LoginForm() {
  const form = useValibotForm(loginBody, { defaultValues: { email: '', password: '' } });
  const { mutateAsync: signIn } = useLogin();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const submitting = form.formState.isSubmitting;
  const rootError = form.formState.errors.root?.server?.message;
  const alert: Failure | null = failure ?? (rootError ? { status: 'error', message: rootError } : null);

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await signIn(body);
      // The password was right; the account's security question, or its second factor, comes next (no session yet).
      const step = isSecurityStep(data) ? securityStepRoute(data) : isMfaStep(data) ? mfaStepRoute(data) : null;
      if (step) {
        enterLoginFlow();
        void navigate(step.to, { state: step.state });
      }
    } catch (error) {
      // A validation failure belongs under its fields; everything else above the form.
      if (error instanceof ApiRequestError && error.status === 422 && applyServerErrors(form, error)) return;
      if (isUnconfirmed(error)) {
        // Nothing was wrong with what was typed: it stays, for after the address is confirmed.
        setFailure({ status: 'warning', message: failureMessage(error) });
        return;
      }
      setFailure({ status: 'error', message: failureMessage(error) });
      // The e-mail stays as typed; the rejected password goes, ready to be typed again.
      form.resetField('password');
      form.setFocus('password');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      <Stack gap="5">
        {alert ? (
          // A warning is still news the user must hear at once: announced like an error.
          <FormAlert status={alert.status} role="alert">
            {alert.message}
          </FormAlert>
        ) : null}
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" />
        {/* A plain password input: a show/hide button's aria-label would also answer to the label "Password". */}
        <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" colorPalette="brand" width="full" loading={submitting} loadingText="Logging in…">
          Login
        </Button>
        <HStack justify="space-between" wrap="wrap" gap="2" fontSize="sm">
          <Link asChild colorPalette="brand">
            <RouterLink to="/forgot-password">Forgot password?</RouterLink>
          </Link>
          <Box>
            New practice?{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/register">Register</RouterLink>
            </Link>
          </Box>
        </HStack>
      </Stack>
    </form>
  );
}
