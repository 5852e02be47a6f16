import { and, asc, eq, or } from 'drizzle-orm';
import { EVENT_MESSAGES as MESSAGES, RECURRENCE_MESSAGES, type CalendarEvent, type EventOccurrence } from '@baridesk/contracts';
import { events, locations, permissions, superAdminPermissions } from '../../../db/schema';
import { STAFF_CALLERS, routeSuite, type StaffCaller } from '../../../test/app';

const { NORTH, LAKE } = STAFF_CALLERS;
const ADMIN2 = 'admin2@baridesk.test';
const NORTHSIDE = 101;

// One suite for the staff's scheduler routes and the super admin's: one app start for both.
const t = routeSuite('/scheduler/api/event-calendar');
const { get, sendAs, auditOf } = t;

const online = {
  event_title: 'Post-op support group',
  event_description: 'Bring a friend.',
  type: 'Support Group',
  date: '2031-03-04',
  time: '06:00 PM',
  end_time: '07:00 PM',
  venue_type: 'online',
  meeting_url: 'https://meet.example.org/northside',
  stages: [2, 3],
  five_minute_earlier_reminder: 1,
};

async function store(body: object, who: StaffCaller = NORTH): Promise<CalendarEvent> {
  const res = await sendAs('/store', who, body);
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function month(month: number, year: number, who: StaffCaller = NORTH): Promise<EventOccurrence[]> {
  const res = await get(`?month=${month}&year=${year}`, who);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ month, year });
  return res.json().data.data;
}
const daysOf = (list: EventOccurrence[], eventId: number) => list.filter((o) => o.event_id === eventId).map((o) => o.date);

