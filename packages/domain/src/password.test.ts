import { hasLetterAndDigit, isValidPassword, PASSWORD_RULE_MESSAGE } from './password';

describe('isValidPassword', () => {
  it('accepts 8+ characters with a letter and a digit', () => {
    expect(isValidPassword('abcdefg1')).toBe(true);
    expect(isValidPassword('1234567X')).toBe(true);
    expect(isValidPassword('pass word 2026!')).toBe(true);
  });

  it('rejects short passwords', () => {
    expect(isValidPassword('abcdef1')).toBe(false); // 7 characters
    expect(isValidPassword('')).toBe(false);
  });

  it('rejects passwords without a letter or without a digit', () => {
    expect(isValidPassword('12345678')).toBe(false);
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('!!!!!!!!')).toBe(false);
    expect(isValidPassword('éééééé12')).toBe(false); // accented letters are not ASCII letters
  });

  it('rejects non-strings', () => {
    expect(isValidPassword(12345678)).toBe(false);
    expect(isValidPassword(null)).toBe(false);
    expect(isValidPassword(undefined)).toBe(false);
  });

  it('words the error as specified', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe('Password must contain at least one character and number.');
  });
});

describe('hasLetterAndDigit', () => {
  it('needs an ASCII letter and a digit, at any length', () => {
    expect(hasLetterAndDigit('a1')).toBe(true);
    expect(hasLetterAndDigit('1234567X')).toBe(true);
    expect(hasLetterAndDigit('abc')).toBe(false);
    expect(hasLetterAndDigit('123')).toBe(false);
    expect(hasLetterAndDigit('é1')).toBe(false);
    expect(hasLetterAndDigit('')).toBe(false);
  });
});
