import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_PATIENT_TYPE_OPTIONS,
  EVENT_REMINDER_MAX_LENGTH,
  EVENT_STAGE_OPTIONS,
  EVENT_TYPE_OPTIONS,
  TIME_ZONE_CHOICES,
  VENUE_TYPE_OPTIONS,
  WEIGHT_LOSS_TYPE_OPTIONS,
  eventStoreBody,
  type CalendarEvent,
  type EventEditScope,
} from '@baridesk/contracts';
import { defaultEventReminder } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import {
  Button,
  Fieldset,
  HStack,
  Link,
  PageFrame,
  SelectField,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  TextField,
  TextareaField,
  chakra,
  useFormSubmit,
  useValibotForm,
  type ValibotFormReturn,
} from '@baridesk/ui';
import { CheckboxField, CheckboxGroupField, SwitchField } from '@baridesk/ui/controls';
import { DatePickerField, RecurrenceFields, TimePickerField } from '@baridesk/ui/dates';
import { LoadError } from '@baridesk/ui/lists';
import { useCalendarEvent, useEventLocationOptions, useSaveEvent } from '../api/event-calendar';
import { SeriesScopeDialog } from './series-scope-dialog';

/** The form's values as typed (the store body's input: booleans for the flags, texts for the ids). */
type FormValues = NonNullable<ValibotFormReturn<typeof eventStoreBody>['formState']['defaultValues']>;

/** An id from the address; null for anything but a positive whole number. */
export const eventIdOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
/** A day from the address (?date=), or null. */
export const dayOf = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null);

const BLANK: FormValues = {
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

/** The form's values of an event; for one day of a series, that day and no repeat rule. */
function valuesOf(event: CalendarEvent | undefined, day: string | null, scope: EventEditScope): FormValues {
  if (!event) return { ...BLANK, date: day ?? '' };
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

/**
 * /event-calender/form (a new event, ?date= its day) and /event-calender/form/:id (?date= the day of a
 * series opened from the calendar). Opening a series' day asks first whether the change is for that day
 * only or for the whole series.
 */
export default function EventFormScreen() {
  const id = eventIdOf(useParams().id);
  const [params] = useSearchParams();
  const day = dayOf(params.get('date'));
  const editing = useParams().id !== undefined;
  const event = useCalendarEvent(editing ? id : null);
  const [scope, setScope] = useState<EventEditScope | null>(null);
  const navigate = useNavigate();
  const title = editing ? 'Edit Event' : 'New Event';
  const crumbs = [{ label: 'Event Calendar', to: '/event-calender' }, { label: title }];

  let body;
  if (editing && id === null) {
    body = (
      <Text role="alert">
        This address does not name an event.{' '}
        <Link asChild>
          <RouterLink to="/event-calender">Back to the calendar</RouterLink>
        </Link>
      </Text>
    );
  } else if (!editing) {
    body = <EventForm day={day} scope="series" />;
  } else if (event.isError) {
    body = <LoadError title="The event could not be loaded." message={event.error.message} onRetry={() => void event.refetch()} />;
  } else if (!event.data) {
    body = <Spinner aria-label="Loading the event" />;
  } else {
    const loaded = event.data.data;
    // A day of a series asks which to change; a single event, a changed day or the series itself (no day) does not.
    const asks = loaded.rrule !== null && day !== null;
    const chosen: EventEditScope | null = asks ? scope : 'series';
    body =
      chosen === null ? (
        <SeriesScopeDialog
          action="edit"
          title={loaded.event_title}
          day={day!}
          onChoose={setScope}
          onCancel={() => navigate(-1)}
        />
      ) : (
        <EventForm key={`${loaded.id}-${chosen}`} event={loaded} day={day} scope={chosen} />
      );
  }

  return (
    <PageFrame title={title} breadcrumbs={crumbs}>
      {body}
    </PageFrame>
  );
}

type EventFormProps = { event?: CalendarEvent; day: string | null; scope: EventEditScope };

function EventForm({ event, day, scope }: EventFormProps) {
  const navigate = useNavigate();
  const save = useSaveEvent();
  const setSavedSearch = useAppStore((state) => state.setSavedSearch);
  const form = useValibotForm(eventStoreBody, { defaultValues: valuesOf(event, day, scope) });
  const venue = form.watch('venue_type');
  const reminder = form.watch('five_minute_earlier_reminder');
  const rrule = form.watch('rrule') ?? null;
  const date = form.watch('date') ?? '';
  const locations = useEventLocationOptions(venue === 'in_person');
  // A changed day of a series, or one day being changed, cannot repeat on its own.
  const mayRepeat = scope === 'series' && (event === undefined || event.series_id === null);

  const submit = useFormSubmit(
    form,
    (values) =>
      event
        ? save.mutateAsync({ ...values, id: event.id, scope, occurrence_date: scope === 'occurrence' ? day : null })
        : save.mutateAsync(values),
    {
      notifySuccess,
      notifyError,
      onSaved: (saved) => {
        // Back to the calendar on the month of the saved event, where its days now show.
        setSavedSearch('eventCalendarMonth', saved.data.date.slice(0, 7));
        navigate('/event-calender');
      },
    },
  );

  const zones: string[] = [...TIME_ZONE_CHOICES];
  if (event && !zones.includes(event.timezone)) zones.unshift(event.timezone);
  const locationOptions = (locations.data?.data ?? []).map((location) => ({
    value: String(location.id),
    label: `${location.name}${location.address ? `, ${location.address}` : ''}${location.shared ? ' (shared)' : ''}`,
  }));
  if (event?.location_id && !locationOptions.some((option) => option.value === String(event.location_id))) {
    locationOptions.unshift({ value: String(event.location_id), label: event.location_name ?? `Location ${event.location_id}` });
  }

  // Turning the reminder on fills in the spec's default text, which the user may then change.
  useEffect(() => {
    if (reminder === true && !(form.getValues('custom_reminder_message') ?? '').trim()) {
      form.setValue('custom_reminder_message', defaultEventReminder(form.getValues('event_title') ?? ''));
    }
  }, [form, reminder]);

  return (
    <chakra.form onSubmit={submit} noValidate maxW="4xl" aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="6">
        {scope === 'occurrence' && day ? (
          <Text role="note" bg="bg.muted" p="3" borderRadius="md">
            You are changing the event of {day} only. The other days of the series stay as they are.
          </Text>
        ) : null}
        <Fieldset.Root>
          <Fieldset.Legend>Event</Fieldset.Legend>
          <Stack gap="4">
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
              <DatePickerField form={form} name="date" label="Date" required />
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
                placeholder={locations.isPending ? 'Loading locations…' : locationOptions.length ? 'Select location' : 'No locations yet'}
                options={locationOptions}
                helperText={locations.isError ? 'The locations could not be loaded.' : undefined}
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
              <TextareaField
                form={form}
                name="custom_reminder_message"
                label="Reminder Text"
                rows={2}
                maxLength={EVENT_REMINDER_MAX_LENGTH}
              />
            ) : null}
          </Stack>
        </Fieldset.Root>

        {form.formState.errors.root?.server ? (
          <Text role="alert" color="fg.error">
            {form.formState.errors.root.server.message}
          </Text>
        ) : null}
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {event ? 'Save Changes' : 'Create Event'}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to="/event-calender">Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
