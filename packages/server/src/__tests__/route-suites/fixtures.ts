/**
 * The tenancy suite's records: one fixture per kind of record a route can name by id, each making a
 * record of that kind in a given program (through the program's own API where it has a route for it, as
 * the program's sub user would), and the table that says which kind each id input of each route names.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  CONTENT_CATEGORY_MENUS,
  CONTENT_LISTS,
  CONTENT_SUB_CATEGORY_MENUS,
  type ContentListKey,
  type ContentListType,
} from '@baridesk/contracts';
import { queryRows } from '../../db/client';
import {
  calendarImports,
  checklistNotes,
  contentCategories,
  contentItems,
  contentSubCategories,
  dynamicContentSections,
  checklistTemplateItems,
  checklistTemplates,
  events,
  insuranceCoordinators,
  automaticMessageRules,
  internalNotes,
  locations,
  messageDeliveries,
  messageReplies,
  messageTemplates,
  messages,
  patientChecklistItems,
  patientTags,
  patients,
  pipelineRules,
  pipelineStatuses,
  programUsers,
  scheduledMessages,
  subMenuManagers,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import type { CatalogueRoute } from './catalogue';

export type Kind =
  | ContentKind
  | 'patient'
  | 'tag'
  | 'coordinator'
  | 'location'
  | 'messageTemplate'
  | 'checklistTemplate'
  | 'templateItem'
  | 'checklistItem'
  | 'checklistNote'
  | 'internalNote'
  | 'pipelineStatus'
  | 'automationRule'
  | 'menuSwitch'
  | 'staffUser'
  | 'automaticMessage'
  | 'patientReply'
  | 'failedDelivery'
  | 'onDemandMessage'
  | 'scheduledMessage'
  | 'scheduledRun'
  | 'event'
  | 'calendarImport'
  | 'dynamicSection'
  | 'dynamicSectionCategory'
  | 'dynamicSectionSubCategory'
  | 'dynamicSectionItem';

export interface Program {
  id: number;
  token: string;
  /** Put in every name a fixture gives, so an answer that shows the record is found by this text. */
  marker: string;
  /** Staff of the program named by completed_by and the terms check (the terms check wants the caller). */
  staffUserId: number;
}

/** Ids a fixture made, by kind, so a record made for one input (a patient) serves the next (its note). */
export type Made = Partial<Record<Kind, number>>;

type Fixture = (t: TestApp, program: Program, made: Made) => Promise<number>;

