import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, PageFrame, Spinner, Stack, Text } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { PublicPage } from '../../../components/public-page';
import { messageOf } from '../../../lib/form-errors';
import { useConfirmEmail } from '../api/confirm-email';

export const INCOMPLETE_CONFIRM_LINK = 'This link is incomplete. Please open the link from your email again.';

/** /confirm-email?token&id (signed-out visitors): the link of the registration e-mail confirms the address. */
export default function ConfirmEmailScreen() {
  const [query] = useSearchParams();
  const token = (query.get('token') ?? '').trim();
  const id = (query.get('id') ?? '').trim();
  const complete = token !== '' && /^\d+$/.test(id);
  const confirmation = useConfirmEmail({ token, id: complete ? Number(id) : 0 }, complete);

  return (
    <PublicPage>
      <PageFrame title="Confirm Email">
        <Stack gap="5">
          {!complete ? (
            <FormAlert status="error">{INCOMPLETE_CONFIRM_LINK}</FormAlert>
          ) : confirmation.isPending ? (
            <Stack direction="row" align="center" gap="2" role="status">
              <Spinner size="sm" />
              <Text>Confirming your email address…</Text>
            </Stack>
          ) : confirmation.isError ? (
            <FormAlert status="error" title="Your email address could not be confirmed">
              {messageOf(confirmation.error)}
            </FormAlert>
          ) : (
            <FormAlert status="success">{confirmation.data.message}</FormAlert>
          )}
          <Button asChild colorPalette="brand" width="full">
            <RouterLink to="/login">Login</RouterLink>
          </Button>
        </Stack>
      </PageFrame>
    </PublicPage>
  );
}
