import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { programUserPasswordForm, programUserResource } from '@baridesk/contracts';
import { Box, Button, HStack, PageFrame, PasswordField, Stack, Text, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { RecordBody, useRecordIdParam, useResourceRecord, type ResourceRecord } from '@baridesk/ui/resources';
import { updateProgramUserPassword } from '../api/program-user-calls';
import { programUserPaths, programUsersView } from '../program-users-view';

const PASSWORD_HELP = 'At least 8 characters, with at least one letter and one number.';

function PasswordForm({ user }: { user: ResourceRecord }) {
  const navigate = useNavigate();
  const form = useValibotForm(programUserPasswordForm, { defaultValues: { password: '', password_confirmation: '' } });
  const submit = useFormSubmit(form, (values) => updateProgramUserPassword({ id: user.id, ...values }), {
    notifySuccess,
    notifyError,
    onSaved: () => navigate(programUserPaths.list),
  });
  return (
    <Box maxW="md">
      <form noValidate onSubmit={submit} aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="5">
          <Text>
            A new password for {String(user.name)} ({String(user.email)}). Their other sessions end; tell them the password another
            way than by e-mail.
          </Text>
          <PasswordField form={form} name="password" label="New password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
          <PasswordField form={form} name="password_confirmation" label="Confirm new password" autoComplete="new-password" required />
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              Save Password
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={programUserPaths.list}>Cancel</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** /admin/program-user/:id/change-password: the super admin sets a program user's password. */
export default function ProgramUserPasswordScreen() {
  const id = useRecordIdParam();
  const query = useResourceRecord(programUserResource, id ?? null);
  return (
    <PageFrame
      title="Change Password"
      breadcrumbs={[{ label: 'Program Users', to: programUserPaths.list }, { label: query.data ? String(query.data.name) : 'Change Password' }]}
    >
      <RecordBody view={programUsersView} id={id ?? null} query={query} render={(user) => (user ? <PasswordForm user={user} /> : null)} />
    </PageFrame>
  );
}
