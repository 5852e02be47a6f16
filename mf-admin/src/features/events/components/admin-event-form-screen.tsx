import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { adminEventLocationResource, adminEventStoreBody, eventStoreBody, type AdminEvent, type AdminEventLocation, type AdminEventStoreBody, type EventStoreBody } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Button, HStack, PageFrame, SelectField, Stack, Text, chakra, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { EventFields, EventRecord, eventFormValues, eventLocationChoices, type EventFieldsProps } from '@baridesk/ui/dates';
import { recordIdOf, useResourceList, type ResourcePage } from '@baridesk/ui/resources';
import { useAdminEvent, useSaveAdminEvent } from '../api/admin-events';
import { useAdminEventPrograms } from '../api/admin-event-programs';
import { ADMIN_EVENTS_BACK, ADMIN_EVENTS_PATH, adminEventShowPath } from '../admin-event-paths';

/**
 * A super admin picks among the shared locations (every program may use them); an event's own
 * program location stays offered when it has one.
 */
function useSharedLocationChoices(event?: AdminEvent) {
  const query = useResourceList<AdminEventLocation & { id: number }>(adminEventLocationResource, {
    page: 1,
    perPage: 'All',
    sort: 'name',
    direction: 'asc',
    status: 1,
  });
  const shared = ((query.data as ResourcePage<AdminEventLocation> | undefined)?.data.data ?? []).map((location) => ({
    id: location.id,
    name: location.name,
    address: location.address,
    timezone: location.timezone,
    shared: true,
  }));
  return { choices: eventLocationChoices(shared, event), loading: query.isPending, failed: query.isError };
}

/**
 * /admin/event/store and /admin/event/:id/edit: the event form of the staff calendar (EventFields),
 * with the program it belongs to chosen first for a new event; an event stays in its program.
 * Saving goes to the event's page.
 */
export default function AdminEventFormScreen() {
  const raw = useParams().id;
  const id = recordIdOf(raw);
  const editing = raw !== undefined;
  const query = useAdminEvent(editing && typeof id === 'number' ? id : null);
  const title = editing ? 'Edit Event' : 'Add Event';
  const crumbs = [{ label: 'Events', to: ADMIN_EVENTS_PATH }, { label: title }];

  const body = (
    <EventRecord
      id={editing ? (typeof id === 'number' ? id : null) : undefined}
      query={query}
      back={ADMIN_EVENTS_BACK}
      render={(loaded) => (loaded ? <AdminEventForm key={loaded.id} event={loaded} /> : <AdminEventForm />)}
    />
  );
  return (
    <PageFrame title={title} breadcrumbs={crumbs}>
      {body}
    </PageFrame>
  );
}

function AdminEventForm({ event }: { event?: AdminEvent }) {
  const navigate = useNavigate();
  const save = useSaveAdminEvent();
  const programs = useAdminEventPrograms();
  const locations = useSharedLocationChoices(event);
  // A new event names its program (adminEventStoreBody); an event keeps the one it has (the update body has none).
  const form = useValibotForm(event ? eventStoreBody : adminEventStoreBody, {
    defaultValues: { ...eventFormValues(event), ...(event ? {} : { program_id: '' }) },
  }) as unknown as EventFieldsProps['form'];

  const submit = useFormSubmit(
    form,
    (values) =>
      event
        ? save.mutateAsync({ update: { ...(values as EventStoreBody), id: event.id, scope: 'series', occurrence_date: null } })
        : save.mutateAsync({ store: values as AdminEventStoreBody }),
    { notifySuccess, notifyError, onSaved: (saved) => void navigate(adminEventShowPath(saved.data.id)) },
  );

  const program = event ? (
    <Text>
      <Text as="span" fontWeight="medium">
        Program:
      </Text>{' '}
      {event.program_title}
    </Text>
  ) : (
    <SelectField
      form={form}
      name="program_id"
      label="Program"
      required
      placeholder={programs.isPending ? 'Loading programs…' : 'Select program'}
      options={(programs.data ?? []).map((item) => ({ value: String(item.id), label: item.title }))}
      helperText={programs.isError ? 'The programs could not be loaded.' : undefined}
    />
  );

  return (
    <chakra.form onSubmit={submit} noValidate maxW="4xl" aria-label={event ? 'Edit event' : 'New event'}>
      <Stack gap="6">
        {event?.series_id ? (
          <Text role="note" bg="bg.muted" p="3" borderRadius="md">
            This is the changed day {formatDate(event.recurrence_date ?? event.date)} of a series. The other days of the series stay as
            they are, and this one stays on its day.
          </Text>
        ) : null}
        <EventFields
          form={form}
          locations={locations}
          mayRepeat={!event || event.series_id === null}
          dateFixed={event !== undefined && event.series_id !== null}
          currentTimezone={event?.timezone}
          leading={program}
        />
        {form.formState.errors.root?.server ? (
          <Text role="alert" color="fg.error">
            {form.formState.errors.root.server.message}
          </Text>
        ) : null}
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {event ? 'Save Changes' : 'Add Event'}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={event ? adminEventShowPath(event.id) : ADMIN_EVENTS_PATH}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
