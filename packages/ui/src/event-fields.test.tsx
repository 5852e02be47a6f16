import { screen, waitFor, within } from '@testing-library/react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { eventStoreBody, type CalendarEvent } from '@baridesk/contracts';
import { EventDetails, EventFields, eventFormValues, eventLocationChoices } from './event-fields';
import { useValibotForm } from './form';
import { renderUi } from './test/render-ui';

const series: CalendarEvent = {
  id: 7,
  program_id: 101,
  event_title: 'Post-Op Support Group',
  event_description: null,
  type: 'Support Group',
  date: '2026-03-03',
  time: '18:00',
  end_time: '19:00',
  timezone: 'America/Chicago',
  venue_type: 'in_person',
  location_id: 12,
  location_name: 'Old Hall',
  location: '1 Main Street',
  meeting_url: null,
  stages: [2, 3],
  patient_type: 'existing',
  weight_loss_type: 'surgical',
  hosted_by: null,
  email: null,
  push_notification: 1,
  five_minute_earlier_reminder: 0,
  custom_reminder_message: null,
  status: 1,
  rrule: 'FREQ=WEEKLY;BYDAY=TU',
  recurrence_end: null,
  exdates: [],
  series_id: null,
  recurrence_date: null,
  created_at: '2026-02-01T10:00:00.000Z',
  updated_at: '2026-02-01T10:00:00.000Z',
};

const hall = { id: 3, name: 'Community Hall', address: '12 Lake Street', timezone: 'America/Chicago', shared: true };

function Form({ mayRepeat = true, event }: { mayRepeat?: boolean; event?: CalendarEvent }) {
  const form = useValibotForm(eventStoreBody, { defaultValues: eventFormValues(event) }) as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  return (
    <form aria-label="Event">
      <EventFields form={form} locations={{ choices: eventLocationChoices([hall], event), loading: false, failed: false }} mayRepeat={mayRepeat} />
    </form>
  );
}

test('the five-minute reminder starts with the spec’s text for the event’s title, which may then be changed', async () => {
  const { user } = await renderUi(<Form />);
  await user.type(screen.getByRole('textbox', { name: /Event Title/ }), 'Family Night');
  expect(screen.queryByRole('textbox', { name: 'Reminder Text' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Remind patients 5 minutes before it starts' }));
  const reminder = await screen.findByRole('textbox', { name: 'Reminder Text' });
  await waitFor(() => expect(reminder).toHaveValue('We are starting Family Night in 5 minutes.'));
  await user.clear(reminder);
  await user.type(reminder, 'Starting soon!');
  expect(reminder).toHaveValue('Starting soon!');
});

test('in person asks for a location, online for the meeting link', async () => {
  const { user } = await renderUi(<Form />);
  expect(screen.getByRole('combobox', { name: 'Repeat' })).toHaveDisplayValue('Does not repeat');
  expect(within(screen.getByRole('combobox', { name: /Location/ })).getByRole('option', { name: 'Community Hall, 12 Lake Street (shared)' })).toBeInTheDocument();
  await user.selectOptions(screen.getByRole('combobox', { name: /Venue Type/ }), 'Online');
  expect(screen.queryByRole('combobox', { name: /Location/ })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Meeting Link/ })).toBeInTheDocument();
});

test('an event keeps its location when it is no longer offered, and a day of a series cannot repeat', async () => {
  await renderUi(<Form event={series} mayRepeat={false} />);
  expect(screen.getByRole('combobox', { name: /Location/ })).toHaveDisplayValue('Old Hall');
  expect(screen.queryByRole('combobox', { name: 'Repeat' })).not.toBeInTheDocument();
  expect(eventFormValues(series, '2026-03-10', 'occurrence')).toMatchObject({ date: '2026-03-10', rrule: null, stages: ['2', '3'], location_id: '12' });
  expect(eventFormValues(series)).toMatchObject({ date: '2026-03-03', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
});

test('the details say when, how it repeats, where and for whom, with rows of the caller first', async () => {
  await renderUi(
    <EventDetails event={series} day="2026-03-10">
      <div>
        <dt>Program</dt>
        <dd>Northside Bariatrics</dd>
      </div>
    </EventDetails>,
  );
  const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(screen.getAllByRole('term')[0]).toHaveTextContent('Program');
  expect(value('When')).toHaveTextContent('Mar 10, 2026, 06:00 PM to 07:00 PM (America/Chicago)');
  expect(value('Repeats')).toHaveTextContent('Every week on Tuesday');
  expect(value('Where')).toHaveTextContent('Old Hall, 1 Main Street');
  expect(value('For')).toHaveTextContent('Existing patients; weight loss: Surgical');
});
