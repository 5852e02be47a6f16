import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PATIENT_EXPORT_COLUMNS, patientExportQuery } from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope, type StaffScope } from '../../../../lib/scope';
import { SheetWriter, WallClock, dateCell, sendWorkbook, type SheetCell, type SheetColumn } from '../../../../lib/xlsx-sheet';
import { programToday } from '../../../../lib/program-day';
import type { PatientExportRow } from '../../plugins/patients-bulk-repository';
import { usedCriteria } from './list-audit';
import { inMenuArea } from '../../../../lib/menu-area';

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
 * GET /api/patients/excel: the rows the patient list shows for the same search, filters and sort (every
 * page), or the selected ones among them (`ids`), as an .xlsx file streamed while it is written.
 */
export default async function patientExportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  /** Writes the workbook of `ids` to `out`, reading the next chunk while the current one is written. */
  async function writeWorkbook(out: PassThrough, scope: StaffScope, ids: readonly number[], zone: string) {
    const sheet = new SheetWriter(out, 'Patients', COLUMNS);
    const clock = new WallClock(zone);
    const read = (start: number) => fastify.patientsBulk.exportRows(scope, ids.slice(start, start + CHUNK));
    let next: Promise<PatientExportRow[]> | null = ids.length > 0 ? read(0) : null;
    try {
      for (let start = 0; next !== null; start += CHUNK) {
        const rows = await next;
        next = start + CHUNK < ids.length ? read(start + CHUNK) : null;
        for (const row of rows) sheet.addRow(cellsOf(row, clock));
        await sheet.settle();
      }
    } finally {
      // Stopped early (the client left, or a failure): a read still under way must not go unhandled.
      next?.catch(() => {});
    }
    await sheet.finish();
  }

  app.get(
    '/excel',
    { schema: { querystring: patientExportQuery, tags: ['Patients'] } },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      const { ids: selected, ...criteria } = request.query;
      const [ids, zone] = await Promise.all([
        fastify.patientsBulk.exportIds(scope, request.query),
        fastify.patientsBulk.programZone(scope),
      ]);
      await fastify.audit.record(request, {
        action: 'patient.export',
        entity: 'patient',
        detail: { format: 'xlsx', count: ids.length, ...usedCriteria(criteria), ...(selected ? { selected: selected.length, patientIds: ids } : {}) },
      });

      const name = `patients-${programToday(fastify.clock.now(), zone).toISODate()}.xlsx`;
      return sendWorkbook(request, reply, name, 'patient export', (out) => writeWorkbook(out, scope, ids, zone));
    },
  );
}
