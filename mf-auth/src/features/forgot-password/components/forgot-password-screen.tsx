import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { sendPasswordResetEmailBody } from '@baridesk/contracts';
import { Box, Button, Link, PageFrame, Stack, Text, TextField, useValibotForm } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { applyFormErrors, messageOf } from '../../../lib/form-errors';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email';

type Outcome = { status: 'success' | 'error'; message: string } | null;

/**
 * /forgot-password (signed-out visitors): asks for a reset link. The server answers the same whether
 * the address has an account or not, and the screen shows that answer as it is.
 */
export default function ForgotPasswordScreen() {
  const form = useValibotForm(sendPasswordResetEmailBody, { defaultValues: { email: '' } });
  const { mutateAsync: send } = useSendPasswordResetEmail();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      const { message } = await send({ email });
      setOutcome({ status: 'success', message });
    } catch (error) {
      if (error instanceof ApiRequestError && applyFormErrors(form, error, ['email'])) return;
      // Throttled (429) and everything else: said above the form, the address kept as typed.
      setOutcome({ status: 'error', message: messageOf(error) });
    }
  });

  return (
    <PublicPage>
      <PageFrame title="Forgot Password">
        <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
          <Stack gap="5">
            <Text color="fg.muted">
              Enter the email address of your account and we will send you a link to choose a new password.
            </Text>
            {outcome ? (
              <FormAlert status={outcome.status}>{outcome.message}</FormAlert>
            ) : null}
            <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
            <Button type="submit" colorPalette="brand" width="full" loading={submitting} loadingText="Sending…">
              Send Password Reset Link
            </Button>
            <Box textAlign="center">
              <Link asChild colorPalette="brand" fontSize="sm">
                <RouterLink to="/login">Back to Login</RouterLink>
              </Link>
            </Box>
          </Stack>
        </form>
      </PageFrame>
    </PublicPage>
  );
}
