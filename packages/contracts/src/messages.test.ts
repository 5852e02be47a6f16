import {
  COMPARE_OPS,
  DEFAULT_MAX_LENGTH,
  END_DATE_GREATER,
  END_DATE_REQUIRED,
  END_TIME_GREATER,
  END_TIME_REQUIRED,
  FALLBACK_ERROR_TITLE,
  FLIPPED_OP,
  GENERIC_ERROR,
  INVALID_EMAIL,
  INVALID_FLAG,
  INVALID_ID,
  INVALID_URL,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE,
  START_DATE_LESS,
  START_DATE_REQUIRED,
  START_DATE_TIME_LESS,
  START_TIME_LESS,
  START_TIME_REQUIRED,
  VALIDATION_ERROR_NOTICE,
  comparisonWords,
  confirmed,
  dateComparison,
  dateTimeComparison,
  fieldLabel,
  fileExtensions,
  formatAspectRatio,
  imageAspectRatio,
  imageMinimum,
  invalidEmail,
  invalidUrlFor,
  invalidValue,
  lowerLabel,
  maxLength,
  notAlphanumeric,
  passwordMinLength,
  pickerRequired,
  required,
  timeComparison,
  titleLabel,
} from './messages';

describe('labels', () => {
  it.each([
    ['first_name', 'First name'],
    ['firstName', 'First name'],
    ['first-name', 'First name'],
    ['email', 'Email'],
    ['support_email', 'Support email'],
    ['password_confirmation', 'Password confirmation'],
    ['website_url', 'Website URL'],
    ['websiteURL', 'Website URL'],
    ['program_id', 'Program ID'],
    ['Start Time', 'Start Time'],
    ['start Time', 'Start Time'],
    ['Name', 'Name'],
  ])('fieldLabel(%j) is %j', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });

  it.each([
    ['support_email', 'support email'],
    ['Start Time', 'start time'],
    ['Website URL', 'website URL'],
    ['logo', 'logo'],
  ])('lowerLabel(%j) is %j', (name, label) => {
    expect(lowerLabel(name)).toBe(label);
  });

  it.each([
    ['start_date', 'Start Date'],
    ['endTime', 'End Time'],
    ['Start date time', 'Start date time'],
  ])('titleLabel(%j) is %j', (name, label) => {
    expect(titleLabel(name)).toBe(label);
  });
});

describe('shared field messages (staff-area section 5)', () => {
  it('required: "{Field} is required."', () => {
    expect(required('name')).toBe('Name is required.');
    expect(required('first_name')).toBe('First name is required.');
    expect(required('firstName')).toBe('First name is required.');
    expect(required('Start Time')).toBe('Start Time is required.');
  });

  it('confirmed: "{Field} doesn\'t match."', () => {
    expect(confirmed('password')).toBe("Password doesn't match.");
    expect(confirmed('password_confirmation')).toBe("Password confirmation doesn't match.");
  });

  it('email: "The email field must have a valid email address."', () => {
    expect(INVALID_EMAIL).toBe('The email field must have a valid email address.');
    expect(invalidEmail('email')).toBe(INVALID_EMAIL);
    expect(invalidEmail('contact_email')).toBe('The contact email field must have a valid email address.');
  });

  it('URL: "Please enter valid URL." or "Please enter valid {field}."', () => {
    expect(INVALID_URL).toBe('Please enter valid URL.');
    expect(invalidUrlFor('website')).toBe('Please enter valid website.');
    expect(invalidUrlFor('Facebook Link')).toBe('Please enter valid facebook link.');
    expect(invalidUrlFor('website_url')).toBe('Please enter valid website URL.');
    expect(invalidValue('phone')).toBe('Please enter valid phone.');
  });

  it('file extensions: "The {field} must be X and Y."', () => {
    expect(fileExtensions('image', ['jpg', 'png'])).toBe('The image must be jpg and png.');
    expect(fileExtensions('document', ['pdf', 'doc', 'docx'])).toBe('The document must be pdf, doc and docx.');
    expect(fileExtensions('video', ['mp4'])).toBe('The video must be mp4.');
    expect(() => fileExtensions('image', [])).toThrow(RangeError);
  });

  it('password: "Password must contain at least one character and number."', () => {
    expect(PASSWORD_RULE).toBe('Password must contain at least one character and number.');
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordMinLength()).toBe('Password must be at least 8 characters.');
    expect(passwordMinLength(10)).toBe('Password must be at least 10 characters.');
  });

  it('maximum length 254 (wording not in the spec)', () => {
    expect(DEFAULT_MAX_LENGTH).toBe(254);
    expect(maxLength('name')).toBe('Name may not be greater than 254 characters.');
    expect(maxLength('title', 100)).toBe('Title may not be greater than 100 characters.');
  });

  it('alphanumeric, id and flag (wording not in the spec)', () => {
    expect(notAlphanumeric('code')).toBe('Code may only contain letters and numbers.');
    expect(INVALID_ID).toBe('The id must be a positive integer.');
    expect(INVALID_FLAG).toBe('The value must be 0 or 1.');
  });
});

