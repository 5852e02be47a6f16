/**
 * A spreadsheet (.xlsx) of one sheet, written to a stream row by row as the rows are read (exceljs's
 * streaming writer): a committed row leaves memory, so an export of any length needs about the memory
 * of one chunk of rows. Every text cell goes through spreadsheetText, so no cell can run a formula.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { IANAZone } from 'luxon';
import { spreadsheetText } from '@baridesk/domain';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** text: escaped text; number: a number cell; date: a calendar date; datetime: a date with the time of day. */
export type SheetColumnKind = 'text' | 'number' | 'date' | 'datetime';

export interface SheetColumn {
  header: string;
  kind: SheetColumnKind;
  /** Width in characters. */
  width: number;
  /** The number format of a number column (e.g. '0.0'); dates get the US date format. */
  numFmt?: string;
}

/** A cell's value: text, a number, a date (see dateCell and WallClock), or empty. */
export type SheetCell = string | number | Date | null;

const DATE_FORMAT = 'mm/dd/yyyy';
const DATE_TIME_FORMAT = 'mm/dd/yyyy h:mm AM/PM';

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * A calendar date "yyyy-MM-dd" as a date cell. A spreadsheet's dates have no time zone: the writer
 * stores a Date's UTC fields, so the date is made at midnight UTC.
 */
