/**
 * RSVPs, attendance and reminders on the demo data: the patient app's events (who an event is for) and
 * answers, staff marking attendance with walk-ins, the Support Group Attendance report and its files,
 * tenancy, and the reminder job (once per occurrence and kind however often it runs, to the inbox of the
 * patients it is for, without those who answered not going).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { EVENT_RSVP_MESSAGES } from '@baridesk/contracts';
import { auditRecords, eventReminders, eventRsvps, events, messageDeliveries, messages, patients } from '../../../db/schema';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { REMINDERS_JOB } from '../plugins/event-reminders';

let t: TestApp;
let staff: string;
let lakeStaff: string;
let patientToken: string;
let lakePatientToken: string;
let demo: { id: number; current_stage: number };
let others: { id: number; current_stage: number }[];

/** A zone whose clock reads between 02:00 and 21:00 at `at`, so an event there with an hour's length stays on one day. */
function zoneAround(at: DateTime): string {
  const zone = ['America/Chicago', 'Asia/Tokyo', 'Europe/London', 'Pacific/Auckland', 'Asia/Kolkata'].find((z) => {
    const hour = at.setZone(z).hour;
    return hour >= 2 && hour <= 21;
  });
  return zone!;
}

type NewEvent = Partial<typeof events.$inferInsert>;
/** An event of Northside starting at `start` (its zone's clock), an hour long. */
async function addEvent(start: DateTime, fields: NewEvent = {}) {
  const zone = fields.timezone ?? zoneAround(start);
  const local = start.setZone(zone);
  const [row] = await t.app.db
    .insert(events)
    .values({
      program_id: 101,
      event_title: 'Tuesday Support Group',
      type: 'Support Group',
      date: local.toISODate()!,
      time: local.toFormat('HH:mm'),
      end_time: local.plus({ hours: 1 }).toFormat('HH:mm'),
      timezone: zone,
      venue_type: 'in_person',
      stages: [1, 2, 3],
      patient_type: 'all',
      weight_loss_type: 'all',
      status: 1,
      ...fields,
    })
    .returning();
  return { ...row!, day: local.toISODate()! };
}

const now = () => DateTime.fromJSDate(t.clock.now());
const appCall = (method: 'GET' | 'POST', url: string, payload?: object, token = patientToken) => t.call({ method, url, payload, token });
const rsvp = (eventId: number, date: string, response: string, token = patientToken) =>
  appCall('POST', `/api/app/events/${eventId}/rsvp`, { date, response }, token);

