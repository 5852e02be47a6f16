import { useEffect, type ReactNode } from 'react';
import { Badge, Box, chakra, Fieldset, Link, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_PATIENT_TYPE_LABELS,
  EVENT_PATIENT_TYPE_OPTIONS,
  EVENT_REMINDER_MAX_LENGTH,
  EVENT_STAGE_OPTIONS,
  EVENT_TYPE_OPTIONS,
  TIME_ZONE_CHOICES,
  VENUE_TYPE_LABELS,
  VENUE_TYPE_OPTIONS,
  WEIGHT_LOSS_TYPE_LABELS,
  WEIGHT_LOSS_TYPE_OPTIONS,
  describeRecurrence,
  parseRecurrence,
  type CalendarEvent,
  type EventEditScope,
  type EventLocationOption,
  type eventStoreBody,
} from '@baridesk/contracts';
import { defaultEventReminder, formatDate } from '@baridesk/domain';
import { CheckboxField } from './checkbox-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { DatePickerField } from './date-picker-field';
import { DetailRow } from './detail-row';
import { BadAddress, LoadedRecord, type RecordQuery } from './loaded-record';
import { RecurrenceFields } from './recurrence-fields';
import { SelectField, type SelectOption } from './select-field';
import { SwitchField } from './switch-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';
import { toDisplayTime } from './time-picker';
import { TimePickerField } from './time-picker-field';

/** An event form's values as its inputs hold them (the store body's input). */
export type EventFormValues = v.InferInput<typeof eventStoreBody>;

export const EVENT_FORM_BLANK: EventFormValues = {
  event_title: '',
  event_description: '',
  type: '',
  date: '',
  time: '',
  end_time: '',
  timezone: '',
  venue_type: 'in_person',
  location_id: '',
  meeting_url: '',
  stages: [],
  patient_type: 'all',
  weight_loss_type: 'all',
  hosted_by: '',
  email: '',
  push_notification: false,
  five_minute_earlier_reminder: false,
  custom_reminder_message: '',
  status: true,
  rrule: null,
};

/** The form's values of an event; for one day of a series (scope 'occurrence'), that day and no repeat rule. */
export function eventFormValues(event: CalendarEvent | undefined, day: string | null = null, scope: EventEditScope = 'series'): EventFormValues {
  if (!event) return { ...EVENT_FORM_BLANK, date: day ?? '' };
  const oneDay = scope === 'occurrence';
  return {
    event_title: event.event_title,
    event_description: event.event_description ?? '',
    type: event.type,
    date: oneDay && day ? day : event.date,
    time: event.time,
    end_time: event.end_time,
    timezone: event.timezone,
    venue_type: event.venue_type,
    location_id: event.location_id === null ? '' : String(event.location_id),
    meeting_url: event.meeting_url ?? '',
    stages: event.stages.map(String),
    patient_type: event.patient_type,
    weight_loss_type: event.weight_loss_type,
    hosted_by: event.hosted_by ?? '',
    email: event.email ?? '',
    push_notification: event.push_notification === 1,
    five_minute_earlier_reminder: event.five_minute_earlier_reminder === 1,
    custom_reminder_message: event.custom_reminder_message ?? '',
    status: event.status === 1,
    rrule: oneDay ? null : event.rrule,
  };
}

/** The Location select's choices: the locations offered, and the event's own when it is no longer among them. */
export function eventLocationChoices(locations: readonly EventLocationOption[], event?: Pick<CalendarEvent, 'location_id' | 'location_name'>): SelectOption[] {
  const choices = locations.map((location) => ({
    value: String(location.id),
    label: `${location.name}${location.address ? `, ${location.address}` : ''}${location.shared ? ' (shared)' : ''}`,
  }));
  if (event?.location_id && !choices.some((choice) => choice.value === String(event.location_id))) {
    choices.unshift({ value: String(event.location_id), label: event.location_name ?? `Location ${event.location_id}` });
  }
  return choices;
}

export type EventFieldsProps = {
  /** The event form (its values at least EventFormValues; a super admin's adds program_id). */
  form: UseFormReturn<FieldValues, unknown, FieldValues>;
  /** The Location select's choices (eventLocationChoices), and how their call went. */
  locations: { choices: readonly SelectOption[]; loading: boolean; failed: boolean };
  /** Whether the event may repeat (not one day of a series, nor a changed day). */
  mayRepeat: boolean;
  /**
   * One day of a series (being changed, or changed before): it stays on its day, since its RSVPs and
   * reminders are that day's, so the date is shown, not asked.
   */
  dateFixed?: boolean;
  /** The event's zone when it is not one of the usual choices (kept selectable). */
  currentTimezone?: string;
  /** Fields before the event's own, in its first group (the super admin's Program). */
  leading?: ReactNode;
};

