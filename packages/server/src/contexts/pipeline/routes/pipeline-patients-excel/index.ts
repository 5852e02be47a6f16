import type { FastifyInstance } from 'fastify';
import {
  PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS,
  PIPELINE_EXCEL_COLUMNS,
  pipelineAverageDaysQuery,
  pipelineExcelQuery,
  type PipelineStage,
} from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { SheetWriter, dateCell, sendWorkbook, type SheetCell, type SheetColumn } from '../../../../lib/xlsx-sheet';
import type { PipelineExportRow, ProgramDay } from '../../plugins/pipelines-repository';
import { inMenuArea } from '../../../../lib/menu-area';

/** Patients read per query while writing (as the patient export: the next chunk is read while one is written). */
const CHUNK = 500;

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
const fileName = (prefix: string, stage: PipelineStage, day: ProgramDay) => `${prefix}-${stageLabel(stage).toLowerCase()}-${day.today}.xlsx`;

/**
 * The board as spreadsheets, streamed while written: GET /api/pipeline-patients-excel (every card of the
 * stage that matches the search, column by column in board order, longest waiting first) and
 * /by-average-days (the average days per status). File names never hold patient names.
 */
export default async function pipelineExportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Pipeline'];

  app.get('', { schema: { querystring: pipelineExcelQuery, tags } }, async (request, reply) => {
    const scope = staffScope(request.scope);
    const { stage, search } = request.query;
    const [ids, day] = await Promise.all([
      fastify.pipelines.exportIds(scope, stage, search),
      fastify.pipelines.programDay(scope, fastify.clock.now()),
    ]);
    await fastify.audit.record(request, {
      action: 'pipeline.export',
      entity: 'patient',
      detail: { format: 'xlsx', stage, count: ids.length, searchLength: search ? search.length : 0 },
    });
    return sendWorkbook(request, reply, fileName('pipeline', stage, day), 'pipeline export', async (out) => {
      const sheet = new SheetWriter(out, stageLabel(stage), BOARD_COLUMNS);
      const read = (start: number) => fastify.pipelines.exportRows(scope, ids.slice(start, start + CHUNK), day);
      let next: Promise<PipelineExportRow[]> | null = ids.length > 0 ? read(0) : null;
      try {
        for (let start = 0; next !== null; start += CHUNK) {
          const rows = await next;
          next = start + CHUNK < ids.length ? read(start + CHUNK) : null;
          for (const row of rows) sheet.addRow(cellsOf(row));
          await sheet.settle();
        }
      } finally {
        // Stopped early (the client left, or a failure): a read still under way must not go unhandled.
        next?.catch(() => {});
      }
      await sheet.finish();
    });
  });

  app.get('/by-average-days', { schema: { querystring: pipelineAverageDaysQuery, tags } }, async (request, reply) => {
    const scope = staffScope(request.scope);
    const { stage } = request.query;
    const now = fastify.clock.now();
    const [rows, day] = await Promise.all([fastify.pipelines.averageDays(scope, stage, now), fastify.pipelines.programDay(scope, now)]);
    await fastify.audit.record(request, {
      action: 'pipeline.average-days-export',
      entity: 'pipeline_status',
      detail: { format: 'xlsx', stage, count: rows.length },
    });
    return sendWorkbook(request, reply, fileName('pipeline-average-days', stage, day), 'pipeline average-days export', async (out) => {
      const sheet = new SheetWriter(out, `${stageLabel(stage)} average days`, AVERAGE_COLUMNS);
      for (const row of rows) {
        sheet.addRow([row.name, row.patients, row.current_average_days, row.completed_stays, row.completed_average_days]);
      }
      await sheet.settle();
      await sheet.finish();
    });
  });
}
