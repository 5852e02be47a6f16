/** The password rule shared by change-password, set-password and reset-password forms. */
import { PASSWORD_MIN_LENGTH } from './constants';

/** Error shown when a password breaks the letter-and-digit rule (staff-area wording, with the full stop). */
export const PASSWORD_RULE_MESSAGE = 'Password must contain at least one character and number.';

/**
 * True when `value` has at least one ASCII letter and at least one digit: "letter" is read as in
 * the spec's alphanumeric check (A-Z, a-z), so "éééééé12" has no letter.
 */
export function hasLetterAndDigit(value: string): boolean {
  return /[A-Za-z]/.test(value) && /\d/.test(value);
}

/**
 * True when `password` has at least 8 characters, at least one ASCII letter and at least one digit.
 * Other characters (spaces, symbols, accented letters) are allowed and count towards the length.
 */
export function isValidPassword(password: unknown): boolean {
  return typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH && hasLetterAndDigit(password);
}
