/**
 * The validation and error messages BariDesk shows, shared by the server and the front ends.
 *
 * Wording comes from the specifications (staff-area.md and admin-public-auth.md, sections 5 and 8).
 * Where the specifications are silent, the chosen wording is marked "Not in the spec" below.
 */

import { DEFAULT_MAX_INPUT_LENGTH, PASSWORD_MIN_LENGTH } from '@baridesk/domain';

// The limits and the password rule's message belong to @baridesk/domain; they are re-exported
// here under the names this package has always used.
export {
  /** Default maximum length of a text input (both specifications, section 5). */
  DEFAULT_MAX_INPUT_LENGTH as DEFAULT_MAX_LENGTH,
  /** Minimum password length (both specifications, section 5). */
  PASSWORD_MIN_LENGTH,
  /**
   * Password without a letter or without a digit. The staff-area spec writes it with the final
   * period, the admin spec without; the period is kept everywhere.
   */
  PASSWORD_RULE_MESSAGE as PASSWORD_RULE,
} from '@baridesk/domain';

/** Words written upper-case inside a label built from a field name ("website_url" gives "Website URL"). */
const ACRONYMS = new Set(['api', 'ftp', 'id', 'ip', 'pdf', 'sms', 'url']);

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isAllCaps(word: string): boolean {
  return word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
}

/**
 * The human label of a field, first letter upper-cased.
 *
 * A field name (`first_name`, `firstName`, `first-name`) becomes sentence case: "First name".
 * A human label (anything containing a space, such as "Start Time") is kept as it is, apart from
 * upper-casing its first letter.
 */
export function fieldLabel(name: string): string {
  const text = name.trim();
  if (text.includes(' ')) return upperFirst(text);
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word.length > 0)
    .map((word) => {
      const lower = word.toLowerCase();
      if (ACRONYMS.has(lower)) return lower.toUpperCase();
      return isAllCaps(word) ? word : lower;
    });
  return upperFirst(words.join(' '));
}

/**
 * The label of a field in title case, as the spec writes date and time picker labels
 * ("start_date" gives "Start Date"). A human label (containing a space) is kept as it is.
 */
export function titleLabel(name: string): string {
  if (name.trim().includes(' ')) return fieldLabel(name);
  return fieldLabel(name)
    .split(' ')
    .map((word) => upperFirst(word))
    .join(' ');
}

/**
 * The label of a field as it reads inside a sentence: lower case, acronyms kept
 * ("support_email" gives "support email", "Website URL" gives "website URL").
 */
