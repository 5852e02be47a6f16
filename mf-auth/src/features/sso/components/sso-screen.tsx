import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { ssoErrorMessage, ssoStartBody } from '@baridesk/contracts';
import {
  Box,
  Button,
  HStack,
  Link,
  PageFrame,
  Spinner,
  Stack,
  Text,
  TextField,
  useValibotForm,
} from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { externalNavigation } from '../../../lib/app-stores';
import { applyFormErrors, messageOf } from '../../../lib/form-errors';
import { useExchangeSsoTicket } from '../api/exchange-sso-ticket';
import { useStartSso } from '../api/start-sso';

/** The e-mail address, then on to the identity provider of the program that address belongs to. */
function SsoForm({ problem }: { problem: string | null }) {
  const form = useValibotForm(ssoStartBody, { defaultValues: { email: '' } });
  const { mutateAsync: start } = useStartSso();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const busy = form.formState.isSubmitting || leaving;
  const alert = failure ?? problem;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const { data } = await start(body);
      // The page stays busy until the browser has left for the provider.
      setLeaving(true);
      externalNavigation.go(data.redirectUrl);
    } catch (error) {
      // "Not set up for this domain" belongs under the address; unreachable provider, throttling… above.
      if (error instanceof ApiRequestError && applyFormErrors(form, error, ['email'])) return;
      setFailure(messageOf(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <Stack gap="5">
        {alert ? <FormAlert status="error">{alert}</FormAlert> : null}
        <Text color="fg.muted">
          Enter your work email address. We will take you to your organization’s sign-in page, and back here once you are signed in.
        </Text>
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" required />
        <Button type="submit" colorPalette="brand" width="full" loading={busy} loadingText="Continuing…">
          Continue
        </Button>
        <Box textAlign="center">
          <Link asChild colorPalette="brand" fontSize="sm">
            <RouterLink to="/login">Back to Login</RouterLink>
          </Link>
        </Box>
      </Stack>
    </form>
  );
}

/**
 * /sso (signed-out visitors). Without parameters: the single sign-on form. `?ticket=` (where the API's
 * callback sends the browser back): the ticket is exchanged for a session, handed to the shell exactly as
 * the login form does. `?error=`: why the sign-in did not complete, with the form to try again.
 */
export default function SsoScreen() {
  const [params, setParams] = useSearchParams();
  // Read once: the ticket leaves the address bar (and the history) as soon as it is being used.
  const [ticket] = useState(() => params.get('ticket'));
  const errorCode = params.get('error');
  const exchange = useExchangeSsoTicket();
  const { mutate } = exchange;
  const exchanging = useRef(false);

  useEffect(() => {
    if (!ticket || exchanging.current) return;
    exchanging.current = true;
    setParams({}, { replace: true });
    // A success starts the session; the shell then takes the user home.
    mutate({ ticket });
  }, [ticket, mutate, setParams]);

  const inProgress = ticket !== null && !exchange.isError;
  const problem = exchange.isError ? messageOf(exchange.error) : errorCode !== null ? ssoErrorMessage(errorCode) : null;

  return (
    <PublicPage>
      <PageFrame title="Sign in with single sign-on">
        {inProgress ? (
          <HStack role="status" gap="3" py="4">
            <Spinner size="sm" />
            <Text>{exchange.isSuccess ? 'Signed in. Opening BariDesk…' : 'Signing you in…'}</Text>
          </HStack>
        ) : (
          <SsoForm problem={problem} />
        )}
      </PageFrame>
    </PublicPage>
  );
}
