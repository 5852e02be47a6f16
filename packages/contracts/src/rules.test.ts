import * as v from 'valibot';
import {
  END_DATE_GREATER,
  END_TIME_GREATER,
  INVALID_EMAIL,
  INVALID_FLAG,
  INVALID_ID,
  INVALID_URL,
  PASSWORD_RULE,
  START_DATE_LESS,
  START_DATE_REQUIRED,
  START_TIME_LESS,
  START_TIME_REQUIRED,
  invalidEmail,
} from './messages';
import {
  compareDates,
  compareTimes,
  dateOrder,
  dateTimeOrder,
  isIsoDate,
  isoDate,
  time12h,
  timeOrder,
  timeToMinutes,
  toTimestamp,
} from './date-rules';
import {
  alphanumeric,
  checkImageDimensions,
  email,
  flag01,
  id,
  isUrl,
  optionalOf,
  optionalString,
  password,
  passwordEntries,
  passwordWithConfirmation,
  passwordsMatch,
  phone,
  requiredId,
  requiredString,
  url,
} from './rules';

/** The messages of a failed parse, each pipe stopping at its first problem. */
function messagesOf(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

/** The issues of a failed parse as [dotted path, message]. */
function issuesOf(schema: v.GenericSchema, input: unknown): [string | null, string][] {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
}

describe('requiredString', () => {
  const name = requiredString('first_name');

  it('trims and accepts', () => {
    expect(v.parse(name, '  Ada  ')).toBe('Ada');
  });

  it('rejects missing, blank and non-string values as required', () => {
    expect(messagesOf(name, '')).toEqual(['First name is required.']);
    expect(messagesOf(name, '   ')).toEqual(['First name is required.']);
    expect(messagesOf(name, undefined)).toEqual(['First name is required.']);
    expect(messagesOf(name, null)).toEqual(['First name is required.']);
    expect(messagesOf(v.object({ first_name: name }), {})).toEqual(['First name is required.']);
  });

  it('limits the length to 254, or to max', () => {
    expect(v.is(name, 'a'.repeat(254))).toBe(true);
    expect(messagesOf(name, 'a'.repeat(255))).toEqual(['First name may not be greater than 254 characters.']);
    expect(v.is(name, ` ${'a'.repeat(254)} `)).toBe(true);
    const short = requiredString('title', { max: 5 });
    expect(v.is(short, 'abcde')).toBe(true);
    expect(messagesOf(short, 'abcdef')).toEqual(['Title may not be greater than 5 characters.']);
  });
});

describe('optionalString and optionalOf', () => {
  const note = optionalString('note', { max: 5 });

  it('gives undefined for missing, null and blank values', () => {
    expect(v.parse(note, undefined)).toBeUndefined();
    expect(v.parse(note, null)).toBeUndefined();
    expect(v.parse(note, '')).toBeUndefined();
    expect(v.parse(note, '   ')).toBeUndefined();
    expect(v.parse(v.object({ note }), {})).toEqual({});
  });

  it('trims and limits other values', () => {
    expect(v.parse(note, ' hi ')).toBe('hi');
    expect(messagesOf(note, 'abcdef')).toEqual(['Note may not be greater than 5 characters.']);
    expect(messagesOf(note, 42)).toEqual(['Please enter valid note.']);
  });

  it('makes any string rule optional', () => {
    const website = optionalOf(url('website'));
    expect(v.parse(website, '')).toBeUndefined();
    expect(v.parse(website, ' https://example.com ')).toBe('https://example.com');
    expect(messagesOf(website, 'example')).toEqual(['Please enter valid website.']);
  });
});

describe('email', () => {
  const schema = email();

  it('trims and lower-cases a valid address', () => {
    expect(v.parse(schema, '  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('requires a value', () => {
    expect(messagesOf(schema, '')).toEqual(['Email is required.']);
    expect(messagesOf(schema, undefined)).toEqual(['Email is required.']);
  });

  it('rejects malformed addresses with the spec message, whatever the field', () => {
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com']) {
      expect(messagesOf(schema, bad)).toEqual([INVALID_EMAIL]);
    }
    expect(messagesOf(email('support_email'), 'nope')).toEqual(['The email field must have a valid email address.']);
    expect(messagesOf(email('support_email'), '')).toEqual(['Support email is required.']);
  });

  it('can name the field instead', () => {
    expect(messagesOf(email('contact_email', { message: invalidEmail('contact_email') }), 'nope')).toEqual([
      'The contact email field must have a valid email address.',
    ]);
  });

  it('limits the length to 254', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(messagesOf(schema, long)).toEqual(['Email may not be greater than 254 characters.']);
  });
});

describe('password', () => {
  const schema = password();

  it('accepts at least 8 characters with a letter and a digit', () => {
    expect(v.parse(schema, 'abc12345')).toBe('abc12345');
    expect(v.is(schema, 'abc1234é')).toBe(true);
  });

  it('rejects a password without a digit or without a letter', () => {
    expect(messagesOf(schema, 'abcdefgh')).toEqual([PASSWORD_RULE]);
    expect(messagesOf(schema, '12345678')).toEqual([PASSWORD_RULE]);
    expect(messagesOf(schema, '        ')).toEqual([PASSWORD_RULE]);
    // A letter is A-Z or a-z, as in the alphanumeric check (see hasLetterAndDigit in @baridesk/domain).
    expect(messagesOf(schema, '1234567é')).toEqual([PASSWORD_RULE]);
  });

  it('rejects a short password', () => {
    expect(messagesOf(schema, 'short1')).toEqual(['Password must be at least 8 characters.']);
  });

  it('requires a value and limits the length', () => {
    expect(messagesOf(schema, '')).toEqual(['Password is required.']);
    expect(messagesOf(schema, undefined)).toEqual(['Password is required.']);
    expect(messagesOf(schema, `a1${'x'.repeat(253)}`)).toEqual(['Password may not be greater than 254 characters.']);
  });

  it('does not trim', () => {
    expect(v.parse(schema, ' abc1234 ')).toBe(' abc1234 ');
  });
});

describe('passwordWithConfirmation', () => {
  const schema = passwordWithConfirmation();

  it('accepts matching passwords', () => {
    const output = v.parse(schema, { password: 'abc12345', password_confirmation: 'abc12345' });
    expect(output).toEqual({ password: 'abc12345', password_confirmation: 'abc12345' });
  });

  it('reports a mismatch on the confirmation field', () => {
    expect(issuesOf(schema, { password: 'abc12345', password_confirmation: 'abc123456' })).toEqual([
      ['password_confirmation', "Password confirmation doesn't match."],
    ]);
  });

  it('applies the password rules to both fields', () => {
    expect(issuesOf(schema, { password: 'abcdefgh', password_confirmation: 'short1' })).toEqual([
      ['password', PASSWORD_RULE],
      ['password_confirmation', 'Password must be at least 8 characters.'],
    ]);
    expect(issuesOf(schema, {})).toEqual([
      ['password', 'Password is required.'],
      ['password_confirmation', 'Password confirmation is required.'],
    ]);
  });

  it('renames the fields', () => {
    const renamed = passwordWithConfirmation({ password: 'new_password', confirmation: 'confirm_password' });
    expect(v.is(renamed, { new_password: 'abc12345', confirm_password: 'abc12345' })).toBe(true);
    expect(issuesOf(renamed, { new_password: 'abc12345', confirm_password: 'xyz12345' })).toEqual([
      ['confirm_password', "Confirm password doesn't match."],
    ]);
  });

  it('fits a larger object through passwordEntries and passwordsMatch', () => {
    const reset = v.pipe(v.object({ token: requiredString('token'), ...passwordEntries() }), passwordsMatch());
    const output: { token: string; password: string; password_confirmation: string } = v.parse(reset, {
      token: 't',
      password: 'abc12345',
      password_confirmation: 'abc12345',
    });
    expect(output.token).toBe('t');
    expect(issuesOf(reset, { token: 't', password: 'abc12345', password_confirmation: 'abc12346' })).toEqual([
      ['password_confirmation', "Password confirmation doesn't match."],
    ]);
  });

  it('checks the match even when another field fails, if the pipe is not cut short', () => {
    const reset = v.pipe(v.object({ token: requiredString('token'), ...passwordEntries() }), passwordsMatch());
    const result = v.safeParse(reset, { token: '', password: 'abc12345', password_confirmation: 'abc12346' });
    expect(result.issues?.map((issue) => issue.message)).toEqual([
      'Token is required.',
      "Password confirmation doesn't match.",
    ]);
  });
});

describe('url', () => {
  it.each([
    'http://example.com',
    'https://www.example.com/path/to/page',
    'ftp://files.example.org/a/b',
    'https://example.co.uk:8443/a?b=c&d=e#top',
    'HTTPS://Example.COM',
    'https://sub-domain.example-site.com/',
    'http://xn--bcher-kva.example',
  ])('accepts %s', (value) => {
    expect(isUrl(value)).toBe(true);
    expect(v.is(url(), value)).toBe(true);
  });

  it.each([
    'example',
    'example.com',
    'www.example.com',
    'http://localhost',
    'http://localhost:3000/a',
    'http://192.168.0.1',
    'mailto:ada@example.com',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'http://exa mple.com',
    'http://-example.com',
    'http://example.com:99999',
    'http://.com',
  ])('rejects %s', (value) => {
    expect(isUrl(value)).toBe(false);
    expect(messagesOf(url(), value)).toEqual([INVALID_URL]);
  });

  it('names the field when given', () => {
    expect(messagesOf(url('website'), 'example')).toEqual(['Please enter valid website.']);
    expect(messagesOf(url('facebook_url'), 'example')).toEqual(['Please enter valid facebook URL.']);
  });

  it('trims and requires a value', () => {
    expect(v.parse(url(), ' https://example.com ')).toBe('https://example.com');
    expect(messagesOf(url(), '')).toEqual(['URL is required.']);
    expect(messagesOf(url('website'), '')).toEqual(['Website is required.']);
  });
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-4-1')).toBe(false);
    expect(isIsoDate('04/01/2026')).toBe(false);
    expect(isIsoDate('2026-04-01 10:00')).toBe(false);
    expect(isIsoDate('0050-01-01')).toBe(true);
  });

  it('isoDate validates with the picker messages', () => {
    const schema = isoDate('start_date');
    expect(v.parse(schema, ' 2028-02-29 ')).toBe('2028-02-29');
    expect(messagesOf(schema, '2026-02-29')).toEqual(['Please enter valid start date.']);
    expect(messagesOf(schema, '2026-02-30')).toEqual(['Please enter valid start date.']);
    expect(messagesOf(schema, '')).toEqual([START_DATE_REQUIRED]);
    expect(messagesOf(schema, undefined)).toEqual([START_DATE_REQUIRED]);
    expect(messagesOf(isoDate('surgery_date', { label: 'Surgery date' }), '')).toEqual(['Surgery date is required']);
  });

  it('reads timestamps', () => {
    expect(toTimestamp('2026-01-02')).toBe(Date.UTC(2026, 0, 2));
    expect(toTimestamp('2026-01-02 10:30')).toBe(Date.UTC(2026, 0, 2, 10, 30));
    expect(toTimestamp('2026-01-02T10:30:15')).toBe(Date.UTC(2026, 0, 2, 10, 30, 15));
    expect(toTimestamp('2026-01-02 24:00')).toBeNull();
    expect(toTimestamp(new Date(5))).toBe(5);
    expect(toTimestamp(new Date(Number.NaN))).toBeNull();
  });

  it.each([
    ['2026-01-01', '<', '2026-01-02', true],
    ['2026-01-02', '<', '2026-01-02', false],
    ['2026-01-02', '<=', '2026-01-02', true],
    ['2026-01-03', '<=', '2026-01-02', false],
    ['2026-01-03', '>', '2026-01-02', true],
    ['2026-01-02', '>', '2026-01-02', false],
    ['2026-01-02', '>=', '2026-01-02', true],
    ['2026-01-01', '>=', '2026-01-02', false],
    ['2026-01-02', '=', '2026-01-02', true],
    ['2026-01-01', '=', '2026-01-02', false],
    ['2026-01-02 09:00', '<', '2026-01-02 10:00', true],
    ['2026-01-02 10:00', '<', '2026-01-02 10:00', false],
    ['2026-02-30', '<', '2026-03-02', false],
  ] as const)('compareDates(%s %s %s) is %s', (a, op, b, expected) => {
    expect(compareDates(a, op, b)).toBe(expected);
  });

  it('compares Date objects', () => {
    expect(compareDates(new Date(1), '<', new Date(2))).toBe(true);
  });
});

