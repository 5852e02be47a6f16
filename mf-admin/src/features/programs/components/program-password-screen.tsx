import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { programPasswordForm, programResource } from '@baridesk/contracts';
import { Box, Button, HStack, PageFrame, PasswordField, Stack, Text, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { RecordBody, useRecordIdParam, useResourceRecord, type ResourceRecord } from '@baridesk/ui/resources';
import { updateProgramPassword } from '../api/program-calls';
import { programPaths, programsView } from '../programs-view';

const PASSWORD_HELP = 'At least 8 characters, with at least one letter and one number.';

function PasswordForm({ program }: { program: ResourceRecord }) {
  const navigate = useNavigate();
  const form = useValibotForm(programPasswordForm, { defaultValues: { password: '', password_confirmation: '' } });
  const submit = useFormSubmit(form, (values) => updateProgramPassword({ id: program.id, ...values }), {
    notifySuccess,
    notifyError,
    onSaved: () => navigate(programPaths.show(program.id)),
  });
  return (
    <Box maxW="md">
      <form noValidate onSubmit={submit} aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="5">
          <Text>
            A new password for the account of {String(program.title)} ({String(program.email)}). Its other sessions end; tell the program the
            password another way than by e-mail.
          </Text>
          <PasswordField form={form} name="password" label="New password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
          <PasswordField form={form} name="password_confirmation" label="Confirm new password" autoComplete="new-password" required />
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              Save Password
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={programPaths.show(program.id)}>Cancel</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** /admin/baritastic-program/:id/change-password: the super admin sets a program account's password. */
export default function ProgramPasswordScreen() {
  const id = useRecordIdParam();
  const query = useResourceRecord(programResource, id ?? null);
  return (
    <PageFrame
      title="Change Password"
      breadcrumbs={[{ label: 'Programs', to: programPaths.list }, { label: query.data ? String(query.data.title) : 'Change Password' }]}
    >
      <RecordBody view={programsView} id={id ?? null} query={query} render={(program) => (program ? <PasswordForm program={program} /> : null)} />
    </PageFrame>
  );
}