async function appLogin(email: string, programId?: number) {
  const res = await t.call({ method: 'POST', url: '/api/app/login', payload: { email, password: DEMO_PASSWORD, ...(programId ? { program_id: programId } : {}) } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(STAFF_CALLERS.NORTH);
  lakeStaff = await t.login(STAFF_CALLERS.LAKE);
  patientToken = await appLogin(DEMO_APP_PATIENT_EMAIL);
  const [row] = await t.app.db.select({ id: patients.id, current_stage: patients.current_stage }).from(patients).where(and(eq(patients.email, DEMO_APP_PATIENT_EMAIL), eq(patients.program_id, 101)));
  demo = row!;
  others = await t.app.db
    .select({ id: patients.id, current_stage: patients.current_stage })
    .from(patients)
    .where(and(eq(patients.program_id, 101), eq(patients.status, 1)))
    .then((rows) => rows.filter((p) => p.id !== demo.id));
  // A Lakeview patient who can sign in to the app (the demo password's hash, as the demo patient's).
  const [demoRow] = await t.app.db.select({ hash: patients.password_hash }).from(patients).where(eq(patients.id, demo.id));
  const [lake] = await t.app.db.select({ id: patients.id, email: patients.email }).from(patients).where(and(eq(patients.program_id, 102), eq(patients.status, 1))).limit(1);
  await t.app.db.update(patients).set({ password_hash: demoRow!.hash }).where(eq(patients.id, lake!.id));
  lakePatientToken = await appLogin(lake!.email!, 102);
});
afterAll(() => t?.close());

describe('the demo seed', () => {
  it('gives Northside answers and attendance on past and coming days, the app patient among them, and Lakeview none', async () => {
    const today = now().toISODate()!;
    const rows = await t.app.db.select().from(eventRsvps);
    const north = rows.filter((r) => r.program_id === 101);
    expect(rows.filter((r) => r.program_id === 102)).toEqual([]);
    expect(north.some((r) => r.event_date < today && r.attended === 1)).toBe(true);
    expect(north.some((r) => r.event_date < today && r.response === null && r.attended === 1)).toBe(true);
    expect(north.some((r) => r.event_date > today && r.response === 'going' && r.attended === null)).toBe(true);
    expect(north.some((r) => r.event_date > today && r.attended !== null)).toBe(false);
    const mine = north.filter((r) => r.patient_id === demo.id);
    // Came to their last occurrence (and answered going to their next one, when one within the month is for them).
    expect(mine.some((r) => r.event_date < today && r.response === 'going' && r.attended === 1)).toBe(true);
    // Every answer is from a patient the occurrence is for: the app lists it with that answer.
    for (const answer of mine) {
      const list = (await appCall('GET', `/api/app/events?from=${answer.event_date}&to=${answer.event_date}`)).json().data as { event_id: number; my_response: string | null }[];
      expect(list.find((e) => e.event_id === answer.event_id)?.my_response).toBe(answer.response);
    }
  });
});

describe('the patient app: GET /api/app/events and RSVPs', () => {
  it('lists the active events that are for the patient, a series on each of its days, with the answer', async () => {
    const start = now().plus({ days: 3 }).startOf('hour');
    const mine = await addEvent(start, { event_title: 'For my stage', stages: [demo.current_stage] });
    const otherStage = await addEvent(start, { event_title: 'Another stage', stages: [1, 2, 3].filter((s) => s !== demo.current_stage) });
    const off = await addEvent(start, { event_title: 'Switched off', status: 0 });
    const weekly = await addEvent(start.plus({ hours: 1 }), { event_title: 'Weekly group', rrule: 'FREQ=WEEKLY', recurrence_end: null });
    const from = start.minus({ days: 1 }).toISODate()!;
    const to = start.plus({ days: 22 }).toISODate()!;
    const res = await appCall('GET', `/api/app/events?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { event_id: number; date: string; my_response: string | null; event_title: string }[];
    const ids = list.map((e) => e.event_id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(otherStage.id);
    expect(ids).not.toContain(off.id);
    expect(list.filter((e) => e.event_id === weekly.id).map((e) => e.date)).toEqual(
      [0, 7, 14, 21].map((d) => DateTime.fromISO(weekly.day).plus({ days: d }).toISODate()).filter((d) => d! <= to),
    );
    expect(list.find((e) => e.event_id === mine.id)).toMatchObject({ event_title: 'For my stage', my_response: null });

    expect((await rsvp(mine.id, mine.day, 'going')).statusCode).toBe(200);
    const again = (await appCall('GET', `/api/app/events?from=${from}&to=${to}`)).json().data as { event_id: number; my_response: string | null }[];
    expect(again.find((e) => e.event_id === mine.id)!.my_response).toBe('going');
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.events.list')).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ patient_id: demo.id, program_id: 101, actor_type: 'patient' });
  });

  it('keeps one answer per occurrence (a second replaces the first) and audits each', async () => {
    const ev = await addEvent(now().plus({ days: 2 }).startOf('hour'));
    const first = await rsvp(ev.id, ev.day, 'going');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { event_id: ev.id, date: ev.day, response: 'going' }, message: EVENT_RSVP_MESSAGES.saved });
    expect((await rsvp(ev.id, ev.day, 'not_going')).statusCode).toBe(200);
    const rows = await t.app.db.select().from(eventRsvps).where(eq(eventRsvps.event_id, ev.id));
    expect(rows).toEqual([expect.objectContaining({ patient_id: demo.id, event_date: ev.day, response: 'not_going', program_id: 101 })]);
    const audits = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'app.event.rsvp'), eq(auditRecords.entity_id, String(ev.id))));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.patient_id === demo.id && a.success)).toBe(true);
  });

  it('refuses a day the event does not take place (422), a started occurrence (422) and bad answers', async () => {
    const ev = await addEvent(now().plus({ days: 2 }).startOf('hour'));
    const notADay = await rsvp(ev.id, DateTime.fromISO(ev.day).plus({ days: 1 }).toISODate()!, 'going');
    expect(notADay.statusCode).toBe(422);
    expect(notADay.json().errors).toEqual({ date: [EVENT_RSVP_MESSAGES.notOccurrence] });

    const weekly = await addEvent(now().minus({ days: 7 }).startOf('hour'), { rrule: 'FREQ=WEEKLY' });
    const started = await rsvp(weekly.id, weekly.day, 'going');
    expect(started.statusCode).toBe(422);
    expect(started.json().errors).toEqual({ date: [EVENT_RSVP_MESSAGES.alreadyStarted] });
    // The next week's day of the same series is open.
    expect((await rsvp(weekly.id, DateTime.fromISO(weekly.day).plus({ days: 14 }).toISODate()!, 'going')).statusCode).toBe(200);

    const bad = await rsvp(ev.id, 'tomorrow', 'maybe');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'response']);
    const [failure] = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'app.event.rsvp'), eq(auditRecords.success, false))).orderBy(desc(auditRecords.id)).limit(1);
    expect(failure).toMatchObject({ patient_id: demo.id });
  });

  it('answers 404 for an event of another program, one not for the patient, one switched off, and an unknown one', async () => {
    const start = now().plus({ days: 2 }).startOf('hour');
    const northside = await addEvent(start);
    const notForMe = await addEvent(start, { stages: [1, 2, 3].filter((s) => s !== demo.current_stage) });
    const off = await addEvent(start, { status: 0 });
    for (const [eventId, token] of [
      [northside.id, lakePatientToken],
      [notForMe.id, patientToken],
      [off.id, patientToken],
      [2_000_000_000, patientToken],
    ] as const) {
      const res = await rsvp(eventId, northside.day, 'going', token);
      expect({ eventId, status: res.statusCode, body: res.json() }).toEqual({ eventId, status: 404, body: { message: EVENT_RSVP_MESSAGES.eventNotFound } });
    }
    expect(await t.app.db.select().from(eventRsvps).where(inArray(eventRsvps.event_id, [northside.id, notForMe.id, off.id]))).toEqual([]);
    // Northside's event is not in the Lakeview patient's list either.
    const list = (await appCall('GET', `/api/app/events?from=${northside.day}&to=${northside.day}`, undefined, lakePatientToken)).json().data as { event_id: number }[];
    expect(list.map((e) => e.event_id)).not.toContain(northside.id);
  });

  it('reads the patient type and weight-loss type on the occurrence’s day', async () => {
    const start = now().plus({ days: 5 }).startOf('hour');
    const prospective = await addEvent(start, { patient_type: 'prospective' });
    const existing = await addEvent(start, { patient_type: 'existing' });
    const nonSurgical = await addEvent(start, { weight_loss_type: 'non_surgical' });
    const surgical = await addEvent(start, { weight_loss_type: 'surgical' });
    const listed = async () =>
      ((await appCall('GET', `/api/app/events?from=${prospective.day}&to=${prospective.day}`)).json().data as { event_id: number }[]).map((e) => e.event_id);
    // Operated after the event's day: still prospective then; on the surgical track.
    await t.app.db.update(patients).set({ surgery_date: DateTime.fromISO(prospective.day).plus({ days: 10 }).toISODate()!, non_surgery_date: null }).where(eq(patients.id, demo.id));
    const before = await listed();
    expect(before).toEqual(expect.arrayContaining([prospective.id, surgical.id]));
    expect(before).not.toContain(existing.id);
    expect(before).not.toContain(nonSurgical.id);
    // Enrolled in the non-surgical program a month before, no surgery: existing and non-surgical.
    await t.app.db.update(patients).set({ surgery_date: null, non_surgery_date: DateTime.fromISO(prospective.day).minus({ days: 30 }).toISODate()! }).where(eq(patients.id, demo.id));
    const now2 = await listed();
    expect(now2).toEqual(expect.arrayContaining([existing.id, nonSurgical.id]));
    expect(now2).not.toContain(prospective.id);
    expect(now2).not.toContain(surgical.id);
    await t.app.db.update(patients).set({ non_surgery_date: null }).where(eq(patients.id, demo.id));
  });
});

describe('staff: attendance and the Support Group Attendance report', () => {
  let ev: Awaited<ReturnType<typeof addEvent>>;
  beforeAll(async () => {
    // Earlier today (or yesterday): attendance can be marked.
    ev = await addEvent(now().minus({ hours: 3 }).startOf('hour'), { event_title: 'Attendance Group' });
    await t.app.db.insert(eventRsvps).values([
      { program_id: 101, event_id: ev.id, event_date: ev.day, patient_id: demo.id, response: 'going', responded_at: t.clock.now() },
      { program_id: 101, event_id: ev.id, event_date: ev.day, patient_id: others[0]!.id, response: 'not_going', responded_at: t.clock.now() },
    ]);
  });

  const store = (body: object, token = staff) => t.call({ method: 'POST', url: '/api/patient-events/store', payload: body, token });

  it('marks who came, a walk-in included, and answers the counts', async () => {
    const walkIn = others[1]!.id;
    const res = await store({ event_id: ev.id, event_date: ev.day, attendance: [{ patient_id: demo.id, attended: 1 }, { patient_id: walkIn, attended: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: EVENT_RSVP_MESSAGES.attendanceSaved,
      data: { event_id: ev.id, date: ev.day, going_count: 1, not_going_count: 1, attended_count: 2, marked_count: 2 },
    });
    const [row] = await t.app.db.select().from(eventRsvps).where(and(eq(eventRsvps.event_id, ev.id), eq(eventRsvps.patient_id, walkIn)));
    expect(row).toMatchObject({ response: null, attended: 1, attendance_marked_at: t.clock.now() });
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'event.attendance.mark')).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit!.detail).toMatchObject({ patientIds: [demo.id, walkIn] });

    // Clearing a walk-in's mark removes the walk-in; clearing an answered patient's keeps the answer.
    const cleared = await store({ event_id: ev.id, event_date: ev.day, attendance: [{ patient_id: walkIn, attended: null }, { patient_id: demo.id, attended: 0 }] });
    expect(cleared.json().data).toMatchObject({ going_count: 1, attended_count: 0, marked_count: 1 });
    expect(await t.app.db.select().from(eventRsvps).where(and(eq(eventRsvps.event_id, ev.id), eq(eventRsvps.patient_id, walkIn)))).toEqual([]);
    await store({ event_id: ev.id, event_date: ev.day, attendance: [{ patient_id: demo.id, attended: 1 }, { patient_id: walkIn, attended: 1 }] });
  });

  it('refuses another program’s event (404), a day without the event or ahead (422), other programs’ patients (422)', async () => {
    const lakeRes = await store({ event_id: ev.id, event_date: ev.day, attendance: [{ patient_id: demo.id, attended: 1 }] }, lakeStaff);
    expect(lakeRes.statusCode).toBe(404);
    const notADay = await store({ event_id: ev.id, event_date: DateTime.fromISO(ev.day).minus({ days: 1 }).toISODate(), attendance: [{ patient_id: demo.id, attended: 1 }] });
    expect(notADay.json().errors).toEqual({ event_date: [EVENT_RSVP_MESSAGES.notOccurrence] });
    const ahead = await addEvent(now().plus({ days: 3 }).startOf('hour'));
    const early = await store({ event_id: ahead.id, event_date: ahead.day, attendance: [{ patient_id: demo.id, attended: 1 }] });
    expect(early.json().errors).toEqual({ event_date: [EVENT_RSVP_MESSAGES.notYet] });
    const [lakePatient] = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, 102)).limit(1);
    const foreign = await store({ event_id: ev.id, event_date: ev.day, attendance: [{ patient_id: lakePatient!.id, attended: 1 }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ attendance: [EVENT_RSVP_MESSAGES.unknownPatients] });
    expect(await t.app.db.select().from(eventRsvps).where(eq(eventRsvps.patient_id, lakePatient!.id))).toEqual([]);
    // Lakeview's report does not see Northside's occurrence or its patients.
    const lakePatients = await t.call({ method: 'GET', url: `/api/patient-events/patients?event_id=${ev.id}&event_date=${ev.day}`, token: lakeStaff });
    expect(lakePatients.statusCode).toBe(404);
    const lakeList = (await t.call({ method: 'GET', url: '/api/patient-events/events?perPage=All', token: lakeStaff })).json().data.data as { event_id: number }[];
    expect(lakeList.map((o) => o.event_id)).not.toContain(ev.id);
  });

  it('lists the occurrences with their counts, searched and sorted', async () => {
    const res = await t.call({ method: 'GET', url: '/api/patient-events/events?search=attendance%20group&perPage=All', token: staff });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.data).toEqual([
      expect.objectContaining({ event_id: ev.id, date: ev.day, event_title: 'Attendance Group', going_count: 1, not_going_count: 1, attended_count: 2, marked_count: 2 }),
    ]);
    const sorted = (await t.call({ method: 'GET', url: '/api/patient-events/events?sort=attended_count&direction=desc&perPage=All', token: staff })).json().data;
    const counts = (sorted.data as { attended_count: number }[]).map((o) => o.attended_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(sorted.data).toContainEqual(expect.objectContaining({ event_id: ev.id, attended_count: 2 }));
    const firstPage = (await t.call({ method: 'GET', url: '/api/patient-events/events?sort=attended_count&direction=desc&perPage=5', token: staff })).json().data;
    expect(firstPage).toMatchObject({ total: sorted.total, perPage: 5, data: sorted.data.slice(0, 5) });
  });

  it('lists one occurrence’s patients (report and calendar panel alike), filtered, and audits who was shown', async () => {
    for (const path of ['patients', 'attendance']) {
      const res = await t.call({ method: 'GET', url: `/api/patient-events/${path}?event_id=${ev.id}&event_date=${ev.day}`, token: staff });
      expect(res.statusCode).toBe(200);
      const body = res.json().data;
      expect(body.total).toBe(3);
      expect(body.occurrence).toMatchObject({ event_id: ev.id, attended_count: 2 });
      expect(body.data.find((p: { patient_id: number }) => p.patient_id === others[1]!.id)).toMatchObject({ response: null, attended: 1 });
    }
    const walkIns = (await t.call({ method: 'GET', url: `/api/patient-events/patients?event_id=${ev.id}&event_date=${ev.day}&response=none`, token: staff })).json().data;
    expect(walkIns.data.map((p: { patient_id: number }) => p.patient_id)).toEqual([others[1]!.id]);
    const unmarked = (await t.call({ method: 'GET', url: `/api/patient-events/patients?event_id=${ev.id}&event_date=${ev.day}&attended=unmarked`, token: staff })).json().data;
    expect(unmarked.data.map((p: { patient_id: number }) => p.patient_id)).toEqual([others[0]!.id]);
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'event.attendance.list')).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit!.detail).toMatchObject({ patientIds: [others[0]!.id] });
  });

  it('shows staff with the calendar alone (self-service) the counts but no patients, and does not let them mark', async () => {
    const selfService = await t.login(STAFF_CALLERS.SELF_SERVICE);
    const url = `/api/patient-events/attendance?event_id=${ev.id}&event_date=${ev.day}`;
    const named = (await t.call({ method: 'GET', url, token: staff })).json().data;
    expect(named.data.length).toBeGreaterThan(0);
    const res = await t.call({ method: 'GET', url, token: selfService });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ data: [], total: 0, occurrence: { ...named.occurrence, going_count: 1 } });
    const before = await t.app.db.select().from(eventRsvps).where(eq(eventRsvps.event_id, ev.id));
    const marking = await store({ event_id: ev.id, event_date: ev.day, attendance: [{ patient_id: demo.id, attended: 0 }] }, selfService);
    expect(marking.statusCode).toBe(403);
    expect(marking.json().message).toBe(EVENT_RSVP_MESSAGES.namesHidden);
    expect(await t.app.db.select().from(eventRsvps).where(eq(eventRsvps.event_id, ev.id))).toEqual(before);
  });

  it('writes both reports as .xlsx files that open with their rows', async () => {
    const list = await t.call({ method: 'GET', url: '/api/patient-events/events/excel?search=attendance%20group', token: staff });
    expect(list.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(list.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Start', 'End', 'Time zone', 'Event', 'Type', 'Location', 'Going', 'Not going', 'Attended', 'Marked']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(5).value).toBe('Attendance Group');
    expect([8, 9, 10, 11].map((c) => sheet.getRow(2).getCell(c).value)).toEqual([1, 1, 2, 2]);

    const people = await t.call({ method: 'GET', url: `/api/patient-events/patients/excel?event_id=${ev.id}&event_date=${ev.day}`, token: staff });
    expect(people.statusCode).toBe(200);
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(people.rawPayload as unknown as ExcelJS.Buffer);
    const sheet2 = book2.worksheets[0]!;
    expect(sheet2.rowCount).toBe(4);
    const rsvpColumn = [2, 3, 4].map((n) => sheet2.getRow(n).getCell(5).value).sort();
    expect(rsvpColumn).toEqual(['Going', 'Not going', 'Walk-in']);
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'event.attendance.export')).orderBy(desc(auditRecords.id)).limit(1);
    expect((audit!.detail as { patientIds: number[] }).patientIds).toHaveLength(3);
  });
});

describe('reminders (job events.reminders)', () => {
  const runJob = async () => {
    await t.app.jobs.send(REMINDERS_JOB, {});
    await t.app.jobs.drain();
  };
  const inboxTitles = async () =>
    ((await appCall('GET', '/api/app/messages?perPage=100')).json().data.data as { title: string }[]).map((m) => m.title);

  it('sends the day-before and five-minute reminders once each, to the inbox of the patients the event is for, not to those not going', async () => {
    // Starts 24 h and 3 min from now (on a minute): its day-before reminder is due in 3 minutes.
    const start = now().plus({ hours: 24, minutes: 3 }).startOf('minute');
    const ev = await addEvent(start, { event_title: 'Reminder Group', five_minute_earlier_reminder: 1, custom_reminder_message: 'Grab a coffee, we begin shortly.' });
    const notGoing = others[2]!.id;
    await t.app.db.insert(eventRsvps).values({ program_id: 101, event_id: ev.id, event_date: ev.day, patient_id: notGoing, response: 'not_going', responded_at: t.clock.now() });

    await runJob();
    expect(await t.app.db.select().from(eventReminders).where(eq(eventReminders.event_id, ev.id))).toEqual([]);

    t.clock.advanceMinutes(3);
    await runJob();
    await runJob();
    const sent = await t.app.db.select().from(eventReminders).where(eq(eventReminders.event_id, ev.id));
    expect(sent).toEqual([expect.objectContaining({ kind: 'day_before', event_date: ev.day, message_id: expect.any(Number) })]);
    const [message] = await t.app.db.select().from(messages).where(eq(messages.id, sent[0]!.message_id!));
    expect(message).toMatchObject({ kind: 'system', title: 'Reminder: Reminder Group', status: 'sent', channels: ['inbox', 'email'] });
    expect(message!.message).toContain(`Reminder Group is on ${start.setZone(ev.timezone!).setLocale('en-US').toFormat("cccc, LLLL d 'at' h:mm a")}`);
    const inbox = await t.app.db.select().from(messageDeliveries).where(and(eq(messageDeliveries.message_id, message!.id), eq(messageDeliveries.channel, 'inbox')));
    const active = (await t.app.db.select({ id: patients.id }).from(patients).where(and(eq(patients.program_id, 101), eq(patients.status, 1)))).map((p) => p.id);
    expect(inbox.map((d) => d.patient_id).sort()).toEqual(active.filter((id) => id !== notGoing).sort());
    expect((await inboxTitles()).filter((title) => title === 'Reminder: Reminder Group')).toHaveLength(1);

    // Five minutes before: the event's own text, once however often the job runs.
    t.clock.advance(start.toMillis() - 5 * 60_000 - t.clock.now().getTime());
    await runJob();
    await runJob();
    const both = await t.app.db.select().from(eventReminders).where(eq(eventReminders.event_id, ev.id));
    expect(both.map((r) => r.kind).sort()).toEqual(['day_before', 'five_minutes']);
    const five = both.find((r) => r.kind === 'five_minutes')!;
    const [fiveMessage] = await t.app.db.select().from(messages).where(eq(messages.id, five.message_id!));
    expect(fiveMessage).toMatchObject({ title: 'Reminder Group starts in 5 minutes' });
    expect(fiveMessage!.message.startsWith('Grab a coffee, we begin shortly.')).toBe(true);
    expect((await inboxTitles()).filter((title) => title === 'Reminder Group starts in 5 minutes')).toHaveLength(1);
    const notGoingDeliveries = await t.app.db.select().from(messageDeliveries).where(and(eq(messageDeliveries.patient_id, notGoing), inArray(messageDeliveries.message_id, both.map((r) => r.message_id!))));
    expect(notGoingDeliveries).toEqual([]);
  });

  it('fails a fan-out whose registered audience is unknown or stored with parameters the rule cannot read, reaching nobody', async () => {
    for (const registered of [
      { name: 'nobody.knows', params: {} },
      { name: 'events.occurrence', params: { eventId: 1, date: 'soon', stages: [1], patientType: 'all', weightLossType: 'all' } },
    ]) {
      const { id } = await t.app.delivery.createMessage({ programId: 101, kind: 'system', title: 'Probe', message: 'Probe', channels: ['inbox'], audience: { registered }, createdBy: null });
      await expect(t.app.deliveryJobs.fanOut({ messageId: id })).rejects.toThrow(registered.name === 'nobody.knows' ? /No audience rule/ : /cannot read/);
      expect(await t.app.db.select().from(messageDeliveries).where(eq(messageDeliveries.message_id, id))).toEqual([]);
    }
  });

  it('uses the default text and push when asked, and skips switched-off events and occurrences already started', async () => {
    const start = now().plus({ minutes: 4 }).startOf('minute');
    const pushed = await addEvent(start, { event_title: 'Push Seminar', type: 'Seminar', five_minute_earlier_reminder: 1, push_notification: 1 });
    const off = await addEvent(start, { event_title: 'Off Seminar', five_minute_earlier_reminder: 1, status: 0 });
    const started = await addEvent(now().minus({ minutes: 1 }).startOf('minute'), { event_title: 'Started Seminar', five_minute_earlier_reminder: 1 });
    await runJob();
    const rows = await t.app.db.select().from(eventReminders).where(inArray(eventReminders.event_id, [pushed.id, off.id, started.id]));
    // Added 4 minutes ahead: too late for the day-before reminder (its window closes an hour before), in time for the five-minute one.
    expect(rows.map((r) => [r.event_id, r.kind])).toEqual([[pushed.id, 'five_minutes']]);
    const [message] = await t.app.db.select().from(messages).where(eq(messages.id, rows[0]!.message_id!));
    expect(message).toMatchObject({ channels: ['inbox', 'email', 'push'], title: 'Push Seminar starts in 5 minutes' });
    expect(message!.message.startsWith('We are starting Push Seminar in 5 minutes.')).toBe(true);
  });
});
