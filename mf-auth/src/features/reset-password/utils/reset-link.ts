/**
 * What a set/reset-password link says, read from its query string, and what the screen shows for it.
 * Links: a program user's reset (token), a program user's invitation (token, isProgramUser=yes), a
 * patient's reset (token, id, email) and a new patient's first password (token, id, email, new_patient).
 */

export type ResetLink = {
  token: string;
  /** The patient's id (`id`): the link is the patient flow, answered by the patient app's endpoint. */
  patientId: number | null;
  /** The patient's e-mail (`email`), sent back with the patient flow. */
  email: string;
  /** `isProgramUser=yes`: a program user setting the password of a new account. */
  isProgramUser: boolean;
  /** `new_patient`: a patient setting the first password of the app. */
  isNewPatient: boolean;
};

/** A query flag: present and not spelled as "no" ("0", "false", "no", blank). */
function flagOf(value: string | null): boolean {
  if (value === null) return false;
  return !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
}

/** A positive whole number, else null (a garbled id is no patient id). */
function idOf(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function readResetLink(query: URLSearchParams): ResetLink {
  return {
    token: (query.get('token') ?? '').trim(),
    patientId: idOf(query.get('id')),
    email: (query.get('email') ?? '').trim(),
    isProgramUser: (query.get('isProgramUser') ?? '').trim().toLowerCase() === 'yes',
    isNewPatient: flagOf(query.get('new_patient')),
  };
}

export type ResetPasswordHeading = 'RESET PASSWORD' | 'SET NEW PASSWORD' | 'SET PASSWORD';

/**
 * The heading, by the spec's rule read from the most specific case down:
 * 1. SET PASSWORD for the flows that create a first password — a new patient (`new_patient`) or a
 *    program user's new account (`isProgramUser=yes`), whether or not a patient id is present;
 * 2. else SET NEW PASSWORD when a patient id is present (a patient replacing the app password);
 * 3. else RESET PASSWORD (a staff member who forgot theirs).
 */
export function resetPasswordHeading(link: Pick<ResetLink, 'patientId' | 'isProgramUser' | 'isNewPatient'>): ResetPasswordHeading {
  if (link.isNewPatient || link.isProgramUser) return 'SET PASSWORD';
  if (link.patientId !== null) return 'SET NEW PASSWORD';
  return 'RESET PASSWORD';
}

/** Whose password it is: the patient app's (a patient id is present) or a BariDesk account's. */
export const isPatientLink = (link: Pick<ResetLink, 'patientId'>): boolean => link.patientId !== null;

/** The line under the heading. */
export function resetPasswordIntro(link: Pick<ResetLink, 'patientId'>): string {
  return isPatientLink(link)
    ? 'Create a password for the BariDesk patient app.'
    : 'Create a password for your BariDesk account.';
}

export const PASSWORD_UPDATED = 'Your password has been updated.';
export const CHECK_YOUR_EMAIL = 'Please check your email.';

/** The success notice: program users are also told to look at their e-mail. */
export const resetSuccessMessage = (link: Pick<ResetLink, 'isProgramUser'>): string =>
  link.isProgramUser ? `${PASSWORD_UPDATED} ${CHECK_YOUR_EMAIL}` : PASSWORD_UPDATED;
