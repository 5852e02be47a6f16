import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, Heading, Link, Stack, Text } from '@baridesk/ui';
import type { DashboardEvent } from '@baridesk/contracts';
import { formatDate, formatTime } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';

/** "hh:mma" of an event's local time ("14:30:00" → "02:30PM"); '' when it has none. */
const eventTime = (event: DashboardEvent) => (event.time ? formatTime(`${event.date}T${event.time}`) : '');

/**
 * The program's next events (support groups, seminars…), soonest first: each day of a series on its own,
 * opening that day's page of the calendar for staff who have it.
 */
export function UpcomingEvents({ events }: { events: readonly DashboardEvent[] }) {
  const mayOpenCalendar = useAppStore(selectMayOpenArea('calendar'));
  return (
    <Card.Root as="section" aria-labelledby="dashboard-upcoming-events">
      <Card.Header>
        <Heading as="h2" size="md" id="dashboard-upcoming-events">
          Upcoming events
        </Heading>
      </Card.Header>
      <Card.Body>
        {events.length === 0 ? (
          <Text color="fg.muted">No upcoming events</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {events.map((event) => {
              const time = eventTime(event);
              return (
                <Box as="li" key={`${event.id}-${event.date}`} borderBottomWidth="1px" pb="3" _last={{ borderBottomWidth: 0, pb: 0 }}>
                  {mayOpenCalendar ? (
                    <Link asChild fontWeight="medium" color="fg.link">
                      <RouterLink to={`/event-calender/view/${event.id}?date=${event.date}`}>{event.event_title}</RouterLink>
                    </Link>
                  ) : (
                    <Text fontWeight="medium">{event.event_title}</Text>
                  )}
                  <Text textStyle="sm" color="fg.muted">
                    {[formatDate(event.date), time].filter(Boolean).join(' at ')}
                  </Text>
                  {event.location ? (
                    <Text textStyle="sm" color="fg.muted">
                      {event.location}
                    </Text>
                  ) : null}
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
