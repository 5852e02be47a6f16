import { useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_TYPES, SUPPORT_TYPE_SLUGS, supportMessageBody, type SupportTypeSlug } from '@baridesk/contracts';
import { useAppStore } from '@baridesk/store';
import { useSendSupportMessage } from '../api/send-support-message';
import { Button, PageFrame, Stack, Text, TextareaField, useFormSubmit, useValibotForm } from '@baridesk/ui';

/** What each help type asks for, under the title. */
const INTRO: Record<SupportTypeSlug, string> = {
  'product-support': 'Ask the BariDesk team about the product: a question, a problem, an idea. We answer by e-mail.',
  'support-groups': 'Ask for help with your support groups: setting one up, inviting patients, running the meetings.',
  'vitamin-supplements': 'Request vitamin samples for your patients: say which products and how many, and where to send them.',
};

const isType = (value: string | undefined): value is SupportTypeSlug => (SUPPORT_TYPE_SLUGS as readonly (string | undefined)[]).includes(value);

/**
 * /support-messages/:type/store: the Help group's form (program users only): a message to the support
 * team, sent with the program's account (the spec's sub_user_id) and the type of the address.
 */
export default function SupportMessageScreen() {
  const { type } = useParams();
  if (!isType(type)) {
    return (
      <PageFrame title="Help">
        <Text>This kind of help message does not exist. Choose one in the Help menu.</Text>
      </PageFrame>
    );
  }
  // A new form per type, so moving between the Help menu's entries starts empty.
  return <SupportMessageForm key={type} type={type} />;
}

function SupportMessageForm({ type }: { type: SupportTypeSlug }) {
  const programId = useAppStore((state) => state.user?.program_id ?? null);
  const send = useSendSupportMessage();
  const empty = { sub_user_id: programId, type, message: '' };
  const form = useValibotForm(supportMessageBody, { defaultValues: empty });
  // Emptied once the message is safely stored; on failure it stays as written.
  const submit = useFormSubmit(form, (values) => send.mutateAsync(values), { notifySuccess, notifyError, onSaved: () => form.reset(empty) });
  return (
    <PageFrame title={SUPPORT_TYPES[type].title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4" maxW="3xl">
          <Text color="fg.muted">{INTRO[type]}</Text>
          <TextareaField form={form} name="message" label="Message" required rows={8} maxLength={SUPPORT_MESSAGE_MAX_LENGTH} showCount />
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send
            </Button>
          </div>
        </Stack>
      </form>
    </PageFrame>
  );
}
