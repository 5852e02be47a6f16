import {
  hasPermission,
  isPermissionSlug,
  PERMISSION_NAMES,
  PERMISSION_SLUGS,
  type PermissionHolder,
} from './permissions';

describe('PERMISSION_SLUGS', () => {
  it('holds the 19 slugs in specification order', () => {
    expect(PERMISSION_SLUGS).toEqual([
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
      'audit_trail',
    ]);
    expect(new Set(PERMISSION_SLUGS).size).toBe(20);
  });

  it('names every slug and nothing else', () => {
    expect(Object.keys(PERMISSION_NAMES).sort()).toEqual([...PERMISSION_SLUGS].sort());
    for (const slug of PERMISSION_SLUGS) expect(PERMISSION_NAMES[slug].trim()).not.toBe('');
    expect(PERMISSION_NAMES.cards_and_trophies).toBe('Cards & Trophies');
    expect(PERMISSION_NAMES.manage_events).toBe('Manage Events');
    expect(PERMISSION_NAMES.manage_mobile_support_mail).toBe('Manage Mobile Support Mail');
  });

  it('recognises slugs exactly', () => {
    expect(isPermissionSlug('tips')).toBe(true);
    expect(isPermissionSlug('Tips')).toBe(false);
    expect(isPermissionSlug('manage_event')).toBe(false);
    expect(isPermissionSlug(undefined)).toBe(false);
  });
});

describe('hasPermission', () => {
  const admin = (id: number, permissions: readonly string[]): PermissionHolder => ({
    id,
    type: 'super_admin',
    permissions,
  });

  it('lets the super admin id 48 through every check, even with an empty list', () => {
    for (const slug of PERMISSION_SLUGS) expect(hasPermission(admin(48, []), slug)).toBe(true);
  });

  it('lets another super admin through only for slugs in its list', () => {
    const user = admin(7, ['manage_events', 'tips']);
    expect(hasPermission(user, 'manage_events')).toBe(true);
    expect(hasPermission(user, 'tips')).toBe(true);
    expect(hasPermission(user, 'cards_and_trophies')).toBe(false);
    expect(hasPermission(admin(7, []), 'manage_events')).toBe(false);
  });

  it('matches slugs exactly (case and spelling)', () => {
    expect(hasPermission(admin(7, ['Manage_Events', 'manage_event']), 'manage_events')).toBe(false);
  });

  it('never lets program users or sub users through, even with id 48 or a matching list', () => {
    expect(hasPermission({ id: 48, type: 'sub_user', permissions: [] }, 'tips')).toBe(false);
    expect(hasPermission({ id: 48, type: 'program_user', permissions: ['tips'] }, 'tips')).toBe(false);
    expect(hasPermission({ id: 9, type: 'sub_user', permissions: ['tips'] }, 'tips')).toBe(false);
  });
});
