import { mayOpenMenuArea } from '@baridesk/domain';
import type { AuthUser, SidebarMenu } from '@baridesk/contracts';

/** The sub-menu manager title that switches the event calendar on for a program. */
export const CALENDAR_MENU_TITLE = 'Calendar';

/**
 * Who may be told that the calendar is empty (staff-area section 4): sub users, and program users with
 * `event` or `self_service` on, which is who has the calendar area of the domain's flag table.
 */
export function mayManageEvents(user: Pick<AuthUser, 'type'>, flags: SidebarMenu['fromPUsTable']): boolean {
  return mayOpenMenuArea({ type: user.type, selfService: flags?.self_service === 1, flags }, 'calendar');
}

/** The program's Calendar menu is switched on. */
export function isCalendarOn(subMenus: SidebarMenu['fromSubMenuManagers']): boolean {
  return subMenus.some((entry) => entry.sub_menu.title === CALENDAR_MENU_TITLE && entry.status === 1);
}

/** The no-events notice after sign-in: no events yet, a user who may add them, and the calendar on. */
export function shouldShowNoEventsNotice(user: Pick<AuthUser, 'type'>, isEventExist: boolean, menu: SidebarMenu): boolean {
  return !isEventExist && mayManageEvents(user, menu.fromPUsTable) && isCalendarOn(menu.fromSubMenuManagers);
}

/** A super admin or a user whose events exist needs no menu to know the answer is no. */
export function mightShowNoEventsNotice(user: Pick<AuthUser, 'type'>, isEventExist: boolean): boolean {
  return !isEventExist && (user.type === 'sub_user' || user.type === 'program_user');
}

/** Whose sign-ins showed the no-events notice in this browser session (sessionStorage: this tab, until closed). */
const NOTICE_SHOWN_KEY = 'baridesk.no-events-notice-shown';

const shownIds = () => (sessionStorage.getItem(NOTICE_SHOWN_KEY) ?? '').split(',').filter(Boolean);

/** The notice is a suggestion: shown once per browser session, not at every sign-in. */
export const noticeShownTo = (userId: number): boolean => shownIds().includes(String(userId));

export function rememberNoticeShownTo(userId: number): void {
  sessionStorage.setItem(NOTICE_SHOWN_KEY, [...new Set([...shownIds(), String(userId)])].join(','));
}
