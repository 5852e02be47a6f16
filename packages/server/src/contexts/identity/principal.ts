import type { Permission } from '@baridesk/contracts';
import type { accounts, programs, programUsers, superAdmins } from '../../db/schema';

/**
 * The rows a session was resolved from (request.principal), for answers that show the user. Its own
 * module: the sessions repository builds it and the session cache keeps it, neither importing the other's.
 */
export interface Principal {
  session: { id: number; lastUsedAt: Date; revokedAt: Date | null };
  account: Omit<typeof accounts.$inferSelect, 'password_hash'>;
  programUser: typeof programUsers.$inferSelect | null;
  program: typeof programs.$inferSelect | null;
  superAdmin: typeof superAdmins.$inferSelect | null;
  permissions: Permission[];
}
