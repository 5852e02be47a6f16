/** The super-admin context's published interface: its repositories' types (fastify.adminDashboard, fastify.permissions). */
export type { AdminDashboardRepository } from './plugins/admin-dashboard-repository';
export type { PermissionsRepository } from './plugins/permissions-repository';
