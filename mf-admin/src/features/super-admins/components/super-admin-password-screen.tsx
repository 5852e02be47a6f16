import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { superAdminChangePasswordBody, superAdminResource } from '@baridesk/contracts';
import { useAppStore } from '@baridesk/store';
import { Box, Button, HStack, PageFrame, PasswordField, Stack, Text, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { RecordBody, useRecordIdParam, useResourceRecord, type ResourceRecord } from '@baridesk/ui/resources';
import { changeSuperAdminPassword } from '../api/super-admin-calls';
import { superAdminName, superAdminPaths, superAdminsView } from '../super-admins-view';

const PASSWORD_HELP = 'At least 8 characters, with at least one letter and one number.';

function PasswordForm({ admin }: { admin: ResourceRecord }) {
  const navigate = useNavigate();
  const own = useAppStore((state) => state.user?.id) === admin.id;
  const form = useValibotForm(superAdminChangePasswordBody, { defaultValues: { current_password: '', password: '', password_confirmation: '' } });
  const submit = useFormSubmit(form, (values) => changeSuperAdminPassword(admin.id, values), {
    notifySuccess,
    notifyError,
    onSaved: () => navigate(superAdminPaths.show(admin.id)),
  });
  return (
    <Box maxW="md">
      <form noValidate onSubmit={submit} aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="5">
          <Text>
            {own
              ? 'Your new password. Your other sessions end.'
              : `A new password for ${superAdminName(admin)} (${String(admin.email)}). Their sessions end; tell them the password another way than by e-mail.`}
          </Text>
          {own ? <PasswordField form={form} name="current_password" label="Current password" autoComplete="current-password" required /> : null}
          <PasswordField form={form} name="password" label="New password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
          <PasswordField form={form} name="password_confirmation" label="Confirm new password" autoComplete="new-password" required />
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              Save Password
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={superAdminPaths.show(admin.id)}>Cancel</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** /admin/super-admin/change-password/:id: a super admin's new password. */
export default function SuperAdminPasswordScreen() {
  const id = useRecordIdParam();
  const query = useResourceRecord(superAdminResource, id ?? null);
  return (
    <PageFrame title="Change Password" breadcrumbs={[{ label: 'Super Admins', to: superAdminPaths.list }, { label: query.data ? superAdminName(query.data) : 'Change Password' }]}>
      <RecordBody view={superAdminsView} id={id ?? null} query={query} render={(admin) => (admin ? <PasswordForm admin={admin} /> : null)} />
    </PageFrame>
  );
}