describe('the event calendar (scheduler service)', () => {
  it('shows a weekly series on every week of the month, in the program zone, and stores the reminder text', async () => {
    const series = await store({ ...online, rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310527' });
    expect(series).toMatchObject({
      program_id: NORTHSIDE,
      time: '18:00',
      end_time: '19:00',
      timezone: 'America/Chicago',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310527',
      recurrence_end: '2031-05-27',
      exdates: [],
      custom_reminder_message: 'We are starting Post-op support group in 5 minutes.',
      location_id: null,
      status: 1,
    });
    expect(await auditOf('event.create', series.id)).toHaveLength(1);

    // March 2031 has four Tuesdays from the 4th; the March daylight-saving change moves none of them.
    const march = await month(3, 2031);
    expect(daysOf(march, series.id)).toEqual(['2031-03-04', '2031-03-11', '2031-03-18', '2031-03-25']);
    expect(march.find((o) => o.event_id === series.id)).toMatchObject({ id: series.id, series_id: series.id, time: '18:00', is_recurring: true, status: 1 });
    expect(daysOf(await month(6, 2031), series.id)).toEqual([]);
    // Another program's calendar does not show it, nor its id.
    expect(daysOf(await month(3, 2031, LAKE), series.id)).toEqual([]);
    expect((await get(`/${series.id}`, LAKE)).statusCode).toBe(404);
    expect((await sendAs('/delete', LAKE, { id: series.id })).statusCode).toBe(404);
    expect((await sendAs('/toggle-status', LAKE, { id: series.id, status: 0 })).statusCode).toBe(404);
  });

  it('changes one date of a series, then deletes another, leaving the rest of the series as it was', async () => {
    const series = await store({ ...online, event_title: 'Monthly seminar', rrule: 'FREQ=MONTHLY;BYMONTHDAY=4' });
    const changed = await sendAs('/update', NORTH, { ...online, id: series.id, event_title: 'Monthly seminar (moved to 7 PM)', time: '19:00', end_time: '20:00', scope: 'occurrence', occurrence_date: '2031-04-04' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(MESSAGES.occurrenceUpdated);
    const override = changed.json().data as CalendarEvent;
    expect(override).toMatchObject({ series_id: series.id, recurrence_date: '2031-04-04', date: '2031-04-04', time: '19:00', rrule: null });
    expect((await get(`/${series.id}`, NORTH)).json().data.exdates).toEqual(['2031-04-04']);

    const april = (await month(4, 2031)).filter((o) => o.event_id === series.id);
    expect(april).toEqual([expect.objectContaining({ date: '2031-04-04', id: override.id, event_title: 'Monthly seminar (moved to 7 PM)', time: '19:00' })]);
    expect(await t.app.events.occurrenceOf(NORTHSIDE, series.id, '2031-04-04')).toMatchObject({ id: override.id, event_id: series.id });
    expect(await t.app.events.occurrenceOf(NORTHSIDE, series.id, '2031-04-05')).toBeNull();
    expect(await t.app.events.occurrenceOf(102, series.id, '2031-05-04')).toBeNull();

    // Editing the whole series keeps the changed date.
    const renamed = await sendAs('/update', NORTH, { ...online, id: series.id, event_title: 'Monthly new-patient seminar', rrule: 'FREQ=MONTHLY;BYMONTHDAY=4' });
    expect(renamed.statusCode).toBe(200);
    const months = [...(await month(4, 2031)), ...(await month(5, 2031))].filter((o) => o.event_id === series.id);
    expect(months.map((o) => [o.date, o.event_title])).toEqual([
      ['2031-04-04', 'Monthly seminar (moved to 7 PM)'],
      ['2031-05-04', 'Monthly new-patient seminar'],
    ]);

    const deleted = await sendAs('/delete', NORTH, { id: series.id, scope: 'occurrence', occurrence_date: '2031-05-04' });
    expect(deleted.json()).toEqual({ message: MESSAGES.occurrenceDeleted });
    expect(daysOf(await month(5, 2031), series.id)).toEqual([]);
    expect(daysOf(await month(6, 2031), series.id)).toEqual(['2031-06-04']);
    expect((await sendAs('/delete', NORTH, { id: series.id, scope: 'occurrence', occurrence_date: '2031-05-04' })).json().errors).toEqual({ occurrence_date: [MESSAGES.notAnOccurrence] });
    expect((await auditOf('event.delete', series.id))[0]!.detail).toMatchObject({ scope: 'occurrence', occurrence_date: '2031-05-04' });

    // Deleting the series takes its changed dates with it.
    expect((await sendAs('/delete', NORTH, { id: series.id })).json()).toEqual({ message: MESSAGES.deleted });
    expect(await t.app.db.select().from(events).where(or(eq(events.id, series.id), eq(events.series_id, series.id)))).toEqual([]);
  });

  it('refuses bad events with field errors', async () => {
    const refused = async (body: object, path = '/store') => {
      const res = await sendAs(path, NORTH, body);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await refused({ ...online, end_time: '05:00 PM' })).toEqual({ end_time: ['End Time must be greater than Start Time'] });
    expect(await refused({ ...online, venue_type: 'in_person' })).toEqual({ location_id: [MESSAGES.locationRequired] });
    expect(await refused({ ...online, meeting_url: '' })).toEqual({ meeting_url: [MESSAGES.meetingUrlRequired] });
    expect(await refused({ ...online, rrule: 'FREQ=YEARLY' })).toEqual({ rrule: [RECURRENCE_MESSAGES.frequency] });
    expect(await refused({ ...online, rrule: 'FREQ=DAILY;UNTIL=20300101' })).toEqual({ rrule: [MESSAGES.noOccurrence] });
    // Lakeview's location is not Northside's to use; a shared one (no program) would be.
    const [lakeview] = await t.app.db.select({ id: locations.id }).from(locations).where(eq(locations.program_id, 102)).limit(1);
    expect(await refused({ ...online, venue_type: 'in_person', location_id: lakeview!.id })).toEqual({ location_id: [MESSAGES.locationNotFound] });
    const single = await store(online);
    expect(await refused({ ...online, id: single.id, scope: 'occurrence', occurrence_date: online.date }, '/update')).toEqual({ scope: [MESSAGES.notASeries] });
  });

  it('switches an event off; the in-person location is the program\'s', async () => {
    const [place] = await t.app.db.select({ id: locations.id, name: locations.name }).from(locations).where(and(eq(locations.program_id, NORTHSIDE), eq(locations.status, 1))).limit(1);
    const event = await store({ ...online, venue_type: 'in_person', location_id: place!.id, date: '2031-08-12' });
    expect(event).toMatchObject({ location_id: place!.id, location_name: place!.name, meeting_url: null });
    const off = await sendAs('/toggle-status', NORTH, { id: event.id, status: 0 });
    expect(off.json()).toMatchObject({ data: { status: 0 }, message: MESSAGES.statusUpdated });
    expect((await month(8, 2031)).find((o) => o.event_id === event.id)).toMatchObject({ status: 0, location_name: place!.name });
    expect(await t.app.events.occurrences(NORTHSIDE, '2031-08-01', '2031-08-31', { activeOnly: true })).not.toContainEqual(expect.objectContaining({ event_id: event.id }));
    expect(await auditOf('event.toggle-status', event.id)).toHaveLength(1);
  });

  it('gives super admins with manage_events every program\'s events', async () => {
    const [adminToken, lakeToken] = Object.values(await t.signIn(ADMIN2, LAKE));
    const admin = (method: 'GET' | 'POST', path: string, payload?: object) => t.call({ method, url: `/api/admin/event${path}`, token: adminToken!, payload });
    const created = await admin('POST', '/store', { ...online, program_id: 102, event_title: 'Lakeview admin seminar', rrule: 'FREQ=WEEKLY;COUNT=2' });
    expect(created.statusCode).toBe(201);
    const event = created.json().data;
    expect(event).toMatchObject({ program_id: 102, program_title: expect.any(String), recurrence_end: '2031-03-11', timezone: expect.any(String) });
    expect((await auditOf('event.create', event.id))[0]).toMatchObject({ program_id: 102 });
    expect((await admin('POST', '/store', { ...online, program_id: 999999 })).json().errors).toEqual({ program_id: [MESSAGES.programNotFound] });

    const list = (await admin('GET', `?program_id=102&search=${encodeURIComponent('admin seminar')}`)).json().data;
    expect(list).toMatchObject({ total: 1, data: [{ id: event.id, program_id: 102, is_recurring: true }] });
    expect((await admin('GET', `/${event.id}`)).json().data.event_title).toBe('Lakeview admin seminar');
    const choices = (await admin('GET', '/programs')).json().data as { id: number; title: string }[];
    expect(choices.map((p) => p.id)).toEqual(expect.arrayContaining([NORTHSIDE, 102]));
    expect(choices.map((p) => p.title)).toEqual([...choices.map((p) => p.title)].sort((a, b) => a.localeCompare(b)));
    expect((await admin('POST', '/toggle-status', { id: event.id, status: 0 })).json().data.status).toBe(0);
    // Lakeview's staff see it in their calendar; Northside's do not.
    expect(daysOf(await month(3, 2031, LAKE), event.id)).toEqual(['2031-03-04', '2031-03-11']);
    expect((await get(`/${event.id}`, NORTH)).statusCode).toBe(404);
    // Program staff are no super admins.
    expect((await t.call({ method: 'GET', url: '/api/admin/event', token: lakeToken! })).statusCode).toBeGreaterThanOrEqual(401);
    expect((await admin('POST', '/delete', { id: event.id })).statusCode).toBe(200);
    expect((await admin('GET', `/${event.id}`)).statusCode).toBe(404);
  });

  it('refuses a super admin without manage_events on every route', async () => {
    const [grant] = await t.app.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.slug, 'manage_events'));
    const held = and(eq(superAdminPermissions.super_admin_id, 49), eq(superAdminPermissions.permission_id, grant!.id));
    await t.app.db.delete(superAdminPermissions).where(held);
    try {
      const [token] = Object.values(await t.signIn(ADMIN2));
      const [one] = await t.app.db.select({ id: events.id }).from(events).where(and(eq(events.program_id, NORTHSIDE), eq(events.status, 1))).orderBy(asc(events.id)).limit(1);
      const calls: ['GET' | 'POST', string, object?][] = [
        ['GET', ''],
        ['GET', `/${one!.id}`],
        ['POST', '/store', { ...online, program_id: NORTHSIDE }],
        ['POST', '/update', { ...online, id: one!.id }],
        ['POST', '/toggle-status', { id: one!.id, status: 0 }],
        ['POST', '/delete', { id: one!.id }],
      ];
      for (const [method, path, payload] of calls) {
        const res = await t.call({ method, url: `/api/admin/event${path}`, token: token!, payload });
        expect({ path, status: res.statusCode }).toEqual({ path, status: 403 });
      }
      expect((await t.app.db.select({ status: events.status }).from(events).where(eq(events.id, one!.id)))[0]?.status).toBe(1);
    } finally {
      await t.app.db.insert(superAdminPermissions).values({ super_admin_id: 49, permission_id: grant!.id });
    }
  });
});
