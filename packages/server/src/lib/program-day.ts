import { sql } from 'drizzle-orm';
import { DateTime, IANAZone } from 'luxon';
import { queryRows, type Tx } from '../db/client';

/** A program's time zone and its calendar day ('yyyy-MM-dd') at some instant. */
export interface ProgramDay {
  /** A zone luxon and PostgreSQL both read; UTC when the program's is unknown. */
  zone: string;
  today: string;
}

/** A zone both luxon and PostgreSQL can use; UTC when `zone` is missing or unknown. */
export const usableZone = (zone: string | null | undefined): string => (zone && IANAZone.isValidZone(zone) ? zone : 'UTC');

/** The program's calendar "today", in its own time zone (the zone a patient's dates are read in); UTC's when the zone is unknown. */
export function programToday(now: Date, zone: string): DateTime {
  const today = DateTime.fromJSDate(now, { zone });
  return today.isValid ? today : DateTime.fromJSDate(now, { zone: 'UTC' });
}

/** The program's zone and day at `now`; null when there is no such program. */
export async function programDayOf(tx: Tx, programId: number, now: Date): Promise<ProgramDay | null> {
  const [program] = await queryRows<{ timezone: string | null }>(tx, sql`select timezone from programs where id = ${programId}`);
  if (!program) return null;
  const zone = usableZone(program.timezone);
  return { zone, today: programToday(now, zone).toISODate()! };
}
