import fp from 'fastify-plugin';
import { MANAGE_USERS_EXPORT_COLUMNS, type ManageUserListItem, type ManageUsersExportQuery } from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { chunksOf, exportCriteria } from '../../reports';

export const MANAGE_USERS_EXPORT = 'admin-patients';

/** Patients read per query while writing, as the staff export reads them (see patient-export.ts). */
const CHUNK = 500;

const SHEET: Record<(typeof MANAGE_USERS_EXPORT_COLUMNS)[number], Omit<SheetColumn, 'header'>> = {
  Name: { kind: 'text', width: 28 },
  'E-mail': { kind: 'text', width: 32 },
  Phone: { kind: 'text', width: 15 },
  MRN: { kind: 'text', width: 16 },
  Program: { kind: 'text', width: 30 },
  Stage: { kind: 'text', width: 20 },
  Status: { kind: 'text', width: 10 },
  Added: { kind: 'date', width: 13 },
};
const COLUMNS: SheetColumn[] = MANAGE_USERS_EXPORT_COLUMNS.map((header) => ({ header, ...SHEET[header] }));

/** One patient's cells, in the order of MANAGE_USERS_EXPORT_COLUMNS; the day added is UTC's (no program's zone applies). */
const cellsOf = (row: ManageUserListItem): SheetCell[] => [
  row.name,
  row.email,
  row.phone === null ? null : formatPhone(row.phone),
  row.mrn_number,
  row.program_name,
  stageLabel(row.current_stage) ?? null,
  row.status === 1 ? 'Active' : 'Inactive',
  dateCell(row.created_at.slice(0, 10)),
];

/**
 * Patients across programs as a spreadsheet (GET /api/admin/manage-users/patient-report/excel, on the
 * export kit with the manage_users permission): the rows the list shows for the same search, filters and
 * order, every page. Audited once with the criteria, the patients written and acrossPrograms.
 */
export default fp(
  async (fastify) => {
    const repository = fastify.manageUsers;
    fastify.reportExports.define<ManageUsersExportQuery>({
      kind: MANAGE_USERS_EXPORT,
      format: 'xlsx',
      permission: 'manage_users',
      sheet: 'Patients',
      columns: COLUMNS,
      count: async (_scope, query) => (await repository.exportIds(query)).length,
      async *rows(_scope, query) {
        const ids = await repository.exportIds(query);
        for await (const { rows } of chunksOf(ids, CHUNK, (chunk) => repository.exportRows(chunk))) {
          yield { cells: rows.map(cellsOf), patientIds: rows.map((row) => row.id) };
        }
      },
      fileName: (_scope, _query, today) => `patients-all-programs-${today}.xlsx`,
      audit: (query) => ({
        action: 'patient.export',
        entity: 'patient',
        programId: query.program ?? null,
        detail: { acrossPrograms: true, ...exportCriteria(query) },
      }),
    });
  },
  { name: 'manage-users-export', dependencies: ['report-exports', 'manage-users-repository'] },
);