describe('times (staff-area section 5)', () => {
  it('has the spec strings, without a final period', () => {
    expect(START_TIME_LESS).toBe('Start Time must be less than End Time');
    expect(END_TIME_GREATER).toBe('End Time must be greater than Start Time');
    expect(START_TIME_REQUIRED).toBe('Start Time is required');
    expect(END_TIME_REQUIRED).toBe('End Time is required');
  });

  it('builds them', () => {
    expect(timeComparison('Start Time', '<', 'End Time')).toBe(START_TIME_LESS);
    expect(timeComparison('End Time', '>', 'Start Time')).toBe(END_TIME_GREATER);
    expect(pickerRequired('Start Time')).toBe(START_TIME_REQUIRED);
    expect(pickerRequired('End Time')).toBe(END_TIME_REQUIRED);
  });
});

describe('dates (staff-area section 5)', () => {
  it.each([
    ['<', 'Start Date must be less than End Date'],
    ['<=', 'Start Date must be less than or equal to End Date'],
    ['>', 'Start Date must be greater than End Date'],
    ['>=', 'Start Date must be greater than or equal to End Date'],
    ['=', 'Start Date must be equal to End Date'],
  ] as const)('dateComparison with %s', (op, text) => {
    expect(dateComparison('Start Date', op, 'End Date')).toBe(text);
  });

  it('has the spec strings', () => {
    expect(START_DATE_LESS).toBe('Start Date must be less than End Date');
    expect(END_DATE_GREATER).toBe('End Date must be greater than Start Date');
    expect(START_DATE_REQUIRED).toBe('Start Date is required');
    expect(END_DATE_REQUIRED).toBe('End Date is required');
    expect(pickerRequired('Start Date')).toBe(START_DATE_REQUIRED);
  });

  it('date-times: "Start date time must be less than End date time"', () => {
    expect(START_DATE_TIME_LESS).toBe('Start date time must be less than End date time');
    expect(dateTimeComparison('Start date time', '<', 'End date time')).toBe(START_DATE_TIME_LESS);
    expect(dateTimeComparison('Start date time', '>=', 'End date time')).toBe(
      'Start date time must be greater than or equal to End date time',
    );
  });

  it('knows the five operators and their mirror images', () => {
    expect(COMPARE_OPS).toEqual(['<', '<=', '>', '>=', '=']);
    expect(COMPARE_OPS.map(comparisonWords)).toEqual([
      'less than',
      'less than or equal to',
      'greater than',
      'greater than or equal to',
      'equal to',
    ]);
    for (const op of COMPARE_OPS) expect(FLIPPED_OP[FLIPPED_OP[op]]).toBe(op);
    expect(FLIPPED_OP['<']).toBe('>');
    expect(FLIPPED_OP['<=']).toBe('>=');
  });
});

describe('images (staff-area section 5)', () => {
  it('"Please upload {field} with minimum W * H."', () => {
    expect(imageMinimum('image', 300, 200)).toBe('Please upload image with minimum 300 * 200.');
    expect(imageMinimum('profile_picture', 150, 150)).toBe('Please upload profile picture with minimum 150 * 150.');
  });

  it('aspect ratio (wording not in the spec)', () => {
    expect(imageAspectRatio('banner', [16, 9])).toBe('Please upload banner with aspect ratio 16:9.');
    expect(imageAspectRatio('banner', 1.5)).toBe('Please upload banner with aspect ratio 1.5:1.');
    expect(formatAspectRatio(16 / 9)).toBe('1.78:1');
    expect(formatAspectRatio(2)).toBe('2:1');
  });
});

describe('notices (sections 5 and 8)', () => {
  it('has the spec strings', () => {
    expect(VALIDATION_ERROR_NOTICE).toBe('Validation Error: Please enter values in the form');
    expect(GENERIC_ERROR).toBe('Something went wrong please try again in few minutes.');
    expect(FALLBACK_ERROR_TITLE).toBe('Error');
  });
});
