/**
 * The demo data: two super admins, three programs (Northside 101, Lakeview 102 and the special program
 * 302) with their staff, menus, tags, coordinators, locations, events, message templates and a few
 * hundred fake patients each, and a dozen quotes of the day. Every password is {@link DEMO_PASSWORD}.
 * Dates are relative to today, so the dashboard always has upcoming events and recent activity. Loaded
 * in one transaction: all of it or nothing.
 */
import { sql } from 'drizzle-orm';
import {
  PERMISSION_NAMES,
  PERMISSION_SLUGS,
  PROGRAM_USER_MENU_FLAGS,
  SPECIAL_PROGRAM_ID,
  SUB_MENU_TITLES,
  SUPER_ADMIN_ID,
  type PermissionSlug,
  type ProgramUserMenuFlag,
  defaultEventReminder,
} from '@baridesk/domain';
import { queryRows, type Db, type Tx } from '../db/client';
import {
  accounts,
  dynamicContentSections,
  events,
  foodLogEntries,
  insuranceCoordinators,
  locations,
  messageTemplates,
  patientTags,
  patients,
  permissions,
  programUsers,
  programs,
  quotes,
  securityQuestions,
  subMenuManagers,
  subMenus,
  superAdminPermissions,
  superAdmins,
  waterLogs,
  weightLogs,
} from '../db/schema';
import { hashPassword } from '../lib/secrets';
import { generatePatientLogs, logRng, type FoodLogRow, type WaterLogRow, type WeightLogRow } from './logs';
import { insertDemoNotes } from './notes';
import { insertDemoPipeline } from './pipeline';
import { addDays, generatePatients, isoDate, type PatientRegion, type PatientRow } from './patients';
import { createRng } from './random';
import { insertDemoWeightReminders } from './weight-reminder';
import { insertDemoAppPatient } from './patient-app';
import { insertDemoAutomaticMessages } from './automatic-messages';
import { insertDemoScheduledMessages } from './scheduled-messages';
import { insertDemoEventRsvps } from './event-rsvps';
import { insertDemoFollowUpVisits, type OperatedDemoPatient } from './follow-up-visits';
import { insertDemoContent } from './content';
import { insertDemoDynamicNotifications } from './dynamic-notifications';
import { insertDemoAdminSupportAndGroups } from './tips-menu-support-groups';
import { insertDemoAds } from './ads';
import { insertDemoResourcesAndRecipes } from './resources-and-recipes';
import { insertDemoTrophies } from './trophies';
import { insertDemoHowToAndShop } from './how-to-and-shop';

export interface DemoSeedOptions {
  /** Fake patients in each of the three programs (default 300). */
  patientsPerProgram?: number;
  /** Seed of the generator that makes the patients (default 2026): the same seed gives the same people. */
  randomSeed?: number;
}

export interface DemoSeedResult {
  accounts: number;
  patients: number;
  /** Rows of patient logs: food entries, weigh-ins and days of water. */
  logs: { food: number; weight: number; water: number };
}

export const DEMO_PASSWORD = 'Demo1234';

type AccountType = 'super_admin' | 'sub_user' | 'program_user';

export const DEMO_ACCOUNTS: readonly { email: string; id: number; type: AccountType }[] = [
  { email: 'superadmin@baridesk.test', id: SUPER_ADMIN_ID, type: 'super_admin' },
  { email: 'admin2@baridesk.test', id: 49, type: 'super_admin' },
  { email: 'subuser@northside.test', id: 101, type: 'sub_user' },
  { email: 'staff@northside.test', id: 201, type: 'program_user' },
  { email: 'limited@northside.test', id: 202, type: 'program_user' },
  { email: 'selfservice@northside.test', id: 203, type: 'program_user' },
  { email: 'newstaff@northside.test', id: 204, type: 'program_user' },
  { email: 'secure@northside.test', id: 205, type: 'program_user' },
  { email: 'subuser@lakeview.test', id: 102, type: 'sub_user' },
  { email: 'subuser@program302.test', id: SPECIAL_PROGRAM_ID, type: 'sub_user' },
];

/**
 * The demo account with the security question on (its own security_status) and no answer yet: its first
 * sign-in sets one up, later ones answer it.
 */
export const SECURITY_QUESTION_DEMO_EMAIL = 'secure@northside.test';

