/** Limits of single sign-on. */

/** A started sign-in must come back from the provider within this time. */
export const SSO_STATE_MINUTES = 10;
/** The ticket the callback hands the browser is good for this long, once. */
export const SSO_TICKET_MINUTES = 2;
/** Sign-ins one address may start in the throttle window (ADDRESS_FAILURE_WINDOW_MINUTES of auth-policy). */
export const SSO_STARTS_PER_ADDRESS = 30;
/** Look-ups of e-mail domains without SSO one address may make in that window (a budget of their own). */
export const SSO_UNKNOWN_DOMAINS_PER_ADDRESS = 30;
/** Sign-ins in flight are deleted this long after they started. */
export const SSO_KEEP_SIGN_INS_MS = 24 * 60 * 60_000;
