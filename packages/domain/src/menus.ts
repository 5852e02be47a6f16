/** Names of the switches that decide which menus a program user or a program sees. */

/**
 * The 0/1 feature flags stored on a program user. Spelled exactly as the API stores them,
 * misspelling (`non_surgeries_wight`) and capital (`Newsletter`) included.
 */
export const PROGRAM_USER_MENU_FLAGS = [
  'manage_user',
  'self_service',
  'pipeline_status',
  'seminar_to_surgery',
  'alert_notification',
  'event',
  'contact',
  'our_team',
  'faq',
  'vitamin_supplement',
  'after_before',
  'videos',
  'diet',
  'instruction',
  'non_surgeries_wight',
  'program_logo',
  'support_services',
  'support_group',
  'join_us_facebook',
  'our_website',
  'Newsletter',
  'our_blog',
  'patient_portal',
  'online_seminar',
  'about_surgery',
] as const;

export type ProgramUserMenuFlag = (typeof PROGRAM_USER_MENU_FLAGS)[number];

/**
 * Titles of the sub-menu manager entries (a program's content menus that can be switched on or off).
 * "FAQ’s" uses the typographic apostrophe U+2019, as stored.
 */
export const SUB_MENU_TITLES = [
  'Calendar',
  'Contact Us',
  'Our Team',
  'FAQ\u2019s',
  'Vitamin and Supplements',
  'Success Stories',
  'Diabetes Education',
  'Videos',
  'Diet Guidelines',
  'Instructions',
  'Non-Surgical Weight Loss',
  'Check My BMI',
  'Support Service',
  'Support Group',
  'Join Us On Facebook',
  'Shop',
  'Our Website',
  'Newsletter',
  'Our Blog',
  'Patient Portal',
  'Patient Portals',
  'Education',
  'Online Seminar',
  'About Surgery',
] as const;

export type SubMenuTitle = (typeof SUB_MENU_TITLES)[number];

/** True when `value` is one of {@link PROGRAM_USER_MENU_FLAGS} (case-sensitive). */
export function isProgramUserMenuFlag(value: unknown): value is ProgramUserMenuFlag {
  return typeof value === 'string' && (PROGRAM_USER_MENU_FLAGS as readonly string[]).includes(value);
}

/** True when `value` is one of {@link SUB_MENU_TITLES} (exact, apostrophe included). */
export function isSubMenuTitle(value: unknown): value is SubMenuTitle {
  return typeof value === 'string' && (SUB_MENU_TITLES as readonly string[]).includes(value);
}

/**
 * Whether a 0/1 flag is on. Accepts what databases and JSON commonly return for "on":
 * the number 1, the string "1" and `true`. Anything else (0, "0", null, missing) is off.
 */
export function isFlagOn(value: unknown): boolean {
  return value === 1 || value === '1' || value === true;
}