describe('dateOrder', () => {
  const range = v.object({ start_date: isoDate('start_date'), end_date: isoDate('end_date') });

  it("fails equal dates for '<' on the end field", () => {
    const schema = v.pipe(range, dateOrder());
    expect(issuesOf(schema, { start_date: '2026-05-01', end_date: '2026-05-01' })).toEqual([
      ['end_date', END_DATE_GREATER],
    ]);
    expect(END_DATE_GREATER).toBe('End Date must be greater than Start Date');
    expect(v.is(schema, { start_date: '2026-05-01', end_date: '2026-05-02' })).toBe(true);
    expect(v.is(schema, { start_date: '2026-05-03', end_date: '2026-05-02' })).toBe(false);
  });

  it("passes equal dates for '<='", () => {
    const schema = v.pipe(range, dateOrder({ start: 'start_date', end: 'end_date', op: '<=' }));
    expect(v.is(schema, { start_date: '2026-05-01', end_date: '2026-05-01' })).toBe(true);
    expect(issuesOf(schema, { start_date: '2026-05-02', end_date: '2026-05-01' })).toEqual([
      ['end_date', 'End Date must be greater than or equal to Start Date'],
    ]);
  });

  it('can report on the start field', () => {
    const schema = v.pipe(range, dateOrder({ reportOn: 'start' }));
    expect(issuesOf(schema, { start_date: '2026-05-01', end_date: '2026-05-01' })).toEqual([
      ['start_date', START_DATE_LESS],
    ]);
  });

  it('names other fields in title case, or with the labels given', () => {
    const schema = v.pipe(
      v.object({ from: isoDate('from'), until: isoDate('until') }),
      dateOrder({ start: 'from', end: 'until', op: '=' }),
    );
    expect(issuesOf(schema, { from: '2026-05-01', until: '2026-05-02' })).toEqual([
      ['until', 'Until must be equal to From'],
    ]);
    const labelled = v.pipe(
      v.object({ from: isoDate('from'), until: isoDate('until') }),
      dateOrder({ start: 'from', end: 'until', startLabel: 'Surgery Date', endLabel: 'Follow-up Date' }),
    );
    expect(issuesOf(labelled, { from: '2026-05-02', until: '2026-05-01' })).toEqual([
      ['until', 'Follow-up Date must be greater than Surgery Date'],
    ]);
  });

  it('leaves missing and invalid dates to the field rules', () => {
    const loose = v.pipe(
      v.object({ start_date: v.optional(v.string()), end_date: v.optional(v.string()) }),
      dateOrder(),
    );
    expect(v.is(loose, {})).toBe(true);
    expect(v.is(loose, { start_date: '2026-05-01', end_date: '' })).toBe(true);
    expect(v.is(loose, { start_date: 'soon', end_date: '2026-05-01' })).toBe(true);
    const schema = v.pipe(range, dateOrder());
    expect(issuesOf(schema, { start_date: '2026-02-30', end_date: '2026-01-01' })).toEqual([
      ['start_date', 'Please enter valid start date.'],
    ]);
  });

  it('date-times use the sentence-case labels', () => {
    const schema = v.pipe(
      v.object({ start_date_time: v.string(), end_date_time: v.string() }),
      dateTimeOrder(),
    );
    expect(issuesOf(schema, { start_date_time: '2026-05-01 10:00', end_date_time: '2026-05-01 09:00' })).toEqual([
      ['end_date_time', 'End date time must be greater than Start date time'],
    ]);
    expect(v.is(schema, { start_date_time: '2026-05-01 10:00', end_date_time: '2026-05-01 10:01' })).toBe(true);
    const onStart = v.pipe(
      v.object({ start_date_time: v.string(), end_date_time: v.string() }),
      dateTimeOrder({ start: 'start_date_time', end: 'end_date_time', reportOn: 'start' }),
    );
    expect(issuesOf(onStart, { start_date_time: '2026-05-01 10:00', end_date_time: '2026-05-01 10:00' })).toEqual([
      ['start_date_time', 'Start date time must be less than End date time'],
    ]);
  });
});

