import type { AuthUser } from '@baridesk/contracts';

/** A self-service program user who has not accepted the licence terms yet must answer them. */
export const needsTermsAcceptance = (user: AuthUser | null): boolean =>
  user?.type === 'program_user' && user.self_service === 1 && user.terms_and_conditions_check === 0;

/** A sub user with a popup message still to see (staff-area section 4). */
export const hasPendingPopup = (user: AuthUser | null): boolean =>
  user?.type === 'sub_user' && user.popup_status === 1 && Boolean(user.popup_msg1?.trim());

/** The terms or the popup come up after this sign-in: no other notice joins them. */
export const hasModalAtSignIn = (user: AuthUser | null): boolean => needsTermsAcceptance(user) || hasPendingPopup(user);
