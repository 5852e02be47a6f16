import { useMemo, useState } from 'react';
import type { EventInput } from '@fullcalendar/core';
import type { StaffCalendarEntry } from '@baridesk/contracts';
import { addCalendarDays, formatAmount, parseDateTime } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { Box, Fieldset, Flex, HStack, PageFrame, Spinner, Text } from '@baridesk/ui';
import { Checkbox } from '@baridesk/ui/controls';
import { LoadError } from '@baridesk/ui/lists';
import { CalendarView, eventViewPath, isoDay, type ShownRange } from '../../event-calendar/index';
import { useStaffCalendar } from '../api/get-staff-calendar';

type Kind = StaffCalendarEntry['kind'];

/**
 * The three kinds with their colours on the calendar. Colour is not the only sign: the API's titles of
 * surgeries and consults start with their kind ("Surgery: Jane Doe (Sleeve)"); events carry their own name.
 */
const KINDS: readonly { kind: Kind; label: string; color: string }[] = [
  { kind: 'surgery', label: 'Surgeries', color: 'var(--chakra-colors-purple-700)' },
  { kind: 'consult', label: 'Consults', color: 'var(--chakra-colors-orange-700)' },
  { kind: 'event', label: 'Events', color: 'var(--chakra-colors-brand-700)' },
];
const KIND_OF = Object.fromEntries(KINDS.map((entry) => [entry.kind, entry])) as Record<Kind, (typeof KINDS)[number]>;

/** Where an item leads: a surgery or consult to its patient's page, an event to that day's page. */
function itemPath(item: StaffCalendarEntry): string | undefined {
  if (item.kind === 'event') return item.event_id ? eventViewPath(item.event_id, item.date) : undefined;
  return item.patient_id ? `/patient-detail/${item.patient_id}` : undefined;
}

const calendarItem = (item: StaffCalendarEntry, index: number): EventInput => {
  const url = itemPath(item);
  return {
    id: `${item.kind}-${item.patient_id ?? item.event_id ?? ''}-${item.date}-${index}`,
    title: item.title,
    // Without a time the item fills its day (a surgery date has no hour).
    start: item.time ? `${item.date}T${item.time}` : item.date,
    allDay: !item.time,
    color: KIND_OF[item.kind].color,
    ...(url ? { url } : {}),
  };
};

/** The first day of the month a day falls in, "yyyy-MM-01". */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * /calendar: the program's surgeries, consults and events on one calendar (the event calendar's view: month,
 * week, list). Each item opens where it belongs: a surgery or consult its patient's page, an event that
 * day's page. The legend names the colours and can hide a kind.
 */
export default function StaffCalendarScreen() {
  const mayOpenPatients = useAppStore(selectMayOpenArea('patients'));
  const [initialDate] = useState(() => monthStart(isoDay(new Date())));
  // The month that opens, until the calendar reports what it shows.
  const [shown, setShown] = useState(() => ({ from: initialDate, to: parseDateTime(initialDate)?.endOf('month').toISODate() ?? initialDate, title: '' }));
  const [hidden, setHidden] = useState<ReadonlySet<Kind>>(() => new Set());
  const calendar = useStaffCalendar({ from: shown.from, to: shown.to });

  const items = useMemo(() => calendar.data?.data ?? [], [calendar.data]);
  const counts = useMemo(() => {
    const byKind: Record<Kind, number> = { surgery: 0, consult: 0, event: 0 };
    for (const item of items) byKind[item.kind] += 1;
    return byKind;
  }, [items]);
  // Staff without patients get events only (the API sends them no surgery or consult): their legend has that one kind.
  const kinds = mayOpenPatients ? KINDS : KINDS.filter((entry) => entry.kind === 'event');
  const events = useMemo(
    () =>
      items.flatMap((item, index) =>
        hidden.has(item.kind) || (!mayOpenPatients && item.kind !== 'event') ? [] : [calendarItem(item, index)],
      ),
    [items, hidden, mayOpenPatients],
  );

  const datesSet = ({ start, end, title }: ShownRange) => {
    // The view's end is the day after its last: the API takes both ends included.
    const to = addCalendarDays(end, -1) ?? end;
    setShown((previous) => (previous.from === start && previous.to === to && previous.title === title ? previous : { from: start, to, title }));
  };
  const toggle = (kind: Kind, show: boolean) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (show) next.delete(kind);
      else next.add(kind);
      return next;
    });
  const period = shown.title || 'this month';
  const total = items.length;

  return (
    <PageFrame title="Calendar">
      <Fieldset.Root mb="3">
        <Fieldset.Legend fontWeight="semibold">Show on the calendar</Fieldset.Legend>
        <Flex as="ul" listStyleType="none" gap="4" wrap="wrap" mt="1">
          {kinds.map((entry) => (
            <Box as="li" key={entry.kind}>
              <Checkbox.Root checked={!hidden.has(entry.kind)} onCheckedChange={(details) => toggle(entry.kind, details.checked === true)} colorPalette="brand">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <HStack gap="2">
                    <Box as="span" aria-hidden display="inline-block" boxSize="3" borderRadius="full" style={{ background: entry.color }} />
                    <span>
                      {entry.label} ({formatAmount(calendar.data ? counts[entry.kind] : 0)})
                    </span>
                  </HStack>
                </Checkbox.Label>
              </Checkbox.Root>
            </Box>
          ))}
        </Flex>
      </Fieldset.Root>
      {calendar.isError ? (
        <LoadError title="The calendar could not be loaded." message={calendar.error.message} onRetry={() => void calendar.refetch()} mb="4" />
      ) : null}
      <Box minH="6" mb="2" role="status" aria-live="polite">
        {calendar.isFetching && !calendar.isError ? (
          <HStack gap="2">
            <Spinner size="sm" aria-hidden />
            <Text color="fg.muted">Loading the calendar…</Text>
          </HStack>
        ) : !calendar.isError ? (
          <Text color="fg.muted">
            {total === 0 ? `Nothing on the calendar in ${period}.` : `${formatAmount(total)} ${total === 1 ? 'item' : 'items'} in ${period}.`}
          </Text>
        ) : null}
      </Box>
      <CalendarView events={events} initialDate={initialDate} onDatesSet={datesSet} listEmptyText="Nothing on the calendar this month." />
    </PageFrame>
  );
}