describe('times', () => {
  it.each([
    ['12:00 AM', 0],
    ['12:30 am', 30],
    ['01:05 AM', 65],
    ['1:05 PM', 13 * 60 + 5],
    ['11:59 PM', 23 * 60 + 59],
    ['12:00 PM', 12 * 60],
    ['09:30pm', 21 * 60 + 30],
    ['00:00', 0],
    ['09:30', 9 * 60 + 30],
    ['23:59', 23 * 60 + 59],
    ['14:15:00', 14 * 60 + 15],
  ])('reads %s', (value, minutes) => {
    expect(timeToMinutes(value)).toBe(minutes);
  });

  it.each(['13:00 PM', '00:30 AM', '24:00', '9:30', '12:60', '10:00 XM', 'noon', ''])('rejects %j', (value) => {
    expect(timeToMinutes(value)).toBeNull();
  });

  it('time12h validates with the picker messages', () => {
    const schema = time12h('start_time');
    expect(v.parse(schema, ' 09:30 AM ')).toBe('09:30 AM');
    expect(v.is(schema, '17:45')).toBe(true);
    expect(messagesOf(schema, '')).toEqual([START_TIME_REQUIRED]);
    expect(messagesOf(schema, '25:00')).toEqual(['Please enter valid start time.']);
  });

  it('compares times', () => {
    expect(compareTimes('11:59 AM', '<', '12:00 PM')).toBe(true);
    expect(compareTimes('12:00 PM', '=', '12:00')).toBe(true);
    expect(compareTimes('01:00 PM', '>', '12:59')).toBe(true);
    expect(compareTimes('x', '<', '12:00')).toBe(false);
  });

  it('timeOrder reports "End Time must be greater than Start Time" on the end field', () => {
    const schema = v.pipe(v.object({ start_time: time12h('start_time'), end_time: time12h('end_time') }), timeOrder());
    expect(issuesOf(schema, { start_time: '10:00 AM', end_time: '09:00 AM' })).toEqual([
      ['end_time', END_TIME_GREATER],
    ]);
    expect(issuesOf(schema, { start_time: '10:00 AM', end_time: '10:00 AM' })).toEqual([
      ['end_time', END_TIME_GREATER],
    ]);
    expect(v.is(schema, { start_time: '10:00 AM', end_time: '01:00 PM' })).toBe(true);
  });

  it('timeOrder can report "Start Time must be less than End Time" on the start field', () => {
    const schema = v.pipe(
      v.object({ start_time: time12h('start_time'), end_time: time12h('end_time') }),
      timeOrder({ reportOn: 'start' }),
    );
    expect(issuesOf(schema, { start_time: '10:00 PM', end_time: '09:00 PM' })).toEqual([
      ['start_time', START_TIME_LESS],
    ]);
  });
});

