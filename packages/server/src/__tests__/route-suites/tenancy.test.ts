/**
 * Tenancy, on every route of the OpenAPI document. Lakeview's own account (a sub user: every staff right
 * in its program) calls each route that takes an id with the id of a Northside record, one input at a
 * time, its other inputs naming Lakeview's own records; the answer must not be a 2xx, and no Northside
 * record may change. The same call with Lakeview's ids only (the control, last) must succeed: it shows
 * the request was well-formed, so the refusals come from the program check and not from validation.
 * Routes without an id must not show Lakeview a Northside record's name. Every /api/admin route refuses
 * program staff. A route this suite cannot place (an id input of no known kind, a route with no id not
 * listed below) fails it, so a new route needs its fixture or a decision the day it lands.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import {
  CONTENT_CATEGORY_RESOURCE,
  CONTENT_LIST_RESOURCES,
  CONTENT_OWN_CATEGORY_RESOURCES,
  CONTENT_PAGES,
  CONTENT_SUB_CATEGORY_RESOURCE,
  type AnyResource,
  type ResourceEndpoint,
} from '@baridesk/contracts';
import { patients, pipelineRules, pipelineStatuses, reportExports, subMenuManagers } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/app';
import { type CatalogueRoute, catalogue, idInputs } from './catalogue';
import { type Kind, type Made, NOT_A_PROGRAM_RECORD, type Program, eventFixtureDay, kindOf, make, storedRecord } from './fixtures';
import { plainRequest } from './inputs';
import {
  LAKE_SUB_USER,
  NORTH_PROGRAM_USER,
  NORTH_SUB_USER,
  PUBLIC_ROUTES,
  SESSION_ENDING,
  printFigures,
} from './suite-support';

jest.setTimeout(300_000);

/** The content library's resources (contracts content-library.ts): each list type's items, the own and the generic categories. */
const CONTENT_RESOURCES: readonly AnyResource[] = [
  ...Object.values(CONTENT_LIST_RESOURCES),
  ...Object.values(CONTENT_OWN_CATEGORY_RESOURCES).flatMap((own) => [own.category, own.subCategory]),
  CONTENT_CATEGORY_RESOURCE,
  CONTENT_SUB_CATEGORY_RESOURCE,
];
const routeKeyOf = (endpoint: ResourceEndpoint) => `${endpoint.method} ${endpoint.url.replace(':id', '{id}')}`;
/** Their calls without an id: the choices (`all`), and the list and store of a resource without categories. */
const CONTENT_NO_ID_ROUTES = CONTENT_RESOURCES.flatMap((resource) =>
  [resource.endpoints.options, ...(resource.categoryFields.length === 0 ? [resource.endpoints.list, resource.endpoints.store] : [])]
    .filter((endpoint): endpoint is ResourceEndpoint => endpoint !== undefined)
    .map(routeKeyOf),
);

/**
 * Routes that take no id, each on purpose: they act on the caller's own program (or own account) only.
 * A new route that takes no id fails the coverage test until it is added here.
 */
