import fp from 'fastify-plugin';
import { PROGRAM_USER_FLAGS, programUserResource, type ProgramUser, type ProgramUserExportQuery, type ResourceListQuery } from '@baridesk/contracts';
import { stageLabel } from '@baridesk/domain';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { exportCriteria, pagesOf } from '../../reports';

export const PROGRAM_USERS_EXPORT = 'admin-program-users';

/** Rows read per query while writing. */
const PAGE = 500;

const fields = programUserResource.fields as Record<string, { label: string }>;
const COLUMNS: SheetColumn[] = [
  { header: 'Name', kind: 'text', width: 26 },
  { header: 'E-mail', kind: 'text', width: 32 },
  { header: 'Username', kind: 'text', width: 18 },
  { header: 'Program', kind: 'text', width: 30 },
  { header: 'Status', kind: 'text', width: 10 },
  { header: 'Password set', kind: 'text', width: 13 },
  { header: 'Deactivation date', kind: 'date', width: 17 },
  { header: 'Default stage', kind: 'text', width: 18 },
  { header: 'Default tag', kind: 'text', width: 20 },
  { header: 'Retries', kind: 'number', width: 9 },
  { header: 'Time out (minutes)', kind: 'number', width: 12 },
  ...PROGRAM_USER_FLAGS.map((name): SheetColumn => ({ header: fields[name]!.label, kind: 'text', width: 14 })),
  { header: 'Added', kind: 'date', width: 13 },
];

const yesNo = (value: unknown) => (value === 1 ? 'Yes' : 'No');

/** One user's cells, in the order of COLUMNS; the day added is UTC's (no program's zone applies). */
const cellsOf = (user: ProgramUser): SheetCell[] => {
  const row = user as ProgramUser & Record<string, unknown>;
  return [
    user.name,
    user.email,
    user.username,
    user.program_name,
    user.status === 1 ? 'Active' : 'Inactive',
    yesNo(user.password_set),
    dateCell(user.deactivation_date),
    user.default_stage === null ? null : (stageLabel(user.default_stage) ?? null),
    user.default_category1_name,
    user.retries,
    user.time_out,
    ...PROGRAM_USER_FLAGS.map((name) => yesNo(row[name])),
    dateCell(user.created_at.slice(0, 10)),
  ];
};

/**
 * Program users as a spreadsheet (GET /api/admin/program-user/export, on the export kit with the
 * program_users permission): the rows the list shows for the same search, filters and order, every page,
 * each switch as Yes/No.
 */
export default fp(
  async (fastify) => {
    const repository = fastify.programUsersAdmin;
    const pageOf = (scope: Parameters<typeof repository.list>[0], query: ProgramUserExportQuery, page: number, perPage: number) =>
      repository.list(scope, { ...query, page, perPage } as ResourceListQuery<typeof programUserResource>);
    fastify.reportExports.define<ProgramUserExportQuery>({
      kind: PROGRAM_USERS_EXPORT,
      format: 'xlsx',
      permission: 'program_users',
      sheet: 'Program users',
      columns: COLUMNS,
      count: async (scope, query) => (await pageOf(scope, query, 1, 5)).total,
      async *rows(scope, query) {
        for await (const data of pagesOf((page, perPage) => pageOf(scope, query, page, perPage), PAGE)) {
          yield { cells: data.map(cellsOf), patientIds: [] };
        }
      },
      fileName: (_scope, _query, today) => `program-users-${today}.xlsx`,
      audit: (query) => ({
        action: 'program-user.export',
        entity: 'program_user',
        programId: query.program_id ?? null,
        detail: exportCriteria(query),
      }),
    });
  },
  { name: 'program-users-admin-export', dependencies: ['report-exports', 'program-users-admin'] },
);
