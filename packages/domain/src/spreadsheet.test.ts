import { SPREADSHEET_FORMULA_TRIGGERS, spreadsheetText } from './spreadsheet';

describe('spreadsheetText', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+1 (312) 555-0182', `'+1 (312) 555-0182`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ["=cmd|' /C calc'!A0", `'=cmd|' /C calc'!A0`],
  ])('keeps %j as text with a leading apostrophe', (value, written) => {
    expect(spreadsheetText(value)).toBe(written);
  });

  it('escapes each trigger, and only at the start', () => {
    for (const trigger of SPREADSHEET_FORMULA_TRIGGERS) {
      expect(spreadsheetText(`${trigger}x`)).toBe(`'${trigger}x`);
      expect(spreadsheetText(`x${trigger}`)).toBe(`x${trigger}`);
    }
    expect(SPREADSHEET_FORMULA_TRIGGERS).toEqual(['=', '+', '-', '@', '\t', '\r']);
  });

  it.each(['Jane Doe', 'jane@example.org', '555-123-4567', "O'Brien", ' =not at the start', 'Zoë Ünal', '1234'])(
    'leaves %j as it is',
    (value) => {
      expect(spreadsheetText(value)).toBe(value);
    },
  );

  it('gives an empty cell for nothing', () => {
    expect(spreadsheetText(null)).toBeNull();
    expect(spreadsheetText(undefined)).toBeNull();
    expect(spreadsheetText('')).toBeNull();
  });

  it('does not escape twice: an apostrophe is no trigger', () => {
    expect(spreadsheetText("'=1+1")).toBe("'=1+1");
    expect(spreadsheetText(spreadsheetText('=1+1'))).toBe("'=1+1");
  });
});
