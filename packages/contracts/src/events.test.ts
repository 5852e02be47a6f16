import * as v from 'valibot';
import { RECURRENCE_MESSAGES } from './message-recurrence';
import { END_TIME_GREATER } from './messages';
import { EVENT_MESSAGES, eventDeleteBody, eventMonthQuery, eventStoreBody, eventUpdateBody } from './events';

const valid = {
  event_title: 'Post-op support group',
  type: 'Support Group',
  date: '2026-12-01',
  time: '06:00 PM',
  end_time: '07:30 PM',
  venue_type: 'in_person',
  location_id: 3,
  stages: [2, 3],
};

/** The messages of a failed parse by field, or the output. */
function parse<S extends v.GenericSchema>(schema: S, input: unknown) {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { output: result.output as v.InferOutput<S>, errors: {} as Record<string, string[]> };
  return { output: undefined, errors: v.flatten(result.issues).nested as Record<string, string[]> };
}

describe('an event body', () => {
  it('stores the times on the 24-hour clock, the defaults filled in and the reminder text from the title', () => {
    const { output } = parse(eventStoreBody, { ...valid, five_minute_earlier_reminder: 1, custom_reminder_message: '  ', meeting_url: 'https://zoom.us/j/1' });
    expect(output).toMatchObject({
      time: '18:00',
      end_time: '19:30',
      patient_type: 'all',
      weight_loss_type: 'all',
      status: 1,
      push_notification: 0,
      rrule: null,
      timezone: null,
      location_id: 3,
      // In person: a link left over from the online choice is not kept.
      meeting_url: null,
      custom_reminder_message: 'We are starting Post-op support group in 5 minutes.',
    });
    expect(parse(eventStoreBody, { ...valid, five_minute_earlier_reminder: 1, custom_reminder_message: 'See you soon' }).output?.custom_reminder_message).toBe('See you soon');
  });

  it('words the time rules as the spec does', () => {
    expect(parse(eventStoreBody, { ...valid, time: '', end_time: undefined }).errors).toMatchObject({ time: ['Start Time is required'], end_time: ['End Time is required'] });
    expect(parse(eventStoreBody, { ...valid, time: '19:00', end_time: '06:00 PM' }).errors).toEqual({ end_time: [END_TIME_GREATER] });
    expect(parse(eventStoreBody, { ...valid, time: '18:00', end_time: '18:00' }).errors).toEqual({ end_time: ['End Time must be greater than Start Time'] });
  });

  it('asks for a location in person and a link online', () => {
    expect(parse(eventStoreBody, { ...valid, location_id: null }).errors).toEqual({ location_id: [EVENT_MESSAGES.locationRequired] });
    expect(parse(eventStoreBody, { ...valid, location_id: '' }).errors).toEqual({ location_id: ['Location is required.'] });
    expect(parse(eventStoreBody, { ...valid, venue_type: 'online' }).errors).toEqual({ meeting_url: ['Meeting Link is required.'] });
    const online = parse(eventStoreBody, { ...valid, venue_type: 'online', meeting_url: 'https://meet.example.org/group' }).output;
    expect(online).toMatchObject({ location_id: null, meeting_url: 'https://meet.example.org/group' });
    expect(parse(eventStoreBody, { ...valid, venue_type: 'online', meeting_url: 'not a link' }).errors.meeting_url).toHaveLength(1);
  });

  it('needs a title, a type, a date and at least one stage', () => {
    const { errors } = parse(eventStoreBody, { ...valid, event_title: ' ', type: 'Party', date: '2026-02-30', stages: [] });
    expect(errors).toMatchObject({ event_title: ['Event title is required.'], type: [EVENT_MESSAGES.type], date: ['Please enter valid date.'], stages: ['Stages is required.'] });
    expect(parse(eventStoreBody, { ...valid, stages: undefined }).errors).toEqual({ stages: ['Stages is required.'] });
    expect(parse(eventStoreBody, { ...valid, stages: [1, 1] }).errors).toEqual({ stages: [EVENT_MESSAGES.stage] });
    expect(parse(eventStoreBody, { ...valid, stages: ['3', 1] }).output?.stages).toEqual([1, 3]);
  });

  it('reads a time zone by name and a repeat rule with the scheduled messages’ own parser', () => {
    expect(parse(eventStoreBody, { ...valid, timezone: 'Mars/Olympus' }).errors).toEqual({ timezone: [EVENT_MESSAGES.timezone] });
    expect(parse(eventStoreBody, { ...valid, timezone: 'America/Chicago', rrule: 'rrule:freq=weekly;byday=tu' }).output).toMatchObject({ timezone: 'America/Chicago', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    expect(parse(eventStoreBody, { ...valid, rrule: 'FREQ=HOURLY' }).errors).toEqual({ rrule: [RECURRENCE_MESSAGES.frequency] });
    expect(parse(eventStoreBody, { ...valid, rrule: 'FREQ=WEEKLY;COUNT=3;UNTIL=20270101' }).errors).toEqual({ rrule: [RECURRENCE_MESSAGES.countAndUntil] });
  });
});

describe('changing or deleting one date of a series', () => {
  it('defaults to the whole series and needs the date for one', () => {
    expect(parse(eventUpdateBody, { ...valid, id: 4 }).output).toMatchObject({ id: 4, scope: 'series', occurrence_date: null });
    expect(parse(eventUpdateBody, { ...valid, id: 4, scope: 'occurrence' }).errors).toEqual({ occurrence_date: [EVENT_MESSAGES.occurrenceDateRequired] });
    expect(parse(eventUpdateBody, { ...valid, id: 4, scope: 'occurrence', occurrence_date: '2026-12-08' }).output).toMatchObject({ scope: 'occurrence', occurrence_date: '2026-12-08' });
    expect(parse(eventUpdateBody, { ...valid, id: 4, scope: 'week' }).errors).toEqual({ scope: [EVENT_MESSAGES.scope] });
    expect(parse(eventDeleteBody, { id: 4, scope: 'occurrence', occurrence_date: '08/12/2026' }).errors).toEqual({ occurrence_date: [EVENT_MESSAGES.occurrenceDate] });
    expect(parse(eventDeleteBody, { id: '4' }).output).toEqual({ id: 4, scope: 'series', occurrence_date: null });
  });
});

describe('the month list', () => {
  it('takes a month and a year', () => {
    expect(parse(eventMonthQuery, { month: '2', year: '2027' }).output).toEqual({ month: 2, year: 2027 });
    expect(parse(eventMonthQuery, { month: '13', year: '27' }).errors).toEqual({ month: [EVENT_MESSAGES.month], year: [EVENT_MESSAGES.year] });
  });
});