const DEFAULT_PATIENTS_PER_PROGRAM = 300;
const DEFAULT_RANDOM_SEED = 2026;
const PATIENT_BATCH = 500;
/** Rows of logs written at once. */
const LOG_BATCH = 1000;
/** Patients per program who log food and water (weigh-ins: every recent app user). */
const FOOD_LOGGERS_PER_PROGRAM = 40;
/** The first id given to accounts created after the demo (ids below it are the demo's own). */
const FIRST_FREE_ACCOUNT_ID = 1000;
// Any fixed 64-bit number: two replicas starting on one empty database do not both seed it.
const SEED_LOCK_KEY = 7_208_451_994;

const NORTHSIDE = 101;
const LAKEVIEW = 102;
const RIVERBEND = SPECIAL_PROGRAM_ID;

/** Loads the demo data unless the database already has an account; null when it did nothing. */
export async function seedDemoIfEmpty(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult | null> {
  if (await hasAccounts(db)) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Checked again under the lock: another process may have seeded in the meantime.
    if (await hasAccounts(tx)) return null;
    return insertDemo(tx, options, passwordHash, new Date());
  });
}

/** Loads the demo data in one transaction. Fails (and leaves nothing behind) if any of it already exists. */
export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction((tx) => insertDemo(tx, options, passwordHash, new Date()));
}

