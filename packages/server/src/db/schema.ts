/**
 * The database schema, in drizzle's TypeScript form: each context's part (contexts/<name>/schema.ts),
 * gathered here for drizzle-kit and for the queries that join across contexts. `pnpm --filter @baridesk/server db:generate` turns a
 * change here into the next numbered SQL migration under drizzle/, which is committed and kept forever.
 *
 * One id space for every account that signs in (accounts.id): a program's own account (the "sub user"),
 * its staff (program users) and the super admins. The profile tables share that id as their primary key,
 * so "program 302" is account 302 and "super admin 48" is account 48, as the specs number them.
 * Flags the specs give as 0/1 stay 0/1 smallints so the API hands them out unchanged.
 */
export * from '../contexts/identity/schema';
export * from '../contexts/identity/links-schema';
export * from '../contexts/admin/schema';
export * from '../contexts/admin/global-schema';
export * from '../contexts/content/schema';
export * from '../contexts/patients/schema';
export * from '../contexts/platform/audit/schema';
export * from '../contexts/platform/uploads/schema';
export * from '../contexts/messaging/schema';
export * from '../contexts/checklists/schema';
export * from '../contexts/pipeline/statuses-schema';
export * from '../contexts/pipeline/schema';
export * from '../contexts/patient-app/schema';
export * from '../contexts/events/schema';
export * from '../contexts/reports/schema';
