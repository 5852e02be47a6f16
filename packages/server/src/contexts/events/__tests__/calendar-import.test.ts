import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { CALENDAR_IMPORT_MAX_BYTES, CALENDAR_IMPORT_MESSAGES as MESSAGES, type CalendarImport } from '@baridesk/contracts';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { calendarImports, events, locations, patients } from '../../../db/schema';
import { multipart } from '../../platform/uploads/__tests__/fixtures';
import { readCalendar } from '../calendar-import-ics';

const { NORTH, LAKE, SELF_SERVICE } = STAFF_CALLERS;
const FIXTURE = readFileSync(path.join(__dirname, 'fixtures/support-groups.ics'));
const MALFORMED = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nthis line is no property\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n');
const BASE = '/scheduler/api/event-calendar';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(NORTH, LAKE, SELF_SERVICE);
});
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload }) });
async function upload(who: string, bytes: Buffer, filename = 'support-groups.ics') {
  const form = await multipart({}, { filename, type: 'text/calendar', bytes });
  return t.call({ method: 'POST', url: `${BASE}/import`, token: tokens[who], payload: form.payload, headers: form.headers });
}
/** Uploads, runs the job, and answers the import as the screen reads it. */
async function imported(who: string, bytes: Buffer): Promise<CalendarImport> {
  const res = await upload(who, bytes);
  expect(res.statusCode).toBe(202);
  await t.app.jobs.drain(['events.import']);
  return (await call(who, 'GET', `${BASE}/imports/${res.json().data.id}`)).json().data;
}
const importedRows = () => t.app.db.select().from(events).where(and(eq(events.program_id, 101), isNotNull(events.ical_uid), like(events.ical_uid, '%@northside.test%')));

