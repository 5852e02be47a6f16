/** Column helpers every schema part uses: timestamps with time zone as Dates, 0/1 flags, created/updated. */
import { smallint, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const flag = (name: string) => smallint(name).notNull().default(0);

export const createdUpdated = {
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
};
