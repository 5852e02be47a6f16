import { and, eq, isNull } from 'drizzle-orm';
import { EVENT_LOCATION_MESSAGES } from '@baridesk/contracts';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';
import { events, locations, patients } from '../../../db/schema';

const { NORTH, SELF_SERVICE, LAKE, ADMIN } = STAFF_CALLERS;
const t = routeSuite('/api/event-calendar/location');
const { get, post } = t;
const ADMIN_URL = '/api/admin/event/location';
const tokens: Record<string, string> = {};
beforeAll(async () => {
  Object.assign(tokens, await t.signIn(ADMIN, NORTH));
});
const admin = (path: string, body?: unknown, who: string = ADMIN) =>
  t.call({ method: body === undefined ? 'GET' : 'POST', url: `${ADMIN_URL}${path}`, token: tokens[who], ...(body === undefined ? {} : { payload: body as object }) });

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const london = { latitude: 51.5072, longitude: -0.1276 };

type Location = { id: number; name: string; address: string | null; latitude: number | null; longitude: number | null; timezone: string | null; status: 0 | 1 };

describe('staff locations (/api/event-calendar/location)', () => {
  it("lists the program's own locations only, with their zone", async () => {
    const page = (await get('?perPage=All', NORTH)).json().data as { data: Location[] };
    expect(page.data.map((l) => l.name)).toEqual(['Evanston Clinic', 'Naperville Satellite Office', 'Northside Main Campus']);
    expect(page.data[0]).toMatchObject({ timezone: 'America/Chicago', latitude: 42.0643 });
    const lake = (await get('?perPage=All', LAKE)).json().data as { data: Location[] };
    expect(lake.data.some((l) => page.data.some((n) => n.id === l.id))).toBe(false);
  });

  it('computes the zone from the coordinates on store and again on update, and audits', async () => {
    const res = await post('/store', NORTH, { name: 'Loop Office', address: '1 N State St', latitude: '41.88', longitude: '-87.63' });
    expect(res.statusCode).toBe(201);
    const made = res.json().data as Location;
    expect(made).toMatchObject({ name: 'Loop Office', latitude: 41.88, longitude: -87.63, timezone: 'America/Chicago', status: 1 });
    const moved = await post('/update', NORTH, { id: made.id, name: 'London Office', address: null, ...london, status: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ name: 'London Office', address: null, timezone: 'Europe/London' });
    const [row] = await t.app.db.select().from(locations).where(eq(locations.id, made.id));
    expect(row).toMatchObject({ program_id: 101, timezone: 'Europe/London' });
    expect((await t.auditOf('event-location.update', made.id))[0]?.detail).toEqual({ name: 'London Office', changed: ['name', 'address', 'latitude', 'longitude'] });
  });

  it('refuses missing or out-of-range coordinates with a field map', async () => {
    const res = await post('/store', NORTH, { name: 'Nowhere', latitude: 91, longitude: 'east' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ latitude: ['Latitude must be between -90 and 90.'], longitude: ['Longitude must be between -180 and 180.'] });
    expect((await post('/store', NORTH, { name: 'Nowhere' })).json().errors).toEqual({
      latitude: ['Latitude is required.'],
      longitude: ['Longitude is required.'],
    });
  });

  it("answers 404 for another program's location, changing nothing", async () => {
    const [north] = await t.app.db.select().from(locations).where(eq(locations.program_id, 101)).limit(1);
    await t.expectEach(
      LAKE,
      [
        ['GET', `/${north!.id}`],
        ['POST', '/update', { id: north!.id, name: 'Taken', ...chicago, status: 1 }],
        ['POST', '/toggle-status', { id: north!.id, status: 0 }],
        ['POST', '/delete', { id: north!.id }],
      ],
      { status: 404, body: { message: EVENT_LOCATION_MESSAGES.notFound } },
    );
    const [after] = await t.app.db.select().from(locations).where(eq(locations.id, north!.id));
    expect(after).toEqual(north);
  });

  it('refuses to delete a location that patients or events use (409), and deletes an unused one', async () => {
    const made = (await post('/store', NORTH, { name: 'Pop-up', ...chicago })).json().data as Location;
    const [patient] = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, 101)).limit(1);
    await t.app.db.update(patients).set({ location_id: made.id }).where(eq(patients.id, patient!.id));
    const refused = await post('/delete', NORTH, { id: made.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EVENT_LOCATION_MESSAGES.inUse(1));
    expect((await t.auditOf('event-location.delete', made.id))[0]).toMatchObject({ success: false, detail: { refused: 'in-use', events_and_patients: 1 } });
    await t.app.db.insert(events).values({ program_id: 101, event_title: 'Group', date: '2026-12-01', location_id: made.id });
    expect((await post('/delete', NORTH, { id: made.id })).json().message).toBe(EVENT_LOCATION_MESSAGES.inUse(2));
    await t.app.db.update(patients).set({ location_id: null }).where(eq(patients.id, patient!.id));
    await t.app.db.delete(events).where(eq(events.location_id, made.id));
    expect((await post('/delete', NORTH, { id: made.id })).statusCode).toBe(200);
  });

  it('answers the zone of coordinates, and 422 out of range', async () => {
    expect((await post('/timezone', SELF_SERVICE, chicago)).json()).toEqual({ data: { timezone: 'America/Chicago' } });
    expect((await post('/timezone', NORTH, { latitude: -33.8688, longitude: 151.2093 })).json()).toEqual({ data: { timezone: 'Australia/Sydney' } });
    const refused = await post('/timezone', NORTH, { latitude: 12, longitude: 181 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ longitude: ['Longitude must be between -180 and 180.'] });
  });
});