async function hasAccounts(db: Tx): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from accounts) as found`);
  return rows[0]?.found === true;
}

interface DemoProgram {
  id: number;
  email: string;
  title: string;
  code: string;
  timezone: string;
  owner: [first: string, last: string];
  username: string;
  phone: string;
  address: string;
  city: string;
  pinCode: string;
  latitude: number;
  longitude: number;
  practice: string;
  about: string;
  tier: string;
  accountNumber: string;
  programType: string;
  popupMessage: string | null;
  /** Sub-menus the program has switched off. */
  menusOff: readonly string[];
  region: PatientRegion;
  tags: readonly string[];
  coordinators: readonly [name: string, email: string, phone: string][];
  locations: readonly [name: string, address: string, latitude: number, longitude: number][];
  sections: readonly string[];
  createdDaysAgo: number;
}

const PROGRAMS: readonly DemoProgram[] = [
  {
    id: NORTHSIDE,
    email: 'subuser@northside.test',
    title: 'Northside Bariatrics',
    code: 'NSB-1001',
    timezone: 'America/Chicago',
    owner: ['Elena', 'Marquez'],
    username: 'northside',
    phone: '+13125550100',
    address: '2450 N Lakeview Medical Plaza, Suite 300',
    city: 'Chicago',
    pinCode: '60614',
    latitude: 41.9266,
    longitude: -87.6489,
    practice: 'Northside Surgical Associates',
    about: 'A comprehensive surgical weight-loss program serving the north side of Chicago since 2009.',
    tier: 'Premium',
    accountNumber: 'ACCT-001001',
    programType: 'Surgical',
    popupMessage: null,
    menusOff: [],
    region: {
      cities: [
        ['Chicago', 17],
        ['Evanston', 17],
        ['Skokie', 17],
        ['Oak Park', 17],
        ['Naperville', 17],
        ['Schaumburg', 17],
        ['Aurora', 17],
        ['Joliet', 17],
        ['Waukegan', 17],
        ['Gary', 18],
        ['Kenosha', 55],
      ],
      areaCodes: ['312', '773', '847', '630'],
    },
    tags: ['Insurance Approved', 'Self Pay', 'Needs Psych Eval', 'Revision Candidate', 'Diabetic', 'Support Group Regular'],
    coordinators: [
      ['Tanya Brooks', 'tanya.brooks@northside.test', '+13125550111'],
      ['Luis Ortega', 'luis.ortega@northside.test', '+13125550112'],
      ['Grace Liu', 'grace.liu@northside.test', '+13125550113'],
    ],
    locations: [
      ['Northside Main Campus', '2450 N Lakeview Medical Plaza, Chicago, IL 60614', 41.9266, -87.6489],
      ['Evanston Clinic', '1000 Central St, Evanston, IL 60201', 42.0643, -87.6983],
      ['Naperville Satellite Office', '801 S Washington St, Naperville, IL 60540', 41.7644, -88.1477],
    ],
    sections: ['Recipes', 'Exercise Library'],
    createdDaysAgo: 3 * 365 + 40,
  },
  {
    id: LAKEVIEW,
    email: 'subuser@lakeview.test',
    title: 'Lakeview Weight Loss Center',
    code: 'LWC-2002',
    timezone: 'America/Detroit',
    owner: ['Samuel', 'Okoye'],
    username: 'lakeview',
    phone: '+16165550100',
    address: '330 Michigan St NE, Building B',
    city: 'Grand Rapids',
    pinCode: '49503',
    latitude: 42.9706,
    longitude: -85.6573,
    practice: 'Lakeview Medical Group',
    about: 'Medical and surgical weight loss for West Michigan.',
    tier: 'Standard',
    accountNumber: 'ACCT-002002',
    programType: 'Hospital',
    popupMessage: "Welcome to BariDesk! Your program's new reporting dashboard is live.",
    menusOff: ['Shop', 'Diabetes Education', 'Patient Portals', 'Online Seminar', 'Our Blog'],
    region: {
      cities: [
        ['Grand Rapids', 26],
        ['Kalamazoo', 26],
        ['Holland', 26],
        ['Muskegon', 26],
        ['Lansing', 26],
        ['Wyoming', 26],
        ['Kentwood', 26],
        ['Battle Creek', 26],
      ],
      areaCodes: ['616', '269'],
    },
    tags: ['Insurance Approved', 'Self Pay', 'Needs Psych Eval', 'Medicare'],
    coordinators: [
      ['Rebecca Haines', 'rebecca.haines@lakeview.test', '+16165550121'],
      ['Omar Farouk', 'omar.farouk@lakeview.test', '+16165550122'],
    ],
    locations: [
      ['Lakeview Medical Center', '330 Michigan St NE, Grand Rapids, MI 49503', 42.9706, -85.6573],
      ['Kalamazoo Outpatient Clinic', '1521 Gull Rd, Kalamazoo, MI 49048', 42.3044, -85.5597],
    ],
    sections: ['Recipes'],
    createdDaysAgo: 2 * 365 + 100,
  },
  {
    id: RIVERBEND,
    email: 'subuser@program302.test',
    title: 'Riverbend Metabolic & Weight Loss Institute',
    code: 'RMW-0302',
    timezone: 'America/New_York',
    owner: ['Anita', 'Desai'],
    username: 'riverbend',
    phone: '+15135550100',
    address: '4777 E Galbraith Rd, Suite 210',
    city: 'Cincinnati',
    pinCode: '45236',
    latitude: 39.2137,
    longitude: -84.3669,
    practice: 'Riverbend Health Partners',
    about: 'Metabolic surgery, medical weight management and lifelong follow-up in the Tri-State area.',
    tier: 'Enterprise',
    accountNumber: 'ACCT-000302',
    programType: 'Academic',
    popupMessage: null,
    menusOff: [],
    region: {
      cities: [
        ['Cincinnati', 39],
        ['Dayton', 39],
        ['Hamilton', 39],
        ['Mason', 39],
        ['Middletown', 39],
        ['Covington', 21],
        ['Florence', 21],
        ['Lawrenceburg', 18],
      ],
      areaCodes: ['513', '859', '937'],
    },
    tags: ['Insurance Approved', 'Self Pay', 'Needs Psych Eval', 'Revision Candidate', 'Sleep Apnea'],
    coordinators: [
      ['Denise Walker', 'denise.walker@program302.test', '+15135550131'],
      ['Kenji Mori', 'kenji.mori@program302.test', '+15135550132'],
    ],
    locations: [
      ['Riverbend Institute', '4777 E Galbraith Rd, Cincinnati, OH 45236', 39.2137, -84.3669],
      ['Dayton Clinic', '1 Elizabeth Pl, Dayton, OH 45417', 39.7434, -84.2031],
      ['Northern Kentucky Office', '7380 Turfway Rd, Florence, KY 41042', 39.0097, -84.6452],
    ],
    sections: ['Recipes', 'Exercise Library'],
    createdDaysAgo: 4 * 365,
  },
];

type FlagSet = Partial<Record<ProgramUserMenuFlag | 'shop_url', 0 | 1>>;

/**
 * Every menu flag and shop_url on, except self_service: that flag is a restriction (it hides patients,
 * reports, alerts, templates and tags), so the full-access demo staff member does not have it.
 */
const allFlags = (): FlagSet => ({
  ...Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, 1])),
  self_service: 0,
  shop_url: 1,
});
const onlyFlags = (...on: ProgramUserMenuFlag[]): FlagSet => Object.fromEntries(on.map((flag) => [flag, 1]));

interface DemoProgramUser {
  id: number;
  email: string;
  name: string;
  username: string;
  role: string;
  flags: FlagSet;
  administrativeRights: 0 | 1;
  terms: 0 | 1;
  passwordChanged: 0 | 1;
  createdDaysAgo: number;
  /** Must answer a security question after the password. */
  securityStatus?: 0 | 1;
}

const NORTHSIDE_STAFF: readonly DemoProgramUser[] = [
  {
    id: 201,
    email: 'staff@northside.test',
    name: 'Jordan Ellis',
    username: 'jellis',
    role: 'Program Coordinator',
    flags: allFlags(),
    administrativeRights: 1,
    terms: 1,
    passwordChanged: 1,
    createdDaysAgo: 700,
  },
  {
    id: 202,
    email: 'limited@northside.test',
    name: 'Priya Raman',
    username: 'praman',
    role: 'Front Desk',
    flags: onlyFlags('pipeline_status', 'event'),
    administrativeRights: 0,
    terms: 1,
    passwordChanged: 1,
    createdDaysAgo: 420,
  },
  {
    id: 203,
    email: 'selfservice@northside.test',
    name: 'Marcus Bell',
    username: 'mbell',
    role: 'Dietitian',
    flags: onlyFlags(
      'self_service',
      'event',
      'contact',
      'our_team',
      'faq',
      'vitamin_supplement',
      'after_before',
      'videos',
      'diet',
      'instruction',
      'support_group',
      'online_seminar',
      'about_surgery',
    ),
    administrativeRights: 0,
    terms: 0,
    passwordChanged: 1,
    createdDaysAgo: 150,
  },
  {
    id: 204,
    email: 'newstaff@northside.test',
    name: 'Hannah Kowalski',
    username: 'hkowalski',
    role: 'Nurse Navigator',
    flags: onlyFlags('pipeline_status', 'seminar_to_surgery', 'alert_notification', 'event', 'contact'),
    administrativeRights: 0,
    terms: 1,
    passwordChanged: 0,
    createdDaysAgo: 2,
  },
  {
    id: 205,
    email: SECURITY_QUESTION_DEMO_EMAIL,
    name: 'Dana Whitfield',
    username: 'dwhitfield',
    role: 'Bariatric Surgeon',
    flags: onlyFlags('manage_user', 'pipeline_status', 'seminar_to_surgery', 'event'),
    administrativeRights: 0,
    terms: 1,
    passwordChanged: 1,
    createdDaysAgo: 60,
    securityStatus: 1,
  },
];

/** Message templates per program: title, text sent to the patient app, status. */
const MESSAGE_TEMPLATES: Readonly<Record<number, readonly [title: string, message: string, status: 0 | 1][]>> = {
  [NORTHSIDE]: [
    [
      'Support group reminder',
      'Our monthly support group meets this Thursday at 5:30 PM at the Main Campus, Room 2B. Bring a friend or family member; questions about life after surgery are always welcome.',
      1,
    ],
    [
      'Pre-op diet start',
      'Your two-week pre-operative liquid diet starts today. Aim for at least 60 grams of protein a day, sip 64 ounces of fluid, and call us if you feel dizzy or unwell.',
      1,
    ],
    [
      'Weigh-in reminder',
      "Time for your weekly weigh-in! Step on the scale first thing in the morning and log your weight in the app so your care team can follow your progress.",
      1,
    ],
    [
      'Vitamin check-in',
      'A quick reminder to take your bariatric multivitamin, calcium citrate and B12 today. Space calcium and iron at least two hours apart.',
      1,
    ],
    [
      'Post-op follow-up scheduling',
      'You are due for your post-op follow-up visit. Please call our office at (312) 555-0100 to book a time with your surgeon and dietitian.',
      0,
    ],
  ],
  [LAKEVIEW]: [
    [
      'Information session invite',
      'Thinking about weight-loss surgery? Join our free information session at Lakeview Medical Center to meet the team and learn about your options.',
      1,
    ],
    [
      'Hydration reminder',
      'Remember to sip water throughout the day: small sips, no gulping, and nothing to drink for 30 minutes after meals.',
      1,
    ],
  ],
};

/** Quotes of the day, one per date, on consecutive days from five days ago. */
const QUOTES = [
  'Small steps every day add up to big changes.',
  'Progress, not perfection.',
  'Take care of your body. It is the only place you have to live.',
  'The scale measures weight, not your effort or your worth.',
  'Every healthy choice is a vote for the person you want to become.',
  'You did not come this far to only come this far.',
  'Drink your water, take your vitamins, and be kind to yourself.',
  'A goal without a plan is just a wish.',
  'Strength grows in the moments you think you cannot go on but keep going anyway.',
  'Celebrate non-scale victories: more energy, better sleep, looser clothes.',
  'Consistency beats intensity.',
  'Your journey is yours alone; do not compare your chapter one to someone else’s chapter twenty.',
];

const SECURITY_QUESTIONS = [
  'What was the name of your first pet?',
  "What is your mother's maiden name?",
  'What city were you born in?',
  'What was the name of your elementary school?',
  'What was the make of your first car?',
  'What is the name of the street you grew up on?',
];

async function insertDemo(
  tx: Tx,
  options: DemoSeedOptions,
  passwordHash: string,
  now: Date,
): Promise<DemoSeedResult> {
  const perProgram = options.patientsPerProgram ?? DEFAULT_PATIENTS_PER_PROGRAM;
  if (!Number.isInteger(perProgram) || perProgram < 0) {
    throw new Error(`patientsPerProgram must be a whole number of 0 or more, not ${perProgram}`);
  }
  const rng = createRng(options.randomSeed ?? DEFAULT_RANDOM_SEED);
  const daysAgo = (days: number) => addDays(now, -days);

  // Accounts: one id space for super admins, programs and program users.
  const accountRows: (typeof accounts.$inferInsert)[] = DEMO_ACCOUNTS.map((a) => {
    const staff = NORTHSIDE_STAFF.find((u) => u.id === a.id);
    const program = PROGRAMS.find((p) => p.id === a.id);
    const passwordChanged = staff?.passwordChanged ?? 1;
    const createdAt = daysAgo(staff?.createdDaysAgo ?? program?.createdDaysAgo ?? 5 * 365);
    return {
      id: a.id,
      type: a.type,
      email: a.email,
      password_hash: passwordHash,
      status: 1,
      is_password_changed: passwordChanged,
      email_verified_at: createdAt,
      password_changed_at: passwordChanged ? addDays(createdAt, 1) : null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  await tx.insert(accounts).values(accountRows);

  // Super admins and permissions.
  await tx.insert(superAdmins).values([
    { id: SUPER_ADMIN_ID, first_name: 'Avery', last_name: 'Collins', title: 'Platform Administrator', username: 'acollins', phone: '+12125550148' },
    { id: 49, first_name: 'Morgan', last_name: 'Reyes', title: 'Content Manager', username: 'mreyes', phone: '+12125550149' },
  ]);
  const permissionIds = new Map<PermissionSlug, number>(PERMISSION_SLUGS.map((slug, i) => [slug, i + 1]));
  await tx
    .insert(permissions)
    .values(PERMISSION_SLUGS.map((slug) => ({ id: permissionIds.get(slug), name: PERMISSION_NAMES[slug], slug })));
  const grant = (superAdminId: number, slugs: readonly PermissionSlug[]) =>
    slugs.map((slug) => ({ super_admin_id: superAdminId, permission_id: permissionIds.get(slug) as number }));
  await tx
    .insert(superAdminPermissions)
    .values([...grant(SUPER_ADMIN_ID, PERMISSION_SLUGS), ...grant(49, ['manage_events', 'cards_and_trophies'])]);

  // Programs and their staff.
  await tx.insert(programs).values(
    PROGRAMS.map((p) => ({
      id: p.id,
      username: p.username,
      owner_name: `Dr. ${p.owner[0]} ${p.owner[1]}`,
      programmer_code: p.code,
      event_email: `events@${p.email.split('@')[1]}`,
      title: p.title,
      first_name: p.owner[0],
      last_name: p.owner[1],
      phone: p.phone,
      address: p.address,
      pin_code: p.pinCode,
      city: p.city,
      map_address: `${p.address}, ${p.city}`,
      latitude: p.latitude,
      longitude: p.longitude,
      practice: p.practice,
      about: p.about,
      show_name: 1,
      popup_check: p.popupMessage ? 1 : 0,
      popup_msg: p.popupMessage,
      popup_status: p.popupMessage ? 1 : 0,
      total_p: perProgram,
      year_p: Math.round(perProgram / 3),
      estimated_surgery: Math.round(perProgram / 4),
      status: 1,
      tier: p.tier,
      timezone: p.timezone,
      account_number: p.accountNumber,
      program_type: p.programType,
      created_at: daysAgo(p.createdDaysAgo),
      updated_at: daysAgo(p.createdDaysAgo),
    })),
  );
  await tx.insert(programUsers).values(
    NORTHSIDE_STAFF.map((u) => ({
      id: u.id,
      program_id: NORTHSIDE,
      name: u.name,
      username: u.username,
      role: u.role,
      default_stage: 1,
      administrative_rights: u.administrativeRights,
      send_email_check: u.administrativeRights,
      terms_and_conditions_check: u.terms,
      security_status: u.securityStatus ?? 0,
      ...u.flags,
      created_at: daysAgo(u.createdDaysAgo),
      updated_at: daysAgo(u.createdDaysAgo),
    })),
  );

  // Content sub-menus and each program's switches.
  await tx.insert(subMenus).values(SUB_MENU_TITLES.map((title, i) => ({ id: i + 1, title })));
  await tx.insert(subMenuManagers).values(
    PROGRAMS.flatMap((p) =>
      SUB_MENU_TITLES.map((title, i) => ({
        program_id: p.id,
        sub_menu_id: i + 1,
        status: p.menusOff.includes(title) ? 0 : 1,
      })),
    ),
  );
  await tx
    .insert(securityQuestions)
    .values(SECURITY_QUESTIONS.map((question, i) => ({ id: i + 1, question, status: 1 })));

  await tx.insert(messageTemplates).values(
    PROGRAMS.flatMap((p) =>
      (MESSAGE_TEMPLATES[p.id] ?? []).map(([title, message, status], i) => {
        const createdAt = daysAgo(90 - i * 11);
        return { program_id: p.id, title, message, status, created_by: p.id, created_at: createdAt, updated_at: createdAt };
      }),
    ),
  );
  await insertDemoWeightReminders(tx, now);
  await tx.insert(quotes).values(
    QUOTES.map((description, i) => {
      const createdAt = daysAgo(30);
      return { description, date_quote: isoDate(addDays(now, i - 5)), status: 1, created_at: createdAt, updated_at: createdAt };
    }),
  );

  let patientCount = 0;
  const inserted: InsertedPatient[] = [];
  const usedMrns = new Set<string>();
  for (const p of PROGRAMS) {
    const created = daysAgo(p.createdDaysAgo - 1);
    const stamps = { created_at: created, updated_at: created };
    const locationRows = await tx
      .insert(locations)
      .values(
        p.locations.map(([name, address, latitude, longitude]) => ({
          program_id: p.id,
          name,
          address,
          latitude,
          longitude,
          timezone: p.timezone,
          ...stamps,
        })),
      )
      .returning({ id: locations.id, name: locations.name, address: locations.address });
    const tagRows = await tx
      .insert(patientTags)
      .values(p.tags.map((name) => ({ program_id: p.id, name, ...stamps })))
      .returning({ id: patientTags.id, name: patientTags.name });
    const coordinatorRows = await tx
      .insert(insuranceCoordinators)
      .values(p.coordinators.map(([name, email, phone]) => ({ program_id: p.id, name, email, phone, ...stamps })))
      .returning({ id: insuranceCoordinators.id });
    await tx
      .insert(dynamicContentSections)
      .values(p.sections.map((name) => ({ program_id: p.id, name, status: 1, created_by: p.id, ...stamps })));

    const programEvents = eventsFor(p, locationRows, now);
    if (programEvents.length > 0) await tx.insert(events).values(programEvents);

    const creatorIds = p.id === NORTHSIDE ? [p.id, p.id, 201, 204] : [p.id];
    const rows = generatePatients(
      rng,
      {
        programId: p.id,
        timezone: p.timezone,
        region: p.region,
        tags: tagRows,
        coordinatorIds: coordinatorRows.map((c) => c.id),
        locationIds: locationRows.map((l) => l.id),
        creatorIds,
        usedMrns,
      },
      perProgram,
      now,
    );
    for (let i = 0; i < rows.length; i += PATIENT_BATCH) {
      const batch = rows.slice(i, i + PATIENT_BATCH);
      const ids = await tx.insert(patients).values(batch).returning({ id: patients.id });
      batch.forEach((row, k) => {
        const id = ids[k]?.id;
        if (id !== undefined) inserted.push({ id, row, staffAccountId: p.id === NORTHSIDE ? 201 : p.id });
      });
    }
    patientCount += rows.length;
  }

  const logs = await insertLogs(tx, inserted, options.randomSeed ?? DEFAULT_RANDOM_SEED, now);
  // After the app's logs: the clinic's follow-up weigh-ins of the operated patients, before those logs.
  await insertDemoFollowUpVisits(tx, operatedOf(inserted, now), options.randomSeed ?? DEFAULT_RANDOM_SEED, now);
  await insertDemoNotes(tx, inserted, options.randomSeed ?? DEFAULT_RANDOM_SEED, now);
  await insertDemoPipeline(tx, inserted, options.randomSeed ?? DEFAULT_RANDOM_SEED, now);
  const appPatientId = await insertDemoAppPatient(tx, passwordHash, now);
  if (appPatientId !== null) {
    await insertDemoAutomaticMessages(tx, appPatientId, now);
    await insertDemoScheduledMessages(tx, appPatientId, now);
  }
  // After the events, the patients and the app patient: answers and attendance of Northside's occurrences.
  await insertDemoEventRsvps(tx, now);
  // After the programs' sections: every content type's items, categories and pages (Northside and 302).
  await insertDemoContent(tx, now);
  // The super admins' dynamic notifications, one per rule type (global: the daily run sends them per program).
  await insertDemoDynamicNotifications(tx, now);
  // After the patients: tips, the app's main menu, the support addresses and groups across programs.
  await insertDemoAdminSupportAndGroups(tx, now);
  // The app's ad places (ad sets) with banner and discount ads.
  await insertDemoAds(tx, now);
  // Bari resources with their categories, recipe categories and recipes with nutrition facts.
  await insertDemoResourcesAndRecipes(tx, now);
  // Trophy cards, one of each kind of rule; the first awarding run gives "First weigh-in" to the app patient.
  await insertDemoTrophies(tx, now);
  // How-to guides with their categories, and shop items of each surgery type (one default each).
  await insertDemoHowToAndShop(tx, now);

  // Rows were given explicit ids: move the sequences past them so later inserts do not collide.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('accounts', 'id'), greatest((select max(id) from accounts), ${FIRST_FREE_ACCOUNT_ID - 1}))`,
  );
  for (const table of ['permissions', 'sub_menus', 'security_questions']) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }

  return { accounts: accountRows.length, patients: patientCount, logs };
}

