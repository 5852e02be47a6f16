import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { CalendarEvent, EventEditScope } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Box, Button, HStack, Heading, Link, List, PageFrame, Spinner, Stack, Text } from '@baridesk/ui';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { EventDetails, EventRecord, toDisplayTime } from '@baridesk/ui/dates';
import { LoadError } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { EventAttendancePanel } from '../../event-attendance/index';
import { useCalendarEvent, useDeleteEvent, useEventMonths, useToggleEventStatus, type CalendarMonth } from '../api/event-calendar';
import { CALENDAR_BACK, dayOf, eventIdOf } from './event-form-screen';
import { eventFormPath, eventViewPath, isoDay } from './event-paths';
import { SeriesScopeDialog } from './series-scope';

/** How many of a series' coming days the view lists. */
const COMING_DAYS = 8;

/**
 * /event-calender/view/:id?date=: the event (when, where, who it is for, reminder, its repeat rule in
 * words and the series' coming days), Edit, Delete after asking (a series' day: that day or the whole
 * series) and the Active switch.
 */
export default function EventViewScreen() {
  const id = eventIdOf(useParams().id);
  const [params] = useSearchParams();
  const day = dayOf(params.get('date'));
  const query = useCalendarEvent(id);
  const event = query.data?.data;
  const crumbs = [{ label: 'Event Calendar', to: '/event-calender' }, { label: event?.event_title ?? 'Event' }];

  if (event) return <EventView event={event} day={day} crumbs={crumbs} />;
  // Until the event is there: a wrong address, the failed load or a spinner, under the page's heading.
  return (
    <PageFrame title="Event" breadcrumbs={crumbs}>
      <EventRecord id={id} query={query} back={CALENDAR_BACK} render={() => null} />
    </PageFrame>
  );
}

function EventView({ event, day, crumbs }: { event: CalendarEvent; day: string | null; crumbs: { label: string; to?: string }[] }) {
  const navigate = useNavigate();
  const toggle = useToggleEventStatus();
  const remove = useDeleteEvent();
  const { confirm, dialog } = useConfirm();
  const [askingScope, setAskingScope] = useState(false);
  const isSeries = event.rrule !== null;
  // The day shown: the one opened from the calendar, a changed day's own, or the event's date.
  const shownDay = day ?? event.recurrence_date ?? event.date;

  const removeEvent = async (scope: EventEditScope) => {
    setAskingScope(false);
    await remove.mutateAsync({ id: event.id, scope, occurrence_date: scope === 'occurrence' ? shownDay : null });
    navigate('/event-calender');
  };
  const askDelete = async () => {
    if (isSeries && day) {
      setAskingScope(true);
      return;
    }
    const yes = await confirm({
      title: 'Delete event',
      message: isSeries
        ? `Delete "${event.event_title}" and every day of its series? RSVPs and attendance of its days go with it.`
        : `Delete "${event.event_title}"? Its RSVPs and attendance go with it.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (yes) await removeEvent('series');
  };

  return (
    <PageFrame
      title={event.event_title}
      breadcrumbs={crumbs}
      actions={
        <HStack gap="3" wrap="wrap">
          <ToggleSwitch
            label="Active"
            checked={event.status === 1}
            disabled={toggle.isPending}
            onChange={(on) => toggle.mutate({ id: event.id, status: on ? 1 : 0 })}
          />
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={eventFormPath(event.id, isSeries ? day : null)}>Edit</RouterLink>
          </Button>
          <Button variant="outline" colorPalette="red" loading={remove.isPending} onClick={() => void askDelete()}>
            Delete
          </Button>
        </HStack>
      }
    >
      <Stack gap="6">
        <EventDetails event={event} day={shownDay} />
        {/* RSVPs and attendance are kept per occurrence: the series' id and the series' day for a changed day too. */}
        <EventAttendancePanel eventId={event.series_id ?? event.id} date={event.series_id !== null ? (event.recurrence_date ?? shownDay) : shownDay} />
        {isSeries || event.series_id !== null ? <ComingDays seriesId={event.series_id ?? event.id} from={shownDay} /> : null}
      </Stack>
      {askingScope && day ? (
        <SeriesScopeDialog action="delete" title={event.event_title} day={day} onChoose={(scope) => void removeEvent(scope)} onCancel={() => setAskingScope(false)} />
      ) : null}
      {dialog}
    </PageFrame>
  );
}

/** The next days of a series from `from` (this month and the next two), each opening its own view. */
function ComingDays({ seriesId, from }: { seriesId: number; from: string }) {
  const start = new Date(`${from}T00:00`);
  const months: CalendarMonth[] = [0, 1, 2].map((offset) => {
    const month = new Date(start.getFullYear(), start.getMonth() + offset, 1);
    return { year: month.getFullYear(), month: month.getMonth() + 1 };
  });
  const list = useEventMonths(months);
  const today = isoDay(new Date());
  const days = list.occurrences
    .filter((occurrence) => occurrence.event_id === seriesId && occurrence.date >= (from > today ? from : today))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, COMING_DAYS);

  return (
    <Box as="section" aria-labelledby="coming-days">
      <Heading as="h2" size="md" mb="3" id="coming-days">
        Coming days of the series
      </Heading>
      {list.error ? (
        <LoadError title="The series' days could not be loaded." message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.isLoading ? (
        <Spinner aria-label="Loading the series' days" />
      ) : days.length === 0 ? (
        <Text color="fg.muted">No coming days in the next three months.</Text>
      ) : (
        <List.Root gap="1" ps="5">
          {days.map((occurrence) => (
            <List.Item key={occurrence.date}>
              <Link asChild>
                <RouterLink to={eventViewPath(occurrence.id, occurrence.date)}>
                  {formatDate(occurrence.date)}, {toDisplayTime(occurrence.time)}
                  {occurrence.id !== seriesId ? ' (changed)' : ''}
                </RouterLink>
              </Link>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
