/**
 * The menu-flag table: what each program-user flag opens. One copy, read by the server (a route's
 * `config.area` is checked against it before the route runs), by the shell (its sidebar and the guard of
 * its pages) and by the role suites, so a flag means the same thing on screen and in the API.
 */
import { isFlagOn, type ProgramUserMenuFlag } from './menus';
import type { UserType } from './users';

/** One area of the staff area: the flag that opens it, whether self-service staff get it, and its pages. */
export interface MenuAreaRule {
  /** The program user's 0/1 flag that opens the area (sub users have every area). */
  readonly flag: ProgramUserMenuFlag;
  /**
   * Self-service staff: true when they have the area whatever the flag says (the calendar and the
   * content menus, which the spec makes visible to them), false when it is closed to them (patients,
   * pipeline, reports, alerts and messages).
   */
  readonly selfService: boolean;
  /** The 403 message of a program user whose flag is off. */
  readonly refusal: string;
  /** The shell's page paths (as its route table spells them) that belong to the area. */
  readonly screens: readonly string[];
}

/**
 * Every flag-guarded area. Keys name the area; a content area is named after its flag. What is not
 * here is open to all program staff (dashboard, change password, Help, the content menus with no flag:
 * Diabetes Education, Check My BMI, Patient Portals, Education, dynamic sections) or has its own rule
 * (sub user only, administrative rights, the program's sub-menu switches).
 *
 * Choices where the spec is silent: checklists (templates, a patient's checklist, its notes, the
 * worklist) belong to the pipeline, whose cards they drive; message templates belong to messages;
 * the Support Group Attendance report and the checklist report's "checked by" change belong to reports;
 * patient tags, insurance coordinators and the patient filters' choices belong to patients.
 */
export const MENU_AREAS = {
  patients: {
    flag: 'manage_user',
    selfService: false,
    refusal: 'Patients are not switched on for your account.',
    screens: [
      '/manage-patients', '/add-patient', '/patient-detail/:id', '/patient-detail/:id/edit',
      '/nutrition-report/:id', '/weight-log/:id', '/food-log/:id',
      '/user-category', '/category-form',
      '/add-insurance-coordinator', '/insurance-coordinator/:id/edit', '/insurance-coordinator/:id/show',
      '/reset-patient-password',
    ],
  },
  pipeline: {
    flag: 'pipeline_status',
    selfService: false,
    refusal: 'The patient pipeline is not switched on for your account.',
    screens: [
      '/pipeline', '/customize-pipeline', '/missing-pipeline-patients',
      '/checklist-templates', '/checklist-template/:id/store', '/checklist-template/:id/edit/:rowId',
      '/checklist-template/:id/copy/:rowId', '/checklists/:id', '/checklist-items/:tempStage',
    ],
  },
  reports: {
    flag: 'seminar_to_surgery',
    selfService: false,
    refusal: 'Reports are not switched on for your account.',
    screens: [
      '/patient-pipeline-report', '/seminar2surgery', '/surgery-date-patients-report', '/post-op-patients-report',
      '/surgery-volume', '/not-connected-patients-report', '/outcomes-report', '/follow-up-report', '/events-rsvp-list',
      '/events-rsvp-report/:eventId/:eventDate',
    ],
  },
  messages: {
    flag: 'alert_notification',
    selfService: false,
    refusal: 'Alerts and messages are not switched on for your account.',
    screens: [
      '/alerts', '/on-demand-messages', '/on-demand-messages/:id/show', '/scheduled-messages',
      '/scheduled-message/:id/show', '/automatic-messages', '/weight-reminder-message', '/message-templates',
    ],
  },
  calendar: {
    flag: 'event',
    selfService: true,
    refusal: 'The event calendar is not switched on for your account.',
    screens: [
      '/event-calender', '/event-calender/form', '/event-calender/form/:id', '/event-calender/view/:id',
      '/event-calender/locations', '/calendar',
    ],
  },
  contact: content('contact', 'Contact Us', [
    '/contacts', '/contact-us', '/contacts/:id/show', '/contacts/:id/edit', '/contacts/store',
    '/coordinator-categories', '/coordinator-categories-1', '/coordinator-categories-2',
  ]),
  our_team: content('our_team', 'Our Team', ['/doctors']),
  faq: content('faq', 'FAQ’s', ['/faqs', '/faq/new', '/faq/:id/edit', '/faq/:id/show']),
  vitamin_supplement: content('vitamin_supplement', 'Vitamin and Supplements', [
    '/vitamin-supplement', '/vitamin-supplement/store', '/vitamin-supplement/:id/edit', '/vitamin-supplement/:id/show',
    '/vitamin-supplement/category', '/vitamin-supplement/sub-category',
  ]),
  after_before: content('after_before', 'Success Stories', ['/success-stories']),
  videos: content('videos', 'Videos', ['/videos']),
  diet: content('diet', 'Nutrition Guidelines', ['/diet', '/diet-categories', '/diet-sub-categories']),
  instruction: content('instruction', 'Instructions', ['/instructions', '/instruction-categories', '/instruction-sub-categories']),
  non_surgeries_wight: content('non_surgeries_wight', 'Non-Surgical Weight Loss', [
    '/non-surgical-weight-loss', '/non-surgical-weight-loss-categories', '/non-surgical-weight-loss-sub-categories',
  ]),
  program_logo: content('program_logo', 'Program Logo', ['/program-logo']),
  support_services: content('support_services', 'Support Service', ['/support-service', '/support-service/category', '/support-service/sub-category']),
  support_group: content('support_group', 'Support Group', ['/support-group', '/support-group/category', '/support-group/sub-category']),
  join_us_facebook: content('join_us_facebook', 'Join Us On Facebook', ['/join-our-facebook']),
  our_website: content('our_website', 'Our Website', ['/our-website']),
  Newsletter: content('Newsletter', 'Newsletter', ['/newsletter']),
  our_blog: content('our_blog', 'Our Blog', ['/blog']),
  patient_portal: content('patient_portal', 'Patient Portal', ['/patient-portal']),
  online_seminar: content('online_seminar', 'Online Seminar', ['/online-seminar']),
  about_surgery: content('about_surgery', 'About Surgery', [
    '/about-surgery', '/surgery/:id/show', '/surgery/:id/edit', '/surgery/store', '/surgery-categories', '/surgery-sub-categories',
  ]),
} as const satisfies Record<string, MenuAreaRule>;