const NO_ID_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/patient-events/events',
  'GET /api/patient-events/events/excel',
  'GET /api/user',
  'GET /api/token/validate',
  'GET /api/sidebar-menu',
  'GET /api/pre-load-filters',
  'GET /api/reports/filters',
  'GET /api/dashboard',
  'POST /api/logout',
  'POST /api/change-password',
  // The caller's own second factor.
  'GET /api/mfa',
  'POST /api/mfa/setup',
  'POST /api/mfa/confirm',
  'POST /api/mfa/disable',
  'POST /api/mfa/recovery-codes',
  'POST /api/dashboard-popup-status/update',
  'POST /api/uploads',
  'GET /api/patients',
  'GET /api/user-category',
  'GET /api/user-category/1',
  'POST /api/user-category/store',
  'GET /api/insurance-coordinators',
  'POST /api/insurance-coordinators/store',
  'GET /api/alerts/message-templates',
  'POST /api/alerts/message-templates/store',
  'GET /api/weight-reminder-message',
  'POST /api/weight-reminder-message',
  'POST /api/weight-reminder-message/update',
  'PUT /api/weight-reminder/message-field-status/update',
  'GET /api/food-logs/sections',
  'GET /api/checklist/stage-names',
  'GET /api/checklist/templates',
  'GET /api/checklist/templates/allActive',
  'POST /api/checklist/templates/store',
  'GET /api/checklist-items',
  'GET /api/checklists/checkers',
  'GET /api/content/dynamic-content-section',
  'POST /api/content/dynamic-content-section/store',
  'GET /api/content/manage-menu',
  // The content library: a type's (or a menu's) own lists, choices and new records.
  ...CONTENT_NO_ID_ROUTES,
  // Content pages: the program's own page of each type (and the support group's menu data), read and saved by its key.
  ...CONTENT_PAGES.flatMap((page) => [`GET /api/content/${page.key}`, `POST /api/content/${page.key}/update`]),
  'GET /api/content/support-group/menu-data',
  'POST /api/content/support-group/menu-data',
  'GET /api/all-pipelines',
  'GET /api/pipelines',
  'POST /api/pipelines/store',
  'GET /api/get-pipeline-patient-average-days',
  'GET /api/missing-pipeline-patients',
  'GET /api/pipeline-automation-rule',
  'GET /api/pipeline-automation-rule/new-todo-settings',
  'GET /api/pipeline-patients-excel',
  'GET /api/pipeline-patients-excel/by-average-days',
  'GET /api/automatic-messages',
  'GET /api/on-demand-messages',
  'GET /api/scheduled-messages',
  'GET /api/automatic-messages/checklist-items',
  'POST /api/automatic-messages/run',
  'GET /api/alerts/counts',
  'GET /api/alerts/failed-deliveries',
  'GET /api/alerts/inactive-patients',
  'GET /api/alerts/replies',
  // Event locations: the program's own (the list, a new one, the zone of coordinates, the picker's choices with the shared ones).
  'GET /api/event-calendar/location',
  'POST /api/event-calendar/location/store',
  'POST /api/event-calendar/location/timezone',
  'GET /api/event-calendar/location/all',
  // Calendar import and feed: the caller's program's newest import, a new import, its feed address.
  'GET /scheduler/api/event-calendar/imports/latest',
  'POST /scheduler/api/event-calendar/import',
  'GET /scheduler/api/event-calendar/feed',
  'POST /scheduler/api/event-calendar/feed',
  // The event calendar: a month of the program's own events.
  'GET /scheduler/api/event-calendar',
  // The seminar2surgery reports: the program's own patients, filtered (docs/reports.md).
  'GET /api/seminar2surgery/checklist-item-names',
  'GET /api/seminar2surgery/lost-patients-line-graph-stats',
  'GET /api/seminar2surgery/lost-patients',
  'GET /api/seminar2surgery/lost-patients/excel',
  'GET /api/seminar2surgery/stalled-patients/children',
  'GET /api/seminar2surgery/stalled-patients/children/excel',
  'GET /api/seminar2surgery/surgery-date-patients',
  'GET /api/seminar2surgery/surgery-date-patients/excel',
  'GET /api/seminar2surgery/post-op-patients',
  'GET /api/seminar2surgery/post-op-patients/excel',
  'GET /api/seminar2surgery/not-connected-patients',
  'GET /api/seminar2surgery/not-connected-patients/excel',
  'GET /api/seminar2surgery/surgery-volume/chart',
  'GET /api/seminar2surgery/surgery-volume/list',
  'GET /api/seminar2surgery/surgery-volume/excel',
  // The pipeline, outcome and follow-up reports, the dashboard's widgets and the staff calendar: the program's own
  // patients and events, filtered (docs/reports.md).
  'GET /api/reports/pipeline',
  'GET /api/reports/pipeline/moves',
  'GET /api/reports/pipeline/moves/excel',
  'GET /api/reports/outcomes/cohorts',
  'GET /api/reports/outcomes/patients',
  'GET /api/reports/outcomes/patients/excel',
  'GET /api/reports/follow-up',
  'GET /api/reports/follow-up/excel',
  'GET /api/dashboard/widgets',
  'GET /api/calendar',
  // A background export: the caller's own account's only (its uuid is no program record; see NOT_A_PROGRAM_RECORD;
  // read here as Lakeview's own export, ROUTE_CASES).
  'GET /api/report-exports/{id}',
  'GET /api/report-exports/{id}/file',
  'POST /api/report-exports/{id}/cancel',
]);

/** Inputs by "body:name", "query:name" or "path:name". */
type Values = Record<string, unknown>;

