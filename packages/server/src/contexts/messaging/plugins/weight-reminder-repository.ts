import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_WEIGHT_REMINDER_MESSAGE,
  WEIGHT_REMINDER_DEFAULTS,
  type WeightReminderSaveBody,
  type WeightReminderSettings,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { weightReminderSettings as settings } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';
import { syncWeightReminderRule } from './automatic-messages-repository';

declare module 'fastify' {
  interface FastifyInstance {
    weightReminder: WeightReminderRepository;
  }
}

type Row = typeof settings.$inferSelect;
/** The four settings a program chooses. */
type Choice = Pick<WeightReminderSettings, 'message' | 'status' | 'interval_days' | 'message_field_status'>;
const CHOICES = ['message', 'status', 'interval_days', 'message_field_status'] as const;


const toSettings = (row: Row | undefined): WeightReminderSettings =>
  row
    ? {
        message: row.message,
        status: asFlag(row.status),
        interval_days: row.interval_days,
        message_field_status: asFlag(row.message_field_status),
        default_message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
        updated_at: row.updated_at.toISOString(),
      }
    : { ...WEIGHT_REMINDER_DEFAULTS, default_message: DEFAULT_WEIGHT_REMINDER_MESSAGE, updated_at: null };

/** The result of a change: the settings as stored, the row's id, and which settings changed (never their text). */
export interface WeightReminderChange {
  settings: WeightReminderSettings;
  id: number;
  changed: (typeof CHOICES)[number][];
}

/**
 * A program's weight reminder: one row per program, written only by a change (a read of a program that has
 * none answers the defaults). Every method is bound to scope.programId.
 */
export function createWeightReminderRepository(db: Db) {
  /** The program's row, locked until the transaction ends, so two saves at once are applied one after another. */
  const lockedRow = async (tx: Tx, scope: StaffScope) =>
    (await tx.select().from(settings).where(eq(settings.program_id, scope.programId)).for('update'))[0];

  /**
   * Inserts the program's row with `next`, or updates the settings named in `update`, in `tx`; `before` is
   * what applied until now. The upsert also covers a row another save inserted after this one found none
   * to lock: then only the settings of this change are written over it.
   */
  const write = async (
    tx: Tx,
    scope: StaffScope,
    before: Choice,
    next: Choice,
    update: readonly (keyof Choice)[],
    now: Date,
  ): Promise<WeightReminderChange> => {
    const stamp = { updated_by: scope.accountId, updated_at: now };
    const set = { ...Object.fromEntries(update.map((key) => [key, next[key]])), ...stamp };
    const [row] = await tx
      .insert(settings)
      .values({ program_id: scope.programId, ...next, ...stamp, created_at: now })
      .onConflictDoUpdate({ target: settings.program_id, set })
      .returning();
    const stored = row as Row;
    // The daily automatic run sends the reminder: its rule follows the settings in the same transaction.
    await syncWeightReminderRule(tx, scope.programId, toSettings(stored), scope.accountId, now);
    return { settings: toSettings(stored), id: stored.id, changed: CHOICES.filter((key) => before[key] !== next[key]) };
  };

  return {
    /** The program's settings, or the defaults while it has stored none. */
    async get(scope: StaffScope): Promise<WeightReminderSettings> {
      const rows = await db.select().from(settings).where(eq(settings.program_id, scope.programId)).limit(1);
      return toSettings(rows[0]);
    },

    /**
     * Stores every setting. A blank message (allowed only while the default text is used) stores the default
     * text, the starting point of the program's own. `audit` runs in the same transaction.
     */
    save(scope: StaffScope, body: WeightReminderSaveBody, now: Date, audit: (tx: Tx, change: WeightReminderChange) => Promise<void>) {
      return db.transaction(async (tx) => {
        const before = toSettings(await lockedRow(tx, scope));
        const next: Choice = {
          message: body.message === '' ? DEFAULT_WEIGHT_REMINDER_MESSAGE : body.message,
          status: body.status,
          interval_days: body.interval_days,
          message_field_status: body.message_field_status,
        };
        const change = await write(tx, scope, before, next, CHOICES, now);
        await audit(tx, change);
        return change;
      });
    },

    /** Sets only which text is sent; a program with nothing stored gets the defaults for the rest. */
    setMessageFieldStatus(
      scope: StaffScope,
      messageFieldStatus: 0 | 1,
      now: Date,
      audit: (tx: Tx, change: WeightReminderChange) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const before = toSettings(await lockedRow(tx, scope));
        const next: Choice = { ...pickChoice(before), message_field_status: messageFieldStatus };
        const change = await write(tx, scope, before, next, ['message_field_status'], now);
        await audit(tx, change);
        return change;
      });
    },
  };
}

const pickChoice = ({ message, status, interval_days, message_field_status }: WeightReminderSettings): Choice => ({
  message,
  status,
  interval_days,
  message_field_status,
});

export type WeightReminderRepository = ReturnType<typeof createWeightReminderRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('weightReminder', createWeightReminderRepository(fastify.db));
  },
  { name: 'weight-reminder-repository', dependencies: ['database'] },
);