describe('checkImageDimensions', () => {
  const rule = { minWidth: 300, minHeight: 200 };

  it('accepts an image large enough', () => {
    expect(checkImageDimensions({ width: 300, height: 200 }, rule, 'image')).toBeNull();
    expect(checkImageDimensions({ width: 1200, height: 200 }, rule)).toBeNull();
  });

  it('rejects a small image', () => {
    expect(checkImageDimensions({ width: 299, height: 200 }, rule, 'image')).toBe(
      'Please upload image with minimum 300 * 200.',
    );
    expect(checkImageDimensions({ width: 300, height: 199 }, rule, 'logo')).toBe(
      'Please upload logo with minimum 300 * 200.',
    );
    expect(checkImageDimensions({ width: Number.NaN, height: 500 }, rule)).toBe(
      'Please upload image with minimum 300 * 200.',
    );
  });

  it('checks the aspect ratio within 1%', () => {
    const banner = { minWidth: 1600, minHeight: 900, aspectRatio: [16, 9] as const };
    expect(checkImageDimensions({ width: 1920, height: 1080 }, banner, 'banner')).toBeNull();
    expect(checkImageDimensions({ width: 1920, height: 1090 }, banner, 'banner')).toBeNull();
    expect(checkImageDimensions({ width: 1920, height: 1100 }, banner, 'banner')).toBe(
      'Please upload banner with aspect ratio 16:9.',
    );
    expect(checkImageDimensions({ width: 1000, height: 1000 }, { minWidth: 100, minHeight: 100, aspectRatio: 1 })).toBeNull();
    expect(checkImageDimensions({ width: 1000, height: 980 }, { minWidth: 100, minHeight: 100, aspectRatio: 1 })).toBe(
      'Please upload image with aspect ratio 1:1.',
    );
  });

  it('reports the minimum before the ratio', () => {
    const banner = { minWidth: 1600, minHeight: 900, aspectRatio: [16, 9] as const };
    expect(checkImageDimensions({ width: 100, height: 100 }, banner, 'banner')).toBe(
      'Please upload banner with minimum 1600 * 900.',
    );
  });
});

