/**
 * Reusable valibot building blocks for BariDesk forms and API payloads, reporting the shared
 * messages of ./messages. Rules come from section 5 of staff-area.md and admin-public-auth.md.
 *
 * Missing keys: valibot reports a key missing from an object with its own generic text ("Invalid
 * key: Expected "name" but received undefined"). So that a missing field reports the rule's own
 * message ("Name is required."), every required rule here is wrapped in `v.optional(rule, '')`: a
 * missing key or `undefined` becomes '', which the rule then rejects. Its output never includes
 * undefined; only its input type says the key may be left out.
 */
import * as v from 'valibot';
import { forwardedCheck } from './forwarded-check';
import {
  DEFAULT_MAX_INPUT_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
  hasLetterAndDigit,
  isAlphanumeric,
  isFlagOn,
  phoneDigits,
} from '@baridesk/domain';
import {
  INVALID_EMAIL,
  INVALID_FLAG,
  INVALID_ID,
  INVALID_URL,
  confirmed,
  imageAspectRatio,
  imageMinimum,
  invalidUrlFor,
  invalidValue,
  maxLength,
  notAlphanumeric,
  passwordMinLength,
  required,
} from './messages';

// The predicates and formatters behind these rules belong to @baridesk/domain; re-exported here
// under the names this package has always offered.
export { formatPhone, hasLetterAndDigit, isAlphanumeric, phoneDigits } from '@baridesk/domain';

export interface StringRuleOptions {
  /** Maximum length after trimming; 254 unless told. */
  max?: number;
}

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/**
 * A required text field: trims, then rejects a missing or blank value with "{Field} is required."
 * and a value longer than `max` with "{Field} may not be greater than N characters."
 */
export function requiredString(field: string, { max = DEFAULT_MAX_INPUT_LENGTH }: StringRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(required(field)),
      v.trim(),
      v.nonEmpty(required(field)),
      v.maxLength(max, maxLength(field, max)),
      v.check(hasNoNul, invalidValue(field)),
    ),
    '',
  );
}

/** PostgreSQL cannot store a NUL character in text: such a value is invalid input, not a server fault. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * Makes a string rule optional: a missing value, `null`, or a blank (whitespace-only) string gives
 * `undefined`; anything else is trimmed and must pass `schema`. A value that is neither a string nor
 * null/undefined is rejected with `typeMessage`.
 */
export function optionalOf<TOutput>(
  schema: v.GenericSchema<string | undefined, TOutput>,
  typeMessage: string = 'Please enter a valid value.',
) {
  return v.pipe(
    v.nullish(v.string(typeMessage)),
    v.transform((value) => (value == null ? '' : value.trim())),
    // The rules of this module also take undefined (see the top of the file); here they get a string.
    v.union([v.literal(''), schema as v.GenericSchema<string, TOutput>]),
    v.transform((value): TOutput | undefined => (value === '' ? undefined : value)),
  );
}

/** An optional text field: blank, null or missing gives `undefined`; otherwise trimmed and at most `max` long. */
export function optionalString(field: string, options: StringRuleOptions = {}) {
  return optionalOf(requiredString(field, options), invalidValue(field));
}

/** A required text field made of letters and digits only: "{Field} may only contain letters and numbers." */
export function alphanumeric(field: string, { max = DEFAULT_MAX_INPUT_LENGTH }: StringRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(required(field)),
      v.trim(),
      v.nonEmpty(required(field)),
      v.check((value) => isAlphanumeric(value), notAlphanumeric(field)),
      v.maxLength(max, maxLength(field, max)),
    ),
    '',
  );
}

// ---------------------------------------------------------------------------------------------
// Email and password
// ---------------------------------------------------------------------------------------------

export interface EmailRuleOptions extends StringRuleOptions {
  /** Message of a malformed address; INVALID_EMAIL unless told (the spec uses it for support_email too). */
  message?: string;
}

/**
 * A required email address, trimmed and lower-cased. A malformed address reports INVALID_EMAIL
 * ("The email field must have a valid email address.") whatever the field's name, as the spec
 * does for support_email; pass `message: invalidEmail(field)` to name the field instead.
 */
