/**
 * Self-service registration: a practice signs itself up. It becomes a program whose one account is its
 * owner, a self-service program user of that program (one account: the person signs in with the one
 * address they registered, and the terms modal and self-service menus are program-user properties).
 * So the new account id is at once the program's id (programs.id) and the program user's (program_users.id).
 */
import { randomInt } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PROGRAM_USER_MENU_FLAGS, phoneDigits } from '@baridesk/domain';
import type { Db } from '../../../db/client';
import { accounts, programUsers, programs } from '../../../db/schema';
import { grantContentSwitches } from '../../content';
import { violatedUniqueIndex } from '../../../lib/pg-errors';

declare module 'fastify' {
  interface FastifyInstance {
    registrations: RegistrationsRepository;
  }
}

export interface RegistrationInput {
  practiceName: string;
  ownerName: string;
  email: string;
  phone: string;
  passwordHash: string;
}

/** The menus of the staff area a self-service account never uses (they show patients or reports). */
const NOT_SELF_SERVICE_FLAGS = new Set(['manage_user', 'pipeline_status', 'seminar_to_surgery', 'alert_notification']);

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A programmer code for a self-service program: "SS-" and 6 characters that cannot be misread. */
export const newProgrammerCode = (): string =>
  `SS-${Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

export function createRegistrationsRepository(db: Db) {
  return {
    async emailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        // A deleted account's address is free again (the unique index covers live accounts only).
        .where(and(eq(sql`lower(${accounts.email})`, email.toLowerCase()), isNull(accounts.deleted_at)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Creates the account (address not yet confirmed), its program and its program-user profile, with
     * every content menu switched on, in one transaction. Returns the new id, or 'email-taken' when
     * another account has the address (also when one is created at the same moment).
     */
    async create(input: RegistrationInput, now: Date): Promise<{ id: number; programmerCode: string } | 'email-taken'> {
      const [first = input.ownerName, ...rest] = input.ownerName.split(/\s+/);
      const digits = phoneDigits(input.phone);
      for (let attempt = 0; ; attempt += 1) {
        const programmerCode = newProgrammerCode();
        try {
          return await db.transaction(async (tx) => {
            const [account] = await tx
              .insert(accounts)
              .values({
                type: 'program_user',
                email: input.email,
                password_hash: input.passwordHash,
                status: 1,
                // They chose this password themselves: no forced change on the first sign-in.
                is_password_changed: 1,
                password_changed_at: now,
                email_verified_at: null,
                created_at: now,
                updated_at: now,
              })
              .returning({ id: accounts.id });
            if (!account) throw new Error('The new account was not created.');
            const stamps = { created_at: now, updated_at: now };
            await tx.insert(programs).values({
              id: account.id,
              title: input.practiceName,
              practice: input.practiceName,
              owner_name: input.ownerName,
              first_name: first,
              last_name: rest.join(' ') || null,
              phone: digits ? `+1${digits}` : input.phone.slice(0, 32),
              programmer_code: programmerCode,
              program_type: 'Self-Service',
              status: 1,
              ...stamps,
            });
            await tx.insert(programUsers).values({
              id: account.id,
              program_id: account.id,
              name: input.ownerName,
              role: 'Owner',
              administrative_rights: 1,
              terms_and_conditions_check: 0,
              ...Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, NOT_SELF_SERVICE_FLAGS.has(flag) ? 0 : 1])),
              self_service: 1,
              ...stamps,
            });
            // Every content menu on, as for a program a super admin adds.
            await grantContentSwitches(tx, account.id, now);
            return { id: account.id, programmerCode };
          });
        } catch (error) {
          const index = violatedUniqueIndex(error);
          if (index === null) throw error;
          if (index === 'programs_programmer_code_key' && attempt < 5) continue;
          if (index === 'accounts_email_lower_key' || (await this.emailTaken(input.email))) return 'email-taken';
          throw error;
        }
      }
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('registrations', createRegistrationsRepository(fastify.db));
  },
  { name: 'registrations-repository', dependencies: ['database'] },
);