interface InsertedPatient {
  id: number;
  row: PatientRow;
  staffAccountId: number;
}

/** The patients operated by today, as the follow-up visits need them. */
function operatedOf(inserted: readonly InsertedPatient[], now: Date): OperatedDemoPatient[] {
  const today = isoDate(now);
  return inserted.flatMap(({ id, row, staffAccountId }) =>
    row.surgery_date && row.surgery_date <= today && row.starting_weight && row.current_weight
      ? [{
          id,
          programId: row.program_id,
          timezone: row.timezone ?? 'America/New_York',
          surgeryDate: row.surgery_date,
          startingWeight: Number(row.starting_weight),
          currentWeight: Number(row.current_weight),
          staffAccountId,
        }]
      : [],
  );
}

/**
 * The last 90 days of logs of the patients who use the app: weigh-ins for everyone seen in the app in
 * the last 60 days, food and water too for up to {@link FOOD_LOGGERS_PER_PROGRAM} of them per program
 * (the most recently active), which keeps the demo quick to load.
 */
async function insertLogs(tx: Tx, inserted: readonly InsertedPatient[], seed: number, now: Date): Promise<DemoSeedResult['logs']> {
  const recent = (days: number) => (p: InsertedPatient) =>
    p.row.last_app_activity_at instanceof Date && now.getTime() - p.row.last_app_activity_at.getTime() <= days * 86_400_000;
  const weighers = inserted.filter(recent(60));
  const foodLoggers = new Set<number>();
  for (const programId of new Set(inserted.map((p) => p.row.program_id))) {
    inserted
      .filter((p) => p.row.program_id === programId && recent(30)(p))
      .sort((a, b) => (b.row.last_app_activity_at as Date).getTime() - (a.row.last_app_activity_at as Date).getTime() || a.id - b.id)
      .slice(0, FOOD_LOGGERS_PER_PROGRAM)
      .forEach((p) => foodLoggers.add(p.id));
  }
  const counts = { food: 0, weight: 0, water: 0 };
  const food: FoodLogRow[] = [];
  const weight: WeightLogRow[] = [];
  const water: WaterLogRow[] = [];
  const flush = async (force: boolean) => {
    if (food.length >= LOG_BATCH || (force && food.length > 0)) await tx.insert(foodLogEntries).values(food.splice(0));
    if (weight.length >= LOG_BATCH || (force && weight.length > 0)) await tx.insert(weightLogs).values(weight.splice(0));
    if (water.length >= LOG_BATCH || (force && water.length > 0)) await tx.insert(waterLogs).values(water.splice(0));
  };
  for (const p of weighers) {
    const index = inserted.indexOf(p);
    const logs = generatePatientLogs(
      logRng(seed, index),
      {
        id: p.id,
        programId: p.row.program_id,
        timezone: p.row.timezone ?? 'America/New_York',
        startingWeight: p.row.starting_weight ?? null,
        currentWeight: p.row.current_weight ?? null,
        createdAt: p.row.created_at instanceof Date ? p.row.created_at : now,
        waterGoal: p.row.water ?? null,
        logsFood: foodLoggers.has(p.id),
        staffAccountId: p.staffAccountId,
      },
      now,
    );
    food.push(...logs.food);
    weight.push(...logs.weight);
    water.push(...logs.water);
    counts.food += logs.food.length;
    counts.weight += logs.weight.length;
    counts.water += logs.water.length;
    await flush(false);
  }
  await flush(true);
  return counts;
}