interface RouteCase {
  /**
   * Values the plain generated ones cannot be (a reason with a deactivation, an item that is ticked), for
   * every call of the route; an id input under test keeps the other program's id.
   */
  values?: (lakeMade: Made) => Promise<Values> | Values;
  /** Values of the control only (a rule's from and to must differ, a new order lists every rule). */
  control?: (lakeMade: Made) => Promise<Values> | Values;
  /** Why no control can succeed as Lakeview's sub user (then none is sent). */
  noControl?: string;
  /**
   * Inputs with which the route answers 2xx although the id is another program's, and why that reads
   * and changes nothing of it; the record is still checked unchanged and unnamed, and `check` looks
   * into answers the marker search cannot read (a workbook).
   */
  harmless2xx?: Record<string, { why: string; check?: (res: LightMyRequestResponse) => Promise<string | null> }>;
  /** Inputs another program's id of which is refused with another answer than 404, 403 or a 422 naming it, and why that is right. */
  otherRefusal?: Record<string, string>;
}

/** A valid event body of the calendar's store and update but its location (the fixture's), the whole event changed. */
const eventValues = (): Values => ({
  'body:event_title': 'Route suite event',
  'body:type': 'Support Group',
  'body:date': eventFixtureDay(t),
  'body:time': '10:00',
  'body:end_time': '11:00',
  'body:timezone': 'UTC',
  'body:venue_type': 'in_person',
  'body:meeting_url': null,
  'body:stages': [1],
  'body:patient_type': 'all',
  'body:weight_loss_type': 'all',
  'body:email': null,
  'body:rrule': null,
  'body:scope': 'series',
  'body:occurrence_date': null,
});

/**
 * A finished background export of Lakeview's own account with a file (an export is its account's alone:
 * contexts/reports/__tests__/report-exports.test.ts checks that no other account reads it).
 */
async function lakeExport(): Promise<Values> {
  const now = t.clock.now();
  const [row] = await t.app.db
    .insert(reportExports)
    .values({ program_id: lake.id, account_id: lake.id, kind: 'patients', format: 'xlsx', params: {}, status: 'done', total: 0, file_name: 'patients.xlsx', created_at: now, expires_at: new Date(now.getTime() + 3_600_000) })
    .returning({ id: reportExports.id });
  const key = `report-exports/${row!.id}.xlsx`;
  await t.app.storage.put(key, Buffer.from('Lakeview export'), { contentType: 'application/octet-stream' });
  await t.app.db.update(reportExports).set({ file_key: key }).where(eq(reportExports.id, row!.id));
  return { 'path:id': row!.id };
}

/**
 * The content library's cases: a list filtered by another program's category, or a category's records
 * asked by its id, finds none of the caller's (harmless); a store or update sends a web address in each
 * URL field (the plain text is no URL).
 */
const CONTENT_ROUTE_CASES: Record<string, RouteCase> = Object.fromEntries(
  CONTENT_RESOURCES.flatMap((resource): [string, RouteCase][] => {
    const urls = Object.entries(resource.fields).filter(([, field]) => field.kind === 'url').map(([name]) => name);
    const withUrls: RouteCase = { values: () => Object.fromEntries(urls.map((name) => [`body:${name}`, 'https://route-suite.example.com/page'])) };
    const categorised = resource.categoryFields.length > 0;
    return [
      ...(categorised
        ? ([
            [routeKeyOf(resource.endpoints.list!), { harmless2xx: Object.fromEntries(resource.categoryFields.map((c) => [`query:${c.field}`, { why: 'a filter by another program’s category lists nothing' }])) }],
            [routeKeyOf(resource.endpoints.byCategory!), { harmless2xx: { 'query:categoryId': { why: 'the records of another program’s category: none of the caller’s' } } }],
          ] as [string, RouteCase][])
        : []),
      ...(urls.length > 0 ? ([[routeKeyOf(resource.endpoints.store!), withUrls], [routeKeyOf(resource.endpoints.update!), withUrls]] as [string, RouteCase][]) : []),
    ];
  }),
);

