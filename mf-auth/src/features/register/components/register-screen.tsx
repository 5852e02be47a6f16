import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { registerBody } from '@baridesk/contracts';
import {
  Box,
  Button,
  Link,
  PageFrame,
  PasswordField,
  SimpleGrid,
  Stack,
  Text,
  TextField,
  useValibotForm,
} from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { applyFormErrors, messageOf } from '../../../lib/form-errors';
import { PASSWORD_HELP } from '../../../lib/password-help';
import { useRegister } from '../api/register';

const FIELDS = ['practice_name', 'owner_name', 'email', 'phone', 'password', 'password_confirmation'] as const;

/**
 * /register (signed-out visitors): a practice signs up for BariDesk. The account works once its
 * address is confirmed through the e-mailed link (/confirm-email).
 */
export default function RegisterScreen() {
  const form = useValibotForm(registerBody, {
    defaultValues: { practice_name: '', owner_name: '', email: '', phone: '', password: '', password_confirmation: '' },
  });
  const { mutateAsync: register } = useRegister();
  const [received, setReceived] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { message } = await register(body);
      setReceived(message);
    } catch (error) {
      // A taken address or a refused value is said under its field; anything else above the form.
      if (error instanceof ApiRequestError && applyFormErrors(form, error, FIELDS)) return;
      setFailure(messageOf(error));
    }
  });

  return (
    <PublicPage>
      <PageFrame title="Register">
        {received ? (
          <Stack gap="5">
            <FormAlert status="success" title="Thank you for registering">
              {received}
            </FormAlert>
            <Button asChild colorPalette="brand" width="full">
              <RouterLink to="/login">Go to Login</RouterLink>
            </Button>
          </Stack>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
            <Stack gap="5">
              <Text color="fg.muted">Create a BariDesk account for your practice. We will email you a link to confirm your address.</Text>
              {failure ? <FormAlert status="error">{failure}</FormAlert> : null}
              <TextField form={form} name="practice_name" label="Practice name" autoComplete="organization" required />
              <TextField form={form} name="owner_name" label="Owner name" autoComplete="name" required />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
                <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
                <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
              </SimpleGrid>
              <PasswordField form={form} name="password" label="Password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
              <PasswordField form={form} name="password_confirmation" label="Confirm Password" autoComplete="new-password" required />
              <Text fontSize="sm" color="fg.muted">
                When you first log in you will be asked to accept the{' '}
                <Link asChild colorPalette="brand">
                  <RouterLink to="/terms-and-conditions" target="_blank" rel="noopener">
                    terms and conditions
                  </RouterLink>
                </Link>
                .
              </Text>
              <Button type="submit" colorPalette="brand" width="full" loading={submitting} loadingText="Registering…">
                Register
              </Button>
              <Box textAlign="center" fontSize="sm">
                Already have an account?{' '}
                <Link asChild colorPalette="brand">
                  <RouterLink to="/login">Log in</RouterLink>
                </Link>
              </Box>
            </Stack>
          </form>
        )}
      </PageFrame>
    </PublicPage>
  );
}
