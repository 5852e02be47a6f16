import fp from 'fastify-plugin';
import {
  PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS,
  PIPELINE_EXCEL_COLUMNS,
  type PipelineAverageDaysQuery,
  type PipelineExcelQuery,
  type PipelineStage,
} from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { chunksOf } from '../../reports';
import type { PipelineExportRow } from './pipelines-repository';

/** Patients read per query while writing (as the patient export: the next chunk is read while one is written). */
const CHUNK = 500;

export const PIPELINE_EXPORT = 'pipeline';
export const PIPELINE_AVERAGE_DAYS_EXPORT = 'pipeline-average-days';

const BOARD_SHEET: Record<(typeof PIPELINE_EXCEL_COLUMNS)[number], Omit<SheetColumn, 'header'>> = {
  Status: { kind: 'text', width: 26 },
  Name: { kind: 'text', width: 28 },
  'Days in status': { kind: 'number', width: 14, numFmt: '0' },
  'Checklist %': { kind: 'number', width: 12, numFmt: '0' },
  'Surgery date': { kind: 'date', width: 13 },
  'E-mail': { kind: 'text', width: 32 },
  Phone: { kind: 'text', width: 15 },
  MRN: { kind: 'text', width: 16 },
};
const BOARD_COLUMNS: SheetColumn[] = PIPELINE_EXCEL_COLUMNS.map((header) => ({ header, ...BOARD_SHEET[header] }));

const AVERAGE_SHEET: Record<(typeof PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS)[number], Omit<SheetColumn, 'header'>> = {
  Status: { kind: 'text', width: 26 },
  'Patients now': { kind: 'number', width: 14, numFmt: '0' },
  'Average days so far': { kind: 'number', width: 20, numFmt: '0.0' },
  'Stays ended (365 days)': { kind: 'number', width: 22, numFmt: '0' },
  'Average days of ended stays': { kind: 'number', width: 26, numFmt: '0.0' },
};
const AVERAGE_COLUMNS: SheetColumn[] = PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS.map((header) => ({ header, ...AVERAGE_SHEET[header] }));

/** One card's cells, in the order of PIPELINE_EXCEL_COLUMNS. */
const cellsOf = (row: PipelineExportRow): SheetCell[] => [
  row.status,
  row.name,
  Number(row.days_in_status),
  Number(row.checklist_percent),
  dateCell(row.surgery_date),
  row.email,
  row.phone === null ? null : formatPhone(row.phone),
  row.mrn_number,
];

/** "pipeline-pre-op-2026-11-21.xlsx": the stage's name in lower case, then the program's date. */
const fileName = (prefix: string, stage: PipelineStage, today: string) => `${prefix}-${stageLabel(stage).toLowerCase()}-${today}.xlsx`;

/**
 * The board as spreadsheets, on the export kit (routes/pipeline-patients-excel): every card of the stage
 * that matches the search, column by column in board order, longest waiting first; and the average days
 * per status. File names never hold patient names.
 */
export default fp(
  async (fastify) => {
    const { pipelines, clock } = fastify;

    fastify.reportExports.define<PipelineExcelQuery>({
      kind: PIPELINE_EXPORT,
      format: 'xlsx',
      area: 'pipeline',
      sheet: ({ stage }) => stageLabel(stage),
      columns: BOARD_COLUMNS,
      count: async (scope, { stage, search }) => (await pipelines.exportIds(scope, stage, search)).length,
      async *rows(scope, { stage, search }) {
        const [ids, day] = await Promise.all([pipelines.exportIds(scope, stage, search), pipelines.programDay(scope, clock.now())]);
        for await (const { rows } of chunksOf(ids, CHUNK, (chunk) => pipelines.exportRows(scope, chunk, day))) {
          yield { cells: rows.map(cellsOf), patientIds: rows.map((row) => row.id) };
        }
      },
      fileName: (_scope, { stage }, today) => fileName('pipeline', stage, today),
      audit: ({ stage, search }) => ({ action: 'pipeline.export', entity: 'patient', detail: { stage, searchLength: search ? search.length : 0 } }),
    });

    fastify.reportExports.define<PipelineAverageDaysQuery>({
      kind: PIPELINE_AVERAGE_DAYS_EXPORT,
      format: 'xlsx',
      area: 'pipeline',
      sheet: ({ stage }) => `${stageLabel(stage)} average days`,
      columns: AVERAGE_COLUMNS,
      count: async (scope, { stage }) => (await pipelines.averageDays(scope, stage, clock.now())).length,
      async *rows(scope, { stage }) {
        const rows = await pipelines.averageDays(scope, stage, clock.now());
        yield {
          cells: rows.map((row) => [row.name, row.patients, row.current_average_days, row.completed_stays, row.completed_average_days]),
          patientIds: [],
        };
      },
      fileName: (_scope, { stage }, today) => fileName('pipeline-average-days', stage, today),
      audit: ({ stage }) => ({ action: 'pipeline.average-days-export', entity: 'pipeline_status', detail: { stage } }),
    });
  },
  { name: 'pipeline-exports', dependencies: ['report-exports', 'pipelines-repository'] },
);