const ROUTE_CASES: Readonly<Record<string, RouteCase>> = {
  ...CONTENT_ROUTE_CASES,
  'GET /api/report-exports/{id}': { values: lakeExport },
  'GET /api/report-exports/{id}/file': { values: lakeExport },
  // An occurrence is an event and one of its days: the fixture's day; marking names one of Lakeview's patients.
  'GET /api/patient-events/patients': { values: () => ({ 'query:event_date': eventFixtureDay(t) }) },
  'GET /api/patient-events/patients/excel': { values: () => ({ 'query:event_date': eventFixtureDay(t) }) },
  'GET /api/patient-events/attendance': { values: () => ({ 'query:event_date': eventFixtureDay(t) }) },
  'POST /api/patient-events/store': {
    values: async (made) => {
      await make(t, lake, 'patient', made);
      return { 'body:event_date': eventFixtureDay(t), 'body:attendance': [{ patient_id: made.patient!, attended: 1 }] };
    },
  },
  // An event as the form sends it (in person, at the location under test), changed as a whole; a series' day needs a series.
  'POST /scheduler/api/event-calendar/store': { values: () => eventValues() },
  'POST /scheduler/api/event-calendar/update': { values: () => eventValues() },
  'POST /scheduler/api/event-calendar/delete': { values: () => ({ 'body:scope': 'series', 'body:occurrence_date': null }) },
  // A location's coordinates are numbers in range.
  'POST /api/event-calendar/location/update': { values: () => ({ 'body:latitude': 41.9, 'body:longitude': -87.6 }) },
  // A scheduled message's first run must lie ahead.
  'POST /api/scheduled-messages': { values: () => scheduleValues() },
  'PUT /api/scheduled-messages/{id}': { values: () => scheduleValues() },
  // Only a paused schedule resumes: Lakeview's own is paused first.
  'POST /api/scheduled-messages/{id}/resume': {
    values: async (made) => {
      await t.call({ method: 'POST', url: `/api/scheduled-messages/${made.scheduledMessage}/pause`, token: lake.token });
      return {};
    },
  },
  'POST /api/add-missing-pipeline-patient': {
    values: async (made) => {
      // Only a patient with no status is "missing" from the pipeline.
      await t.app.db.update(patients).set({ pipeline_status_id: null, pipeline_status_since: null }).where(eq(patients.id, made.patient!));
      return {};
    },
  },
  'POST /api/checklist/templates/update': { values: () => ({ 'body:items': [{ id: null, title: 'Route suite step' }] }) },
  'POST /api/checklists/deactivate': { values: () => ({ 'body:checklist_deactivate': 1, 'body:checklist_deactivate_reason': 'Route suite' }) },
  'POST /api/checklists/update_checked_by_in_report': {
    values: async (made) => {
      await t.call({ method: 'POST', url: '/api/checklists/update-detail', token: lake.token, payload: { id: made.checklistItem, completed: 1 } });
      return {};
    },
  },
  // A rule of type 2 (a checklist item done) reads its item; from (optional) and to must differ.
  'POST /api/pipeline-automation-rule/store': { values: () => ({ 'body:type': 2, 'body:from_status_id': null }) },
  'PUT /api/pipeline-automation-rule/update': { values: () => ({ 'body:type': 2, 'body:from_status_id': null }) },
  'POST /api/pipeline-automation-rule/update-priority': {
    control: async (made) => {
      const rules = await t.app.db
        .select({ id: pipelineRules.id, stage: pipelineRules.stage })
        .from(pipelineRules)
        .where(eq(pipelineRules.program_id, lake.id))
        .orderBy(asc(pipelineRules.priority), asc(pipelineRules.id));
      const stage = rules.find((rule) => rule.id === made.automationRule)!.stage;
      return { 'body:stage': stage, 'body:ids': rules.filter((rule) => rule.stage === stage).map((rule) => rule.id) };
    },
  },
  'POST /api/pipelines/reorder': {
    control: async () => ({ 'body:stage': 1, 'body:ids': (await liveStatuses(1)).map((status) => status.id) }),
  },
  'POST /api/pipeline-patients/move': {
    otherRefusal: {
      'body:from_status_id': 'the status the board showed the patient in is compared with where the patient is, never read: a mismatch is the stale-board 409',
    },
    values: async (made) => {
      const [patient] = await t.app.db.select({ status: patients.pipeline_status_id }).from(patients).where(eq(patients.id, made.patient!));
      return { 'body:from_status_id': patient!.status };
    },
  },
  'POST /api/pipelines/delete': {
    values: async (made) => {
      // A status with a patient in it, so the status its patients move to is read.
      await make(t, lake, 'patient', made);
      await t.app.db.update(patients).set({ pipeline_status_id: made.pipelineStatus! }).where(eq(patients.id, made.patient!));
      return { 'body:move_to_status_id': (await liveStatuses(1)).find((status) => status.id !== made.pipelineStatus)!.id };
    },
  },
  // The checklist item is read only by a "checklist item due" rule.
  'POST /api/automatic-messages': { values: () => ({ 'body:trigger': 'checklist_item_due' }) },
  'PUT /api/automatic-messages/{id}': { values: () => ({ 'body:trigger': 'checklist_item_due' }) },
  'POST /api/support-message/store': {
    noControl: 'only a program user may write to support; Lakeview has no program user in the demo data',
  },
  'POST /api/program-user-terms-check': {
    noControl: 'only a program user may accept the terms, for their own account; Lakeview has no program user in the demo data',
  },
  'POST /api/seminar2surgery/not-connected-patients/invite': {
    harmless2xx: { 'body:ids': { why: 'the invite skips another program’s patient as not found and invites nobody' } },
  },
  // A dynamic section's lists filtered by another program's category: the filter finds no row of the caller's (an empty list).
  'GET /api/content/dynamic-content-section/section': {
    harmless2xx: {
      'query:category_id': { why: 'a filter by a category that is not the section’s lists nothing' },
      'query:sub_category_id': { why: 'a filter by a sub-category that is not the section’s lists nothing' },
    },
  },
  'GET /api/content/dynamic-content-section/sub-category': {
    harmless2xx: { 'query:category_id': { why: 'a filter by a category that is not the section’s lists nothing' } },
  },
  'GET /api/content/dynamic-content-section/sub-category/by-category-id': {
    harmless2xx: { 'query:categoryId': { why: 'the sub-categories of a category that is not the section’s: none' } },
  },
  'POST /api/patients/bulk': {
    harmless2xx: { 'body:ids': { why: 'a bulk change reports ids of other programs as not found, and changes the rest' } },
  },
  'GET /api/patients/excel': {
    harmless2xx: {
      'query:ids': {
        why: 'the export lists the caller’s own patients among the ids given; others are left out',
        check: async (res) => {
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
          const cells: string[] = [];
          book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
          return cells.some((cell) => cell.includes(north.marker)) ? 'the workbook names it' : null;
        },
      },
    },
  },
};

