import * as domain from './index';
import {
  MENU_AREAS,
  MENU_AREA_NAMES,
  isMenuArea,
  mayOpenMenuArea,
  menuAreaOfScreen,
  menuAreaRefusal,
  type MenuAreaHolder,
} from './menu-areas';
import { PROGRAM_USER_MENU_FLAGS, type ProgramUserMenuFlag } from './menus';

const programUser = (on: ProgramUserMenuFlag[], selfService = false): MenuAreaHolder => ({
  type: 'program_user',
  selfService,
  flags: Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, on.includes(flag) ? 1 : 0])),
});

describe('MENU_AREAS', () => {
  it('gives the issue’s flags their areas', () => {
    expect(MENU_AREAS.patients.flag).toBe('manage_user');
    expect(MENU_AREAS.pipeline.flag).toBe('pipeline_status');
    expect(MENU_AREAS.reports.flag).toBe('seminar_to_surgery');
    expect(MENU_AREAS.messages.flag).toBe('alert_notification');
    expect(MENU_AREAS.calendar.flag).toBe('event');
  });

  it('has one area per flag except self_service, which is a rule, not an area', () => {
    const flags = MENU_AREA_NAMES.map((area) => MENU_AREAS[area].flag);
    expect(new Set(flags).size).toBe(flags.length);
    expect([...flags].sort()).toEqual(PROGRAM_USER_MENU_FLAGS.filter((flag) => flag !== 'self_service').sort());
  });

  it('puts each screen in one area at most, and refuses with a sentence', () => {
    const screens = MENU_AREA_NAMES.flatMap((area) => MENU_AREAS[area].screens);
    expect(new Set(screens).size).toBe(screens.length);
    for (const area of MENU_AREA_NAMES) expect(MENU_AREAS[area].refusal).toMatch(/^[A-Z].* not switched on for your account\.$/u);
  });

  it('is exported from the package', () => {
    expect(domain.MENU_AREAS).toBe(MENU_AREAS);
    expect(typeof domain.menuAreaRefusal).toBe('function');
  });
});

describe('menuAreaRefusal', () => {
  const limited = programUser(['pipeline_status', 'event']);

  it('opens to a program user only the areas whose flag is on', () => {
    expect(menuAreaRefusal(limited, 'patients')).toBe('flag');
    expect(menuAreaRefusal(limited, 'reports')).toBe('flag');
    expect(menuAreaRefusal(limited, 'messages')).toBe('flag');
    expect(menuAreaRefusal(limited, 'contact')).toBe('flag');
    expect(menuAreaRefusal(limited, 'pipeline')).toBeNull();
    expect(menuAreaRefusal(limited, 'calendar')).toBeNull();
    expect(menuAreaRefusal(limited, 'none')).toBeNull();
  });

  it('reads "1" and true as on, and missing or null flags as off', () => {
    expect(mayOpenMenuArea({ type: 'program_user', selfService: false, flags: { manage_user: '1' } }, 'patients')).toBe(true);
    expect(mayOpenMenuArea({ type: 'program_user', selfService: false, flags: { manage_user: true } }, 'patients')).toBe(true);
    expect(mayOpenMenuArea({ type: 'program_user', selfService: false, flags: {} }, 'patients')).toBe(false);
    expect(mayOpenMenuArea({ type: 'program_user', selfService: false, flags: null }, 'patients')).toBe(false);
  });

  it('opens every area to sub users, whatever their flags', () => {
    for (const area of MENU_AREA_NAMES) expect(menuAreaRefusal({ type: 'sub_user', selfService: false, flags: null }, area)).toBeNull();
  });

  it('gives self-service staff the calendar and content whatever the flags, and nothing of patients, pipeline, reports, messages', () => {
    const selfService = programUser(['manage_user', 'pipeline_status', 'seminar_to_surgery', 'alert_notification'], true);
    for (const area of ['patients', 'pipeline', 'reports', 'messages'] as const) expect(menuAreaRefusal(selfService, area)).toBe('self-service');
    for (const area of ['calendar', 'contact', 'about_surgery', 'program_logo'] as const) expect(menuAreaRefusal(selfService, area)).toBeNull();
  });

  it('gives super admins no staff area', () => {
    expect(menuAreaRefusal({ type: 'super_admin', selfService: false, flags: null }, 'patients')).toBe('not-staff');
    expect(menuAreaRefusal({ type: 'super_admin', selfService: false, flags: null }, 'none')).toBe('not-staff');
  });
});

describe('menuAreaOfScreen and isMenuArea', () => {
  it('finds the area of a page path, none for unguarded pages', () => {
    expect(menuAreaOfScreen('/patient-detail/:id')).toBe('patients');
    expect(menuAreaOfScreen('/user-category')).toBe('patients');
    expect(menuAreaOfScreen('/checklist-templates')).toBe('pipeline');
    expect(menuAreaOfScreen('/message-templates')).toBe('messages');
    expect(menuAreaOfScreen('/faq/:id/edit')).toBe('faq');
    expect(menuAreaOfScreen('/dashboard')).toBe('none');
    expect(menuAreaOfScreen('/diabetes')).toBe('none');
  });

  it('knows the area names', () => {
    expect(isMenuArea('patients')).toBe(true);
    expect(isMenuArea('none')).toBe(false);
    expect(isMenuArea('toString')).toBe(false);
    expect(isMenuArea(1)).toBe(false);
  });
});
