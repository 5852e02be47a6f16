import fp from 'fastify-plugin';
import { PATIENT_EXPORT_COLUMNS, type PatientExportQuery } from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import { WallClock, dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { chunksOf } from '../../reports';
import type { PatientExportRow } from './patients-bulk-repository';
import { usedCriteria } from '../routes/patients/list-audit';

/**
 * Patients read per query while writing (the next chunk is read while one is written). Small chunks keep
 * the rows short-lived, so the garbage collector frees them young: 100,000 patients peaked at about
 * 240 MB with 500 rows a chunk and about 350 MB with 2,500 (bench:api), at the same speed.
 */
const CHUNK = 500;

/** How each column of the export is written (headers from the contracts). */
const SHEET: Record<(typeof PATIENT_EXPORT_COLUMNS)[number], Omit<SheetColumn, 'header'>> = {
  Name: { kind: 'text', width: 28 },
  'E-mail': { kind: 'text', width: 32 },
  Phone: { kind: 'text', width: 15 },
  MRN: { kind: 'text', width: 16 },
  Stage: { kind: 'text', width: 20 },
  'Surgery type': { kind: 'text', width: 26 },
  'Surgery date': { kind: 'date', width: 13 },
  'Starting weight (lb)': { kind: 'number', width: 12, numFmt: '0.0' },
  'Current weight (lb)': { kind: 'number', width: 12, numFmt: '0.0' },
  'Target weight (lb)': { kind: 'number', width: 12, numFmt: '0.0' },
  Tags: { kind: 'text', width: 30 },
  Location: { kind: 'text', width: 24 },
  'Insurance coordinator': { kind: 'text', width: 24 },
  Status: { kind: 'text', width: 10 },
  Invited: { kind: 'text', width: 9 },
  'Last used app': { kind: 'datetime', width: 20 },
  Added: { kind: 'date', width: 13 },
};
export const PATIENT_EXPORT = 'patients';

const COLUMNS: SheetColumn[] = PATIENT_EXPORT_COLUMNS.map((header) => ({ header, ...SHEET[header] }));

const weight = (value: string | null): number | null => (value === null ? null : Number(value));

/** One patient's cells, in the order of PATIENT_EXPORT_COLUMNS. */
function cellsOf(row: PatientExportRow, clock: WallClock): SheetCell[] {
  const tags = [row.first_tag, row.second_tag].filter((tag): tag is string => Boolean(tag));
  return [
    row.name,
    row.email,
    row.phone === null ? null : formatPhone(row.phone),
    row.mrn_number,
    stageLabel(row.current_stage) ?? null,
    row.type_of_surgery,
    dateCell(row.surgery_date),
    weight(row.starting_weight),
    weight(row.current_weight),
    weight(row.target_weight),
    tags.length > 0 ? tags.join(', ') : null,
    row.location,
    row.coordinator,
    row.status === 1 ? 'Active' : 'Inactive',
    row.is_invited === 1 ? 'Yes' : 'No',
    clock.cell(row.last_app_activity_at),
    clock.day(row.created_at),
  ];
}

/**
 * The patient list as a spreadsheet (GET /api/patients/excel, on the export kit): the rows the list
 * shows for the same search, filters and sort (every page), or the selected ones among them (`ids`).
 * Audited once per export with the criteria (never the search text) and the patients written.
 */
export default fp(
  async (fastify) => {
    const bulk = fastify.patientsBulk;
    fastify.reportExports.define<PatientExportQuery>({
      kind: PATIENT_EXPORT,
      format: 'xlsx',
      area: 'patients',
      sheet: 'Patients',
      columns: COLUMNS,
      count: async (scope, query) => (await bulk.exportIds(scope, query)).length,
      async *rows(scope, query) {
        const [ids, zone] = await Promise.all([bulk.exportIds(scope, query), bulk.programZone(scope)]);
        const clock = new WallClock(zone);
        for await (const { rows } of chunksOf(ids, CHUNK, (chunk) => bulk.exportRows(scope, chunk))) {
          yield { cells: rows.map((row) => cellsOf(row, clock)), patientIds: rows.map((row) => row.id) };
        }
      },
      fileName: (_scope, _query, today) => `patients-${today}.xlsx`,
      audit: ({ ids: selected, ...criteria }) => ({
        action: 'patient.export',
        entity: 'patient',
        detail: { ...usedCriteria(criteria), ...(selected ? { selected: selected.length } : {}) },
      }),
    });
  },
  { name: 'patient-export', dependencies: ['report-exports', 'patients-bulk-repository'] },
);
