/** The inactivity rule: warn at 85 idle minutes, log out at 90. */
import { SESSION_TIMEOUT_MINUTES, SESSION_WARNING_MINUTES } from './constants';

export type SessionPhase = 'active' | 'warning' | 'expired';

/** Text of the inactivity warning (typographic apostrophe, as in the specification). */
export const SESSION_WARNING_MESSAGE = 'You\u2019ll be automatically logged out in 5 minutes due to inactivity.';

/**
 * Where an idle counter (in whole minutes since the last successful call) stands:
 * below 85 'active', from 85 up to but not including 90 'warning', from 90 'expired' (log out).
 * A negative or NaN counter counts as 'active'.
 */
export function sessionPhase(idleMinutes: number): SessionPhase {
  if (idleMinutes >= SESSION_TIMEOUT_MINUTES) return 'expired';
  if (idleMinutes >= SESSION_WARNING_MINUTES) return 'warning';
  return 'active';
}
