/** Strict reading of numbers that arrive as numbers or as text (form fields, JSON, database rows). */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The finite number `value` stands for, or `null`.
 * Numbers must be finite. Strings are trimmed and must be a whole plain decimal such as
 * "12", "-3.5", ".5" or "1e3": "1 cup", "1,5", "0x10", "" and "abc" are not numbers.
 * Every other type (booleans, null, objects) gives `null`.
 */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Turns negative zero into zero, so results print and compare as "0". */
export function withoutNegativeZero(n: number): number {
  return n === 0 ? 0 : n;
}
