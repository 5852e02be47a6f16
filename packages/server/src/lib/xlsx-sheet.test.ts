import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { OutputClosed, SheetWriter, WallClock, columnLetter, dateCell, type SheetColumn } from './xlsx-sheet';

const COLUMNS: SheetColumn[] = [
  { header: 'Name', kind: 'text', width: 20 },
  { header: 'Weight', kind: 'number', width: 10, numFmt: '0.0' },
  { header: 'Day', kind: 'date', width: 12 },
  { header: 'Seen', kind: 'datetime', width: 18 },
];

/** Everything written to `out`, once it ends. */
const collect = (out: PassThrough) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });

async function read(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0]!;
}

describe('SheetWriter', () => {
  it('writes a bold, frozen, filtered header, escaped text and typed cells', async () => {
    const out = new PassThrough();
    const file = collect(out);
    const sheet = new SheetWriter(out, 'Patients', COLUMNS);
    sheet.addRow(['=SUM(A1:A2)', 250.5, dateCell('2026-02-03'), new Date(Date.UTC(2026, 1, 3, 14, 5))]);
    sheet.addRow(['Jane', null, null, null]);
    await sheet.settle();
    await sheet.finish();

    const ws = await read(await file);
    expect(ws.name).toBe('Patients');
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Weight', 'Day', 'Seen']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:D1');
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe("'=SUM(A1:A2)");
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).value).toBe(250.5);
    expect(row.getCell(2).numFmt).toBe('0.0');
    expect(row.getCell(3).value).toEqual(new Date(Date.UTC(2026, 1, 3)));
    expect(row.getCell(3).numFmt).toBe('mm/dd/yyyy');
    expect(row.getCell(4).value).toEqual(new Date(Date.UTC(2026, 1, 3, 14, 5)));
    expect(ws.getRow(3).getCell(2).value).toBeNull();
  });

  it('refuses a row of the wrong width', () => {
    const sheet = new SheetWriter(new PassThrough(), 'S', COLUMNS);
    expect(() => sheet.addRow(['only one'])).toThrow('A row of 4 cells was expected, not 1.');
  });

  it('sees the compressor’s queue of the pinned exceljs', () => {
    expect(new SheetWriter(new PassThrough(), 'S', COLUMNS).watchesCompressor).toBe(true);
  });

  it('waits for a reader that falls behind, instead of holding the file in memory', async () => {
    const out = new PassThrough();
    const sheet = new SheetWriter(out, 'S', COLUMNS);
    for (let i = 0; i < 20_000; i++) sheet.addRow([`Patient number ${i} with a longer name`, i, null, null]);
    let settled = false;
    const settling = sheet.settle().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nobody reads: what is queued stays small, and settle() keeps waiting.
    expect(settled).toBe(false);
    expect(out.readableLength).toBeLessThan(1024 * 1024);
    const file = collect(out);
    await settling;
    await sheet.finish();
    const ws = await read(await file);
    expect(ws.rowCount).toBe(20_001);
  });

  it('stops with OutputClosed once the reader went away', async () => {
    const out = new PassThrough();
    const sheet = new SheetWriter(out, 'S', COLUMNS);
    sheet.addRow(['Jane', 1, null, null]);
    out.destroy();
    await expect(sheet.settle()).rejects.toBeInstanceOf(OutputClosed);
  });
});

describe('columnLetter', () => {
  it.each([
    [0, 'A'],
    [16, 'Q'],
    [25, 'Z'],
    [26, 'AA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('%i → %s', (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
  });
});

describe('dateCell', () => {
  it('makes a calendar date at midnight UTC, or nothing', () => {
    expect(dateCell('2024-02-29')).toEqual(new Date(Date.UTC(2024, 1, 29)));
    expect(dateCell(null)).toBeNull();
    expect(dateCell('')).toBeNull();
    expect(dateCell('soon')).toBeNull();
  });
});

describe('WallClock', () => {
  it("shows the zone's wall-clock time on both sides of a change to daylight saving time", () => {
    const chicago = new WallClock('America/Chicago');
    // 8 March 2026, 2:00 in Chicago: clocks go from CST (UTC-6) to CDT (UTC-5).
    expect(chicago.cell(new Date('2026-03-08T07:59:00Z'))).toEqual(new Date(Date.UTC(2026, 2, 8, 1, 59)));
    expect(chicago.cell(new Date('2026-03-08T08:00:00Z'))).toEqual(new Date(Date.UTC(2026, 2, 8, 3, 0)));
    expect(chicago.cell(new Date('2026-03-08T07:30:00Z'))).toEqual(new Date(Date.UTC(2026, 2, 8, 1, 30)));
    expect(chicago.day(new Date('2026-03-09T04:30:00Z'))).toEqual(new Date(Date.UTC(2026, 2, 8)));
    expect(chicago.cell(null)).toBeNull();
    expect(chicago.day(null)).toBeNull();
  });

  it('keeps half-hour zones and an unknown zone (UTC) right', () => {
    expect(new WallClock('Asia/Kolkata').cell(new Date('2026-01-01T00:00:00Z'))).toEqual(new Date(Date.UTC(2026, 0, 1, 5, 30)));
    expect(new WallClock('Not/AZone').cell(new Date('2026-01-01T00:00:00Z'))).toEqual(new Date(Date.UTC(2026, 0, 1)));
  });
});
