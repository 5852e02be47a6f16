/**
 * The patient-app routes (config.access `patient`, under /api/app), every one the OpenAPI document shows:
 *
 * - sessions: each refuses a call without a token and with every kind of staff token (401); every staff
 *   route refuses the patient's token (401), so neither kind of session opens the other's routes;
 * - tenancy: another patient (Lakeview's, signed in to the app) calls each route that takes a message id
 *   with a message sent only to Northside's demo patient, and each route that takes an event id with
 *   Northside's event: 404, and nothing of it changes (its delivery, its replies, its answers); the control
 *   with their own message or event succeeds. Routes without an id never show them the other patient's
 *   message, program's event or program's content, and a device of the other patient cannot be removed.
 *
 * - ads: the counting routes take an ad's id; ads are the app's (no program's), so a switched-off ad
 *   answers 404 and counts nothing, an active one is counted.
 *
 * A patient route this suite cannot place (an id input it does not know, one without an id not listed
 * below) fails it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ads, contentItems, eventRsvps, events, messageDeliveries, messageReplies, patientTrophies, patients, pushSubscriptions, trophyCards } from '../../db/schema';
import { hashPassword } from '../../lib/secrets';
import { DEMO_PASSWORD } from '../../seed/demo';
import { type TestApp, createTestApp } from '../../test/app';
import { type CatalogueRoute, catalogue, idInputs } from './catalogue';
import { plainRequest } from './inputs';
import {
  APP_PATIENT,
  LAKE_SUB_USER,
  NORTH_PROGRAM_USER,
  NORTH_SELF_SERVICE,
  NORTH_SUB_USER,
  SESSION_ENDING,
  SUPER_ADMIN,
  printFigures,
  signInAs,
} from './suite-support';

jest.setTimeout(300_000);

/** Patient routes that take no id: they act on the caller's own inbox, events, devices, session or program's content only. */
const NO_ID_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/app/messages',
  'GET /api/app/events',
  'GET /api/app/push-key',
  'GET /api/app/content',
  'POST /api/app/logout',
  'POST /api/app/push-subscriptions',
  'DELETE /api/app/push-subscriptions',
  // The app's main menu (switched by super admins, the same for every program) and a support request (mailed to the support addresses).
  'GET /api/app/main-menu',
  'POST /api/app/support-requests',
  'GET /api/app/trophies',
  'GET /api/app/ads',
]);
/**
 * Patient routes whose id names an ad: ads are the app's, shown to every program's patients, so there
 * is no other patient's record to reach. An ad switched off answers 404 and counts nothing; the control
 * is an active ad.
 */
const AD_ID_ROUTES: ReadonlySet<string> = new Set(['POST /api/app/ads/{id}/impression', 'POST /api/app/ads/{id}/click']);
/** The kinds of id a patient route takes: a message (path:id), an event (path:eventId). */
const MESSAGE_INPUT = 'path:id';
const EVENT_INPUT = 'path:eventId';

const MARKER = 'Northside Patient Secret';
const LAKE_APP_EMAIL = 'app.patient@lakeview.test';
const NORTH_DEVICE = 'https://push.example.test/northside-device';

let t: TestApp;
let routes: CatalogueRoute[];
let patientRoutes: CatalogueRoute[];
const staffTokens: Record<string, string> = {};
let northPatient: number;
let lakePatient: number;
let lakeToken: string;
let northMessage: number;
let northEvent: number;
/** The events' day: tomorrow (UTC), at noon UTC, so an answer is still open. */
let eventDay: string;

/** An event of the program for every patient, on eventDay. */
async function eventOf(programId: number, title: string): Promise<number> {
  const [row] = await t.app.db
    .insert(events)
    .values({ program_id: programId, event_title: title, type: 'Support Group', date: eventDay, time: '12:00', end_time: '13:00', timezone: 'UTC', venue_type: 'online', stages: [1, 2, 3], patient_type: 'all', weight_loss_type: 'all' })
    .returning({ id: events.id });
  return row!.id;
}

/** A message sent to one patient and delivered to their inbox. */
async function messageTo(programId: number, patientId: number, title: string): Promise<number> {
  const { id } = await t.app.delivery.createMessage({
    programId,
    kind: 'on_demand',
    title,
    message: `${title}: only for this patient.`,
    channels: ['inbox'],
    audience: { patient_ids: [patientId] },
    createdBy: programId,
  });
  await t.app.jobs.drain();
  return id;
}

