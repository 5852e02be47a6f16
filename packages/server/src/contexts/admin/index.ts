/** The super-admin context's published interface: its repositories' types (fastify.adminDashboard, fastify.permissions). */
export type { AdminDashboardRepository } from './plugins/admin-dashboard-repository';
export type { PermissionsRepository } from './plugins/permissions-repository';
export type { TrophyCardsRepository } from './plugins/trophy-cards-repository';
/** The daily awarding run of trophy cards (fastify.trophyAwards.runProgram(programId, day)) and its queue. */
export type { TrophyAwards, TrophyRunResult } from './plugins/trophy-awards';
export { TROPHY_RUN_JOB } from './plugins/trophy-awards';
