/**
 * Sign-in limits. A program (for its own account) and each program user may set `retries` (failed
 * attempts allowed in a row) and `time_out` (minutes the account then stays locked); these are the
 * values used where they are empty or 0, and for super admins.
 */
export const DEFAULT_LOGIN_RETRIES = 5;
export const DEFAULT_LOCK_MINUTES = 15;

/** Failed sign-ins one address may make in the window before it is told to wait. */
export const ADDRESS_FAILURE_LIMIT = 20;
export const ADDRESS_FAILURE_WINDOW_MINUTES = 15;

/**
 * A browser that signed in to an account carries a device cookie for it this long (renewed by each
 * sign-in). Its sign-ins of that account pass the address throttle and the account lock; its failures
 * count against the cookie alone, which is trusted no more once it failed the account's `retries` times
 * within the window below (it then counts as an unknown browser until the window has passed).
 */
export const DEVICE_COOKIE_DAYS = 180;
export const DEVICE_FAILURE_WINDOW_MINUTES = ADDRESS_FAILURE_WINDOW_MINUTES;

export interface LockPolicy {
  retries: number;
  lockMinutes: number;
}

export const lockPolicy = (retries: number | null | undefined, timeOut: number | null | undefined): LockPolicy => ({
  retries: retries && retries > 0 ? retries : DEFAULT_LOGIN_RETRIES,
  lockMinutes: timeOut && timeOut > 0 ? timeOut : DEFAULT_LOCK_MINUTES,
});

export const minutesLeft = (until: Date, now: Date): number =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export const MESSAGES = {
  badCredentials: 'These credentials do not match our records.',
  locked: (minutes: number) =>
    `Your account is locked after too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  addressThrottled: (minutes: number) =>
    `Too many failed sign-in attempts from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  inactive: 'Your account is inactive. Please contact your program administrator.',
  emailNotConfirmed: 'Please confirm your email address first. We have sent you a new link.',
  missingToken: 'You are not signed in. Please log in.',
  malformedToken: 'The sign-in token is not valid. Please log in again.',
  unknownToken: 'Your session is not valid. Please log in again.',
  revoked: 'You have been logged out. Please log in again.',
  expired: 'Your session expired after 90 minutes without activity. Please log in again.',
  staffOnly: 'This is available to program staff only.',
  subUserOnly: 'This is available to the program administrator only.',
  programUserOnly: 'This is available to program users only.',
  superAdminOnly: 'This is available to super admins only.',
  missingPermission: 'You do not have permission to do this.',
  wrongCurrentPassword: 'The current password is incorrect.',
  samePassword: 'The new password must be different from the current password.',
} as const;