/** A first run a day ahead, once, in the program's zone. */
const scheduleValues = (): Values => ({ 'body:send_at': new Date(t.clock.now().getTime() + 86_400_000).toISOString(), 'body:timezone': null, 'body:rrule': null });

/** Lakeview's live statuses of a stage, in board order. */
function liveStatuses(stage: number) {
  return t.app.db
    .select({ id: pipelineStatuses.id })
    .from(pipelineStatuses)
    .where(and(eq(pipelineStatuses.program_id, lake.id), eq(pipelineStatuses.stage, stage), isNull(pipelineStatuses.deleted_at)))
    .orderBy(asc(pipelineStatuses.position), asc(pipelineStatuses.id));
}

let t: TestApp;
let routes: CatalogueRoute[];
let north: Program;
let lake: Program;
let tokens: Record<string, string>;
/** Northside's records, one of each kind, made once: the ids Lakeview tries. */
const northMade: Made = {};

beforeAll(async () => {
  t = await createTestApp();
  // The suite is about programs, not Manage Menu: every content menu on, so the content guard (which
  // refuses a switched-off menu to everyone) lets each call reach its records.
  await t.app.db.update(subMenuManagers).set({ status: 1 });
  t.app.sidebarCache.clear();
  routes = await catalogue(t);
  tokens = await t.signIn(NORTH_SUB_USER, NORTH_PROGRAM_USER, LAKE_SUB_USER);
  north = { id: 101, token: tokens[NORTH_SUB_USER]!, marker: 'Northside Secret', staffUserId: 201 };
  lake = { id: 102, token: tokens[LAKE_SUB_USER]!, marker: 'Lakeview Own', staffUserId: 102 };
  for (const kind of ['patient', 'tag', 'coordinator', 'location', 'messageTemplate', 'templateItem', 'checklistItem', 'checklistNote', 'internalNote', 'automationRule', 'menuSwitch', 'staffUser', 'automaticMessage', 'patientReply', 'failedDelivery', 'onDemandMessage', 'scheduledMessage', 'scheduledRun', 'event', 'calendarImport', 'dynamicSectionItem'] as Kind[]) {
    await make(t, north, kind, northMade);
  }
  // The content library's items of every type (and, made first for them, each type's category and sub-category).
  for (const key of Object.keys(CONTENT_LIST_RESOURCES)) await make(t, north, `contentItem:${key}` as Kind, northMade);
});
afterAll(() => t?.close());

