import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiRequestError, notifyError, notifySuccess } from '@baridesk/api-client';
import { GENERIC_ERROR, passwordWithConfirmation } from '@baridesk/contracts';
import {
  Box,
  Button,
  Heading,
  Link,
  PasswordField,
  Spinner,
  Stack,
  Text,
  useValibotForm,
} from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { applyFormErrors, messageOf } from '../../../lib/form-errors';
import { PASSWORD_HELP } from '../../../lib/password-help';
import { usePatientResetPassword } from '../api/patient-reset-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyToken } from '../api/verify-token';
import { isPatientLink, readResetLink, resetPasswordHeading, resetPasswordIntro, resetSuccessMessage } from '../utils/reset-link';
import { AppStoreRedirect } from './app-store-redirect';

export const INCOMPLETE_LINK = 'This link is incomplete. Please open the link from your email again.';

const passwordForm = passwordWithConfirmation();

/**
 * /reset-password (signed-out visitors): the page behind every set/reset-password e-mail. The link
 * is verified first; the form can be sent only once it is. A staff member then goes to /login; a
 * patient is sent on to the app store.
 */
export default function ResetPasswordScreen() {
  const [query] = useSearchParams();
  const link = useMemo(() => readResetLink(query), [query]);
  const navigate = useNavigate();
  const heading = resetPasswordHeading(link);
  const patient = isPatientLink(link);

  const verifyBody = {
    token: link.token,
    ...(link.patientId !== null ? { patient_id: link.patientId } : {}),
    isProgramUserReset: link.isProgramUser,
  };
  const verification = useVerifyToken(verifyBody, link.token !== '');
  // A link can also be spent while the form is open (used in another tab): the save then answers 410.
  const [spentLink, setSpentLink] = useState<string | null>(null);
  const verified = verification.isSuccess && spentLink === null;
  const linkError =
    link.token === '' ? INCOMPLETE_LINK : verification.isError ? messageOf(verification.error) : spentLink;

  const form = useValibotForm(passwordForm, { defaultValues: { password: '', password_confirmation: '' } });
  const { mutateAsync: resetAccountPassword } = useResetPassword();
  const { mutateAsync: resetAppPassword } = usePatientResetPassword();
  const [done, setDone] = useState(false);
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (passwords) => {
    try {
      if (link.patientId !== null) {
        // The address the link verified for, else the one the link carries.
        const email = verification.data?.data.email || link.email;
        await resetAppPassword({ ...passwords, token: link.token, patient_id: link.patientId, email, isProgramUserReset: false });
      } else {
        await resetAccountPassword({ ...passwords, token: link.token, isProgramUserReset: link.isProgramUser });
      }
    } catch (error) {
      if (error instanceof ApiRequestError && applyFormErrors(form, error, ['password', 'password_confirmation'])) return;
      notifyError(error instanceof ApiRequestError ? error : new Error(GENERIC_ERROR), 'Error');
      if (error instanceof ApiRequestError && error.status === 410) setSpentLink(error.message);
      return;
    }
    notifySuccess(resetSuccessMessage(link), 'Success');
    if (patient) setDone(true);
    else void navigate('/login', { replace: true });
  });

  return (
    <PublicPage>
      <Box as="section" aria-labelledby="reset-password-title" px={{ base: '4', md: '6' }} py="5">
        <DocumentTitle heading={heading} />
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" id="reset-password-title" size="xl" fontWeight="semibold">
              {heading}
            </Heading>
            <Text color="fg.muted">{resetPasswordIntro(link)}</Text>
          </Stack>

          {done ? (
            <AppStoreRedirect />
          ) : (
            <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
              <Stack gap="5">
                {verification.isPending && link.token !== '' ? (
                  <Box role="status" display="flex" alignItems="center" gap="2" color="fg.muted">
                    <Spinner size="sm" />
                    <Text>Checking your link…</Text>
                  </Box>
                ) : null}
                {linkError ? (
                  <FormAlert status="error" title="This link cannot be used">
                    {linkError}
                  </FormAlert>
                ) : null}
                {verified && verification.data.data.email ? (
                  <Text fontSize="sm">
                    For <Text as="span" fontWeight="semibold">{verification.data.data.email}</Text>
                  </Text>
                ) : null}
                <PasswordField form={form} name="password" label="Password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
                <PasswordField form={form} name="password_confirmation" label="Confirm Password" autoComplete="new-password" required />
                <Button
                  type="submit"
                  colorPalette="brand"
                  width="full"
                  disabled={!verified}
                  loading={submitting}
                  loadingText="Saving…"
                >
                  {heading === 'RESET PASSWORD' ? 'Reset Password' : 'Set Password'}
                </Button>
                {!patient ? (
                  <Stack gap="2" align="center" fontSize="sm">
                    {linkError ? (
                      <Link asChild colorPalette="brand">
                        <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
                      </Link>
                    ) : null}
                    <Link asChild colorPalette="brand">
                      <RouterLink to="/login">Back to Login</RouterLink>
                    </Link>
                  </Stack>
                ) : null}
              </Stack>
            </form>
          )}
        </Stack>
      </Box>
    </PublicPage>
  );
}

/** Names the browser tab after the heading, as PageFrame does for other screens. */
function DocumentTitle({ heading }: { heading: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${heading.charAt(0)}${heading.slice(1).toLowerCase()} · BariDesk`;
    return () => {
      document.title = previous;
    };
  }, [heading]);
  return null;
}
