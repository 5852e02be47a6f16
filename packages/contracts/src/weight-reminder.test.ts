import * as v from 'valibot';
import {
  DEFAULT_WEIGHT_REMINDER_MESSAGE,
  WEIGHT_REMINDER_MESSAGE_MAX_LENGTH,
  fillWeightReminder,
  usesKnownPlaceholders,
  weightReminderSaveBody,
} from './weight-reminder';

describe('fillWeightReminder', () => {
  it('puts the first name in place of every <First Name>', () => {
    expect(fillWeightReminder('Hi <First Name>! <First Name>, weigh in.', { firstName: 'Sarah' })).toBe('Hi Sarah! Sarah, weigh in.');
    expect(fillWeightReminder(DEFAULT_WEIGHT_REMINDER_MESSAGE, { firstName: 'Sarah' })).toMatch(/^Hi Sarah, /);
    expect(fillWeightReminder('No placeholder here.', { firstName: 'Sarah' })).toBe('No placeholder here.');
  });
});

describe('usesKnownPlaceholders', () => {
  it('accepts <First Name> and text without placeholders, and angle brackets that are not placeholder-like', () => {
    expect(usesKnownPlaceholders('Hi <First Name>')).toBe(true);
    expect(usesKnownPlaceholders('We <3 your progress; weigh-ins > excuses, 2 < 3')).toBe(true);
    expect(usesKnownPlaceholders(DEFAULT_WEIGHT_REMINDER_MESSAGE)).toBe(true);
  });

  it('refuses any other placeholder, a misspelt one included', () => {
    expect(usesKnownPlaceholders('Hi <first name>')).toBe(false);
    expect(usesKnownPlaceholders('Hi <FirstName>')).toBe(false);
    expect(usesKnownPlaceholders('Hi <First Name>, <Last Name>')).toBe(false);
  });
});

describe('weightReminderSaveBody', () => {
  it('takes what a form holds: switches as booleans, the number of days as text', () => {
    expect(
      v.parse(weightReminderSaveBody, { message: ' Hi <First Name> ', status: true, interval_days: ' 14 ', message_field_status: false }),
    ).toEqual({ message: 'Hi <First Name>', status: 1, interval_days: 14, message_field_status: 0 });
  });

  it('keeps the default text within the limit', () => {
    expect(DEFAULT_WEIGHT_REMINDER_MESSAGE.length).toBeLessThanOrEqual(WEIGHT_REMINDER_MESSAGE_MAX_LENGTH);
  });
});