export function email(field: string = 'email', { max = DEFAULT_MAX_INPUT_LENGTH, message = INVALID_EMAIL }: EmailRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(required(field)),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty(required(field)),
      v.email(message),
      v.maxLength(max, maxLength(field, max)),
    ),
    '',
  );
}

/**
 * A required password, not trimmed: at least 8 characters ("Password must be at least 8 characters."),
 * at least one letter (A-Z, a-z) and one digit (PASSWORD_RULE), at most 254 characters.
 */
export function password(field: string = 'password', { max = DEFAULT_MAX_INPUT_LENGTH }: StringRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(required(field)),
      v.nonEmpty(required(field)),
      v.minLength(PASSWORD_MIN_LENGTH, passwordMinLength(PASSWORD_MIN_LENGTH)),
      v.check(hasLetterAndDigit, PASSWORD_RULE_MESSAGE),
      v.maxLength(max, maxLength(field, max)),
    ),
    '',
  );
}

export interface PasswordPairOptions<P extends string, C extends string> {
  password?: P;
  confirmation?: C;
}

/**
 * An object-level check, for the pipe of an object schema, that the confirmation equals the password.
 * The mismatch is reported on the confirmation field with confirmed() of the confirmation's label:
 * "Password confirmation doesn't match." (the spec's "{Field} doesn't match." names the field that
 * carries the error, and that is the confirmation). It runs only when both fields passed their own rules.
 */
export function passwordsMatch<TInput extends Record<string, unknown>>({
  password: passwordKey = 'password',
  confirmation: confirmationKey = 'password_confirmation',
}: PasswordPairOptions<string, string> = {}): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return forwardedCheck<TInput>(
    [passwordKey, confirmationKey],
    confirmationKey,
    (input) => input[passwordKey] === input[confirmationKey],
    confirmed(confirmationKey),
  );
}

type PasswordSchema = ReturnType<typeof password>;

/**
 * The entries `{ password, password_confirmation }` (keys can be renamed), both following the password
 * rules (the spec applies them to both), to spread into a larger object schema whose pipe then takes
 * passwordsMatch():
 *
 *     v.pipe(v.object({ token: requiredString('token'), ...passwordEntries() }), passwordsMatch())
 */
export function passwordEntries<P extends string = 'password', C extends string = 'password_confirmation'>(
  options: PasswordPairOptions<P, C> = {},
): Record<P | C, PasswordSchema> {
  const passwordKey = options.password ?? ('password' as P);
  const confirmationKey = options.confirmation ?? ('password_confirmation' as C);
  return {
    [passwordKey]: password(passwordKey),
    [confirmationKey]: password(confirmationKey),
  } as Record<P | C, PasswordSchema>;
}

/** The object schema of passwordEntries() with the passwordsMatch() check. */
export function passwordWithConfirmation<P extends string = 'password', C extends string = 'password_confirmation'>(
  options: PasswordPairOptions<P, C> = {},
) {
  const schema = v.object(passwordEntries<P, C>(options));
  return v.pipe(schema, passwordsMatch<v.InferOutput<typeof schema>>(options));
}

// ---------------------------------------------------------------------------------------------
// URL
// ---------------------------------------------------------------------------------------------

/**
 * http, https or ftp, then a domain name of at least two labels ending in an alphabetic top-level
 * domain (so "http://localhost" and bare IP addresses are rejected), an optional port, and an
 * optional path, query and fragment.
 */
const URL_PATTERN =
  /^(?:https?|ftp):\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Whether `value` is an http, https or ftp URL with a domain (see URL_PATTERN). */
