import { useId } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  FIRST_NAME_PLACEHOLDER,
  WEIGHT_REMINDER_MAX_DAYS,
  WEIGHT_REMINDER_MESSAGE_MAX_LENGTH,
  WEIGHT_REMINDER_MIN_DAYS,
  weightReminderSaveBody,
  type WeightReminderSettings,
} from '@baridesk/contracts';
import { Box, Button, Card, chakra, Code, HStack, Stack, Text, TextareaField, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { SwitchField, ToggleSwitch } from '@baridesk/ui/controls';
import { useSaveWeightReminder } from '../api/save-weight-reminder';
import { useUpdateMessageFieldStatus } from '../api/update-message-field-status';
import { WeightReminderPreview } from './weight-reminder-preview';

const toFormValues = (settings: WeightReminderSettings) => ({
  message: settings.message,
  status: settings.status === 1,
  interval_days: String(settings.interval_days),
  message_field_status: settings.message_field_status === 1,
});

export type WeightReminderFormProps = {
  /** The settings as last loaded; the form starts from them and keeps its own edits afterwards. */
  settings: WeightReminderSettings;
};

/**
 * The reminder on or off, after how many days, and its text: the program's own (with the placeholders
 * explained and a character count) or the app's default, shown for reference. "Use our own message" is
 * saved at once; the rest with Save.
 */
export function WeightReminderForm({ settings }: WeightReminderFormProps) {
  const save = useSaveWeightReminder();
  const fieldStatus = useUpdateMessageFieldStatus();
  const form = useValibotForm(weightReminderSaveBody, { defaultValues: toFormValues(settings) });
  const { isDirty, isSubmitting, errors } = form.formState;
  const reminderHeadingId = useId();
  const messageHeadingId = useId();

  const submit = useFormSubmit(form, (values) => save.mutateAsync(values), {
    notifySuccess,
    notifyError,
    onSaved: (saved) => form.reset(toFormValues(saved.data)),
  });

  const own = form.watch('message_field_status') === true;
  const message = form.watch('message') ?? '';
  const on = form.watch('status') === true;
  const intervalDays = String(form.watch('interval_days') ?? '');

  const switchOwnMessage = (checked: boolean) => {
    // At once, like any toggle; put back if the server refuses.
    form.setValue('message_field_status', checked);
    if (errors.message) void form.trigger('message');
    fieldStatus.mutate(
      { message_field_status: checked ? 1 : 0 },
      {
        // What is stored now: no longer an unsaved change of the form.
        onSuccess: () => form.resetField('message_field_status', { defaultValue: checked }),
        onError: () => {
          form.setValue('message_field_status', !checked);
          if (form.formState.errors.message) void form.trigger('message');
        },
      },
    );
  };

  // The own text also shows while the default is used if it holds a mistake, so the mistake can be seen and fixed.
  const showOwnText = own || Boolean(errors.message);

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="5" maxW="3xl">
        <Card.Root as="section" aria-labelledby={reminderHeadingId}>
          <Card.Body gap="4">
            <Text id={reminderHeadingId} as="h2" fontWeight="semibold">
              Reminder
            </Text>
            <SwitchField form={form} name="status" label="Send weight reminders" />
            <Box maxW="xs">
              <TextField
                form={form}
                name="interval_days"
                label="Days without a weigh-in before reminding"
                type="number"
                required
                helperText={`A whole number from ${WEIGHT_REMINDER_MIN_DAYS} to ${WEIGHT_REMINDER_MAX_DAYS}.`}
              />
            </Box>
          </Card.Body>
        </Card.Root>

        <Card.Root as="section" aria-labelledby={messageHeadingId}>
          <Card.Body gap="4">
            <Text id={messageHeadingId} as="h2" fontWeight="semibold">
              Message
            </Text>
            <ToggleSwitch
              label="Use our own message"
              checked={own}
              onChange={switchOwnMessage}
              disabled={fieldStatus.isPending}
              name="message_field_status"
            />
            {own ? null : (
              <Box>
                <Text fontSize="sm" color="fg.muted" mb="1">
                  The app sends its default message:
                </Text>
                <Box as="blockquote" aria-label="Default message" bg="bg.muted" borderRadius="md" px="4" py="3" whiteSpace="pre-wrap">
                  {settings.default_message}
                </Box>
              </Box>
            )}
            {showOwnText ? (
              <>
                <Text fontSize="sm" color="fg.muted">
                  Write <Code>{FIRST_NAME_PLACEHOLDER}</Code> where the patient&apos;s first name should appear: the app fills it
                  in for each patient. No other placeholder is available.
                </Text>
                <TextareaField
                  form={form}
                  name="message"
                  label="Message"
                  required={own}
                  rows={5}
                  maxLength={WEIGHT_REMINDER_MESSAGE_MAX_LENGTH}
                  showCount
                />
              </>
            ) : null}
          </Card.Body>
        </Card.Root>

        <WeightReminderPreview text={own ? message : settings.default_message} on={on} intervalDays={intervalDays} />

        <HStack gap="3">
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
          {isDirty ? (
            <Text fontSize="sm" color="fg.muted">
              You have unsaved changes.
            </Text>
          ) : null}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
