/**
 * What a report tells the export kit about one of its files (docs/exports.md). A definition is made once,
 * in a plugin (never in a route file: the scheduler process, which runs the jobs, loads no /api routes),
 * and names everything the kit needs to write the file either in the request or in a job.
 */
import type { Readable } from 'node:stream';
import type { MenuArea } from '@baridesk/domain';
import type { StaffScope } from '../../../lib/scope';
import type { SheetCell, SheetColumn } from '../../../lib/xlsx-sheet';

/** The job that makes an export in the background. */
export const REPORT_EXPORT_JOB = 'reports.export';

/** Rows of a spreadsheet as one read gives them (about 500), and the patients they show (for the audit). */
export interface ExportChunk {
  cells: SheetCell[][];
  patientIds: readonly number[];
}

/** The audit record of one export (the kit adds the format, the rows (a PDF's pages) and the patients' ids). */
export interface ExportAudit {
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** The one patient an export is about (a patient's PDF). */
  patientId?: number | null;
  /** The criteria, never a search text or a patient's data. */
  detail?: Record<string, unknown>;
}

interface CommonDefinition<Q> {
  /** Unique name of the export ('patients', 'lost-patients'): the report_exports row keeps it. */
  kind: string;
  /** The menu area whose flag opens the report: a job re-checks it before it writes (the flag may be off by then). */
  area: MenuArea;
  audit: (query: Q) => ExportAudit;
  /** The file's name (never a patient's name); `today` is the program's day, 'yyyy-MM-dd'. */
  fileName: (scope: StaffScope, query: Q, today: string) => string | Promise<string>;
}

/**
 * A spreadsheet. `count` is asked first, in the request: up to REPORT_EXPORT_STREAM_MAX_ROWS rows are
 * streamed at once, more go to a job. `rows` then yields the cells in chunks; it is read while the
 * previous chunk is written, and left (its `finally` runs) when the client goes away or the export is
 * cancelled. `signal` is aborted when the process stops.
 */
export interface SheetExportDefinition<Q> extends CommonDefinition<Q> {
  format: 'xlsx';
  sheet: string | ((query: Q) => string);
  columns: readonly SheetColumn[];
  count: (scope: StaffScope, query: Q) => Promise<number>;
  rows: (scope: StaffScope, query: Q, signal: AbortSignal) => AsyncIterable<ExportChunk>;
}

/** A PDF: always made by a job. `render` answers the document as a stream, its pages and the patients it shows. */
export interface PdfExportDefinition<Q> extends CommonDefinition<Q> {
  format: 'pdf';
  render: (scope: StaffScope, query: Q, signal: AbortSignal) => Promise<{ document: Readable; pages: number; patientIds: readonly number[] }>;
}

export type ReportExportDefinition<Q> = SheetExportDefinition<Q> | PdfExportDefinition<Q>;

/**
 * A failure the user can act on ("The patient was not found."): a definition throws it and the export
 * ends failed with this message. Any other error ends it with REPORT_EXPORT_MESSAGES.failed (and is logged).
 */
export class ExportFailure extends Error {}

/**
 * Reads chunks of ids one after another, each with `read`, the next one while the current one is used:
 * the shape of every export that first finds its ids, then reads their rows in pages.
 */
export async function* chunksOf<T>(
  ids: readonly number[],
  size: number,
  read: (ids: readonly number[]) => Promise<T[]>,
): AsyncGenerator<{ rows: T[]; ids: readonly number[] }> {
  const slice = (start: number) => ids.slice(start, start + size);
  let next: Promise<T[]> | null = ids.length > 0 ? read(slice(0)) : null;
  try {
    for (let start = 0; next !== null; start += size) {
      const rows = await next;
      next = start + size < ids.length ? read(slice(start + size)) : null;
      yield { rows, ids: slice(start) };
    }
  } finally {
    // Left early (the client went away, a cancel, a failure): a read still under way must not go unhandled.
    next?.catch(() => {});
  }
}