export function dateCell(isoDate: string | null): Date | null {
  if (!isoDate) return null;
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * Instants as date-time cells that show the wall-clock time of one time zone (a program's). The zone's
 * offset is looked up once per quarter hour of the instants met (every offset change of the IANA zones
 * falls on a quarter hour), since a long export meets the same offsets again and again.
 */
export class WallClock {
  readonly #zone: IANAZone | null;
  readonly #offsets = new Map<number, number>();

  constructor(zone: string) {
    const iana = IANAZone.create(zone);
    this.#zone = iana.isValid ? iana : null;
  }

  /** The instant as a cell showing its wall-clock time in the zone (UTC when the zone is unknown). */
  cell(instant: Date | null): Date | null {
    if (!instant) return null;
    const ms = instant.getTime();
    if (this.#zone === null) return instant;
    const quarter = Math.floor(ms / 900_000);
    let offset = this.#offsets.get(quarter);
    if (offset === undefined) {
      if (this.#offsets.size > 50_000) this.#offsets.clear();
      offset = this.#zone.offset(ms);
      this.#offsets.set(quarter, offset);
    }
    return new Date(ms + offset * 60_000);
  }

  /** The instant's calendar day in the zone, as a date cell. */
  day(instant: Date | null): Date | null {
    const wall = this.cell(instant);
    return wall === null ? null : new Date(Math.floor(wall.getTime() / 86_400_000) * 86_400_000);
  }
}

/** The output was closed before the sheet was finished (the client went away or cancelled). */
export class OutputClosed extends Error {
  constructor() {
    super('The output closed before the spreadsheet was finished.');
  }
}

/** Sheet XML allowed to wait for the compressor before settle() waits too. */
const BACKLOG_LIMIT = 1024 * 1024;

/** A writable queue and how many bytes wait in it. */
interface Queue {
  stream: Writable;
  length: () => number;
}

/**
 * Where exceljs (4.4.0, pinned) queues the sheet's XML for the zip compressor: the worksheet's stream
 * hands its buffers to the zip entry's input (a readable-stream 2 PassThrough, which has no
 * writableLength) without waiting for it, so a writer faster than the compressor would fill memory with
 * the whole sheet. settle() watches this queue. Null if the shape ever differs (then settle() only
 * waits for the output); a test makes sure it is found.
 */
function compressorQueue(sheet: ExcelJS.Worksheet): Queue | null {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const input = (Array.isArray(pipes) ? pipes[0] : undefined) as
    | (Writable & { _writableState?: { length?: unknown } })
    | undefined;
  if (!input || typeof input.once !== 'function' || typeof input._writableState?.length !== 'number') return null;
  return { stream: input, length: () => Number(input._writableState?.length ?? 0) };
}

/** Resolves on `event` of `stream`, or when `out` closes, whichever comes first. */
function eventOrClose(stream: Writable, event: string, out: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off(event, done);
      out.off('close', done);
      resolve();
    };
    stream.on(event, done);
    out.on('close', done);
  });
}

/** One sheet written to `out`: a bold, frozen header row with filters, then addRow, settle, finish. */
export class SheetWriter {
  readonly #out: Writable;
  readonly #workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  readonly #sheet: ExcelJS.Worksheet;
  readonly #width: number;
  readonly #styles: Partial<ExcelJS.Style>[];
  readonly #compressorQueue: Queue | null;
  #closed = false;

  constructor(out: Writable, name: string, columns: readonly SheetColumn[]) {
    this.#out = out;
    this.#width = columns.length;
    out.once('close', () => {
      this.#closed = true;
    });
    // Inline strings rather than a shared-strings table: nothing has to be kept until the end.
    this.#workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    this.#sheet = this.#workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.#sheet.columns = columns.map((column, index) => ({ key: `c${index}`, width: column.width }));
    // One style object per column, shared by its cells: exceljs works out a style's id once per object.
    this.#styles = columns.map((column) => {
      const numFmt = column.kind === 'date' ? DATE_FORMAT : column.kind === 'datetime' ? DATE_TIME_FORMAT : column.numFmt;
      return numFmt ? { numFmt } : {};
    });
    const header = this.#sheet.addRow(columns.map((column) => spreadsheetText(column.header)));
    header.font = { bold: true };
    header.commit();
    this.#compressorQueue = compressorQueue(this.#sheet);
    this.#sheet.autoFilter = { from: 'A1', to: `${columnLetter(columns.length - 1)}1` };
  }

  /** Writes a row; text is escaped (spreadsheetText), numbers and dates are typed cells. */
  addRow(cells: readonly SheetCell[]): void {
    if (cells.length !== this.#width) throw new Error(`A row of ${this.#width} cells was expected, not ${cells.length}.`);
    const row = this.#sheet.addRow(cells.map((cell) => (typeof cell === 'string' ? spreadsheetText(cell) : cell)));
    this.#styles.forEach((style, index) => {
      row.getCell(index + 1).style = style;
    });
    row.commit();
  }

  /**
   * Waits until what was written so far has gone through the compressor (below BACKLOG_LIMIT) and the
   * output has taken it: a slow compressor or a slow reader slows the writer down instead of filling
   * memory. Call it after each chunk of rows. Throws OutputClosed once the output closed.
   */
  async settle(): Promise<void> {
    const closed = () => this.#closed || this.#out.destroyed;
    if (closed()) throw new OutputClosed();
    await new Promise((resolve) => setImmediate(resolve));
    const queue = this.#compressorQueue;
    while (!closed() && queue !== null && queue.length() > BACKLOG_LIMIT) await eventOrClose(queue.stream, 'drain', this.#out);
    while (!closed() && this.#out.writableNeedDrain) await eventOrClose(this.#out, 'drain', this.#out);
    if (closed()) throw new OutputClosed();
  }

  /** Whether settle() can see the compressor's queue (see compressorQueue); for the tests. */
  get watchesCompressor(): boolean {
    return this.#compressorQueue !== null;
  }

  /** Ends the sheet and the file; the output ends when the last byte is written. */
  async finish(): Promise<void> {
    this.#sheet.commit();
    await this.#workbook.commit();
  }
}

/**
 * Answers with the workbook `write` streams into its PassThrough, as an attachment named `name`. The
 * headers go out at once; if writing fails once the answer has begun, all that is left is to cut it (the
 * client sees a failed download); a client that went away just stops the writing. `what` names the
 * export in the log.
 */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  what: string,
  write: (out: PassThrough) => Promise<void>,
): FastifyReply {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    if (error instanceof OutputClosed) {
      request.log.info(`the ${what} was stopped: the client went away`);
      return;
    }
    request.log.error({ err: error }, `the ${what} failed`);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(out);
}