async function created(t: TestApp, program: Program, url: string, payload: object, method: 'POST' | 'PUT' = 'POST'): Promise<number> {
  const res = await t.call({ method, url, token: program.token, payload });
  if (res.statusCode >= 300) throw new Error(`fixture ${url} in program ${program.id}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

/** Names are unique per program: a counter, not randomness, so every run makes the same names. */
let made = 0;
const unique = () => `${process.pid}-${(made += 1)}`;

const stamp = () => ({ created_at: new Date(), updated_at: new Date() });

/**
 * The content library's kinds (contracts content-library.ts): a list type's items, categories and
 * sub-categories, each by the type's key, since a record of one type is not another's (a diet item names
 * a diet category). Made through the program's own content calls.
 */
export type ContentKind = `${ContentLevel}:${ContentListKey}`;

const CONTENT_TYPES = CONTENT_LISTS as readonly ContentListType[];
type ContentLevel = 'contentItem' | 'contentCategory' | 'contentSubCategory';
const contentKind = (level: ContentLevel, type: ContentListType) => `${level}:${type.key}` as ContentKind;

/** A text a required field of a list type accepts: a URL for link and video, else a short text. */
const requiredValue = (name: string, p: Program) => (name === 'link' || name === 'video_url' ? 'https://route-suite.example.com/page' : `${p.marker} text`);

/** An item with its type's required fields, in the made category and sub-category when the type has them. */
const contentItemBody = (type: ContentListType, p: Program, made: Made) => ({
  ...Object.fromEntries(Object.entries(type.fields).filter(([, use]) => use.required).map(([name]) => [name, requiredValue(name, p)])),
  title: `${p.marker} ${type.singular} ${unique()}`,
  ...(type.categories > 0 ? { category_id: made[contentKind('contentCategory', type)] } : {}),
  ...(type.categories === 2 ? { sub_category_id: made[contentKind('contentSubCategory', type)] } : {}),
});

const CONTENT_FIXTURES = Object.fromEntries(
  CONTENT_TYPES.flatMap((type): [ContentKind, Fixture][] => [
    [contentKind('contentCategory', type), (t, p) => created(t, p, '/api/content/content-categories/store', { menu: type.key, name: `${p.marker} Category ${unique()}` })],
    [
      contentKind('contentSubCategory', type),
      (t, p, made) =>
        created(t, p, '/api/content/content-sub-categories/store', { menu: type.key, category_id: made[contentKind('contentCategory', type)], name: `${p.marker} Sub-category ${unique()}` }),
    ],
    [contentKind('contentItem', type), (t, p, made) => created(t, p, `/api/content/${type.key}/store`, contentItemBody(type, p, made))],
  ]),
) as Record<ContentKind, Fixture>;

const CONTENT_NEEDS = Object.fromEntries(
  CONTENT_TYPES.flatMap((type): [ContentKind, ContentKind[]][] => [
    [contentKind('contentSubCategory', type), [contentKind('contentCategory', type)]],
    [contentKind('contentItem', type), type.categories === 2 ? [contentKind('contentSubCategory', type)] : type.categories === 1 ? [contentKind('contentCategory', type)] : []],
  ]),
) as Partial<Record<ContentKind, ContentKind[]>>;

const CONTENT_TABLES = Object.fromEntries(
  CONTENT_TYPES.flatMap((type): [ContentKind, PgTable][] => [
    [contentKind('contentItem', type), contentItems],
    [contentKind('contentCategory', type), contentCategories],
    [contentKind('contentSubCategory', type), contentSubCategories],
  ]),
) as Record<ContentKind, PgTable>;

/**
 * A content route's first path segment: the type and the kind its `id`/`ids` name. The generic category
 * calls name the type of the plain `menu` the suites send (the first a menu may be).
 */
const CONTENT_SEGMENTS = new Map<string, { key: ContentListKey; kind: ContentLevel }>([
  ...CONTENT_TYPES.map((type) => [type.key, { key: type.key as ContentListKey, kind: 'contentItem' as const }] as const),
  ...CONTENT_TYPES.flatMap((type) =>
    type.categoryApi
      ? [
          [type.categoryApi.category.split('/').pop()!, { key: type.key as ContentListKey, kind: 'contentCategory' as const }] as const,
          [type.categoryApi.subCategory.split('/').pop()!, { key: type.key as ContentListKey, kind: 'contentSubCategory' as const }] as const,
        ]
      : [],
  ),
  ['content-categories', { key: CONTENT_CATEGORY_MENUS[0]!, kind: 'contentCategory' }],
  ['content-sub-categories', { key: CONTENT_SUB_CATEGORY_MENUS[0]!, kind: 'contentSubCategory' }],
]);

/** The kind an input of a content library route names: the record (id, ids), its category (category_id, categoryId) or sub-category. */
function contentKindOf(route: CatalogueRoute, name: string): Kind | undefined {
  const segment = /^\/api\/content\/([^/]+)/.exec(route.path)?.[1];
  const found = segment === undefined ? undefined : CONTENT_SEGMENTS.get(segment);
  if (!found) return undefined;
  if (name === 'id' || name === 'ids') return `${found.kind}:${found.key}`;
  if (name === 'category_id' || name === 'categoryId') return `contentCategory:${found.key}`;
  if (name === 'sub_category_id') return `contentSubCategory:${found.key}`;
  return undefined;
}

/** What each kind needs first (a patient's note needs the patient). */
const NEEDS: Partial<Record<Kind, Kind[]>> = {
  ...CONTENT_NEEDS,
  internalNote: ['patient'],
  checklistItem: ['patient'],
  checklistNote: ['patient'],
  templateItem: ['checklistTemplate'],
  automationRule: ['pipelineStatus'],
  patientReply: ['patient'],
  failedDelivery: ['patient'],
  onDemandMessage: ['patient'],
  scheduledMessage: ['patient'],
  scheduledRun: ['scheduledMessage'],
  dynamicSectionCategory: ['dynamicSection'],
  dynamicSectionSubCategory: ['dynamicSectionCategory'],
  dynamicSectionItem: ['dynamicSectionSubCategory'],
};

export const FIXTURES: Record<Kind, Fixture> = {
  ...CONTENT_FIXTURES,
  // With an e-mail address: a patient's password link needs one.
  patient: (t, p) =>
    created(t, p, '/api/patients/store', { first_name: p.marker, last_name: 'Patient', current_stage: 1, email: `route.suite.${unique()}@example.test` }),
  tag: (t, p) => created(t, p, '/api/user-category/store', { name: `${p.marker} Tag ${unique()}` }),
  coordinator: (t, p) => created(t, p, '/api/insurance-coordinators/store', { name: `${p.marker} Coordinator ${unique()}` }),
  location: async (t, p) => {
    const [row] = await t.app.db.insert(locations).values({ program_id: p.id, name: `${p.marker} Clinic`, ...stamp() }).returning({ id: locations.id });
    return row!.id;
  },
  messageTemplate: (t, p) => created(t, p, '/api/alerts/message-templates/store', { title: `${p.marker} Template ${unique()}`, message: `${p.marker} message` }),
  checklistTemplate: (t, p) =>
    created(t, p, '/api/checklist/templates/store', { stage: 1, name: `${p.marker} Checklist ${unique()}`, items: [{ title: `${p.marker} Step` }] }),
  templateItem: async (t, _p, made) => {
    const [row] = await t.app.db
      .select({ id: checklistTemplateItems.id })
      .from(checklistTemplateItems)
      .where(eq(checklistTemplateItems.template_id, made.checklistTemplate!));
    return row!.id;
  },
  checklistItem: async (t, p, made) => {
    await created(t, p, '/api/checklists/add-item', { patient_id: made.patient, stage: 1, title: `${p.marker} Item` });
    const [row] = await t.app.db
      .select({ id: patientChecklistItems.id })
      .from(patientChecklistItems)
      .where(eq(patientChecklistItems.patient_id, made.patient!))
      .orderBy(desc(patientChecklistItems.id))
      .limit(1);
    return row!.id;
  },
  checklistNote: (t, p, made) => created(t, p, '/api/checklist/notes', { patient_id: made.patient, stage: 1, note: `${p.marker} checklist note` }),
  internalNote: (t, p, made) => created(t, p, '/api/internal-notes/store', { patient_id: made.patient, note: `${p.marker} internal note` }),
  pipelineStatus: (t, p) => created(t, p, '/api/pipelines/store', { stage: 1, name: `${p.marker} ${unique()}` }),
  automationRule: async (t, p, made) => {
    const other = await FIXTURES.pipelineStatus(t, p, made);
    return created(t, p, '/api/pipeline-automation-rule/store', { stage: 1, type: 1, days: 5, from_status_id: other, to_status_id: made.pipelineStatus });
  },
  menuSwitch: async (t, p) => {
    const [row] = await t.app.db.select({ id: subMenuManagers.id }).from(subMenuManagers).where(eq(subMenuManagers.program_id, p.id)).limit(1);
    return row!.id;
  },
  staffUser: async (_t, p) => p.staffUserId,
  automaticMessage: (t, p) =>
    created(t, p, '/api/automatic-messages', { trigger: 'days_after_signup', days: 3, title: `${p.marker} Automatic`, message: `${p.marker} message` }),
  // Replies and deliveries come from the patient app and the delivery jobs, not from a staff route.
  patientReply: async (t, p, made) => {
    const [row] = await t.app.db.insert(messageReplies).values({ program_id: p.id, patient_id: made.patient!, body: `${p.marker} reply` }).returning({ id: messageReplies.id });
    return row!.id;
  },
  failedDelivery: async (t, p, made) => {
    const [message] = await t.app.db
      .insert(messages)
      .values({ program_id: p.id, kind: 'on_demand', title: `${p.marker} Message`, message: `${p.marker} text`, channels: ['email'], audience: { patient_ids: [made.patient!] }, status: 'sent' })
      .returning({ id: messages.id });
    const [row] = await t.app.db
      .insert(messageDeliveries)
      .values({ message_id: message!.id, program_id: p.id, patient_id: made.patient!, channel: 'email', status: 'failed', error: 'No e-mail address', failed_at: new Date() })
      .returning({ id: messageDeliveries.id });
    return row!.id;
  },
  onDemandMessage: (t, p, made) =>
    created(t, p, '/api/on-demand-messages', { title: `${p.marker} On demand`, message: `${p.marker} text`, patient_ids: [made.patient] }),
  scheduledMessage: (t, p, made) =>
    created(t, p, '/api/scheduled-messages', {
      title: `${p.marker} Scheduled`,
      message: `${p.marker} text`,
      patient_ids: [made.patient],
      send_at: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      rrule: 'FREQ=DAILY',
    }),
  // A run is made by the tick job, not by a staff route.
  scheduledRun: async (t, p, made) => {
    const [row] = await t.app.db
      .insert(messages)
      .values({
        program_id: p.id,
        kind: 'scheduled',
        title: `${p.marker} Run`,
        message: `${p.marker} text`,
        audience: { patient_ids: [made.patient!] },
        scheduled_message_id: made.scheduledMessage!,
        run_at: t.clock.now(),
        status: 'sent',
      })
      .returning({ id: messages.id });
    return row!.id;
  },
  // A single event today (UTC), already begun: attendance may be marked, and it is a day of the event.
  event: async (t, p) => {
    const [row] = await t.app.db
      .insert(events)
      .values({ program_id: p.id, event_title: `${p.marker} Event ${unique()}`, type: 'Support Group', date: eventFixtureDay(t), time: '00:00', end_time: '01:00', timezone: 'UTC', venue_type: 'online', stages: [1, 2, 3], patient_type: 'all', weight_loss_type: 'all', ...stamp() })
      .returning({ id: events.id });
    return row!.id;
  },
  // A queued import (as the upload leaves it, before its job runs): one that may still be cancelled.
  calendarImport: async (t, p) => {
    const key = `${p.id}/calendar-imports/route-suite-${unique()}.ics`;
    const [row] = await t.app.db
      .insert(calendarImports)
      .values({ program_id: p.id, file_name: `${p.marker}.ics`, storage_key: key, ...stamp() })
      .returning({ id: calendarImports.id });
    return row!.id;
  },
  dynamicSection: (t, p) => created(t, p, '/api/content/dynamic-content-section/store', { name: `${p.marker} Section ${unique()}` }),
  // A section's category, its sub-category, and an item in both: the same section throughout (made holds it).
  dynamicSectionCategory: (t, p, made) =>
    created(t, p, '/api/content/dynamic-content-section/category/store', { section_id: made.dynamicSection, name: `${p.marker} Category ${unique()}` }),
  dynamicSectionSubCategory: (t, p, made) =>
    created(t, p, '/api/content/dynamic-content-section/sub-category/store', {
      section_id: made.dynamicSection,
      category_id: made.dynamicSectionCategory,
      name: `${p.marker} Sub-category ${unique()}`,
    }),
  dynamicSectionItem: (t, p, made) =>
    created(t, p, '/api/content/dynamic-content-section/section/store', {
      section_id: made.dynamicSection,
      title: `${p.marker} Item ${unique()}`,
      category_id: made.dynamicSectionCategory,
      sub_category_id: made.dynamicSectionSubCategory,
    }),
};

/** The day of the event fixture: today on the test's clock, in UTC (the event's zone). */
export const eventFixtureDay = (t: TestApp): string => t.clock.now().toISOString().slice(0, 10);

/** Makes `kind` (and what it needs first) in `program`, reusing what `made` already holds. */
export async function make(t: TestApp, program: Program, kind: Kind, made: Made): Promise<number> {
  for (const need of NEEDS[kind] ?? []) if (made[need] === undefined) made[need] = await make(t, program, need, made);
  made[kind] ??= await FIXTURES[kind](t, program, made);
  return made[kind];
}

/** The table of each kind, to read a record before and after a call that must not change it. */
export const TABLES: Record<Kind, PgTable> = {
  ...CONTENT_TABLES,
  patient: patients,
  tag: patientTags,
  coordinator: insuranceCoordinators,
  location: locations,
  messageTemplate: messageTemplates,
  checklistTemplate: checklistTemplates,
  templateItem: checklistTemplateItems,
  checklistItem: patientChecklistItems,
  checklistNote: checklistNotes,
  internalNote: internalNotes,
  pipelineStatus: pipelineStatuses,
  automationRule: pipelineRules,
  menuSwitch: subMenuManagers,
  staffUser: programUsers,
  automaticMessage: automaticMessageRules,
  patientReply: messageReplies,
  failedDelivery: messageDeliveries,
  onDemandMessage: messages,
  scheduledMessage: scheduledMessages,
  scheduledRun: messages,
  event: events,
  calendarImport: calendarImports,
  dynamicSection: dynamicContentSections,
  dynamicSectionCategory: contentCategories,
  dynamicSectionSubCategory: contentSubCategories,
  dynamicSectionItem: contentItems,
};

/** A record as stored, as text: equal before and after a call means the call did not change it. */
export async function storedRecord(t: TestApp, kind: Kind, id: number): Promise<string> {
  return JSON.stringify(await queryRows(t.app.db, sql`select * from ${TABLES[kind]} where id = ${id}`));
}

/**
 * Every record of a program in the tables above, as one digest per table: equal before and after a run of
 * calls by another program's staff means none of them was added, changed or removed.
 */
export async function programDigest(t: TestApp, programId: number): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const [kind, table] of Object.entries(TABLES)) {
    const [row] = await queryRows<{ digest: string | null }>(
      t.app.db,
      sql`select md5(string_agg(r::text, '|' order by r.id)) as digest from ${table} r where r.program_id = ${programId}`,
    );
    digest[kind] = row?.digest ?? 'none';
  }
  return digest;
}

/**
 * An id input no program owns: not a tenancy question (each with the reason), by input name on every
 * route, or by "<route> <input>" on one.
 */
export const NOT_A_PROGRAM_RECORD: Readonly<Record<string, string>> = {
  'body:state_id': 'the list of states every program shares',
  // A background export belongs to the account that asked, not to its program: any other account, of the
  // same program or another, gets 404 (contexts/reports/__tests__/report-exports.test.ts).
  'GET /api/report-exports/{id} path:id': "an export is its own account's, not its program's",
  'GET /api/report-exports/{id}/file path:id': "an export is its own account's, not its program's",
  'POST /api/report-exports/{id}/cancel path:id': "an export is its own account's, not its program's",
};

/** The kind of an id input by its name, on every route that does not say otherwise. */
const KIND_BY_NAME: Readonly<Record<string, Kind>> = {
  patient_id: 'patient',
  patientId: 'patient',
  user_id: 'patient',
  template_id: 'checklistTemplate',
  status_id: 'pipelineStatus',
  to_status_id: 'pipelineStatus',
  from_status_id: 'pipelineStatus',
  move_to_status_id: 'pipelineStatus',
  tag_id: 'tag',
  user_cat_id: 'tag',
  location_id: 'location',
  insurance_coordinator_id: 'coordinator',
  completed_by: 'staffUser',
  programUserId: 'staffUser',
  checklist_item_id: 'checklistItem',
  patient_ids: 'patient',
  message_template_id: 'messageTemplate',
  event_id: 'event',
  eventId: 'event',
  section_id: 'dynamicSection',
};

/** What `id` and `ids` name, by the route's path (longest prefix first wins). */
const KIND_OF_ID_BY_PATH: readonly (readonly [prefix: string, kind: Kind])[] = [
  ['/api/patients', 'patient'],
  ['/api/seminar2surgery/not-connected-patients', 'patient'],
  ['/api/user-category', 'tag'],
  ['/api/insurance-coordinators', 'coordinator'],
  ['/api/event-calendar/location', 'location'],
  ['/scheduler/api/event-calendar', 'event'],
  ['/scheduler/api/event-calendar/imports', 'calendarImport'],
  ['/scheduler/api/event-calendar/update-import-status', 'calendarImport'],
  ['/api/alerts/message-templates', 'messageTemplate'],
  ['/api/checklist/templates', 'checklistTemplate'],
  ['/api/checklist/notes', 'checklistNote'],
  ['/api/checklists', 'checklistItem'],
  ['/api/internal-notes', 'internalNote'],
  ['/api/pipelines', 'pipelineStatus'],
  ['/api/pipeline-automation-rule', 'automationRule'],
  ['/api/content/manage-menu', 'menuSwitch'],
  ['/api/content/dynamic-content-section', 'dynamicSection'],
  ['/api/content/dynamic-content-section/section', 'dynamicSectionItem'],
  ['/api/content/dynamic-content-section/category', 'dynamicSectionCategory'],
  ['/api/content/dynamic-content-section/sub-category', 'dynamicSectionSubCategory'],
  ['/api/automatic-messages', 'automaticMessage'],
  ['/api/AutomaticMessages', 'automaticMessage'],
  ['/api/alerts/replies', 'patientReply'],
  ['/api/alerts/failed-deliveries', 'failedDelivery'],
  ['/api/on-demand-messages', 'onDemandMessage'],
  ['/api/scheduled-messages', 'scheduledMessage'],
  ['/api/scheduled-messages/runs', 'scheduledRun'],
];

/** Inputs whose name means another kind on one route. */
const KIND_ON_ROUTE: Readonly<Record<string, Kind>> = {
  'POST /api/pipeline-automation-rule/store body:checklist_item_id': 'templateItem',
  'PUT /api/pipeline-automation-rule/update body:checklist_item_id': 'templateItem',
  // An automatic message waits for an item of the program's checklist templates.
  'POST /api/automatic-messages body:checklist_item_id': 'templateItem',
  'PUT /api/automatic-messages/{id} body:checklist_item_id': 'templateItem',
  // The spec's sub_user_id: the program's own account; a program user's id stands for "another account".
  'POST /api/support-message/store body:sub_user_id': 'staffUser',
};

/** Input names that mean another kind on every route under a path (longest prefix first wins). */
const KIND_BY_NAME_UNDER_PATH: readonly (readonly [prefix: string, name: string, kind: Kind])[] = [
  // A dynamic section's items and sub-categories name the section's own categories (the library's rows of its section).
  ['/api/content/dynamic-content-section', 'category_id', 'dynamicSectionCategory'],
  ['/api/content/dynamic-content-section', 'categoryId', 'dynamicSectionCategory'],
  ['/api/content/dynamic-content-section', 'sub_category_id', 'dynamicSectionSubCategory'],
];

/** The kind an id input names on a route, or undefined when the tables above do not say. */
export function kindOf(route: CatalogueRoute, input: string): Kind | undefined {
  const own = KIND_ON_ROUTE[`${route.key} ${input}`];
  if (own) return own;
  const content = contentKindOf(route, input.slice(input.indexOf(':') + 1));
  if (content) return content;
  const name = input.slice(input.indexOf(':') + 1);
  const underPath = [...KIND_BY_NAME_UNDER_PATH]
    .sort((a, b) => b[0].length - a[0].length)
    .find(([prefix, named]) => named === name && route.path.startsWith(prefix));
  if (underPath) return underPath[2];
  if (name === 'id' || name === 'ids') {
    const match = [...KIND_OF_ID_BY_PATH].sort((a, b) => b[0].length - a[0].length).find(([prefix]) => route.path.startsWith(prefix));
    return match?.[1];
  }
  return KIND_BY_NAME[name];
}
