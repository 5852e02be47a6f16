/** Permission slugs that guard the super-admin screens, and the check that applies them. */
import { SUPER_ADMIN_ID, type UserType } from './users';

/** The admin permission slugs, in the order the admin specification lists them. */
export const PERMISSION_SLUGS = [
  'cards_and_trophies',
  'banner_ads',
  'discount_ads',
  'manage_resources',
  'manage_shop',
  'how_to_use_app',
  'support_mail',
  'manage_main_menu',
  'manage_quotes',
  'manage_users',
  'baritastic_programs',
  'tips',
  'groups',
  'program_users',
  'manage_events',
  'manage_super_admin',
  'manage_recipe',
  'manage_dynamic_notifications',
  'manage_mobile_support_mail',
  // Beyond the spec: reading the audit trail (HIPAA §164.312(b)) is a right of its own.
  'audit_trail',
] as const;

export type PermissionSlug = (typeof PERMISSION_SLUGS)[number];

/** Display name of each permission (used in super-admin forms and the admin sidebar). */
export const PERMISSION_NAMES: Readonly<Record<PermissionSlug, string>> = {
  cards_and_trophies: 'Cards & Trophies',
  banner_ads: 'Banner Ads',
  discount_ads: 'Discount Ads',
  manage_resources: 'Manage Resources',
  manage_shop: 'Manage Shop',
  how_to_use_app: 'How To Use App',
  support_mail: 'Support Mail',
  manage_main_menu: 'Manage Main Menu',
  manage_quotes: 'Manage Quotes',
  manage_users: 'Manage Users',
  baritastic_programs: 'Baritastic Programs',
  tips: 'Tips',
  groups: 'Groups',
  program_users: 'Program Users',
  manage_events: 'Manage Events',
  manage_super_admin: 'Manage Super Admin',
  manage_recipe: 'Manage Recipe',
  manage_dynamic_notifications: 'Manage Dynamic Notifications',
  manage_mobile_support_mail: 'Manage Mobile Support Mail',
  audit_trail: 'Audit Trail',
};

/** True when `value` is one of {@link PERMISSION_SLUGS}. */
export function isPermissionSlug(value: unknown): value is PermissionSlug {
  return typeof value === 'string' && (PERMISSION_SLUGS as readonly string[]).includes(value);
}

/** The part of a signed-in user that a permission check looks at. */
export interface PermissionHolder {
  id: number;
  type: UserType;
  permissions: readonly string[];
}

/**
 * Whether `user` may open an admin screen guarded by `slug`.
 * - The built-in super admin (id 48) passes every check, whatever its list says.
 * - Another super admin passes when its permission list contains the slug.
 * - Program users and sub users never pass: admin screens are not theirs.
 */
export function hasPermission(user: PermissionHolder, slug: PermissionSlug): boolean {
  if (user.type !== 'super_admin') return false;
  if (user.id === SUPER_ADMIN_ID) return true;
  return user.permissions.includes(slug);
}
