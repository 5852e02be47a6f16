/** Account kinds and the two fixed ids the business rules refer to. */

/** Every kind of signed-in account, as the API spells it. */
export const USER_TYPES = ['sub_user', 'program_user', 'super_admin'] as const;

export type UserType = (typeof USER_TYPES)[number];

/** The built-in super admin: passes every permission check and owns recipe drafts. */
export const SUPER_ADMIN_ID = 48;

/** The program whose content menu is split into Weight Management and Weight Loss Surgery groups. */
export const SPECIAL_PROGRAM_ID = 302;

/** True when `value` is one of {@link USER_TYPES}. */
export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}
