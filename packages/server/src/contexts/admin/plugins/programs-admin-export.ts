import fp from 'fastify-plugin';
import { programResource, type Program, type ProgramExportQuery, type ResourceListQuery } from '@baridesk/contracts';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { exportCriteria, pagesOf } from '../../reports';

export const PROGRAMS_EXPORT = 'admin-programs';

/** Rows read per query while writing. */
const PAGE = 500;

const COLUMNS: SheetColumn[] = [
  { header: 'Program', kind: 'text', width: 30 },
  { header: 'Owner', kind: 'text', width: 24 },
  { header: 'E-mail', kind: 'text', width: 32 },
  { header: 'Programmer code', kind: 'text', width: 16 },
  { header: 'Program type', kind: 'text', width: 16 },
  { header: 'Tier', kind: 'text', width: 12 },
  { header: 'Account number', kind: 'text', width: 16 },
  { header: 'Phone', kind: 'text', width: 16 },
  { header: 'City', kind: 'text', width: 18 },
  { header: 'ZIP code', kind: 'text', width: 10 },
  { header: 'Time zone', kind: 'text', width: 20 },
  { header: 'Staff', kind: 'number', width: 8 },
  { header: 'Status', kind: 'text', width: 10 },
  { header: 'Password set', kind: 'text', width: 13 },
  { header: 'Two-step sign-in required', kind: 'text', width: 14 },
  { header: 'Added', kind: 'date', width: 13 },
];

const yesNo = (value: unknown) => (value === 1 ? 'Yes' : 'No');

/** One program's cells, in the order of COLUMNS; the day added is UTC's (no program's zone applies to the list of all). */
const cellsOf = (program: Program): SheetCell[] => [
  program.title,
  program.owner_name,
  program.email,
  program.programmer_code,
  program.program_type,
  program.tier,
  program.account_number,
  program.phone,
  program.city,
  program.pin_code,
  program.timezone,
  program.users_count,
  program.status === 1 ? 'Active' : 'Inactive',
  yesNo(program.password_set),
  yesNo(program.mfa_required),
  dateCell(program.created_at.slice(0, 10)),
];

/**
 * Programs as a spreadsheet (GET /api/admin/baritastic-program/export, on the export kit with the
 * baritastic_programs permission): the rows the list shows for the same search, filters and order, every page.
 */
export default fp(
  async (fastify) => {
    const repository = fastify.programsAdmin;
    const pageOf = (scope: Parameters<typeof repository.list>[0], query: ProgramExportQuery, page: number, perPage: number) =>
      repository.list(scope, { ...query, page, perPage } as ResourceListQuery<typeof programResource>);
    fastify.reportExports.define<ProgramExportQuery>({
      kind: PROGRAMS_EXPORT,
      format: 'xlsx',
      permission: 'baritastic_programs',
      sheet: 'Programs',
      columns: COLUMNS,
      count: async (scope, query) => (await pageOf(scope, query, 1, 5)).total,
      async *rows(scope, query) {
        for await (const data of pagesOf((page, perPage) => pageOf(scope, query, page, perPage), PAGE)) {
          yield { cells: data.map(cellsOf), patientIds: [] };
        }
      },
      fileName: (_scope, _query, today) => `programs-${today}.xlsx`,
      audit: (query) => ({ action: 'program.export', entity: 'program', programId: null, detail: exportCriteria(query) }),
    });
  },
  { name: 'programs-admin-export', dependencies: ['report-exports', 'programs-admin'] },
);
