import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { superAdminChangePasswordBody, type AnyResource } from '@baridesk/contracts';
import { Box, Button, HStack, PageFrame, PasswordField, Stack, Text, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { RecordBody, useRecordIdParam, useResourceRecord, type ResourceRecord, type ResourceView } from '@baridesk/ui/resources';

const PASSWORD_HELP = 'At least 8 characters, with at least one letter and one number.';

export type PasswordChange = { current_password?: string | undefined; password: string; password_confirmation: string };

/** What differs between the accounts whose password a super admin sets: programs, program users, super admins. */
export interface AccountPasswordProps {
  resource: AnyResource;
  view: ResourceView;
  /** The list the breadcrumbs lead back to. */
  list: { label: string; to: string };
  nameOf: (record: ResourceRecord) => string;
  /** Where Save and Cancel go. */
  back: (record: ResourceRecord) => string;
  /** What the new password does, in a sentence or two. */
  intro: (record: ResourceRecord) => string;
  /** One's own password asks the current one first. */
  asksCurrent?: (record: ResourceRecord) => boolean;
  save: (record: ResourceRecord, values: PasswordChange) => Promise<{ message: string }>;
}

function PasswordForm({ record, props }: { record: ResourceRecord; props: AccountPasswordProps }) {
  const navigate = useNavigate();
  const asksCurrent = props.asksCurrent?.(record) ?? false;
  const form = useValibotForm(superAdminChangePasswordBody, { defaultValues: { current_password: '', password: '', password_confirmation: '' } });
  const submit = useFormSubmit(
    form,
    ({ current_password, ...values }) => props.save(record, asksCurrent ? { current_password, ...values } : values),
    { notifySuccess, notifyError, onSaved: () => navigate(props.back(record)) },
  );
  return (
    <Box maxW="md">
      <form noValidate onSubmit={submit} aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="5">
          <Text>{props.intro(record)}</Text>
          {asksCurrent ? <PasswordField form={form} name="current_password" label="Current password" autoComplete="current-password" required /> : null}
          <PasswordField form={form} name="password" label="New password" autoComplete="new-password" helperText={PASSWORD_HELP} required />
          <PasswordField form={form} name="password_confirmation" label="Confirm new password" autoComplete="new-password" required />
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              Save Password
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={props.back(record)}>Cancel</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/**
 * The change-password page of an account a super admin manages (the record named by the address's id):
 * the new password twice, with the spec's rule, and the current one when it is one's own.
 */
export function AccountPasswordScreen(props: AccountPasswordProps) {
  const id = useRecordIdParam();
  const query = useResourceRecord(props.resource, id ?? null);
  return (
    <PageFrame title="Change Password" breadcrumbs={[props.list, { label: query.data ? props.nameOf(query.data) : 'Change Password' }]}>
      <RecordBody view={props.view} id={id ?? null} query={query} render={(record) => (record ? <PasswordForm record={record} props={props} /> : null)} />
    </PageFrame>
  );
}
