/** Test data for the shell: signed-in users and the sidebar menu the API answers for them. */
import { PROGRAM_USER_MENU_FLAGS, SUB_MENU_TITLES, type PermissionSlug } from '@baridesk/domain';
import type { AuthUser, DynamicContentSection, SidebarMenu } from '@baridesk/contracts';
import { createAuthUser } from '@baridesk/testing';

export const createSubUser = (overrides: Partial<AuthUser> = {}): AuthUser =>
  createAuthUser({
    id: 101,
    name: 'Dr. Maya Patel',
    email: 'subuser@northside.test',
    created: '2025-01-01T00:00:00Z',
    program_id: 101,
    programmer_code: 'NSB-1001',
    sub_user: { id: 101, title: 'Northside Bariatrics', programmer_code: 'NSB-1001' },
    ...overrides,
  });

/** The menu flags of AuthUser.menu_flags: the named ones on, every other off. */
export const authMenuFlags = (on: readonly string[]): NonNullable<AuthUser['menu_flags']> =>
  Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((name) => [name, on.includes(name) ? 1 : 0])) as NonNullable<AuthUser['menu_flags']>;

/** A program user with administrative rights and every menu flag but self-service (as staff@northside.test). */
export const createUser = (overrides: Partial<AuthUser> = {}): AuthUser =>
  createSubUser({
    id: 201,
    name: 'Jordan Ellis',
    email: 'staff@northside.test',
    type: 'program_user',
    menu_flags: authMenuFlags(PROGRAM_USER_MENU_FLAGS.filter((name) => name !== 'self_service')),
    ...overrides,
  });

/** A program user with only the pipeline and the calendar (as limited@northside.test). */
export const createProgramUser = (overrides: Partial<AuthUser> = {}): AuthUser =>
  createSubUser({
    id: 202,
    name: 'Lee Limited',
    email: 'limited@northside.test',
    type: 'program_user',
    administrative_rights: 0,
    menu_flags: authMenuFlags(['pipeline_status', 'event']),
    ...overrides,
  });

export const createSuperAdmin = (permissions: PermissionSlug[] = [], overrides: Partial<AuthUser> = {}): AuthUser =>
  createSubUser({
    id: 60,
    name: 'Ada Admin',
    email: 'admin@baridesk.test',
    type: 'super_admin',
    program_id: null,
    programmer_code: null,
    sub_user: null,
    permissions: permissions.map((slug, i) => ({ id: i + 1, name: slug, slug })),
    ...overrides,
  });

type Flags = NonNullable<SidebarMenu['fromPUsTable']>;

/** A program user's 0/1 menu flags: all off unless given. */
export const createFlags = (on: Partial<Flags> = {}): Flags => ({
  ...(Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((name) => [name, 0])) as Record<(typeof PROGRAM_USER_MENU_FLAGS)[number], 0>),
  shop_url: 0,
  self_service: 0,
  administrative_rights: 0,
  ...on,
});

/** A program user's 0/1 flags: the named ones on, every other off. */
export const menuFlags = (on: string[]): Flags => createFlags(Object.fromEntries(on.map((flag) => [flag, 1])) as Partial<Flags>);

export const createSection = (id: number, name: string): DynamicContentSection => ({
  id,
  name,
  status: 1,
  created_at: '2025-02-01T00:00:00Z',
  updated_at: '2025-02-01T00:00:00Z',
});

/** The sidebar menu of `authUser`: every program sub-menu switched on unless named in `off`, or left out in `missing`. */
export const createSidebarMenu = (
  authUser: AuthUser,
  {
    flags = null,
    off = [],
    missing = [],
    sections = [],
  }: { flags?: SidebarMenu['fromPUsTable']; off?: string[]; missing?: string[]; sections?: DynamicContentSection[] } = {},
): SidebarMenu => ({
  fromPUsTable: flags,
  fromSubMenuManagers: SUB_MENU_TITLES.map((title, i) => ({ id: i + 1, status: off.includes(title) ? (0 as const) : (1 as const), sub_menu: { id: i + 1, title } })).filter(
    (entry) => !missing.includes(entry.sub_menu.title),
  ),
  authUser,
  dynamicContentSections: sections,
});
