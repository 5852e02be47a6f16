import { isCalendarOn, mayManageEvents, mightShowNoEventsNotice, shouldShowNoEventsNotice } from './no-events-rule';
import { createFlags, createSidebarMenu, createUser } from '../test/factories';

const sub = createUser({ type: 'sub_user' });
const pu = createUser({ type: 'program_user' });
const admin = createUser({ type: 'super_admin' });

describe('no-events notice rule', () => {
  it('lets sub users, and program users with event or self_service, manage events', () => {
    expect(mayManageEvents(sub, null)).toBe(true);
    expect(mayManageEvents(pu, createFlags({ event: 1 }))).toBe(true);
    expect(mayManageEvents(pu, createFlags({ self_service: 1 }))).toBe(true);
    expect(mayManageEvents(pu, createFlags({ contact: 1, faq: 1 }))).toBe(false);
    expect(mayManageEvents(pu, null)).toBe(false);
    expect(mayManageEvents(admin, createFlags({ event: 1 }))).toBe(false);
  });

  it('needs the Calendar sub-menu on', () => {
    expect(isCalendarOn(createSidebarMenu(sub).fromSubMenuManagers)).toBe(true);
    expect(isCalendarOn(createSidebarMenu(sub, { off: ['Calendar'] }).fromSubMenuManagers)).toBe(false);
    expect(isCalendarOn(createSidebarMenu(sub, { missing: ['Calendar'] }).fromSubMenuManagers)).toBe(false);
  });

  it('shows only without events', () => {
    expect(shouldShowNoEventsNotice(sub, false, createSidebarMenu(sub))).toBe(true);
    expect(shouldShowNoEventsNotice(sub, true, createSidebarMenu(sub))).toBe(false);
    expect(mightShowNoEventsNotice(sub, true)).toBe(false);
    expect(mightShowNoEventsNotice(admin, false)).toBe(false);
    expect(mightShowNoEventsNotice(pu, false)).toBe(true);
  });
});
