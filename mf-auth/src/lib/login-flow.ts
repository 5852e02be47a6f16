/**
 * The steps of signing in after the password: the security question and the second factor. The shell
 * opens /setup-question, /answer-question, /two-factor and /two-factor-setup only while this tab carries
 * the login-flow mark (its router reads the same sessionStorage key), and the screens themselves need the
 * challenge of the login answer, handed over as router state.
 */
import type { MfaStep, MfaStepData, SecurityQuestion, SecurityStep, SecurityStepData } from '@baridesk/contracts';

/** The key the shell's guard reads (shell/src/routes/router.tsx, LOGIN_FLOW_KEY); a remote cannot import the shell. */
export const LOGIN_FLOW_KEY = 'baridesk.login-flow';

/** The router state the login screen hands a security-question step. */
export type SecurityStepState = { challenge: string; question: SecurityQuestion | null };

export const SECURITY_STEP_PATHS: Record<SecurityStep, string> = {
  setup: '/setup-question',
  answer: '/answer-question',
};

export function enterLoginFlow(): void {
  try {
    sessionStorage.setItem(LOGIN_FLOW_KEY, '1');
  } catch {
    // Storage refused: the shell's guard then sends the user back to /login, who can try again.
  }
}

/** Ends the mark: a signed-in user, or one who starts over, does not reach the steps again. */
export function leaveLoginFlow(): void {
  try {
    sessionStorage.removeItem(LOGIN_FLOW_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Where the login answer sends the user, and with what. */
export function securityStepRoute(data: SecurityStepData): { to: string; state: SecurityStepState } {
  return { to: SECURITY_STEP_PATHS[data.securityStep], state: { challenge: data.challenge, question: data.question ?? null } };
}

/** The step's state when the login screen sent it; null when the page was opened any other way. */
export function readSecurityStepState(state: unknown): SecurityStepState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { challenge, question } = state as Record<string, unknown>;
  if (typeof challenge !== 'string' || challenge === '') return null;
  const valid =
    typeof question === 'object' &&
    question !== null &&
    typeof (question as SecurityQuestion).id === 'number' &&
    typeof (question as SecurityQuestion).question === 'string';
  return { challenge, question: valid ? (question as SecurityQuestion) : null };
}

/** The router state a second-factor step is handed: only the challenge. */
export type MfaStepState = { challenge: string };

export const MFA_STEP_PATHS: Record<MfaStep, string> = {
  code: '/two-factor',
  setup: '/two-factor-setup',
};

/** Where a login (or security answer) answer with a second-factor step sends the user. */
export function mfaStepRoute(data: MfaStepData): { to: string; state: MfaStepState } {
  return { to: MFA_STEP_PATHS[data.mfaStep], state: { challenge: data.challenge } };
}

/** The step's challenge when a previous step sent it; null when the page was opened any other way. */
export function readMfaStepState(state: unknown): MfaStepState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { challenge } = state as Record<string, unknown>;
  return typeof challenge === 'string' && challenge !== '' ? { challenge } : null;
}