type EventRow = typeof events.$inferInsert;

/** The first day on or after `from` that falls on `weekday` (0 Sunday … 6 Saturday, UTC). */
const nextWeekday = (from: Date, weekday: number): Date => addDays(from, (weekday - from.getUTCDay() + 7) % 7);

/**
 * Northside runs a full calendar: a weekly post-op support group (Tuesdays, 6 PM) and a monthly
 * new-patient seminar, both series that began weeks ago and go on, plus single classes and a webinar;
 * Riverbend a few single events; Lakeview none (to show the no-events notice).
 */
function eventsFor(
  p: DemoProgram,
  places: readonly { id: number; name: string; address: string | null }[],
  now: Date,
): EventRow[] {
  if (p.id === LAKEVIEW) return [];
  const [main, second] = places;
  // Four years of monthly seminars: every demo patient, however long ago operated, came to one before their consult.
  const seminarStart = addDays(now, -4 * 365);
  // A day every month has (the 29th to 31st are skipped in short months).
  const seminarDay = Math.min(seminarStart.getUTCDate(), 28);
  type Plan = [start: Date, title: string, type: string, time: string, end: string, stages: number[], online: boolean, rrule: string | null];
  const plans: Plan[] =
    p.id === NORTHSIDE
      ? [
          [nextWeekday(addDays(now, -56), 2), 'Post-Op Support Group', 'Support Group', '18:00:00', '19:00:00', [2, 3], false, 'FREQ=WEEKLY;BYDAY=TU'],
          [
            new Date(Date.UTC(seminarStart.getUTCFullYear(), seminarStart.getUTCMonth(), seminarDay)),
            'New Patient Information Seminar',
            'Seminar',
            '18:00:00',
            '19:30:00',
            [1],
            false,
            `FREQ=MONTHLY;BYMONTHDAY=${seminarDay}`,
          ],
          [addDays(now, -6), 'Grocery Store Tour with Our Dietitian', 'Class', '10:00:00', '11:30:00', [1, 2], false, null],
          [addDays(now, 16), 'Online Seminar: Is Weight-Loss Surgery Right for You?', 'Webinar', '12:00:00', '13:00:00', [1], true, null],
          [addDays(now, 37), 'Cooking Demo: High-Protein Meals', 'Class', '11:00:00', '12:30:00', [2, 3], false, null],
        ]
      : [
          [addDays(now, -14), 'Metabolic Surgery Information Night', 'Seminar', '18:30:00', '20:00:00', [1], false, null],
          [addDays(now, 12), 'Weight Management Support Circle', 'Support Group', '18:00:00', '19:00:00', [3], true, null],
          [addDays(now, 30), 'Metabolic Surgery Information Night', 'Seminar', '18:30:00', '20:00:00', [1], false, null],
        ];
  return plans.map(([start, title, type, time, end, stages, online, rrule], i) => {
    const place = online ? null : i % 3 === 2 && second ? second : main;
    const date = isoDate(start);
    const createdAt = addDays(start < now ? start : now, -30);
    return {
      program_id: p.id,
      push_notification: 1,
      five_minute_earlier_reminder: online ? 1 : 0,
      custom_reminder_message: online ? defaultEventReminder(title) : null,
      stage: stages[0] ?? null,
      stages,
      event_title: title,
      event_description: `${title} hosted by ${p.title}. Family members and support persons are welcome.`,
      type,
      time,
      end_time: end,
      date,
      timezone: p.timezone,
      location_id: place?.id ?? null,
      location: place ? place.address : null,
      meeting_url: online ? `https://meet.example.org/${p.id}/${i + 1}` : null,
      email: `events@${p.email.split('@')[1]}`,
      status: 1,
      venue_type: online ? 'online' : 'in_person',
      weight_loss_type: 'surgical',
      patient_type: stages.includes(1) ? 'prospective' : 'existing',
      hosted_by: `Dr. ${p.owner[0]} ${p.owner[1]}`,
      // Open-ended series: no last day.
      rrule,
      recurrence_end: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}