describe('shared locations (/api/admin/event/location) and the event form’s choices', () => {
  let shared: Location;

  it('lets a super admin manage the locations without a program, never a program’s own', async () => {
    const res = await admin('/store', { name: 'BariDesk Webinar Studio', address: '1 Studio Way', ...london });
    expect(res.statusCode).toBe(201);
    shared = res.json().data as Location;
    expect(shared.timezone).toBe('Europe/London');
    const [row] = await t.app.db.select().from(locations).where(eq(locations.id, shared.id));
    expect(row!.program_id).toBeNull();
    const listed = (await admin('?perPage=All')).json().data.data as Location[];
    const sharedRows = await t.app.db.select({ id: locations.id }).from(locations).where(isNull(locations.program_id));
    expect(listed.map((l) => l.id).sort()).toEqual(sharedRows.map((l) => l.id).sort());
    const [north] = await t.app.db.select().from(locations).where(eq(locations.program_id, 101)).limit(1);
    expect((await admin(`/${north!.id}`)).statusCode).toBe(404);
    expect((await admin('/update', { id: north!.id, name: 'Taken', ...chicago, status: 1 })).statusCode).toBe(404);
    expect((await admin('/timezone', chicago)).json()).toEqual({ data: { timezone: 'America/Chicago' } });
  });

  it('refuses program staff the admin calls', async () => {
    const refused = await admin('', undefined, NORTH);
    expect([401, 403]).toContain(refused.statusCode);
  });

  it("offers staff their program's active locations and the active shared ones, each with its zone", async () => {
    const [evanston] = await t.app.db
      .select()
      .from(locations)
      .where(and(eq(locations.program_id, 101), eq(locations.name, 'Evanston Clinic')));
    await post('/toggle-status', NORTH, { id: evanston!.id, status: 0 });
    const choices = (await get('/all', NORTH)).json().data as { id: number; name: string; shared: boolean; timezone: string | null }[];
    expect(choices.map((c) => c.name)).toEqual(['BariDesk Webinar Studio', 'London Office', 'Naperville Satellite Office', 'Northside Main Campus']);
    expect(choices[0]).toEqual({ id: shared.id, name: 'BariDesk Webinar Studio', address: '1 Studio Way', timezone: 'Europe/London', shared: true });
    const lake = (await get('/all', LAKE)).json().data as { name: string }[];
    expect(lake.map((c) => c.name)).toContain('BariDesk Webinar Studio');
    expect(lake.map((c) => c.name)).not.toContain('Northside Main Campus');
    // A shared location is not the program's to change.
    expect((await post('/update', NORTH, { id: shared.id, name: 'Mine now', ...chicago, status: 1 })).statusCode).toBe(404);
  });
});
