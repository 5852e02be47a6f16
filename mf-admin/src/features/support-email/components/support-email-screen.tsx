import { useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { supportEmailBody, type SupportEmailSetting } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Box, Button, PageFrame, Spinner, Stack, Text, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { SUPPORT_EMAIL_KEY, saveSupportEmail, useSupportEmail } from '../api/support-email-calls';

function SupportEmailForm({ setting }: { setting: SupportEmailSetting }) {
  const queryClient = useQueryClient();
  const form = useValibotForm(supportEmailBody, { defaultValues: { email: setting.email } });
  const submit = useFormSubmit(form, saveSupportEmail, {
    notifySuccess,
    notifyError,
    onSaved: async (saved) => {
      queryClient.setQueryData(SUPPORT_EMAIL_KEY, saved.data);
      form.reset({ email: saved.data.email });
    },
  });
  return (
    <Box maxW="md">
      <form noValidate onSubmit={submit} aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="5">
          <Text>
            Support messages program users send from the Help menu are mailed to this address. A change applies to the messages not
            yet mailed too.
          </Text>
          <TextField
            form={form}
            name="email"
            label="Support e-mail"
            type="email"
            autoComplete="email"
            required
            helperText={
              setting.is_default
                ? 'This is the deployment’s default address (SUPPORT_EMAIL): none has been saved here yet.'
                : setting.updated_at
                  ? `Saved on ${formatDate(setting.updated_at)}.`
                  : undefined
            }
          />
          <Box>
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              Save
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}

/** /admin/support-email (permission support_mail): where staff support messages are mailed. */
export default function SupportEmailScreen() {
  const query = useSupportEmail();
  return (
    <PageFrame title="Support E-mail">
      {query.isPending ? (
        <Spinner aria-label="Loading the support e-mail" />
      ) : query.isError ? (
        <LoadError title="The support e-mail could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <SupportEmailForm setting={query.data} />
      )}
    </PageFrame>
  );
}
