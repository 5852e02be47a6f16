/** The super-admin context's published interface: its repositories' types (fastify.adminDashboard, fastify.permissions). */
export type { AdminDashboardRepository } from './plugins/admin-dashboard-repository';
export type { PermissionsRepository } from './plugins/permissions-repository';
export type { AppSettings } from './plugins/app-settings';
export type { AppMainMenuRepository } from './plugins/app-main-menu-repository';
export type { MobileSupportMails } from './plugins/mobile-support-mails';
export type { PatientGroups } from './plugins/patient-groups';
export type { TipsRepository } from './plugins/tips-repository';
/** The queue of the patient app's support requests (POST /api/app/support-requests queues one job per address). */
export { SUPPORT_REQUEST_MAIL_JOB } from './plugins/mobile-support-mails';
export type { TrophyCardsRepository } from './plugins/trophy-cards-repository';
/** The daily awarding run of trophy cards (fastify.trophyAwards.runProgram(programId, day)) and its queue. */
export type { TrophyAwards, TrophyRunResult } from './plugins/trophy-awards';
export { TROPHY_RUN_JOB } from './plugins/trophy-awards';
/** The patient app's ads (fastify.ads: the app's read, reset-stats) and their counting in memory (fastify.adCounts; the /api/app/ads routes use both). */
export type { AdsRepository } from './plugins/ads-repository';
export type { AdCounter } from './plugins/ad-counts';
