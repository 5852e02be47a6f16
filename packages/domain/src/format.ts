/** Display formats shared by the screens: phone numbers, amounts and percentages (dates and times: ./dates). */
import { toFiniteNumber, withoutNegativeZero } from './numeric';
import { round1 } from './outcomes';

/** Locale used for month names, AM/PM and digit grouping, so output does not depend on the machine's settings. */
export const DISPLAY_LOCALE = 'en-US';

/**
 * The 10 digits of a North American phone number written with digits, spaces, dashes, dots and
 * parentheses, after removing a leading country code 1 (written "+1", or as the first of 11
 * digits); null otherwise. "+" is only allowed as "+1", so "+44 20 7946 0958" and "+5551234567"
 * give null, and so does any other character ("555/123/4567", "555-123-456a").
 */
export function phoneDigits(value: string): string | null {
  const text = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) {
    if (!digits.startsWith('1')) return null;
    digits = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    digits = digits.slice(1);
  }
  return digits.length === 10 ? digits : null;
}

/**
 * Phone number for display: the {@link phoneDigits} grouped 3-3-4 with dashes, so
 * "(555) 123-4567" and "+1 555 123 4567" both give "555-123-4567".
 * Anything that is not such a number is returned trimmed but otherwise unchanged.
 * null and undefined give ''.
 */
export function formatPhone(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const text = String(raw).trim();
  const digits = phoneDigits(text);
  if (digits === null) return text;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** True when `value` is a non-empty string of ASCII letters and digits only. */
export function isAlphanumeric(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z0-9]+$/.test(value);
}

/**
 * Amount with thousands commas, keeping the decimals the number has: 1234567 gives "1,234,567",
 * 1234.5 gives "1,234.5", -1234 gives "-1,234". Numeric text is read too ("1234.50" gives "1,234.5").
 * Non-finite, empty or non-numeric input gives "0".
 */
export function formatAmount(value: number | string | null | undefined): string {
  const n = toFiniteNumber(value);
  if (n === null) return '0';
  const plain = String(withoutNegativeZero(n));
  if (/e/i.test(plain)) {
    // Very large or very small numbers: String() switches to exponent notation, Intl does not.
    return n.toLocaleString(DISPLAY_LOCALE, { maximumFractionDigits: 20 });
  }
  const [whole = '', fraction] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * A percentage with one decimal and thousands commas: 12.345 gives "12.3%", 7 gives "7.0%", 1234.56 gives
 * "1,234.6%", -0.04 gives "0.0%" (rounded by {@link round1}). null, undefined and non-finite give `empty`.
 */
export function formatPercent(value: number | null | undefined, empty = '—'): string {
  const rounded = round1(value);
  if (rounded === null) return empty;
  const [whole = '0', fraction = '0'] = Math.abs(rounded).toFixed(1).split('.');
  return `${rounded < 0 ? '-' : ''}${formatAmount(Number(whole))}.${fraction}%`;
}