describe('alphanumeric', () => {
  const schema = alphanumeric('code');

  it('accepts letters and digits', () => {
    expect(v.parse(schema, ' Abc123 ')).toBe('Abc123');
  });

  it('rejects anything else', () => {
    for (const bad of ['abc-123', 'abc 123', 'abc_1', 'é1', 'a.b']) {
      expect(messagesOf(schema, bad)).toEqual(['Code may only contain letters and numbers.']);
    }
    expect(messagesOf(schema, '')).toEqual(['Code is required.']);
  });
});

describe('phone', () => {
  it.each([
    '5551234567',
    '555-123-4567',
    '(555) 123-4567',
    '555.123.4567',
    '+1 555 123 4567',
    '+1 (555) 123-4567',
    '1-555-123-4567',
    '15551234567',
  ])('accepts %s', (value) => {
    expect(v.is(phone(), value)).toBe(true);
  });

  it.each(['555123456', '555123456789', '25551234567', '+44 20 7946 0958', '+5551234567', '555-123-456a', '555/123/4567', '1+5551234567'])(
    'rejects %s',
    (value) => {
      expect(messagesOf(phone('phone_number'), value)).toEqual(['Please enter valid phone number.']);
    },
  );

  it('requires a value and keeps it as written', () => {
    expect(messagesOf(phone(), '')).toEqual(['Phone is required.']);
    expect(v.parse(phone(), ' (555) 123-4567 ')).toBe('(555) 123-4567');
  });
});