describe('importing an .ics file', () => {
  let first: CalendarImport;

  it('queues the file (202), shows it as the latest, then the job writes its events with their recurrences, overrides and zones', async () => {
    const res = await upload(NORTH, FIXTURE);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: expect.objectContaining({ file_name: 'support-groups.ics', status: 'queued', total: 0 }), message: MESSAGES.queued });
    expect((await call(NORTH, 'GET', `${BASE}/imports/latest`)).json().data).toMatchObject({ id: res.json().data.id, status: 'queued' });
    await t.app.jobs.drain(['events.import']);
    first = (await call(NORTH, 'GET', `${BASE}/imports/${res.json().data.id}`)).json().data;
    expect(first).toMatchObject({ status: 'completed', total: 7, imported: 6, skipped: 1, finished_at: expect.any(String), acknowledged_at: null });
    expect(first.error?.split('\n')).toEqual([
      '"Family night" repeats by a rule the calendar cannot keep: imported as 3 separate dates',
      '"Old seminar" is cancelled',
    ]);

    const rows = await importedRows();
    const byUid = (uid: string) => rows.filter((row) => row.ical_uid === uid);
    const [evanston] = await t.app.db.select().from(locations).where(and(eq(locations.program_id, 101), eq(locations.name, 'Evanston Clinic')));
    const [series, override] = byUid('weekly-support@northside.test').sort((a, b) => a.id - b.id);
    expect(series).toMatchObject({
      event_title: 'Tuesday Support Group',
      type: 'Support Group',
      date: '2026-12-01',
      time: '18:00:00',
      end_time: '19:30:00',
      timezone: 'America/Chicago',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270301T235959',
      recurrence_end: '2027-02-23',
      exdates: ['2026-12-08', '2026-12-22'],
      venue_type: 'in_person',
      location_id: evanston!.id,
      stages: [1, 2, 3],
      patient_type: 'all',
      five_minute_earlier_reminder: 0,
      hosted_by: 'Dr. Ana Ruiz',
      email: 'ana.ruiz@northside.test',
      series_id: null,
      import_id: first.id,
      // Switched off until staff choose who it is for: an active event is reminded to its patients.
      status: 0,
    });
    expect(override).toMatchObject({ series_id: series!.id, recurrence_date: '2026-12-08', date: '2026-12-09', time: '17:00:00', rrule: null, type: 'Support Group' });
    expect(byUid('holiday@northside.test')[0]).toMatchObject({ date: '2026-12-24', time: null, end_time: null, rrule: null });
    expect(byUid('webinar@northside.test')[0]).toMatchObject({
      venue_type: 'online',
      meeting_url: 'https://meet.example.com/nutrition',
      timezone: 'America/New_York',
      time: '12:00:00',
      end_time: '13:00:00',
    });
    // Outlook's own zone name: the instant, placed in the program's zone (noon Eastern is 11 in Chicago).
    expect(byUid('outlook@northside.test')[0]).toMatchObject({ timezone: 'America/Chicago', time: '11:00:00', end_time: '12:00:00' });
    expect(rows.filter((row) => row.ical_uid?.startsWith('second-tuesday@')).map((row) => row.date).sort()).toEqual(['2026-12-08', '2027-01-12', '2027-02-09']);
    expect(rows.some((row) => row.ical_uid === 'cancelled@northside.test')).toBe(false);

    // The calendar reads them as the repository expands them: every Tuesday but the ones taken out, the moved one on its new day.
    const december = await t.app.events.occurrences(101, '2026-12-01', '2026-12-31');
    const ofSeries = december.filter((o) => o.event_id === series!.id);
    expect(ofSeries.filter((o) => o.id === series!.id).map((o) => o.date)).toEqual(['2026-12-01', '2026-12-15', '2026-12-29']);
    expect(ofSeries.find((o) => o.id === override!.id)).toBeDefined();
  });

  it('updates what a previous import wrote instead of adding it again, keeping what staff changed', async () => {
    const [series] = (await importedRows()).filter((row) => row.ical_uid === 'weekly-support@northside.test' && row.series_id === null);
    await t.app.db.update(events).set({ stages: [2], exdates: [...series!.exdates, '2027-01-05'] }).where(eq(events.id, series!.id));
    const before = (await importedRows()).length;
    const again = await imported(NORTH, FIXTURE);
    expect(again).toMatchObject({ status: 'completed', total: 7, imported: 6, skipped: 1 });
    expect((await importedRows()).length).toBe(before);
    const [after] = await t.app.db.select().from(events).where(eq(events.id, series!.id));
    expect(after).toMatchObject({ stages: [2], exdates: ['2026-12-08', '2026-12-22', '2027-01-05'], import_id: again.id });
  });

  it('fails a malformed file with the reason, writing nothing', async () => {
    const failed = await imported(NORTH, MALFORMED);
    expect(failed.status).toBe('failed');
    expect(failed.error?.startsWith(`${MESSAGES.unreadable}: invalid line`)).toBe(true);
    expect(failed).toMatchObject({ total: 0, imported: 0 });
    const written = await t.app.db.select().from(events).where(eq(events.import_id, failed.id));
    expect(written).toEqual([]);
  });

  it('refuses what is not one .ics file before storing anything', async () => {
    const png = await upload(NORTH, Buffer.from('\x89PNG\r\n\x1a\n not a calendar'), 'photo.ics');
    expect(png.statusCode).toBe(422);
    expect(png.json().errors).toEqual({ file: [MESSAGES.notIcs] });
    const none = await t.call({ method: 'POST', url: `${BASE}/import`, token: tokens[NORTH], ...(await multipart({ note: 'x' })) });
    expect(none.json()).toMatchObject({ errors: { file: [MESSAGES.fileRequired] } });
    const big = Buffer.concat([Buffer.from('BEGIN:VCALENDAR\r\n'), Buffer.alloc(CALENDAR_IMPORT_MAX_BYTES, 'x')]);
    const tooLarge = await upload(NORTH, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(MESSAGES.tooLarge);
    const json = await call(NORTH, 'POST', `${BASE}/import`, { file: 'BEGIN:VCALENDAR' });
    expect(json.statusCode).toBe(415);
  });
});

