import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { SupportEmailSetting } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { appSettings } from '../../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    appSettings: AppSettings;
  }
}

const SUPPORT_EMAIL = 'support_email';

/**
 * Settings super admins change at run time (app_settings, one row per key). Read at the moment they are
 * used, never cached in a process: a saved address reaches every replica's next mail at once.
 */
export function createAppSettings(db: Db, fallbackSupportEmail: string) {
  return {
    /** Where staff support messages are mailed: the saved address, else SUPPORT_EMAIL. */
    async supportEmail(): Promise<SupportEmailSetting> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SUPPORT_EMAIL));
      if (!row?.value) return { email: fallbackSupportEmail, is_default: true, updated_at: row ? row.updated_at.toISOString() : null };
      return { email: row.value, is_default: false, updated_at: row.updated_at.toISOString() };
    },

    async setSupportEmail(email: string, accountId: number, now: Date): Promise<SupportEmailSetting> {
      await db
        .insert(appSettings)
        .values({ key: SUPPORT_EMAIL, value: email, updated_by: accountId, updated_at: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: email, updated_by: accountId, updated_at: now } });
      return { email, is_default: false, updated_at: now.toISOString() };
    },
  };
}

export type AppSettings = ReturnType<typeof createAppSettings>;

export default fp(
  async (fastify) => {
    fastify.decorate('appSettings', createAppSettings(fastify.db, fastify.config.supportEmail));
  },
  { name: 'app-settings', dependencies: ['database'] },
);
