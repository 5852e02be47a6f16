import { sql } from 'drizzle-orm';
import { DateTime, IANAZone } from 'luxon';
import { queryRows, type Tx } from '../db/client';

/**
 * The one reader of a program's "today": its stored time zone (programs.timezone) is read here and
 * nowhere else, made usable first, so a zone PostgreSQL or luxon does not know (a typo, a retired name)
 * means UTC instead of an error from `at time zone`. Queries take the zone and the day as parameters.
 */

/** A program's time zone and its calendar day ('yyyy-MM-dd') at some instant. */
export interface ProgramDay {
  /** A zone luxon and PostgreSQL both read; UTC when the program's is unknown. */
  zone: string;
  today: string;
}

/** A zone both luxon and PostgreSQL can use; UTC when `zone` is missing or unknown. */
export const usableZone = (zone: string | null | undefined): string => (zone && IANAZone.isValidZone(zone) ? zone : 'UTC');

/** The calendar "today" at `now` in `zone` (the zone a patient's dates are read in); UTC's when the zone is unknown. */
export function programToday(now: Date, zone: string): DateTime {
  const today = DateTime.fromJSDate(now, { zone });
  return today.isValid ? today : DateTime.fromJSDate(now, { zone: 'UTC' });
}

/** The program's usable zone; null when there is no such program. */
export async function programZone(tx: Tx, programId: number): Promise<string | null> {
  const [program] = await queryRows<{ timezone: string | null }>(tx, sql`select timezone from programs where id = ${programId}`);
  return program ? usableZone(program.timezone) : null;
}

/** The program's zone and day at `now`; null when there is no such program. */
export async function programDayOf(tx: Tx, programId: number, now: Date): Promise<ProgramDay | null> {
  const zone = await programZone(tx, programId);
  return zone === null ? null : dayIn(zone, now);
}

/** The program's zone and day at `now`, UTC's for a program that is gone (its caller's scope is checked elsewhere). */
export async function programDay(tx: Tx, programId: number, now: Date): Promise<ProgramDay> {
  return (await programDayOf(tx, programId, now)) ?? dayIn('UTC', now);
}

const dayIn = (zone: string, now: Date): ProgramDay => ({ zone, today: programToday(now, zone).toISODate()! });
