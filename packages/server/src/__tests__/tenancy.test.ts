import { createTestApp, type TestApp } from '../test/app';
import { PUBLIC_ROUTES } from './route-suites/suite-support';
import {
  checklistTemplateItems,
  checklistTemplates,
  insuranceCoordinators,
  locations,
  patientChecklistItems,
  patientTags,
  patients,
} from '../db/schema';

let t: TestApp;
let north: string;
let lake: string;
beforeAll(async () => {
  t = await createTestApp();
  north = await t.login('subuser@northside.test');
  lake = await t.login('subuser@lakeview.test');
});
afterAll(() => t.close());

const storeSection = (token: string, name: string) =>
  t.call({ method: 'POST', url: '/api/content/dynamic-content-section/store', token, payload: { name } });

describe('every route', () => {
  it('needs a session unless it is one of the public ones', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, '1'), path] as const),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const [method, url, path] of routes) {
      const res = await t.call({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      if (PUBLIC_ROUTES.has(`${method} ${path}`)) expect(res.statusCode).not.toBe(401);
      else expect({ route: `${method} ${url}`, status: res.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
    }
  });
});

describe('a program never sees another program’s records', () => {
  beforeAll(async () => {
    const stamp = { created_at: new Date(), updated_at: new Date() };
    await t.app.db.insert(patientTags).values({ program_id: 101, name: 'Northside Secret Tag', ...stamp });
    await t.app.db.insert(insuranceCoordinators).values({ program_id: 101, name: 'Northside Secret Coordinator', ...stamp });
    await t.app.db.insert(locations).values({ program_id: 101, name: 'Northside Secret Clinic', ...stamp });
    const [template] = await t.app.db
      .insert(checklistTemplates)
      .values({ program_id: 101, stage: 3, name: 'Northside Secret Template', ...stamp })
      .returning({ id: checklistTemplates.id });
    await t.app.db.insert(checklistTemplateItems).values({ program_id: 101, template_id: template!.id, title: 'Northside Secret Step', ...stamp });
    const [patient] = await t.app.db
      .insert(patients)
      .values({ program_id: 101, first_name: 'Northside', last_name: 'Secret', name: 'Northside Secret Patient', current_stage: 3, ...stamp })
      .returning({ id: patients.id });
    await t.app.db.insert(patientChecklistItems).values({ program_id: 101, patient_id: patient!.id, stage: 3, title: 'Northside Secret Item', ...stamp });
    const res = await storeSection(north, 'Northside Secret Section');
    expect(res.statusCode).toBe(201);
  });

  const leaks = (body: unknown) => JSON.stringify(body).includes('Northside Secret');

  it.each([
    '/api/sidebar-menu',
    '/api/pre-load-filters',
    '/api/reports/filters',
    '/api/content/dynamic-content-section?perPage=All',
    '/api/content/dynamic-content-section?search=Secret',
    '/api/user-category?perPage=All',
    '/api/user-category?search=Secret',
    '/api/user-category/1',
    '/api/insurance-coordinators?perPage=All',
    '/api/insurance-coordinators?search=Secret',
    '/api/checklist/templates?stage=3&perPage=All',
    '/api/checklist/templates?stage=3&search=Secret',
    '/api/checklist/templates/allActive',
    '/api/checklist-items?stage=3&perPage=All',
    '/api/checklist-items?stage=3&search=Secret',
    '/api/user',
  ])('GET %s', async (url) => {
    const own = await t.call({ method: 'GET', url, token: north });
    const other = await t.call({ method: 'GET', url, token: lake });
    expect(own.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(leaks(other.json())).toBe(false);
    if (!url.startsWith('/api/user')) expect(leaks(own.json())).toBe(true);
  });

  it('lets a name used by another program be used again', async () => {
    const res = await storeSection(lake, 'Northside Secret Section');
    expect(res.statusCode).toBe(201);
  });
});