/** Patient-app routes take a patient's session, never a staff one: route-suites/patient-app.test.ts holds their tenancy. */
const isStaffRoute = (route: CatalogueRoute) => route.access !== 'public' && route.access !== 'super_admin' && route.access !== 'patient';

/** The inputs of a route with ids: each id input's kind, or the reason it names no program's record. */
function placedInputs(route: CatalogueRoute) {
  return idInputs(route).map((input) => ({
    input,
    kind: kindOf(route, input),
    notARecord: NOT_A_PROGRAM_RECORD[`${route.key} ${input}`] ?? NOT_A_PROGRAM_RECORD[input],
  }));
}

/** A call of `route` as Lakeview with each id input given by `idFor`, every other input a plain valid value. */
async function callWith(
  route: CatalogueRoute,
  idFor: (input: string, kind: Kind) => number,
  { values = {}, tested }: { values?: Values; tested?: string } = {},
): Promise<LightMyRequestResponse> {
  const ids = new Map<string, number>();
  for (const { input, kind } of placedInputs(route)) if (kind) ids.set(input, idFor(input, kind));
  const given = (input: string, name: string) => {
    if (input !== tested && input in values) return values[input];
    const id = ids.get(input);
    if (id === undefined) return undefined;
    return name === 'ids' || name.endsWith('_ids') ? [id] : id;
  };
  const token = SESSION_ENDING.has(route.key) ? await t.login(LAKE_SUB_USER) : lake.token;
  return t.call({ ...plainRequest(route, given), token });
}

const figures = { routes: 0, idRoutes: 0, attempts: 0, refused: 0, harmless2xx: 0, leaks: 0, controls: 0, noIdRoutes: 0, adminRoutes: 0, adminCalls: 0 };

