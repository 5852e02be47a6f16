/** What the route suites share: who calls a route, the public allow-list, and the printed figures. */
import type { TestApp } from '../../test/app';
import { DEMO_PASSWORD } from '../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../seed/patient-app';
import type { CatalogueRoute } from './catalogue';

/** The demo accounts the suites call as (packages/server/src/seed). */
export const NORTH_SUB_USER = 'subuser@northside.test';
export const NORTH_PROGRAM_USER = 'staff@northside.test';
export const NORTH_SELF_SERVICE = 'selfservice@northside.test';
export const NORTH_LIMITED = 'limited@northside.test';
export const LAKE_SUB_USER = 'subuser@lakeview.test';
export const SUPER_ADMIN = 'superadmin@baridesk.test';
/** Northside's demo patient, who signs in to the patient app (/api/app routes, access `patient`). */
export const APP_PATIENT = DEMO_APP_PATIENT_EMAIL;

/**
 * The routes anyone may call, each on purpose. A route the document shows as public that is not here
 * fails the coverage test: making a route public is a decision a reviewer must see.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  // The scheduler service's health, for load balancers and probes as /api/health (no data, no session).
  'GET /scheduler/api/health',
  'POST /api/login',
  // The password links, the security question and registration: the link's token is the credential.
  'POST /api/send-password-reset-email',
  'POST /api/verify-token',
  'POST /api/reset-password',
  'POST /api/patient/reset-password',
  'GET /api/security-questions',
  'POST /api/security-answer',
  // The second factor while signing in: the challenge of the login answer is the credential.
  'POST /api/mfa/challenge',
  'POST /api/mfa/challenge/setup',
  'POST /api/mfa/challenge/confirm',
  'POST /api/register',
  'POST /api/register/confirm',
  // Single sign-on: the identity provider's answer is the credential.
  'POST /api/sso/start',
  'GET /api/sso/callback',
  'POST /api/sso/exchange',
  // The patient app's sign-in: the patient's own e-mail and password.
  'POST /api/app/login',
  // A program's iCalendar feed: the random token in its URL is the credential (rotated from the calendar).
  'GET /api/calendar-feed/{token}.ics',
]);

/** Routes that end the caller's session when they succeed: the suites give each call a session of its own. */
export const SESSION_ENDING: ReadonlySet<string> = new Set(['POST /api/logout', 'POST /api/app/logout']);

/** A fresh session's token: the patient app's sign-in for APP_PATIENT, the staff one for everyone else. */
export async function signInAs(t: Pick<TestApp, 'call' | 'login'>, email: string): Promise<string> {
  if (email !== APP_PATIENT) return t.login(email);
  const res = await t.call({ method: 'POST', url: '/api/app/login', payload: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`the app sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** The account with every right a route's access rule allows (null: called signed out). */
export function callerOf(route: CatalogueRoute): string | null {
  switch (route.access) {
    case 'public':
      return null;
    case 'super_admin':
      return SUPER_ADMIN;
    case 'program_user':
      return NORTH_PROGRAM_USER;
    case 'patient':
      return APP_PATIENT;
    default:
      // signed-in, staff, sub_user: the program's own account passes every staff rule.
      return NORTH_SUB_USER;
  }
}

/** One suite's figures, printed where the jest run shows them and recorded in docs/route-suites.md. */
export function printFigures(suite: string, figures: Record<string, string | number>): void {
  const lines = Object.entries(figures).map(([name, value]) => `  ${name}: ${value}`);
  console.log(`route suite — ${suite}\n${lines.join('\n')}`);
}