describe('cancel, dismiss and tenancy', () => {
  it('cancels a queued import (its job then writes nothing), refuses a second import meanwhile, and dismisses it', async () => {
    const queued = (await upload(SELF_SERVICE, FIXTURE)).json().data as CalendarImport;
    const second = await upload(NORTH, FIXTURE);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.alreadyRunning);
    const early = await call(NORTH, 'POST', `${BASE}/update-import-status`, { id: queued.id, status: 'acknowledged' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.stillRunning);

    const cancelled = await call(NORTH, 'POST', `${BASE}/update-import-status`, { id: queued.id, status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ data: { status: 'cancelled', finished_at: expect.any(String) }, message: MESSAGES.cancelled });
    await t.app.jobs.drain(['events.import']);
    expect(await t.app.db.select().from(events).where(eq(events.import_id, queued.id))).toEqual([]);
    const [row] = await t.app.db.select().from(calendarImports).where(eq(calendarImports.id, queued.id));
    expect(row!.status).toBe('cancelled');
    expect(await t.app.storage.exists(row!.storage_key)).toBe(false);
    expect((await call(NORTH, 'POST', `${BASE}/update-import-status`, { id: queued.id, status: 'cancelled' })).json().message).toBe(MESSAGES.alreadyFinished);

    const dismissed = await call(NORTH, 'POST', `${BASE}/update-import-status`, { id: queued.id, status: 'acknowledged' });
    expect(dismissed.json()).toMatchObject({ data: { acknowledged_at: expect.any(String) }, message: MESSAGES.acknowledged });
    const latest = (await call(NORTH, 'GET', `${BASE}/imports/latest`)).json().data as CalendarImport | null;
    expect(latest?.id).not.toBe(queued.id);
  });

  it("answers 404 for another program's import and shows it none of Northside's", async () => {
    const [north] = await t.app.db.select().from(calendarImports).where(eq(calendarImports.program_id, 101)).limit(1);
    const before = JSON.stringify(north);
    expect((await call(LAKE, 'GET', `${BASE}/imports/${north!.id}`)).json()).toEqual({ message: MESSAGES.notFound });
    for (const status of ['cancelled', 'acknowledged']) {
      const res = await call(LAKE, 'POST', `${BASE}/update-import-status`, { id: north!.id, status });
      expect([res.statusCode, res.json().message]).toEqual([404, MESSAGES.notFound]);
    }
    expect((await call(LAKE, 'GET', `${BASE}/imports/latest`)).json()).toEqual({ data: null });
    const [after] = await t.app.db.select().from(calendarImports).where(eq(calendarImports.id, north!.id));
    expect(JSON.stringify(after)).toBe(before);
  });
});

describe('the iCalendar feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('makes a private URL, serves the active events as text/calendar with their series, exceptions and overrides, and no patient data', async () => {
    // Staff switch the imported events on, all but one.
    await t.app.db.update(events).set({ status: 1 }).where(and(eq(events.program_id, 101), isNotNull(events.import_id)));
    await t.app.db.update(events).set({ status: 0 }).where(eq(events.ical_uid, 'outlook@northside.test'));
    expect((await call(NORTH, 'GET', `${BASE}/feed`)).json()).toEqual({ data: { url: null } });
    const made = await call(NORTH, 'POST', `${BASE}/feed`);
    expect(made.json()).toEqual({ data: { url: expect.stringMatching(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/) }, message: MESSAGES.feedCreated });
    const url = made.json().data.url as string;
    expect((await call(NORTH, 'GET', `${BASE}/feed`)).json().data.url).toBe(url);

    const feed = await t.call({ method: 'GET', url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('no-store');
    const text = feed.body.replace(/\r\n /g, '');
    expect(text).toContain('UID:weekly-support@northside.test');
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270302T055959Z');
    expect(text).toContain('EXDATE;TZID=America/Chicago:20261222T180000');
    expect(text).toContain('RECURRENCE-ID;TZID=America/Chicago:20261208T180000');
    expect(text).toContain('DTSTART;VALUE=DATE:20261224');
    expect(text).not.toContain('Surgeon Q&A');
    expect(text).toContain('LOCATION:Evanston Clinic\\, 1000 Central St\\, Evanston\\, IL 60201');
    const emails = (await t.app.db.select({ email: patients.email }).from(patients).where(eq(patients.program_id, 101))).map((p) => p.email);
    for (const email of emails) if (email) expect(text).not.toContain(email);

    // What the feed writes reads back as the same series.
    const read = await readCalendar(feed.body, { zone: 'America/Chicago', today: '2026-11-26' });
    expect(read.plans.find((plan) => plan.kind === 'series' && plan.uid === 'weekly-support@northside.test')).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270301T235959',
      overrides: [{ recurrence_date: '2026-12-08', columns: expect.objectContaining({ date: '2026-12-09', time: '17:00' }) }],
    });
  });

  it('rotates the token (the old URL is gone), answers 404 for an unknown one, and keeps programs apart', async () => {
    const old = (await call(NORTH, 'GET', `${BASE}/feed`)).json().data.url as string;
    const rotated = await call(NORTH, 'POST', `${BASE}/feed`);
    expect(rotated.json().message).toBe(MESSAGES.feedRotated);
    expect((await t.call({ method: 'GET', url: feedPath(old) })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: feedPath(rotated.json().data.url) })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/calendar-feed/not-a-token.ics' })).json()).toEqual({ message: 'Calendar feed not found.' });
    const lake = (await call(LAKE, 'POST', `${BASE}/feed`)).json().data.url as string;
    const lakeFeed = await t.call({ method: 'GET', url: feedPath(lake) });
    expect(lakeFeed.statusCode).toBe(200);
    expect(lakeFeed.body).not.toContain('Tuesday Support Group');
  });
});
