import fp from 'fastify-plugin';
import {
  RSVP_RESPONSE_LABELS,
  type AttendanceEventsQuery,
  type AttendanceOccurrence,
  type AttendancePatient,
  type AttendancePatientsQuery,
} from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import { WallClock, dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { ExportFailure } from '../../reports';

/** Rows handed to the sheet between two waits for the output (see SheetWriter.settle). */
const CHUNK = 500;

export const ATTENDANCE_EVENTS_EXPORT = 'attendance-events';
export const ATTENDANCE_PATIENTS_EXPORT = 'attendance-patients';

const OCCURRENCE_COLUMNS: SheetColumn[] = [
  { header: 'Date', kind: 'date', width: 13 },
  { header: 'Start', kind: 'text', width: 9 },
  { header: 'End', kind: 'text', width: 9 },
  { header: 'Time zone', kind: 'text', width: 20 },
  { header: 'Event', kind: 'text', width: 36 },
  { header: 'Type', kind: 'text', width: 16 },
  { header: 'Location', kind: 'text', width: 24 },
  { header: 'Going', kind: 'number', width: 9 },
  { header: 'Not going', kind: 'number', width: 10 },
  { header: 'Attended', kind: 'number', width: 10 },
  { header: 'Marked', kind: 'number', width: 9 },
];

const PATIENT_COLUMNS: SheetColumn[] = [
  { header: 'Name', kind: 'text', width: 28 },
  { header: 'E-mail', kind: 'text', width: 32 },
  { header: 'Phone', kind: 'text', width: 15 },
  { header: 'Stage', kind: 'text', width: 20 },
  { header: 'RSVP', kind: 'text', width: 12 },
  { header: 'Answered', kind: 'datetime', width: 20 },
  { header: 'Attended', kind: 'text', width: 10 },
];

const attendedLabel = (value: 0 | 1 | null) => (value === 1 ? 'Yes' : value === 0 ? 'No' : 'Not marked');

function occurrenceCells(o: AttendanceOccurrence): SheetCell[] {
  return [
    dateCell(o.date),
    o.time,
    o.end_time,
    o.timezone,
    o.event_title,
    o.type,
    o.location_name,
    o.going_count,
    o.not_going_count,
    o.attended_count,
    o.marked_count,
  ];
}

function patientCells(row: AttendancePatient, clock: WallClock): SheetCell[] {
  return [
    row.name,
    row.email,
    row.phone === null ? null : formatPhone(row.phone),
    stageLabel(row.stage),
    row.response === null ? 'Walk-in' : RSVP_RESPONSE_LABELS[row.response],
    clock.cell(row.responded_at === null ? null : new Date(row.responded_at)),
    attendedLabel(row.attended),
  ];
}

/** Yields `rows` in chunks of CHUNK. */
function* inChunks<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let start = 0; start < rows.length; start += CHUNK) yield rows.slice(start, start + CHUNK);
}

/**
 * The Support Group Attendance report's files, on the export kit (routes/patient-events): the
 * occurrences of the period with their counts, and one occurrence's patients (audited with their ids).
 */
export default fp(
  async (fastify) => {
    const { rsvps } = fastify;

    fastify.reportExports.define<AttendanceEventsQuery>({
      kind: ATTENDANCE_EVENTS_EXPORT,
      format: 'xlsx',
      area: 'reports',
      sheet: 'Support Group Attendance',
      columns: OCCURRENCE_COLUMNS,
      count: async (scope, query) => (await rsvps.occurrenceRows(scope.programId, query)).length,
      async *rows(scope, query) {
        const rows = await rsvps.occurrenceRows(scope.programId, query);
        for (const chunk of inChunks(rows)) yield { cells: chunk.map(occurrenceCells), patientIds: [] };
      },
      fileName: (_scope, _query, today) => `support-group-attendance-${today}.xlsx`,
      audit: () => ({ action: 'event.attendance.export', entity: 'event' }),
    });

    /** The occurrence the query names (the route refused any other with 404 or 422 before). */
    const occurrenceOf = async (programId: number, query: AttendancePatientsQuery) => {
      const found = await rsvps.occurrence(programId, query.event_id, query.event_date);
      if (typeof found === 'string') throw new ExportFailure('The event of this report no longer takes place on that day.');
      return found;
    };

    fastify.reportExports.define<AttendancePatientsQuery>({
      kind: ATTENDANCE_PATIENTS_EXPORT,
      format: 'xlsx',
      area: 'reports',
      sheet: 'Attendance',
      columns: PATIENT_COLUMNS,
      count: async (scope, query) => (await rsvps.patientRows(scope.programId, query, null)).data.length,
      async *rows(scope, query) {
        const [occurrence, { data }] = await Promise.all([occurrenceOf(scope.programId, query), rsvps.patientRows(scope.programId, query, null)]);
        const clock = new WallClock(occurrence.timezone);
        for (const chunk of inChunks(data)) {
          yield { cells: chunk.map((row) => patientCells(row, clock)), patientIds: chunk.map((row) => row.patient_id) };
        }
      },
      fileName: async (scope, query) => {
        const occurrence = await occurrenceOf(scope.programId, query);
        return `attendance-${occurrence.event_id}-${occurrence.date}.xlsx`;
      },
      audit: (query) => ({ action: 'event.attendance.export', entity: 'event', entityId: query.event_id, detail: { event_date: query.event_date } }),
    });
  },
  { name: 'attendance-exports', dependencies: ['report-exports', 'rsvps'] },
);
