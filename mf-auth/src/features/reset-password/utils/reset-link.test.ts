import {
  readResetLink,
  resetPasswordHeading,
  resetPasswordIntro,
  resetSuccessMessage,
} from './reset-link';

const linkOf = (query: string) => readResetLink(new URLSearchParams(query));
const headingOf = (query: string) => resetPasswordHeading(linkOf(query));

describe('the heading of the set/reset-password page', () => {
  test.each([
    // A staff member's own reset link: the default.
    ['token=abc', 'RESET PASSWORD'],
    ['', 'RESET PASSWORD'],
    ['token=abc&isProgramUser=no', 'RESET PASSWORD'],
    // A patient id alone: a patient replacing the app password.
    ['token=abc&id=42&email=pat%40example.test', 'SET NEW PASSWORD'],
    // The first-password flows win over the patient id.
    ['token=abc&id=42&email=pat%40example.test&new_patient=1', 'SET PASSWORD'],
    ['token=abc&id=42&new_patient=yes', 'SET PASSWORD'],
    ['token=abc&isProgramUser=yes', 'SET PASSWORD'],
    ['token=abc&isProgramUser=YES', 'SET PASSWORD'],
    ['token=abc&id=42&isProgramUser=yes', 'SET PASSWORD'],
    ['token=abc&new_patient=true', 'SET PASSWORD'],
    // A flag spelled "no" (or left empty) is no flag; a garbled id is no patient id.
    ['token=abc&id=42&new_patient=0', 'SET NEW PASSWORD'],
    ['token=abc&id=42&new_patient=false', 'SET NEW PASSWORD'],
    ['token=abc&id=42&new_patient', 'SET NEW PASSWORD'],
    ['token=abc&id=abc', 'RESET PASSWORD'],
    ['token=abc&id=0', 'RESET PASSWORD'],
    ['token=abc&id=', 'RESET PASSWORD'],
  ])('?%s → %s', (query, heading) => {
    expect(headingOf(query)).toBe(heading);
  });
});

test('reads the link: token, patient id, e-mail and the two flags', () => {
  expect(linkOf('token=%20abc%20&id=42&email=pat%40example.test&isProgramUser=yes&new_patient=1')).toEqual({
    token: 'abc',
    patientId: 42,
    email: 'pat@example.test',
    isProgramUser: true,
    isNewPatient: true,
  });
  expect(linkOf('')).toEqual({ token: '', patientId: null, email: '', isProgramUser: false, isNewPatient: false });
});

test('the line under the heading names the patient app or the account', () => {
  expect(resetPasswordIntro(linkOf('token=a&id=42'))).toBe('Create a password for the BariDesk patient app.');
  expect(resetPasswordIntro(linkOf('token=a'))).toBe('Create a password for your BariDesk account.');
  expect(resetPasswordIntro(linkOf('token=a&isProgramUser=yes'))).toBe('Create a password for your BariDesk account.');
});

test('program users are also told to check their e-mail', () => {
  expect(resetSuccessMessage(linkOf('token=a'))).toBe('Your password has been updated.');
  expect(resetSuccessMessage(linkOf('token=a&id=42'))).toBe('Your password has been updated.');
  expect(resetSuccessMessage(linkOf('token=a&isProgramUser=yes'))).toBe('Your password has been updated. Please check your email.');
});
