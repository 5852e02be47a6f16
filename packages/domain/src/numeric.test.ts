import { toFiniteNumber, withoutNegativeZero } from './numeric';

describe('toFiniteNumber', () => {
  it('keeps finite numbers, including zero and negatives', () => {
    expect(toFiniteNumber(0)).toBe(0);
    expect(toFiniteNumber(2.5)).toBe(2.5);
    expect(toFiniteNumber(-4)).toBe(-4);
  });

  it('rejects non-finite numbers', () => {
    expect(toFiniteNumber(NaN)).toBeNull();
    expect(toFiniteNumber(Infinity)).toBeNull();
    expect(toFiniteNumber(-Infinity)).toBeNull();
  });

  it('reads plain decimal strings, trimmed', () => {
    expect(toFiniteNumber('12')).toBe(12);
    expect(toFiniteNumber(' 1.5 ')).toBe(1.5);
    expect(toFiniteNumber('-3')).toBe(-3);
    expect(toFiniteNumber('+3')).toBe(3);
    expect(toFiniteNumber('.5')).toBe(0.5);
    expect(toFiniteNumber('2.')).toBe(2);
    expect(toFiniteNumber('1e3')).toBe(1000);
  });

  it('rejects strings that are not a whole number', () => {
    for (const text of ['', '   ', 'abc', '1 cup', '1,5', '0x10', '1/2', 'Infinity', 'NaN', '-', '.', '1e999']) {
      expect(toFiniteNumber(text)).toBeNull();
    }
  });

  it('rejects other types', () => {
    expect(toFiniteNumber(null)).toBeNull();
    expect(toFiniteNumber(undefined)).toBeNull();
    expect(toFiniteNumber(true)).toBeNull();
    expect(toFiniteNumber([1])).toBeNull();
    expect(toFiniteNumber({})).toBeNull();
  });
});

describe('withoutNegativeZero', () => {
  it('maps -0 to 0 and leaves other numbers alone', () => {
    expect(Object.is(withoutNegativeZero(-0), 0)).toBe(true);
    expect(withoutNegativeZero(-2)).toBe(-2);
    expect(withoutNegativeZero(3.5)).toBe(3.5);
  });
});