describe('id', () => {
  it('accepts positive integers and numeric strings', () => {
    expect(v.parse(id, 42)).toBe(42);
    expect(v.parse(id, '42')).toBe(42);
    expect(v.parse(id, '2147483647')).toBe(2_147_483_647);
    const output: number = v.parse(id, 302);
    expect(output).toBe(302);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, 2_147_483_648, '0', '-1', '1.5', '1e3', 'abc', '', null, undefined, true, {},
    // Only one spelling of an id: /patients/%20%31 must not be patient 1.
    ' 1', '1 ', ' 7 ', '+1', '01', '0x1', '1.0', '\u0661', '2147483648', '99999999999999999999'])(
    'rejects %p',
    (value) => {
      expect(messagesOf(id, value)).toEqual([INVALID_ID]);
    },
  );

  it('requiredId: blank is missing, any other spelling than digits is invalid', () => {
    expect(v.parse(requiredId('patientId'), '12')).toBe(12);
    expect(messagesOf(requiredId('patientId'), '')).toEqual(['Patient ID is required.']);
    for (const value of [' 12', '012', '12.0', '+12']) expect(messagesOf(requiredId('patientId'), value)).toEqual([INVALID_ID]);
  });

  it('converts a query string', () => {
    const query = v.object({ program_id: id });
    expect(v.parse(query, { program_id: '302' })).toEqual({ program_id: 302 });
  });
});

describe('flag01', () => {
  it.each([
    [0, 0],
    [1, 1],
    ['0', 0],
    ['1', 1],
    [false, 0],
    [true, 1],
  ] as const)('reads %p as %p', (value, flag) => {
    expect(v.parse(flag01, value)).toBe(flag);
  });

  it.each([2, -1, '2', 'true', '', null, undefined])('rejects %p', (value) => {
    expect(messagesOf(flag01, value)).toEqual([INVALID_FLAG]);
  });

  it('is typed 0 | 1', () => {
    const output: 0 | 1 = v.parse(flag01, '1');
    expect(output).toBe(1);
  });
});

describe('missing keys', () => {
  it('report the rule\'s own message instead of valibot\'s "Invalid key"', () => {
    const schema = v.object({
      name: requiredString('name'),
      email: email(),
      password: password(),
      website: url('website'),
      code: alphanumeric('code'),
      phone: phone(),
      start_date: isoDate('start_date'),
      start_time: time12h('start_time'),
      program_id: id,
      status: flag01,
    });
    expect(issuesOf(schema, {})).toEqual([
      ['name', 'Name is required.'],
      ['email', 'Email is required.'],
      ['password', 'Password is required.'],
      ['website', 'Website is required.'],
      ['code', 'Code is required.'],
      ['phone', 'Phone is required.'],
      ['start_date', START_DATE_REQUIRED],
      ['start_time', START_TIME_REQUIRED],
      ['program_id', INVALID_ID],
      ['status', INVALID_FLAG],
    ]);
  });

  it('can still be made optional with v.optional', () => {
    const schema = v.object({ name: v.optional(requiredString('name')) });
    expect(v.parse(schema, {})).toEqual({});
    expect(messagesOf(schema, { name: ' ' })).toEqual(['Name is required.']);
  });
});