/** What a call could change of Northside's message: the patient's delivery and the replies to it. */
async function northState(): Promise<string> {
  const deliveries = await t.app.db.select().from(messageDeliveries).where(eq(messageDeliveries.message_id, northMessage));
  const [replies] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageReplies)
    .where(eq(messageReplies.message_id, northMessage));
  const devices = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.patient_id, northPatient));
  const answers = await t.app.db.select().from(eventRsvps).where(eq(eventRsvps.event_id, northEvent));
  return JSON.stringify({ deliveries, replies, devices, answers });
}

beforeAll(async () => {
  t = await createTestApp();
  routes = await catalogue(t);
  patientRoutes = routes.filter((route) => route.access === 'patient');
  for (const email of [NORTH_SUB_USER, NORTH_PROGRAM_USER, NORTH_SELF_SERVICE, LAKE_SUB_USER, SUPER_ADMIN]) staffTokens[email] = await t.login(email);

  const [north] = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.email, APP_PATIENT));
  northPatient = north!.id;
  const [lake] = await t.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.program_id, 102), eq(patients.status, 1)))
    .orderBy(patients.id)
    .limit(1);
  lakePatient = lake!.id;
  await t.app.db.update(patients).set({ email: LAKE_APP_EMAIL, password_hash: await hashPassword(DEMO_PASSWORD) }).where(eq(patients.id, lakePatient));
  const login = await t.call({ method: 'POST', url: '/api/app/login', payload: { email: LAKE_APP_EMAIL, password: DEMO_PASSWORD } });
  lakeToken = login.json().data.token as string;

  northMessage = await messageTo(101, northPatient, MARKER);
  eventDay = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  northEvent = await eventOf(101, `${MARKER} Group`);
  await t.app.db.insert(pushSubscriptions).values({ patient_id: northPatient, endpoint: NORTH_DEVICE, p256dh: 'key', auth: 'auth' });
  // Northside's program content (GET /api/app/content) carries the marker too: Lakeview's patient must not see it.
  await t.app.db.insert(contentItems).values({ program_id: 101, menu: 'faqs', title: `${MARKER} FAQ`, body: `<p>${MARKER}</p>` });
  // A card Northside's patient earned (GET /api/app/trophies): Lakeview's patient must not see it.
  const [card] = await t.app.db.insert(trophyCards).values({ title: `${MARKER} Card`, notification_content: MARKER }).returning({ id: trophyCards.id });
  await t.app.db.insert(patientTrophies).values({ trophy_id: card!.id, patient_id: northPatient, program_id: 101, awarded_on: eventDay });
});
afterAll(() => t?.close());