/**
 * Every field of an event (staff area §3): what, when (with the repeat rule), where (a location in
 * person, a link online), who it is for and its notifications. Turning the five-minute reminder on
 * fills in the spec's default text, which the user may change. One set of fields for the staff
 * calendar's form and the super admins' event form.
 */
export function EventFields({ form: anyForm, locations, mayRepeat, dateFixed = false, currentTimezone, leading }: EventFieldsProps) {
  const form = anyForm as unknown as UseFormReturn<EventFormValues, unknown, FieldValues>;
  const venue = form.watch('venue_type');
  const reminder = form.watch('five_minute_earlier_reminder');
  const rrule = form.watch('rrule') ?? null;
  const date = form.watch('date') ?? '';

  useEffect(() => {
    if (reminder === true && !(form.getValues('custom_reminder_message') ?? '').trim()) {
      form.setValue('custom_reminder_message', defaultEventReminder(form.getValues('event_title') ?? ''));
    }
  }, [form, reminder]);

  const zones: string[] = [...TIME_ZONE_CHOICES];
  if (currentTimezone && !zones.includes(currentTimezone)) zones.unshift(currentTimezone);
  const locationPlaceholder = locations.loading ? 'Loading locations…' : locations.choices.length ? 'Select location' : 'No locations yet';

  return (
    <>
      <Fieldset.Root>
        <Fieldset.Legend>Event</Fieldset.Legend>
        <Stack gap="4">
          {leading}
          <TextField form={form} name="event_title" label="Event Title" required />
          <TextareaField form={form} name="event_description" label="Description" rows={3} maxLength={EVENT_DESCRIPTION_MAX_LENGTH} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField form={form} name="type" label="Type" required placeholder="Select type" options={EVENT_TYPE_OPTIONS} />
            <SwitchField form={form} name="status" label="Active" />
          </SimpleGrid>
        </Stack>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>When</Fieldset.Legend>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {dateFixed ? (
              <Box>
                <chakra.p fontSize="sm" fontWeight="medium" mb="1.5">
                  Date
                </chakra.p>
                <chakra.p py="2">{date ? formatDate(date) : ''}</chakra.p>
              </Box>
            ) : (
              <DatePickerField form={form} name="date" label="Date" required />
            )}
            <SelectField
              form={form}
              name="timezone"
              label="Time Zone"
              options={[{ value: '', label: 'The program’s time zone' }, ...zones.map((zone) => ({ value: zone, label: zone.replace('_', ' ') }))]}
            />
            <TimePickerField form={form} name="time" label="Start Time" required />
            <TimePickerField form={form} name="end_time" label="End Time" required />
          </SimpleGrid>
          {mayRepeat ? (
            <RecurrenceFields
              value={rrule}
              onChange={(next) => form.setValue('rrule', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
              firstDay={date || undefined}
              error={form.formState.errors.rrule?.message}
            />
          ) : null}
        </Stack>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>Where</Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField form={form} name="venue_type" label="Venue Type" required options={VENUE_TYPE_OPTIONS} />
          {venue === 'online' ? (
            <TextField form={form} name="meeting_url" label="Meeting Link" type="url" required placeholder="https://" />
          ) : (
            <SelectField
              form={form}
              name="location_id"
              label="Location"
              required
              placeholder={locationPlaceholder}
              options={locations.choices}
              helperText={locations.failed ? 'The locations could not be loaded.' : undefined}
            />
          )}
        </SimpleGrid>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>Who it is for</Fieldset.Legend>
        <Stack gap="4">
          <CheckboxGroupField form={form} name="stages" legend="Stages" options={EVENT_STAGE_OPTIONS.map((stage) => ({ value: String(stage.value), label: stage.label }))} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField form={form} name="patient_type" label="Patient Type" options={EVENT_PATIENT_TYPE_OPTIONS} />
            <SelectField form={form} name="weight_loss_type" label="Weight Loss Type" options={WEIGHT_LOSS_TYPE_OPTIONS} />
            <TextField form={form} name="hosted_by" label="Hosted By" />
            <TextField form={form} name="email" label="Contact E-mail" type="email" autoComplete="email" />
          </SimpleGrid>
        </Stack>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>Notifications</Fieldset.Legend>
        <Stack gap="3">
          <CheckboxField form={form} name="push_notification" label="Send a push notification" />
          <CheckboxField form={form} name="five_minute_earlier_reminder" label="Remind patients 5 minutes before it starts" />
          {reminder === true ? (
            <TextareaField form={form} name="custom_reminder_message" label="Reminder Text" rows={2} maxLength={EVENT_REMINDER_MAX_LENGTH} />
          ) : null}
        </Stack>
      </Fieldset.Root>
    </>
  );
}

export type EventDetailsProps = {
  event: CalendarEvent;
  /** The day shown (a series' day opened from the calendar); the event's own date unless told. */
  day?: string | null;
  /** Rows before the event's own (the super admin's Program). */
  children?: ReactNode;
};

/**
 * An event's values as a description list: status, type, when (the day shown, its times and zone),
 * the repeat rule in words, where, who it is for, host, contact, notifications and description. The
 * staff calendar's event page and the super admins' show the same.
 */
export function EventDetails({ event, day, children }: EventDetailsProps) {
  const shownDay = day ?? event.recurrence_date ?? event.date;
  const parsed = event.rrule ? parseRecurrence(event.rrule) : null;
  const rule = parsed?.ok ? parsed.value : null;
  const stageNames = EVENT_STAGE_OPTIONS.filter((stage) => (event.stages as number[]).includes(stage.value)).map((stage) => stage.label);
  const when = `${formatDate(shownDay)}, ${toDisplayTime(event.time)} to ${toDisplayTime(event.end_time)} (${event.timezone.replace('_', ' ')})`;
  let repeats = 'Does not repeat';
  if (event.rrule !== null) repeats = describeRecurrence(rule, `${event.date}T${event.time}`);
  else if (event.series_id !== null) repeats = `A changed day of a series (${formatDate(event.recurrence_date ?? event.date)})`;
  return (
    <chakra.dl maxW="3xl">
      {children}
      <DetailRow term="Status">
        <Badge colorPalette={event.status === 1 ? 'green' : 'gray'}>{event.status === 1 ? 'Active' : 'Inactive'}</Badge>
      </DetailRow>
      <DetailRow term="Type">{event.type}</DetailRow>
      <DetailRow term="When">{when}</DetailRow>
      <DetailRow term="Repeats">{repeats}</DetailRow>
      <DetailRow term="Where">
        {event.venue_type === 'online' ? (
          <>
            {VENUE_TYPE_LABELS.online}
            {event.meeting_url ? (
              <>
                {': '}
                <Link href={event.meeting_url} target="_blank" rel="noreferrer">
                  {event.meeting_url}
                </Link>
              </>
            ) : null}
          </>
        ) : (
          [event.location_name, event.location].filter(Boolean).join(', ') || VENUE_TYPE_LABELS.in_person
        )}
      </DetailRow>
      <DetailRow term="For">
        {[stageNames.join(', '), EVENT_PATIENT_TYPE_LABELS[event.patient_type], `weight loss: ${WEIGHT_LOSS_TYPE_LABELS[event.weight_loss_type]}`].join('; ')}
      </DetailRow>
      <DetailRow term="Hosted by">{event.hosted_by || 'Not given'}</DetailRow>
      <DetailRow term="Contact e-mail">{event.email ? <Link href={`mailto:${event.email}`}>{event.email}</Link> : 'Not given'}</DetailRow>
      <DetailRow term="Push notification">{event.push_notification === 1 ? 'Yes' : 'No'}</DetailRow>
      <DetailRow term="5-minute reminder">{event.five_minute_earlier_reminder === 1 ? event.custom_reminder_message : 'Off'}</DetailRow>
      {event.event_description ? (
        <DetailRow term="Description">
          <Box whiteSpace="pre-wrap">{event.event_description}</Box>
        </DetailRow>
      ) : null}
    </chakra.dl>
  );
}

export type EventRecordProps<E> = {
  /** The event the address names (null: it names none; undefined: a new event, nothing to load). */
  id: number | null | undefined;
  query: RecordQuery<{ data: E }>;
  /** The way back from an address that names no event. */
  back: { to: string; label: string };
  render: (event: E | undefined) => ReactNode;
};

/** An event page (staff or super admin) until its event is there: a wrong address, the failed load, or a spinner. */
export function EventRecord<E>({ id, query, back, render }: EventRecordProps<E>) {
  return (
    <LoadedRecord
      id={id}
      query={query}
      badAddress={<BadAddress message="This address does not name an event." back={back} />}
      errorTitle="The event could not be loaded."
      loadingLabel="Loading the event"
      render={(loaded) => render(loaded?.data)}
    />
  );
}