export function lowerLabel(name: string): string {
  return fieldLabel(name)
    .split(' ')
    .map((word) => (isAllCaps(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** "X", "X and Y", "X, Y and Z". */
function listWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Shared field messages (staff-area.md section 5)
// ---------------------------------------------------------------------------------------------

/** "{Field} is required." */
export function required(field: string): string {
  return `${fieldLabel(field)} is required.`;
}

/** "{Field} doesn't match." */
export function confirmed(field: string): string {
  return `${fieldLabel(field)} doesn't match.`;
}

/** The invalid-address message of an email field (support_email too uses this exact text). */
export const INVALID_EMAIL = 'The email field must have a valid email address.';

/** "The {field} field must have a valid email address." (`invalidEmail('email')` equals INVALID_EMAIL). */
export function invalidEmail(field: string): string {
  return `The ${lowerLabel(field)} field must have a valid email address.`;
}

/** The invalid-URL message when no field is named. */
export const INVALID_URL = 'Please enter valid URL.';

/**
 * "Please enter valid {field}." Used by the spec for URLs; also chosen (not in the spec) for any
 * other value whose format is wrong: dates, times, phone numbers.
 */
export function invalidValue(field: string): string {
  return `Please enter valid ${lowerLabel(field)}.`;
}

/** "Please enter valid {field}." for a URL field. */
export function invalidUrlFor(field: string): string {
  return invalidValue(field);
}

/** "The {field} must be X and Y." ("X, Y and Z" for three or more, "X" for one). */
export function fileExtensions(field: string, extensions: readonly string[]): string {
  if (extensions.length === 0) throw new RangeError('fileExtensions needs at least one extension');
  return `The ${lowerLabel(field)} must be ${listWithAnd(extensions)}.`;
}

/** Not in the spec (it only says "at least 8 characters"): "Password must be at least 8 characters." */
export function passwordMinLength(min: number = PASSWORD_MIN_LENGTH): string {
  return `Password must be at least ${min} characters.`;
}

/** Not in the spec (it only gives the limit 254): "{Field} may not be greater than 254 characters." */
export function maxLength(field: string, max: number = DEFAULT_MAX_INPUT_LENGTH): string {
  return `${fieldLabel(field)} may not be greater than ${max} characters.`;
}

/** Not in the spec (it only says "letters and digits only"): "{Field} may only contain letters and numbers." */
export function notAlphanumeric(field: string): string {
  return `${fieldLabel(field)} may only contain letters and numbers.`;
}

/** Not in the spec: the message of an id that is not a positive integer. */
export const INVALID_ID = 'The id must be a positive integer.';

/** A patient the caller's program does not have (or no patient at all): every patient route's 404. */
export const PATIENT_NOT_FOUND = 'Patient not found.';

/** Not in the spec: the message of a 0/1 flag that is neither. */
export const INVALID_FLAG = 'The value must be 0 or 1.';

// ---------------------------------------------------------------------------------------------
// Date and time pickers (staff-area.md section 5). The spec writes these without a final period
// and with title-case labels ("Start Time", "Start Date").
// ---------------------------------------------------------------------------------------------

/** The comparison operators of date, date-time and time checks. */
export const COMPARE_OPS = ['<', '<=', '>', '>=', '='] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];

const OP_WORDS: Record<CompareOp, string> = {
  '<': 'less than',
  '<=': 'less than or equal to',
  '>': 'greater than',
  '>=': 'greater than or equal to',
  '=': 'equal to',
};

/** The operator seen from the other side: `a < b` is `b > a`. */
export const FLIPPED_OP: Readonly<Record<CompareOp, CompareOp>> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '=': '=',
};

/** "less than", "less than or equal to", "greater than", "greater than or equal to", "equal to". */
export function comparisonWords(op: CompareOp): string {
  return OP_WORDS[op];
}

function mustCompare(left: string, op: CompareOp, right: string): string {
  return `${left} must be ${OP_WORDS[op]} ${right}`;
}

/** "Start Date must be less than End Date" and the like; labels are used as given. */
export function dateComparison(left: string, op: CompareOp, right: string): string {
  return mustCompare(left, op, right);
}

/** "Start date time must be less than End date time" and the like; labels are used as given. */
export function dateTimeComparison(left: string, op: CompareOp, right: string): string {
  return mustCompare(left, op, right);
}

/** "Start Time must be less than End Time" and the like; labels are used as given. */
export function timeComparison(left: string, op: CompareOp, right: string): string {
  return mustCompare(left, op, right);
}

/** "{Label} is required" without a final period, as the spec writes it for date and time pickers. */
export function pickerRequired(label: string): string {
  return `${label} is required`;
}

export const START_TIME_LESS = 'Start Time must be less than End Time';
export const END_TIME_GREATER = 'End Time must be greater than Start Time';
export const START_TIME_REQUIRED = 'Start Time is required';
export const END_TIME_REQUIRED = 'End Time is required';

export const START_DATE_LESS = 'Start Date must be less than End Date';
export const END_DATE_GREATER = 'End Date must be greater than Start Date';
export const START_DATE_REQUIRED = 'Start Date is required';
export const END_DATE_REQUIRED = 'End Date is required';

export const START_DATE_TIME_LESS = 'Start date time must be less than End date time';

// ---------------------------------------------------------------------------------------------
// Images (staff-area.md section 5)
// ---------------------------------------------------------------------------------------------

/** "Please upload {field} with minimum W * H." */
export function imageMinimum(field: string, width: number, height: number): string {
  return `Please upload ${lowerLabel(field)} with minimum ${width} * ${height}.`;
}

/** Formats an aspect ratio: [16, 9] gives "16:9", 1.5 gives "1.5:1". */
export function formatAspectRatio(ratio: number | readonly [number, number]): string {
  if (typeof ratio !== 'number') return `${ratio[0]}:${ratio[1]}`;
  return `${Number(ratio.toFixed(2))}:1`;
}

/** Not in the spec (it names the aspect ratio but gives no text): "Please upload {field} with aspect ratio W:H." */
export function imageAspectRatio(field: string, ratio: number | readonly [number, number]): string {
  return `Please upload ${lowerLabel(field)} with aspect ratio ${formatAspectRatio(ratio)}.`;
}

// ---------------------------------------------------------------------------------------------
// Notices (staff-area.md sections 5 and 8, admin-public-auth.md section 8)
// ---------------------------------------------------------------------------------------------

/** The notice of a form whose validation failed (dynamic section form). */
export const VALIDATION_ERROR_NOTICE = 'Validation Error: Please enter values in the form';

/** The notice of a failed call when the response carries no message. */
export const GENERIC_ERROR = 'Something went wrong please try again in few minutes.';

/** The notification title, or message, used when nothing better is known. */
export const FALLBACK_ERROR_TITLE = 'Error';
