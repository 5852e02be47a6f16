import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { eventStoreBody, type CalendarEvent, type EventEditScope } from '@baridesk/contracts';
import { useAppStore } from '@baridesk/store';
import { Button, HStack, PageFrame, Stack, Text, chakra, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { EventFields, EventRecord, eventFormValues, eventLocationChoices } from '@baridesk/ui/dates';
import { useCalendarEvent, useEventLocationOptions, useSaveEvent } from '../api/event-calendar';
import { formatDate } from '@baridesk/domain';
import { SeriesScopeQuestion } from './series-scope';

/** The way back from an address that names no event. */
export const CALENDAR_BACK = { to: '/event-calender', label: 'Back to the calendar' };

export const eventIdOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
/** A day from the address (?date=), or null. */
export const dayOf = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null);

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

  const body = (
    <EventRecord
      id={editing ? id : undefined}
      query={event}
      back={CALENDAR_BACK}
      render={(loaded) => {
        if (!loaded) return <EventForm day={day} scope="series" />;
        // A day of a series asks which to change; a single event, a changed day or the series itself (no day) does not.
        const asks = loaded.rrule !== null && day !== null;
        const chosen: EventEditScope | null = asks ? scope : 'series';
        return chosen === null ? (
          <SeriesScopeQuestion action="edit" title={loaded.event_title} day={day!} onChoose={setScope} onCancel={() => navigate(-1)} />
        ) : (
          <EventForm key={`${loaded.id}-${chosen}`} event={loaded} day={day} scope={chosen} />
        );
      }}
    />
  );

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
  const form = useValibotForm(eventStoreBody, { defaultValues: eventFormValues(event, day, scope) });
  const locations = useEventLocationOptions(form.watch('venue_type') === 'in_person');

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

  return (
    <chakra.form onSubmit={submit} noValidate maxW="4xl" aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="6">
        {scope === 'occurrence' && day ? (
          <Text role="note" bg="bg.muted" p="3" borderRadius="md">
            You are changing the event of {formatDate(day)} only; the other days of the series stay as they are. It stays on that
            day (its RSVPs and reminders are that day’s): to hold it on another day, delete this day and add a single event.
          </Text>
        ) : null}
        <EventFields
          form={form as never}
          locations={{ choices: eventLocationChoices(locations.data?.data ?? [], event), loading: locations.isPending, failed: locations.isError }}
          // A changed day of a series, or one day being changed, cannot repeat on its own.
          mayRepeat={scope === 'series' && (event === undefined || event.series_id === null)}
          dateFixed={scope === 'occurrence' || (event !== undefined && event.series_id !== null)}
          currentTimezone={event?.timezone}
        />
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