describe('the patient-app routes', () => {
  it('places every patient route: with a message id, or listed as taking none', () => {
    const unplaced: string[] = [];
    for (const route of patientRoutes) {
      const inputs = idInputs(route);
      if (inputs.some((input) => input !== MESSAGE_INPUT && input !== EVENT_INPUT)) unplaced.push(`${route.key}: an id input this suite does not know (${inputs.join(', ')})`);
      if (inputs.length > 0 && NO_ID_ROUTES.has(route.key)) unplaced.push(`${route.key}: takes an id but is listed in NO_ID_ROUTES`);
      if (inputs.length === 0 && !NO_ID_ROUTES.has(route.key)) unplaced.push(`${route.key}: takes no id and is not in NO_ID_ROUTES`);
      if (AD_ID_ROUTES.has(route.key) && inputs.join() !== MESSAGE_INPUT) unplaced.push(`${route.key}: listed in AD_ID_ROUTES but takes ${inputs.join(', ') || 'no id'}`);
    }
    for (const key of AD_ID_ROUTES) if (!patientRoutes.some((route) => route.key === key)) unplaced.push(`${key}: listed but not documented`);
    for (const key of NO_ID_ROUTES) if (!patientRoutes.some((route) => route.key === key)) unplaced.push(`${key}: listed but not documented`);
    expect(unplaced).toEqual([]);
    expect(patientRoutes.length).toBeGreaterThanOrEqual(NO_ID_ROUTES.size + 2);
  });

  it('refuse staff sessions and no session, and staff routes refuse a patient session', async () => {
    const problems: string[] = [];
    const patientToken = await signInAs(t, APP_PATIENT);
    let calls = 0;
    for (const route of patientRoutes) {
      for (const [who, token] of [['nobody', undefined], ...Object.entries(staffTokens)] as const) {
        const res = await t.call({ ...plainRequest(route), token });
        calls += 1;
        if (res.statusCode !== 401) problems.push(`${route.key} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    const staffRoutes = routes.filter((route) => route.access !== 'public' && route.access !== 'patient');
    for (const route of staffRoutes) {
      const res = await t.call({ ...plainRequest(route), token: patientToken });
      calls += 1;
      if (res.statusCode !== 401) problems.push(`${route.key} as the patient: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    printFigures('patient app — sessions', { 'patient routes': patientRoutes.length, 'staff routes': staffRoutes.length, calls, 'not 401': problems.length });
    expect(problems).toEqual([]);
  });

  it('never let one patient read or change another’s message, or see it', async () => {
    const problems: string[] = [];
    const figures = { routes: 0, attempts: 0, refused: 0, controls: 0, noIdRoutes: 0 };
    for (const route of patientRoutes) {
      figures.routes += 1;
      const token = SESSION_ENDING.has(route.key)
        ? (await t.call({ method: 'POST', url: '/api/app/login', payload: { email: LAKE_APP_EMAIL, password: DEMO_PASSWORD } })).json().data.token
        : lakeToken;
      if (NO_ID_ROUTES.has(route.key)) {
        figures.noIdRoutes += 1;
        const before = await northState();
        // The event list asks for the events' day: Northside's event is on it.
        const given = (input: string) => (input === 'body:endpoint' ? NORTH_DEVICE : input === 'query:to' ? eventDay : undefined);
        const res = await t.call({ ...plainRequest(route, given), token });
        if (res.statusCode >= 500 || res.body.includes(MARKER) || before !== (await northState())) {
          problems.push(`${route.key}: ${res.statusCode}, ${res.body.includes(MARKER) ? 'showed' : 'changed'} Northside's patient's data: ${res.body.slice(0, 160)}`);
        }
        continue;
      }
      if (AD_ID_ROUTES.has(route.key)) {
        const [off] = await t.app.db.select({ id: ads.id }).from(ads).where(eq(ads.status, 0)).limit(1);
        const [on] = await t.app.db.select({ id: ads.id, impressions: ads.impressions, clicks: ads.clicks }).from(ads).where(eq(ads.kind, 'discount')).limit(1);
        const naming = (id: number) => (input: string) => (input === MESSAGE_INPUT ? id : undefined);
        const before = await northState();
        const refused = await t.call({ ...plainRequest(route, naming(off!.id)), token });
        figures.attempts += 1;
        await t.app.adCounts.flush();
        const [offAfter] = await t.app.db.select({ impressions: ads.impressions, clicks: ads.clicks }).from(ads).where(eq(ads.id, off!.id));
        if (refused.statusCode !== 404 || before !== (await northState()) || offAfter!.impressions + offAfter!.clicks !== 0) {
          problems.push(`${route.key} with a switched-off ad: ${refused.statusCode} ${refused.body.slice(0, 160)}`);
        } else figures.refused += 1;
        const control = await t.call({ ...plainRequest(route, naming(on!.id)), token });
        figures.controls += 1;
        await t.app.adCounts.flush();
        const [onAfter] = await t.app.db.select({ impressions: ads.impressions, clicks: ads.clicks }).from(ads).where(eq(ads.id, on!.id));
        if (control.statusCode !== 204 || onAfter!.impressions + onAfter!.clicks !== on!.impressions + on!.clicks + 1) {
          problems.push(`${route.key} control with an active ad: ${control.statusCode} ${control.body.slice(0, 160)}`);
        }
        continue;
      }
      const byEvent = idInputs(route).includes(EVENT_INPUT);
      const what = byEvent ? 'event' : 'message';
      const naming = (id: number) => (input: string) =>
        input === MESSAGE_INPUT || input === EVENT_INPUT ? id : input === 'body:date' ? eventDay : undefined;
      const before = await northState();
      const res = await t.call({ ...plainRequest(route, naming(byEvent ? northEvent : northMessage)), token });
      figures.attempts += 1;
      if (res.statusCode !== 404 || before !== (await northState()) || res.body.includes(MARKER)) {
        problems.push(`${route.key} with Northside's ${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      } else figures.refused += 1;
      // The control: the patient's own message or event. It must succeed, or the refusal above proves nothing.
      const own = byEvent ? await eventOf(102, `Lakeview own ${route.key}`) : await messageTo(102, lakePatient, `Lakeview own ${route.key}`);
      const control = await t.call({ ...plainRequest(route, naming(own)), token });
      figures.controls += 1;
      if (control.statusCode >= 300) problems.push(`${route.key} control with the patient's own ${what}: ${control.statusCode} ${control.body.slice(0, 160)}`);
    }
    printFigures('patient app — tenancy', figures);
    expect(problems).toEqual([]);
    expect(figures.attempts).toBeGreaterThanOrEqual(2);
  });
});
