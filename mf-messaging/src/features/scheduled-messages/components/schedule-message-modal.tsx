import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { getJson, notifyError, notifySuccess } from '@baridesk/api-client';
import {
  PATIENT_TIMEZONE,
  TIME_ZONE_CHOICES,
  describeRecurrence,
  parseRecurrence,
  scheduledMessageBody,
  type PatientRecordResponse,
  type ScheduledMessage,
} from '@baridesk/contracts';
import { Fieldset, SelectField, SimpleGrid, Stack, Text, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { RecurrenceFields } from '@baridesk/ui/dates';
import { FormModal, useConfirm } from '@baridesk/ui/overlays';
import {
  BLANK_FILTER,
  ComposeFields,
  NEW_MESSAGE_VALUES,
  confirmQuestion,
  switchAudience,
  useComposeAudience,
  type AudienceMode,
  type ChosenPatient,
  type ComposeForm,
} from '../../on-demand-messages/compose/compose-fields';
import { CancelledSend } from '../../on-demand-messages/components/send-message-modal';
import { useSaveScheduledMessage } from '../api/scheduled-messages';


/**
 * Schedule a message, or edit one before its next run: the content and audience of an on-demand message,
 * then the date and time, the time zone (the program's, another, or each patient's own) and whether it
 * repeats, said in plain words.
 */
export function ScheduleMessageModal({ message, onClose, onSaved }: { message?: ScheduledMessage; onClose: () => void; onSaved?: (saved: ScheduledMessage) => void }) {
  const save = useSaveScheduledMessage();
  const form = useValibotForm(scheduledMessageBody, {
    defaultValues: message
      ? {
          title: message.title,
          message: message.message,
          channels: message.channels,
          message_template_id: message.message_template_id,
          patient_ids: message.audience.patient_ids ?? null,
          filter: message.audience.patient_ids
            ? null
            : ({ ...BLANK_FILTER, ...Object.fromEntries(Object.entries(message.audience.filter ?? {}).map(([k, value]) => [k, String(value)])) } as never),
          send_at: message.local_send_at,
          timezone: message.patient_timezone ? PATIENT_TIMEZONE : message.timezone,
          rrule: message.rrule,
        }
      : { ...NEW_MESSAGE_VALUES, send_at: '', timezone: '', rrule: null },
  });
  const [mode, setMode] = useState<AudienceMode>(message && !message.audience.patient_ids ? 'filter' : 'patients');
  const [chosen, setChosen] = useState<ChosenPatient[]>(() => (message?.audience.patient_ids ?? []).map((id) => ({ id, name: `Patient ${id}` })));
  const composeForm = form as unknown as ComposeForm;
  const audience = useComposeAudience(composeForm, mode, chosen);
  const { confirm, dialog } = useConfirm();
  usePatientNames(chosen, setChosen);

  const rrule = form.watch('rrule') ?? null;
  const parsedRule = rrule ? parseRecurrence(rrule) : null;
  const rule = parsedRule?.ok ? parsedRule.value : null;
  const sendAt = form.watch('send_at') ?? '';
  const summary = describeRecurrence(rule, sendAt || undefined);

  const submit = useFormSubmit(
    form,
    async (values) => {
      const when = `from ${values.send_at.replace('T', ' at ')}${rule ? `, ${summary.toLowerCase()}` : ''}`;
      if (!message && !(await confirm(confirmQuestion(audience.count.data?.data.count, when)))) throw new CancelledSend();
      return save.mutateAsync({ ...values, id: message?.id });
    },
    {
      notifySuccess,
      notifyError: (error) => (error instanceof CancelledSend ? undefined : notifyError(error)),
      onSaved: (saved) => {
        onClose();
        onSaved?.(saved.data);
      },
    },
  );

  const changeMode = (next: AudienceMode) => {
    setMode(next);
    switchAudience(composeForm, next, chosen);
  };

  return (
    <>
      <FormModal
        title={message ? 'Edit scheduled message' : 'Schedule a message'}
        submitLabel={message ? 'Save Changes' : 'Schedule message'}
        submitting={form.formState.isSubmitting}
        onSubmit={submit}
        onClose={onClose}
        size="lg"
      >
        <Stack gap="5">
          <ComposeFields form={composeForm} mode={mode} onModeChange={changeMode} chosen={chosen} onChosenChange={setChosen} audience={audience} />
          <Fieldset.Root>
            <Fieldset.Legend>When</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <TextField form={form} name="send_at" label="Date and time" type="datetime-local" required />
              <SelectField
                form={form}
                name="timezone"
                label="Time zone"
                options={[
                  { value: '', label: 'The program’s time zone' },
                  { value: PATIENT_TIMEZONE, label: 'Each patient’s own time zone' },
                  ...TIME_ZONE_CHOICES.map((zone) => ({ value: zone, label: zone.replace('_', ' ') })),
                ]}
              />
            </SimpleGrid>
            <Stack mt="3">
              <RecurrenceFields
                value={rrule}
                onChange={(next) => form.setValue('rrule', next, { shouldValidate: form.formState.isSubmitted })}
                firstDay={sendAt.slice(0, 10) || undefined}
                error={form.formState.errors.rrule?.message}
              />
            </Stack>
            <Text color="fg.muted" textStyle="sm">
              With each patient’s own time zone, the message goes out at this time on every patient’s clock (the program’s zone for
              patients without one).
            </Text>
          </Fieldset.Root>
        </Stack>
      </FormModal>
      {dialog}
    </>
  );
}

/** The names of chosen patients known only by id (an edited schedule), read once each. */
function usePatientNames(chosen: ChosenPatient[], setChosen: (chosen: ChosenPatient[]) => void) {
  const unnamed = chosen.filter((p) => p.name === `Patient ${p.id}`).slice(0, 50);
  const results = useQueries({
    queries: unnamed.map((p) => ({
      queryKey: ['patient-name', p.id],
      queryFn: ({ signal }: { signal: AbortSignal }) => getJson<PatientRecordResponse>(`patients/${p.id}`, { signal }),
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map(results.flatMap((r) => (r.data ? [[r.data.data.id, r.data.data.name] as const] : [])));
  useEffect(() => {
    if (names.size === 0) return;
    setChosen(chosen.map((p) => ({ ...p, name: names.get(p.id) ?? p.name })));
  }, [names.size]); // eslint-disable-line react-hooks/exhaustive-deps
}
