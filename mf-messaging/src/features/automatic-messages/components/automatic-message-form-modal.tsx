import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  AUTOMATIC_MAX_DAYS,
  AUTOMATIC_MESSAGE_MAX_LENGTH,
  AUTOMATIC_TRIGGER_LABELS,
  AUTOMATIC_TRIGGER_NAMES,
  MESSAGE_CHANNEL_OPTIONS,
  automaticRuleSaveBody,
  type AutomaticRule,
} from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import { Stack, SelectField, TextField, TextareaField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { CheckboxGroupField, SwitchField } from '@baridesk/ui/controls';
import { FormModal } from '@baridesk/ui/overlays';
import { useAutomaticChecklistItems } from '../api/get-automatic-messages';
import { useSaveAutomaticMessage } from '../api/save-automatic-message';

export type AutomaticMessageFormModalProps = {
  /** The rule to change; a new one without it. */
  rule?: AutomaticRule;
  onClose: () => void;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * The rule's form: when it sends (the trigger and its days, with the stage or checklist item the trigger
 * needs), the title and text, the channels, and on or off. Fields of other triggers are not sent.
 */
export function AutomaticMessageFormModal({ rule, onClose }: AutomaticMessageFormModalProps) {
  const save = useSaveAutomaticMessage();
  const form = useValibotForm(automaticRuleSaveBody, {
    shouldUnregister: true,
    defaultValues: {
      trigger: rule?.trigger ?? ('' as never),
      days: text(rule?.days),
      stage: text(rule?.stage),
      checklist_item_id: text(rule?.checklist_item_id),
      title: rule?.title ?? '',
      message: rule?.message ?? '',
      channels: rule?.channels ?? ['inbox'],
      status: rule ? rule.status === 1 : true,
    },
  });
  const trigger = form.watch('trigger') as string;
  const items = useAutomaticChecklistItems(trigger === 'checklist_item_due');
  const submit = useFormSubmit(form, (values) => save.mutateAsync({ ...values, id: rule?.id }), { notifySuccess, notifyError, onSaved: onClose });
  const daysHelp = trigger in AUTOMATIC_TRIGGER_LABELS ? AUTOMATIC_TRIGGER_LABELS[trigger as keyof typeof AUTOMATIC_TRIGGER_LABELS].days : undefined;

  return (
    <FormModal
      title={rule ? 'Edit automatic message' : 'Add automatic message'}
      submitLabel={rule ? 'Save Changes' : 'Add automatic message'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <Stack gap="4">
        <TextField form={form} name="title" label="Title" required maxLength={254} />
        <SelectField
          form={form}
          name="trigger"
          label="Send when"
          placeholder="Choose when the message is sent"
          required
          options={AUTOMATIC_TRIGGER_NAMES.map((name) => ({ value: name, label: AUTOMATIC_TRIGGER_LABELS[name].label }))}
        />
        {trigger === 'days_in_stage' ? (
          <SelectField
            form={form}
            name="stage"
            label="Stage"
            placeholder="Choose the stage"
            required
            options={STAGES.map((stage) => ({ value: String(stage.id), label: stage.label }))}
          />
        ) : null}
        {trigger === 'checklist_item_due' ? (
          <SelectField
            form={form}
            name="checklist_item_id"
            label="Checklist item"
            placeholder={items.isPending ? 'Loading the checklist items…' : 'Choose the checklist item'}
            required
            options={(items.data?.data ?? []).map((item) => ({ value: String(item.id), label: `${item.title} (${item.template})` }))}
          />
        ) : null}
        <TextField
          form={form}
          name="days"
          label="Days"
          type="number"
          required
          helperText={daysHelp ?? 'Choose when the message is sent first.'}
          maxLength={String(AUTOMATIC_MAX_DAYS).length}
        />
        <TextareaField form={form} name="message" label="Message" required rows={5} maxLength={AUTOMATIC_MESSAGE_MAX_LENGTH} showCount />
        <CheckboxGroupField form={form} name="channels" legend="Channels" helperText="How the message reaches the patient." options={MESSAGE_CHANNEL_OPTIONS} />
        <SwitchField form={form} name="status" label="On: send this message to patients when it is due" />
      </Stack>
    </FormModal>
  );
}
