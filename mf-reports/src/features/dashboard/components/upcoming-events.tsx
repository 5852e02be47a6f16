import { Box, Card, Heading, Stack, Text } from '@baridesk/ui';
import type { DashboardEvent } from '@baridesk/contracts';
import { formatDate, formatTime } from '@baridesk/domain';

/** "hh:mma" of an event's local time ("14:30:00" → "02:30PM"); '' when it has none. */
const eventTime = (event: DashboardEvent) => (event.time ? formatTime(`${event.date}T${event.time}`) : '');

/** The program's next events (support groups, seminars…), soonest first. */
export function UpcomingEvents({ events }: { events: readonly DashboardEvent[] }) {
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
                <Box as="li" key={event.id} borderBottomWidth="1px" pb="3" _last={{ borderBottomWidth: 0, pb: 0 }}>
                  <Text fontWeight="medium">{event.event_title}</Text>
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
