import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MESSAGE_TEMPLATE_MAX_LENGTH, messageTemplateStoreBody, type MessageTemplate } from '@baridesk/contracts';
import { Stack, TextareaField, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { FormModal } from '@baridesk/ui/overlays';
import { SwitchField } from '@baridesk/ui/controls';
import { useCreateMessageTemplate } from '../api/create-message-template';
import { useUpdateMessageTemplate } from '../api/update-message-template';

export type MessageTemplateFormModalProps = {
  /** The template to edit; none to create one. */
  template?: MessageTemplate;
  onClose: () => void;
};

/** Create or edit a template: Title, Message (with its length against the limit) and Active. */
export function MessageTemplateFormModal({ template, onClose }: MessageTemplateFormModalProps) {
  const create = useCreateMessageTemplate();
  const update = useUpdateMessageTemplate();
  const form = useValibotForm(messageTemplateStoreBody, {
    defaultValues: {
      title: template?.title ?? '',
      message: template?.message ?? '',
      status: template ? template.status === 1 : true,
    },
  });
  const { isSubmitting } = form.formState;

  const submit = useFormSubmit(
    form,
    (values) => (template ? update.mutateAsync({ id: template.id, ...values }) : create.mutateAsync(values)),
    { notifySuccess, notifyError, onSaved: onClose },
  );

  return (
    <FormModal
      title={template ? 'Edit Template' : 'Add Template'}
      submitLabel={template ? 'Save Changes' : 'Add Template'}
      submitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <Stack gap="4">
        <TextField form={form} name="title" label="Title" required />
        <TextareaField form={form} name="message" label="Message" required rows={6} maxLength={MESSAGE_TEMPLATE_MAX_LENGTH} showCount />
        <SwitchField form={form} name="status" label="Active" />
      </Stack>
    </FormModal>
  );
}
