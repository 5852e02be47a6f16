/**
 * The automatic weight reminder (staff area, /weight-reminder-message): the message the patient app sends
 * a patient who has logged no weight for `interval_days` days. One setting per program. API:
 * GET and POST /api/weight-reminder-message, POST /api/weight-reminder-message/update and
 * PUT /api/weight-reminder/message-field-status/update.
 */
import * as v from 'valibot';
import { MENU_AREAS } from '@baridesk/domain';
import { flag } from './common';
import { forwardedCheck } from './forwarded-check';
import { invalidValue, maxLength, required } from './messages';
import { flag01, hasNoNul } from './rules';

/** Where the patient's first name goes: the app puts the name in its place when it sends the reminder. */
export const FIRST_NAME_PLACEHOLDER = '<First Name>';
/** Every placeholder the app fills in. */
export const WEIGHT_REMINDER_PLACEHOLDERS = [FIRST_NAME_PLACEHOLDER] as const;

/** Not in the spec: the app's own text, sent while a program does not use its own (message_field_status 0). */
export const DEFAULT_WEIGHT_REMINDER_MESSAGE =
  `Hi ${FIRST_NAME_PLACEHOLDER}, we haven't seen a weigh-in from you in a while. ` +
  'Regular weigh-ins help you and your care team follow your progress. Step on the scale and log your weight in the app today!';

/** Longest text of a reminder (one push message). */
export const WEIGHT_REMINDER_MESSAGE_MAX_LENGTH = 1000;
export const WEIGHT_REMINDER_MIN_DAYS = 1;
export const WEIGHT_REMINDER_MAX_DAYS = 365;

/** What applies while a program has stored nothing: reminder off, every 7 days, the app's default text. */
export const WEIGHT_REMINDER_DEFAULTS = {
  message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
  status: 0,
  interval_days: 7,
  message_field_status: 0,
} as const satisfies { message: string; status: 0 | 1; interval_days: number; message_field_status: 0 | 1 };

/** The label of interval_days in its messages, as the screen names the field. */
const INTERVAL_LABEL = 'Days without a weigh-in';

/** Not in the spec: the messages and notices of the weight reminder. */
export const WEIGHT_REMINDER_MESSAGES = {
  saved: 'Weight reminder settings saved successfully.',
  ownMessageOn: 'Your own message is now used for weight reminders.',
  ownMessageOff: 'The default message is now used for weight reminders.',
  /** 403 for a program user without the flag of Alerts and Messages (alert_notification): the area's, from the flag table. */
  noMessagesAccess: MENU_AREAS.messages.refusal,
  intervalRequired: required(INTERVAL_LABEL),
  intervalRange: `${INTERVAL_LABEL} must be a whole number from ${WEIGHT_REMINDER_MIN_DAYS} to ${WEIGHT_REMINDER_MAX_DAYS}.`,
  messageRequired: required('message'),
  messageTooLong: maxLength('message', WEIGHT_REMINDER_MESSAGE_MAX_LENGTH),
  unknownPlaceholder: `Message may only use the placeholder ${FIRST_NAME_PLACEHOLDER}.`,
} as const;

/** Text in angle brackets made of letters and spaces: what a reader would take for a placeholder. */
const PLACEHOLDER_LIKE = /<\s*[A-Za-z][A-Za-z ]*>/g;

/** Whether every placeholder-like `<…>` in the text is one the app fills in (a misspelt one would reach patients as is). */
export function usesKnownPlaceholders(text: string): boolean {
  return (text.match(PLACEHOLDER_LIKE) ?? []).every((token) => (WEIGHT_REMINDER_PLACEHOLDERS as readonly string[]).includes(token));
}

/** The reminder as a patient receives it: the placeholders filled in. */
export function fillWeightReminder(message: string, { firstName }: { firstName: string }): string {
  return message.split(FIRST_NAME_PLACEHOLDER).join(firstName);
}

/** A program's weight reminder, as GET and the saves answer it. */
export const weightReminderSettingsSchema = v.object({
  /** The program's own text (stored even while the default is used, so switching back keeps it). */
  message: v.string(),
  /** 1: the app sends the reminder; 0: it does not. */
  status: flag,
  interval_days: v.number(),
  /** 1: the program's own text is sent; 0: the app's default text. */
  message_field_status: flag,
  /** The text the app sends while message_field_status is 0. */
  default_message: v.string(),
  /** When the program last changed the settings; null while nothing is stored and the defaults apply. */
  updated_at: v.nullable(v.string()),
});
export type WeightReminderSettings = v.InferOutput<typeof weightReminderSettingsSchema>;

/** GET /api/weight-reminder-message */
export const weightReminderResponse = v.object({ data: weightReminderSettingsSchema });
export type WeightReminderResponse = v.InferOutput<typeof weightReminderResponse>;

/** The program's own text: trimmed, at most 1,000 characters, only known placeholders; blank is '' (checked below). */
const reminderText = v.optional(
  v.pipe(
    v.nullable(v.string(invalidValue('message'))),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(WEIGHT_REMINDER_MESSAGE_MAX_LENGTH, WEIGHT_REMINDER_MESSAGES.messageTooLong),
    v.check(hasNoNul, invalidValue('message')),
    v.check(usesKnownPlaceholders, WEIGHT_REMINDER_MESSAGES.unknownPlaceholder),
  ),
  '',
);

/** A whole number of days, 1 to 365; a string of digits (a form's number input) is converted. */
const intervalDays = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], WEIGHT_REMINDER_MESSAGES.intervalRange),
    v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
    v.check((value) => value !== '', WEIGHT_REMINDER_MESSAGES.intervalRequired),
    v.transform((value): number => (typeof value === 'number' ? value : /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN)),
    v.check(
      (days) => Number.isInteger(days) && days >= WEIGHT_REMINDER_MIN_DAYS && days <= WEIGHT_REMINDER_MAX_DAYS,
      WEIGHT_REMINDER_MESSAGES.intervalRange,
    ),
  ),
  '',
);

const saveFields = v.object({
  message: reminderText,
  status: flag01,
  interval_days: intervalDays,
  message_field_status: flag01,
});

/**
 * POST /api/weight-reminder-message and POST /api/weight-reminder-message/update (the same save): every
 * setting. The message is required while the program's own text is used (message_field_status 1); a
 * blank one otherwise stores the app's default text, the starting point of the program's own.
 */
export const weightReminderSaveBody = v.pipe(
  saveFields,
  forwardedCheck<v.InferOutput<typeof saveFields>>(
    ['message', 'message_field_status'],
    'message',
    (input) => input.message_field_status !== 1 || input.message !== '',
    WEIGHT_REMINDER_MESSAGES.messageRequired,
  ),
);
export type WeightReminderSaveBody = v.InferOutput<typeof weightReminderSaveBody>;
export type WeightReminderSaveInput = v.InferInput<typeof weightReminderSaveBody>;

/** PUT /api/weight-reminder/message-field-status/update: which text is sent (the value to set, not a flip). */
export const weightReminderFieldStatusBody = v.object({ message_field_status: flag01 });
export type WeightReminderFieldStatusBody = v.InferOutput<typeof weightReminderFieldStatusBody>;

/** The answer of the saves: the settings as stored, and the notice to show. */
export const weightReminderSavedResponse = v.object({ data: weightReminderSettingsSchema, message: v.string() });
export type WeightReminderSavedResponse = v.InferOutput<typeof weightReminderSavedResponse>;
