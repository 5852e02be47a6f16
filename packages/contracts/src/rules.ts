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
import {
  DEFAULT_MAX_INPUT_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
  hasLetterAndDigit,
  isAlphanumeric,
  isFlagOn,
  parseDateTime,
  phoneDigits,
} from '@baridesk/domain';
import {
  type CompareOp,
  FLIPPED_OP,
  INVALID_EMAIL,
  INVALID_FLAG,
  INVALID_ID,
  INVALID_URL,
  confirmed,
  dateComparison,
  dateTimeComparison,
  imageAspectRatio,
  imageMinimum,
  invalidUrlFor,
  invalidValue,
  maxLength,
  notAlphanumeric,
  passwordMinLength,
  pickerRequired,
  required,
  timeComparison,
  titleLabel,
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
// Dates and times
// ---------------------------------------------------------------------------------------------

/** "yyyy-MM-dd", optionally followed (after a space or "T") by "HH:mm" or "HH:mm:ss" with hours 00-23. */
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:[T ](?:[01]\d|2[0-3]):\d{2}(?::\d{2})?)?$/;

/**
 * The instant of a calendar date "yyyy-MM-dd" or a naive date-time "yyyy-MM-dd HH:mm[:ss]" (or with
 * "T"), read as UTC, in milliseconds; null when it is not a real date and time. A Date gives its time.
 */
export function toTimestamp(value: string | Date): number | null {
  // The pattern narrows the formats parseDateTime reads to these two (and keeps out "24:00",
  // which it would read as the next midnight); parseDateTime rejects dates and times that do not exist.
  if (typeof value === 'string' && !DATE_TIME_PATTERN.test(value.trim())) return null;
  return parseDateTime(value, 'UTC')?.toMillis() ?? null;
}

/**
 * Whether `value` is a real calendar date written "yyyy-MM-dd" (2026-02-29 is not, 2028-02-29 is).
 * Year 0000 is refused: PostgreSQL has no such date.
 */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= '0001-01-01' && toTimestamp(value) !== null;
}

function compareNumbers(a: number, op: CompareOp, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '=':
      return a === b;
  }
}

/**
 * Whether `a op b` holds for two dates ("yyyy-MM-dd"), date-times ("yyyy-MM-dd HH:mm[:ss]") or Date
 * objects. False when either side is not a valid date. Compare like with like: strings are read as UTC.
 */
export function compareDates(a: string | Date, op: CompareOp, b: string | Date): boolean {
  const left = toTimestamp(a);
  const right = toTimestamp(b);
  if (left === null || right === null) return false;
  return compareNumbers(left, op, right);
}

/**
 * Minutes after midnight of a time written "hh:mm AM/PM" (12-hour, as the time picker shows it; the
 * space is optional and AM/PM may be lower case) or "HH:mm" / "HH:mm:ss" (24-hour, as a database
 * returns it); null otherwise.
 */
export function timeToMinutes(value: string): number | null {
  const text = value.trim();
  const twelve = /^(0?[1-9]|1[0-2]):([0-5]\d)\s?([AaPp])[Mm]$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]) % 12;
    const pm = twelve[3]?.toUpperCase() === 'P';
    return (hour + (pm ? 12 : 0)) * 60 + Number(twelve[2]);
  }
  const twentyFour = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(text);
  if (twentyFour) return Number(twentyFour[1]) * 60 + Number(twentyFour[2]);
  return null;
}

/** Whether `a op b` holds for two times (see timeToMinutes); false when either is not a time. */
export function compareTimes(a: string, op: CompareOp, b: string): boolean {
  const left = timeToMinutes(a);
  const right = timeToMinutes(b);
  if (left === null || right === null) return false;
  return compareNumbers(left, op, right);
}

export interface PickerRuleOptions {
  /** The label in the messages; the field name in title case unless told ("start_date" gives "Start Date"). */
  label?: string;
}

/**
 * A required date "yyyy-MM-dd" (the date picker's value), trimmed. Missing: "{Label} is required"
 * (no period, title-case label, as the spec writes "Start Date is required"). Not a real date:
 * "Please enter valid {field}." (not in the spec).
 */
export function isoDate(field: string, { label = titleLabel(field) }: PickerRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(pickerRequired(label)),
      v.trim(),
      v.nonEmpty(pickerRequired(label)),
      v.check(isIsoDate, invalidValue(label)),
    ),
    '',
  );
}

/**
 * A required time, trimmed: "hh:mm AM/PM" (12-hour picker) or "HH:mm" / "HH:mm:ss" (24-hour); the
 * value is kept as written (use timeToMinutes to read it). Missing: "{Label} is required" (as the spec
 * writes "Start Time is required"). Malformed: "Please enter valid {field}." (not in the spec).
 */
export function time12h(field: string, { label = titleLabel(field) }: PickerRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(pickerRequired(label)),
      v.trim(),
      v.nonEmpty(pickerRequired(label)),
      v.check((value) => timeToMinutes(value) !== null, invalidValue(label)),
    ),
    '',
  );
}

