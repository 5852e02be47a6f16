/**
 * Text written into spreadsheet cells (Excel exports of lists and reports).
 *
 * A spreadsheet program reads a cell whose text starts with "=", "+", "-" or "@" as a formula, and some
 * skip a leading tab or carriage return before looking (OWASP, "CSV Injection"). Patient names, e-mail
 * addresses and notes are typed by people outside the program, so such text could run a formula on the
 * computer of whoever opens the export. A leading apostrophe makes the program keep it as text.
 * Numbers and dates are written as typed cells and need no escaping.
 */

/** The first characters that make a spreadsheet program read text as a formula. */
export const SPREADSHEET_FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/**
 * The text to write into a spreadsheet cell: `value` as it is, or with a leading apostrophe when it
 * starts with one of SPREADSHEET_FORMULA_TRIGGERS. null, undefined and '' give null (an empty cell).
 */
export function spreadsheetText(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return SPREADSHEET_FORMULA_TRIGGERS.includes(value.charAt(0)) ? `'${value}` : value;
}
