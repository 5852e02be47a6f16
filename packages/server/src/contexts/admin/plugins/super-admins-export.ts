import fp from 'fastify-plugin';
import { SUPER_ADMIN_EXPORT_COLUMNS, type SuperAdmin, type SuperAdminExportQuery } from '@baridesk/contracts';
import { formatPhone } from '@baridesk/domain';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { exportCriteria } from '../../reports';

export const SUPER_ADMIN_EXPORT = 'super-admins';

const SHEET: Record<(typeof SUPER_ADMIN_EXPORT_COLUMNS)[number], Omit<SheetColumn, 'header'>> = {
  'First name': { kind: 'text', width: 18 },
  'Last name': { kind: 'text', width: 18 },
  Email: { kind: 'text', width: 32 },
  Phone: { kind: 'text', width: 15 },
  Title: { kind: 'text', width: 24 },
  Username: { kind: 'text', width: 18 },
  Permissions: { kind: 'text', width: 60 },
  Status: { kind: 'text', width: 10 },
  Added: { kind: 'date', width: 13 },
};
const COLUMNS: SheetColumn[] = SUPER_ADMIN_EXPORT_COLUMNS.map((header) => ({ header, ...SHEET[header] }));

/**
 * The super admins as a spreadsheet (GET /api/admin/super-admin/excel-report, on the export kit with
 * manage_super_admin): the list's rows for the same search, status and order, every page (super admins
 * are a handful, so one read), with the names of the permissions each holds.
 */
export default fp(
  async (fastify) => {
    const admins = fastify.superAdminsAdmin;
    const all = (scope: Parameters<typeof admins.list>[0], query: SuperAdminExportQuery) => admins.list(scope, { ...query, page: 1, perPage: 'All' } as never);
    fastify.reportExports.define<SuperAdminExportQuery>({
      kind: SUPER_ADMIN_EXPORT,
      format: 'xlsx',
      permission: 'manage_super_admin',
      sheet: 'Super admins',
      columns: COLUMNS,
      count: async (scope, query) => (await all(scope, query)).total,
      async *rows(scope, query) {
        const page = await all(scope, query);
        const names = new Map((await fastify.permissions.list()).map((permission) => [permission.id, permission.name]));
        const cells = (admin: SuperAdmin): SheetCell[] => [
          admin.first_name,
          admin.last_name,
          admin.email,
          admin.phone === null ? null : formatPhone(admin.phone),
          admin.title,
          admin.username,
          admin.permission_ids.map((id) => names.get(id) ?? String(id)).join(', '),
          admin.status === 1 ? 'Active' : 'Inactive',
          dateCell(admin.created_at.slice(0, 10)),
        ];
        yield { cells: page.data.map(cells), patientIds: [] };
      },
      fileName: (_scope, _query, today) => `super-admins-${today}.xlsx`,
      audit: (query) => ({ action: 'super-admin.export', entity: 'super_admin', detail: exportCriteria(query) }),
    });
  },
  { name: 'super-admins-export', dependencies: ['report-exports', 'super-admins-admin', 'permissions-repository'] },
);