export interface OrderOptions {
  /** Key of the start field. */
  start?: string;
  /** Key of the end field. */
  end?: string;
  /** The relation that must hold: start `op` end. '<' unless told. */
  op?: CompareOp;
  startLabel?: string;
  endLabel?: string;
  /**
   * The field that carries the error; 'end' unless told. On the end field the message is written
   * from the end's side with the operator flipped ("End Time must be greater than Start Time"); on
   * the start field from the start's side ("Start Time must be less than End Time").
   */
  reportOn?: 'start' | 'end';
}

/**
 * A check of two fields of the input, forwarded to `reportKey`. valibot runs it only when neither
 * field has an issue of its own.
 */
function forwardedCheck<TInput extends Record<string, unknown>>(
  keys: readonly [string, string],
  reportKey: string,
  requirement: (input: Record<string, unknown>) => boolean,
  message: string,
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  type Loose = Record<string, unknown>;
  // The keys are only known at run time, so valibot's typed paths are bypassed here.
  const check = v.partialCheck<Loose, [[string], [string]], Loose, string>(
    [[keys[0]], [keys[1]]] as never,
    requirement,
    message,
  );
  return v.forward<Loose, v.BaseIssue<unknown>, [string]>(check, [reportKey] as never) as unknown as v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>>;
}

function orderCheck<TInput extends Record<string, unknown>>(
  options: OrderOptions,
  defaults: { start: string; end: string; startLabel: string; endLabel: string },
  compare: (a: string, op: CompareOp, b: string) => boolean | null,
  sentence: (left: string, op: CompareOp, right: string) => string,
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  const start = options.start ?? defaults.start;
  const end = options.end ?? defaults.end;
  const op = options.op ?? '<';
  const startLabel = options.startLabel ?? (start === defaults.start ? defaults.startLabel : titleLabel(start));
  const endLabel = options.endLabel ?? (end === defaults.end ? defaults.endLabel : titleLabel(end));
  const onEnd = (options.reportOn ?? 'end') === 'end';
  const message = onEnd ? sentence(endLabel, FLIPPED_OP[op], startLabel) : sentence(startLabel, op, endLabel);
  return forwardedCheck<TInput>(
    [start, end],
    onEnd ? end : start,
    (input) => {
      const a = input[start];
      const b = input[end];
      // Missing or malformed values are the business of the fields' own rules.
      if (typeof a !== 'string' || typeof b !== 'string' || a.trim() === '' || b.trim() === '') return true;
      return compare(a, op, b) ?? true;
    },
    message,
  );
}

function compareParsedDates(a: string, op: CompareOp, b: string): boolean | null {
  if (toTimestamp(a) === null || toTimestamp(b) === null) return null;
  return compareDates(a, op, b);
}

function compareParsedTimes(a: string, op: CompareOp, b: string): boolean | null {
  if (timeToMinutes(a) === null || timeToMinutes(b) === null) return null;
  return compareTimes(a, op, b);
}

/**
 * Object-level check (for the pipe of an object schema) that `start op end` holds for two dates,
 * the error going to the end field by default: with the defaults (start_date, end_date, '<') it is
 * END_DATE_GREATER, "End Date must be greater than Start Date". Skipped while either date is empty.
 */
export function dateOrder<TInput extends Record<string, unknown>>(
  options: OrderOptions = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return orderCheck<TInput>(
    options,
    { start: 'start_date', end: 'end_date', startLabel: 'Start Date', endLabel: 'End Date' },
    compareParsedDates,
    dateComparison,
  );
}

/**
 * Like dateOrder for date-times (start_date_time, end_date_time), with the spec's sentence-case
 * labels: "End date time must be greater than Start date time".
 */
export function dateTimeOrder<TInput extends Record<string, unknown>>(
  options: OrderOptions = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return orderCheck<TInput>(
    options,
    { start: 'start_date_time', end: 'end_date_time', startLabel: 'Start date time', endLabel: 'End date time' },
    compareParsedDates,
    dateTimeComparison,
  );
}

/**
 * Like dateOrder for times (start_time, end_time): with the defaults the error on the end field is
 * "End Time must be greater than Start Time"; with reportOn 'start', "Start Time must be less than End Time".
 */
export function timeOrder<TInput extends Record<string, unknown>>(
  options: OrderOptions = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return orderCheck<TInput>(
    options,
    { start: 'start_time', end: 'end_time', startLabel: 'Start Time', endLabel: 'End Time' },
    compareParsedTimes,
    timeComparison,
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

/** A positive integer id; a string of digits (from a path or query string) is converted. */
export const id = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], INVALID_ID),
    v.transform((value): number => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      return /^\d+$/.test(text) ? Number(text) : Number.NaN;
    }),
    // Ids are PostgreSQL integers: anything above 2^31 - 1 cannot name a row.
    v.check((value) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID, INVALID_ID),
  ),
  '',
);

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