/** A content type's area: its flag, open to self-service staff (the spec shows them the content menus). */
function content<F extends ProgramUserMenuFlag>(flag: F, label: string, screens: readonly string[]) {
  return { flag, selfService: true, refusal: `${label} is not switched on for your account.`, screens } as const;
}

export type MenuArea = keyof typeof MENU_AREAS;
/** What a route or page declares: its area, or `'none'` when no flag guards it. */
export type MenuAreaOrNone = MenuArea | 'none';

export const MENU_AREA_NAMES = Object.keys(MENU_AREAS) as MenuArea[];

/** True when `value` names an area of {@link MENU_AREAS}. */
export function isMenuArea(value: unknown): value is MenuArea {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MENU_AREAS, value);
}

/** Whoever asks: a signed-in account's type, self-service flag and (program users) 0/1 menu flags. */
export interface MenuAreaHolder {
  type: UserType;
  selfService: boolean;
  /** A program user's flags (0/1, '1', true count as on); null or missing: none on. Ignored for sub users. */
  flags: Readonly<Partial<Record<ProgramUserMenuFlag, unknown>>> | null;
}

/** Why an area is closed: not program staff, self-service staff in a closed area, or the flag is off. */
export type MenuAreaRefusal = 'not-staff' | 'self-service' | 'flag';

/**
 * Why `holder` may not open `area`, or null when they may. Sub users have every area (the spec: "sees
 * all menus"); a self-service program user has the areas marked `selfService` and no other; any other
 * program user has the areas whose flag is on. Super admins are not staff: they have none.
 */
export function menuAreaRefusal(holder: MenuAreaHolder, area: MenuAreaOrNone): MenuAreaRefusal | null {
  if (holder.type === 'super_admin') return 'not-staff';
  if (area === 'none' || holder.type === 'sub_user') return null;
  const rule: MenuAreaRule = MENU_AREAS[area];
  if (holder.selfService) return rule.selfService ? null : 'self-service';
  return isFlagOn(holder.flags?.[rule.flag]) ? null : 'flag';
}

/** Whether `holder` may open `area` (see {@link menuAreaRefusal}). */
export const mayOpenMenuArea = (holder: MenuAreaHolder, area: MenuAreaOrNone): boolean => menuAreaRefusal(holder, area) === null;

/** The area a shell page path belongs to, or `'none'` (paths as the shell's route table spells them). */
export function menuAreaOfScreen(path: string): MenuAreaOrNone {
  return SCREEN_AREAS.get(path) ?? 'none';
}

const SCREEN_AREAS: ReadonlyMap<string, MenuArea> = new Map(
  MENU_AREA_NAMES.flatMap((area) => MENU_AREAS[area].screens.map((screen) => [screen, area] as const)),
);
