import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MESSAGE_CHANNEL_OPTIONS, groupMessageComposeBody } from '@baridesk/contracts';
import { Stack, TextField, TextareaField, applyServerErrors, useValibotForm } from '@baridesk/ui';
import { CheckboxGroupField } from '@baridesk/ui/controls';
import { FormModal, useConfirm } from '@baridesk/ui/overlays';
import { sendGroupMessage } from '../api/group-calls';
import { patientCount } from '../groups-view';

/**
 * Send message: a title, a text and the channels, to every active member of the group. The send asks
 * first, naming how many patients get it (the group's members; inactive ones are left out by the server).
 */
export function SendGroupMessageDialog({ group, onClose }: { group: { id: number; name: string; members_count: number }; onClose: () => void }) {
  const { confirm, dialog } = useConfirm();
  const form = useValibotForm(groupMessageComposeBody, { defaultValues: { title: '', message: '', channels: ['inbox'] } });
  const submit = form.handleSubmit(async (values) => {
    const go = await confirm({
      title: 'Send group message',
      message: `Send “${values.title}” to the ${patientCount(group.members_count)} of ${group.name}? Inactive patients are left out.`,
      confirmLabel: 'Send',
    });
    if (!go) return;
    try {
      const answer = await sendGroupMessage({ group_id: group.id, ...values });
      notifySuccess(`${answer.message} ${patientCount(answer.data.recipients)} will get it.`);
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifyError(error);
    }
  });
  return (
    <>
      <FormModal title={`Message ${group.name}`} submitLabel="Send message" submitting={form.formState.isSubmitting} onSubmit={submit} onClose={onClose} size="lg">
        <Stack gap="4">
          <TextField form={form} name="title" label="Title" required />
          <TextareaField form={form} name="message" label="Message" required rows={6} />
          <CheckboxGroupField form={form} name="channels" legend="Send through" options={MESSAGE_CHANNEL_OPTIONS} />
        </Stack>
      </FormModal>
      {dialog}
    </>
  );
}