describe('tenancy on every documented route', () => {
  it('places every route: public, administrative, with ids of known kinds, or listed as taking none', () => {
    const unplaced: string[] = [];
    for (const route of routes) {
      const isPublic = route.access === 'public';
      if (isPublic !== PUBLIC_ROUTES.has(route.key)) unplaced.push(`${route.key}: public is ${isPublic}, PUBLIC_ROUTES says ${!isPublic}`);
      if (!isStaffRoute(route)) continue;
      const inputs = placedInputs(route);
      for (const { input, kind, notARecord } of inputs) if (!kind && !notARecord) unplaced.push(`${route.key} ${input}: no fixture kind (fixtures.ts)`);
      const takesIds = inputs.some(({ kind }) => kind);
      if (takesIds && NO_ID_ROUTES.has(route.key)) unplaced.push(`${route.key}: takes an id but is listed in NO_ID_ROUTES`);
      if (!takesIds && !NO_ID_ROUTES.has(route.key)) unplaced.push(`${route.key}: takes no id and is not in NO_ID_ROUTES`);
    }
    const documented = new Set(routes.map((route) => route.key));
    for (const key of [...NO_ID_ROUTES, ...PUBLIC_ROUTES, ...Object.keys(ROUTE_CASES), ...SESSION_ENDING]) {
      if (!documented.has(key)) unplaced.push(`${key}: listed but not documented`);
    }
    expect(unplaced).toEqual([]);
  });

  it('never lets another program’s staff read or change a record by its id', async () => {
    const problems: string[] = [];
    const refusals = new Map<string, number>();
    for (const route of routes.filter(isStaffRoute)) {
      figures.routes += 1;
      const inputs = placedInputs(route).filter(({ kind }) => kind);
      if (!inputs.length) continue;
      figures.idRoutes += 1;
      const lakeMade: Made = {};
      for (const { kind } of inputs) await make(t, lake, kind!, lakeMade);
      const routeCase = ROUTE_CASES[route.key] ?? {};
      const values = (await routeCase.values?.(lakeMade)) ?? {};
      for (const { input, kind } of inputs) {
        const before = await storedRecord(t, kind!, northMade[kind!]!);
        const res = await callWith(route, (other, otherKind) => (other === input ? northMade[otherKind]! : lakeMade[otherKind]!), { values, tested: input });
        figures.attempts += 1;
        const after = await storedRecord(t, kind!, northMade[kind!]!);
        const harmless = routeCase.harmless2xx?.[input];
        const hidden = res.statusCode < 300 && harmless?.check ? await harmless.check(res) : null;
        const named = res.body.includes(north.marker) || hidden !== null;
        const label = `${route.key} ${input}=Northside's ${kind} ${northMade[kind!]}`;
        if (before !== after || named) {
          figures.leaks += 1;
          problems.push(`${label}: ${res.statusCode}, ${before !== after ? 'changed it' : 'showed it'}: ${hidden ?? res.body.slice(0, 200)}`);
        } else if (res.statusCode < 300) {
          if (harmless) figures.harmless2xx += 1;
          else problems.push(`${label}: answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        } else if (res.statusCode >= 500) {
          problems.push(`${label}: answered ${res.statusCode}`);
        } else {
          // Refused because of that id: not found, forbidden, or a 422 naming the input. Any other refusal
          // (a 409, a 422 on another field) means the call failed for another reason and proved nothing.
          const fields = res.statusCode === 422 ? Object.keys((res.json() as { errors?: object }).errors ?? {}) : [];
          const name = input.slice(input.indexOf(':') + 1);
          if (res.statusCode === 404 || res.statusCode === 403 || fields.includes(name) || routeCase.otherRefusal?.[input]) figures.refused += 1;
          else problems.push(`${label}: refused for another reason: ${res.statusCode} ${res.body.slice(0, 200)}`);
          const key = `${res.statusCode}${fields.length ? ` on ${fields.join(',')}` : ''}`;
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }
      }
      // The control: Lakeview's own ids only. It must succeed, or the refusals above prove nothing.
      if (routeCase.noControl) continue;
      const controlValues = { ...values, ...(await routeCase.control?.(lakeMade)) };
      const control = await callWith(route, (_input, kind) => lakeMade[kind]!, { values: controlValues });
      figures.controls += 1;
      if (control.statusCode >= 300) problems.push(`${route.key} control with Lakeview's own ids: ${control.statusCode} ${control.body.slice(0, 200)}`);
    }
    printFigures('tenancy', {
      'routes (staff)': figures.routes,
      'routes with ids': figures.idRoutes,
      'calls with another program’s id': figures.attempts,
      refused: figures.refused,
      'harmless 2xx (listed)': figures.harmless2xx,
      leaks: figures.leaks,
      'controls (own ids)': figures.controls,
      'refusals by answer': [...refusals.entries()].map(([key, n]) => `${key}×${n}`).join(' '),
    });
    expect(problems).toEqual([]);
    expect(figures.idRoutes).toBeGreaterThan(40);
  });

  it('never shows another program’s records on a route that takes no id', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => NO_ID_ROUTES.has(r.key) && r.method === 'GET')) {
      figures.noIdRoutes += 1;
      const values = (await ROUTE_CASES[route.key]?.values?.({})) ?? {};
      const res = await callWith(route, () => 0, { values });
      if (res.statusCode >= 300 || res.body.includes(north.marker)) problems.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    // Northside's own list does show the marker: the check above can fail.
    const own = await t.call({ method: 'GET', url: '/api/patients?search=Northside%20Secret', token: north.token });
    expect(own.body).toContain(north.marker);
    printFigures('tenancy — routes without an id, read as Lakeview', { routes: figures.noIdRoutes, 'showing Northside’s records': problems.length });
    expect(problems).toEqual([]);
  });

  it('refuses every /api/admin route to program staff', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.path.startsWith('/api/admin'))) {
      figures.adminRoutes += 1;
      expect(route.access).toBe('super_admin');
      for (const who of [NORTH_SUB_USER, NORTH_PROGRAM_USER, LAKE_SUB_USER]) {
        const res = await t.call({ ...plainRequest(route), token: tokens[who] });
        figures.adminCalls += 1;
        if (res.statusCode !== 401 && res.statusCode !== 403) problems.push(`${route.key} as ${who}: ${res.statusCode}`);
      }
    }
    printFigures('tenancy — /api/admin with staff tokens', { routes: figures.adminRoutes, calls: figures.adminCalls, 'not 401/403': problems.length });
    expect(problems).toEqual([]);
    expect(figures.adminRoutes).toBeGreaterThan(5);
  });
});
