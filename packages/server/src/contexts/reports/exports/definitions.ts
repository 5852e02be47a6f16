/**
 * What a report tells the export kit about one of its files (docs/exports.md). A definition is made once,
 * in a plugin (never in a route file: the scheduler process, which runs the jobs, loads no /api routes),
 * and names everything the kit needs to write the file either in the request or in a job.
 */
import type { Readable } from 'node:stream';
import type { MenuArea, PermissionSlug } from '@baridesk/domain';
import type { AdminScope, StaffScope } from '../../../lib/scope';
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
  /** A super admin's export about one program (filtered by it); a staff export's record is its own program's. */
  programId?: number | null;
  /** The criteria, never a search text or a patient's data. */
  detail?: Record<string, unknown>;
}

/**
 * Who may have the file: program staff, by the menu area whose flag opens the report (the job and the file
 * read re-check it: the flag may be off by then), or super admins, by a permission slug (id 48 holds every
 * one; re-checked the same way). A staff export belongs to the caller's program; a super admin's to none.
 */
interface StaffAccess {
  area: MenuArea;
  permission?: undefined;
}
interface AdminAccess {
  permission: PermissionSlug;
  area?: undefined;
}

/** A staff export's callbacks get the caller's StaffScope, a super admin's its AdminScope. */
export type ExportScope = StaffScope | AdminScope;

interface CommonParts<Q, S extends ExportScope> {
  /** Unique name of the export ('patients', 'lost-patients'): the report_exports row keeps it. */
  kind: string;
  audit: (query: Q) => ExportAudit;
  /**
   * The file's name (never a patient's name); `today` is 'yyyy-MM-dd': the program's day for staff,
   * the day in UTC for super admins (who belong to no program's time zone).
   */
  fileName: (scope: S, query: Q, today: string) => string | Promise<string>;
}

/**
 * A spreadsheet. `count` is asked first, in the request: up to REPORT_EXPORT_STREAM_MAX_ROWS rows are
 * streamed at once, more go to a job. `rows` then yields the cells in chunks; it is read while the
 * previous chunk is written, and left (its `finally` runs) when the client goes away or the export is
 * cancelled. `signal` is aborted when the process stops.
 */
export interface SheetParts<Q, S extends ExportScope> extends CommonParts<Q, S> {
  format: 'xlsx';
  sheet: string | ((query: Q) => string);
  columns: readonly SheetColumn[];
  count: (scope: S, query: Q) => Promise<number>;
  rows: (scope: S, query: Q, signal: AbortSignal) => AsyncIterable<ExportChunk>;
}

/** A PDF: always made by a job. `render` answers the document as a stream, its pages and the patients it shows. */
export interface PdfParts<Q, S extends ExportScope> extends CommonParts<Q, S> {
  format: 'pdf';
  render: (scope: S, query: Q, signal: AbortSignal) => Promise<{ document: Readable; pages: number; patientIds: readonly number[] }>;
}

export type SheetExportDefinition<Q> = (SheetParts<Q, StaffScope> & StaffAccess) | (SheetParts<Q, AdminScope> & AdminAccess);
export type PdfExportDefinition<Q> = (PdfParts<Q, StaffScope> & StaffAccess) | (PdfParts<Q, AdminScope> & AdminAccess);
export type ReportExportDefinition<Q> = SheetExportDefinition<Q> | PdfExportDefinition<Q>;

/**
 * A failure the user can act on ("The patient was not found."): a definition throws it and the export
 * ends failed with this message. Any other error ends it with REPORT_EXPORT_MESSAGES.failed (and is logged).
 */
export class ExportFailure extends Error {}

/** An export's (or a list's) criteria for its audit record: the filters given, never the search text (it may hold a name), only its length. */
export function exportCriteria<Q extends { search?: string | undefined }>({ search, ...rest }: Q) {
  const filters = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return { ...filters, searchLength: search ? search.length : 0 };
}

/** Every page of a list, one after another until a short one: the rows of an export of what a list screen shows. */
export async function* pagesOf<T>(read: (page: number, perPage: number) => Promise<{ data: T[] }>, perPage: number): AsyncGenerator<T[]> {
  for (let page = 1; ; page += 1) {
    const { data } = await read(page, perPage);
    if (data.length > 0) yield data;
    if (data.length < perPage) return;
  }
}

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
