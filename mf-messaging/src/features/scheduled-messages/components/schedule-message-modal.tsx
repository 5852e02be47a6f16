import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { getJson, notifyError, notifySuccess } from '@baridesk/api-client';
import {
  PATIENT_TIMEZONE,
  RECURRENCE_FREQUENCIES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  describeRecurrence,
  formatRecurrence,
  parseRecurrence,
  scheduledMessageBody,
  type PatientRecordResponse,
  type Recurrence,
  type RecurrenceFrequency,
  type ScheduledMessage,
  type Weekday,
} from '@baridesk/contracts';
import { Fieldset, HStack, SelectField, SimpleGrid, Stack, Text, TextField, useFormSubmit, useValibotForm, Field, Input, NativeSelect } from '@baridesk/ui';
import { Checkbox } from '@baridesk/ui/controls';
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

/** Time zones offered besides the program's and each patient's own. */
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'UTC',
  'Europe/London',
];

const FREQUENCY_LABELS: Readonly<Record<RecurrenceFrequency | 'none', string>> = { none: 'Does not repeat', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

type Repeat = { frequency: RecurrenceFrequency | 'none'; weekdays: Weekday[]; count: string };

const repeatOf = (rrule: string | null | undefined): Repeat => {
  const parsed = rrule ? parseRecurrence(rrule) : null;
  if (!parsed?.ok) return { frequency: 'none', weekdays: [], count: '' };
  return { frequency: parsed.value.frequency, weekdays: parsed.value.weekdays, count: parsed.value.count === null ? '' : String(parsed.value.count) };
};

/** The rule of the repeat choices, or null for none (a count that is not a whole number is left to the server to refuse). */
const recurrenceOf = (repeat: Repeat): Recurrence | null =>
  repeat.frequency === 'none'
    ? null
    : {
        frequency: repeat.frequency,
        interval: 1,
        weekdays: repeat.frequency === 'weekly' ? repeat.weekdays : [],
        monthDay: null,
        count: /^\d+$/.test(repeat.count) && Number(repeat.count) > 0 ? Number(repeat.count) : null,
        until: null,
      };

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
  const [repeat, setRepeat] = useState<Repeat>(() => repeatOf(message?.rrule));
  const composeForm = form as unknown as ComposeForm;
  const audience = useComposeAudience(composeForm, mode, chosen);
  const { confirm, dialog } = useConfirm();
  usePatientNames(chosen, setChosen);

  const rule = recurrenceOf(repeat);
  useEffect(() => {
    form.setValue('rrule', rule ? formatRecurrence(rule) : null);
  }, [form, rule === null ? null : formatRecurrence(rule)]); // eslint-disable-line react-hooks/exhaustive-deps
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
  const setDay = (day: Weekday, on: boolean) => setRepeat({ ...repeat, weekdays: WEEKDAYS.filter((d) => (d === day ? on : repeat.weekdays.includes(d))) });

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
                  ...ZONES.map((zone) => ({ value: zone, label: zone.replace('_', ' ') })),
                ]}
              />
            </SimpleGrid>
            <RepeatFields repeat={repeat} onChange={setRepeat} onDay={setDay} />
            <Text role="status" aria-live="polite" data-testid="repeat-summary" mt="2">
              Repeats: {summary}
            </Text>
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

function RepeatFields({ repeat, onChange, onDay }: { repeat: Repeat; onChange: (repeat: Repeat) => void; onDay: (day: Weekday, on: boolean) => void }) {
  return (
    <Stack gap="3" mt="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <Field.Root>
          <Field.Label>Repeat</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={repeat.frequency} onChange={(event) => onChange({ ...repeat, frequency: event.currentTarget.value as Repeat['frequency'] })}>
              {(['none', ...RECURRENCE_FREQUENCIES] as const).map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {repeat.frequency !== 'none' ? (
          <Field.Root>
            <Field.Label>Number of times (empty: no end)</Field.Label>
            <Input type="number" min={1} value={repeat.count} onChange={(event) => onChange({ ...repeat, count: event.currentTarget.value })} />
          </Field.Root>
        ) : null}
      </SimpleGrid>
      {repeat.frequency === 'weekly' ? (
        <Fieldset.Root>
          <Fieldset.Legend>On</Fieldset.Legend>
          <HStack gap="3" wrap="wrap">
            {WEEKDAYS.map((day) => (
              <Checkbox.Root key={day} checked={repeat.weekdays.includes(day)} onCheckedChange={(details) => onDay(day, details.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{WEEKDAY_NAMES[day]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Fieldset.Root>
      ) : null}
    </Stack>
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