export function isUrl(value: string): boolean {
  if (!URL_PATTERN.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A required URL, trimmed. A malformed one reports "Please enter valid URL." or, when a field is
 * named, "Please enter valid {field}.". Wrap in optionalOf() for an optional URL.
 */
export function url(field?: string, { max = DEFAULT_MAX_INPUT_LENGTH }: StringRuleOptions = {}) {
  const name = field ?? 'url';
  return v.optional(
    v.pipe(
      v.string(required(name)),
      v.trim(),
      v.nonEmpty(required(name)),
      v.check(isUrl, field === undefined ? INVALID_URL : invalidUrlFor(field)),
      v.maxLength(max, maxLength(name, max)),
    ),
    '',
  );
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

export interface ImageDimensions {
  width: number;
  height: number;
}

export interface ImageRule {
  minWidth: number;
  minHeight: number;
  /** Width over height, as a number (1.5) or a pair ([16, 9]); matched within 1%. */
  aspectRatio?: number | readonly [number, number];
}

/** Relative tolerance of the aspect-ratio check. */
export const ASPECT_RATIO_TOLERANCE = 0.01;

/**
 * null when the image is large enough (and has the aspect ratio, if one is required); otherwise
 * "Please upload {field} with minimum W * H." or "Please upload {field} with aspect ratio W:H.".
 */
export function checkImageDimensions(
  { width, height }: ImageDimensions,
  { minWidth, minHeight, aspectRatio }: ImageRule,
  field: string = 'image',
): string | null {
  const measured = Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0;
  if (!measured || width < minWidth || height < minHeight) return imageMinimum(field, minWidth, minHeight);
  if (aspectRatio !== undefined) {
    const expected = typeof aspectRatio === 'number' ? aspectRatio : aspectRatio[0] / aspectRatio[1];
    if (Math.abs(width / height / expected - 1) > ASPECT_RATIO_TOLERANCE) return imageAspectRatio(field, aspectRatio);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------

/**
 * A required phone number, trimmed and kept as written (see phoneDigits and formatPhone in
 * @baridesk/domain);
 * malformed: "Please enter valid {field}." (not in the spec).
 */
export function phone(field: string = 'phone') {
  return v.optional(
    v.pipe(
      v.string(required(field)),
      v.trim(),
      v.nonEmpty(required(field)),
      v.check((value) => phoneDigits(value) !== null, invalidValue(field)),
    ),
    '',
  );
}

// ---------------------------------------------------------------------------------------------
// Ids and flags
// ---------------------------------------------------------------------------------------------

export const MAX_ID = 2_147_483_647;

/**
 * An id as a path or query string spells it: digits only, without sign, spaces, leading zeros, decimal
 * point or exponent, so that one id has one spelling (`/patients/%20%31` or `/patients/01` is not patient 1).
 */
const ID_TEXT = /^[1-9]\d*$/;

function toId(value: number | string): number {
  if (typeof value === 'number') return value;
  return ID_TEXT.test(value) ? Number(value) : Number.NaN;
}

// Ids are PostgreSQL integers: anything above 2^31 - 1 cannot name a row.
const isId = (value: number) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;

/** A positive integer id; a string of digits (from a path or query string) is converted. */
export const id = v.optional(
  v.pipe(v.union([v.number(), v.string()], INVALID_ID), v.transform(toId), v.check(isId, INVALID_ID)),
  '',
);

/** A required id (a patient's, in a query string), named `field` in its message: "User id is required.", else INVALID_ID. */
export function requiredId(field: string) {
  return v.optional(
    v.pipe(
      v.union([v.number(), v.string()], INVALID_ID),
      v.check((value) => !(typeof value === 'string' && value.trim() === ''), required(field)),
      v.transform(toId),
      v.check(isId, INVALID_ID),
    ),
    '',
  );
}

const FLAG_VALUES: readonly unknown[] = [0, 1, '0', '1', false, true];

/** A 0/1 flag; accepts 0, 1, "0", "1", false and true, and gives 0 or 1. */
export const flag01 = v.optional(
  v.pipe(
    v.union([v.number(), v.string(), v.boolean()], INVALID_FLAG),
    v.check((value) => FLAG_VALUES.includes(value), INVALID_FLAG),
    v.transform((value): 0 | 1 => (isFlagOn(value) ? 1 : 0)),
  ),
  '',
);
